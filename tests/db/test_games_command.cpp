// rochade games: the admin's list of games with its filters and pages, one game's full log, and
// the game as PGN (tags escaped, so a nick cannot inject one). On a SQLite file, or on a
// PostgreSQL database in the PostgreSQL run (tests/db/store_backend.h): the output is the same.
#include <catch2/catch.hpp>

#include <sstream>
#include <string>
#include <vector>

#include <chrono>

#include "engine/pgn.h"
#include "protocol/time_control.h"
#include "server/api/game_pgn.h"
#include "store_backend.h"
#include "tools/commands.h"

using namespace rochade::db;
using rochade::cli::games_command;
using rochade::db::testing::TestStore;
using rochade::db::testing::TestWriter;

namespace {

struct Run {
    int exit_code;
    std::string out, err;
};

Run games(const std::vector<std::string>& args)
{
    std::ostringstream out, err;
    const int code = games_command(args, out, err);
    return {code, out.str(), err.str()};
}

// 2023-11-14T22:13:20.000Z
constexpr std::int64_t t0 = 1700000000000;

// Fool's mate at table 10 in room 34, finished; a game from a set-up position at table 11,
// unfinished; a corrupt game 3 whose second move does not replay.
void write_games(const TestStore& store)
{
    TestWriter writer(store);
    const std::string start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    const std::string tc = R"({"kind":"fischer","base_ms":180000,"increment_ms":2000})";
    writer.submit(std::vector<Write>{
        GameStarted{1, 10, 34, "Anna", "Bert", tc, start, 180000, 180000, t0, {}, {}},
        TableEvent{10, 1, 1, rochade::db::TableEventKind::GameStarted, "{}", t0},
        MovePlayed{1, 1, 2, "f2f3", "f3", 181500, 180000, t0 + 500},
        MovePlayed{1, 2, 3, "e7e5", "e5", 181500, 181000, t0 + 1500},
        TableEvent{10, 1, 4, rochade::db::TableEventKind::DrawOffered, R"({"by":"white"})", t0 + 2000},
        MovePlayed{1, 3, 5, "g2g4", "g4", 3723456, 181000, t0 + 2500},
        MovePlayed{1, 4, 6, "d8h4", "Qh4#", 3723456, 182000, t0 + 3500},
        GameEnded{1, rochade::Score::BlackWins, rochade::Termination::Checkmate, R"({"message":"Black mates"})",
                  3723456, 182000, t0 + 3500},
    });
    writer.submit(std::vector<Write>{
        GameStarted{2,
                    11,
                    35,
                    "Jörg",
                    "Cem",
                    R"({"kind":"untimed"})",
                    "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",
                    0,
                    0,
                    t0 + 86400000,
                    {},
                    {}},
        MovePlayed{2, 1, 2, "e2e4", "e4", 0, 0, t0 + 86401000},
    });
    writer.submit(std::vector<Write>{
        GameStarted{3, 12, 36, "Dora", "Emil", R"({"kind":"untimed"})", start, 0, 0, t0 + 2 * 86400000, {}, {}},
        MovePlayed{3, 1, 1, "e2e4", "e4", 0, 0, t0},
        MovePlayed{3, 2, 2, "e2e4", "e4", 0, 0, t0},
    });
}

} // namespace

TEST_CASE("rochade games lists the recent games newest first")
{
    const TestStore file("games-list");
    write_games(file);
    const Run run = games({"--db", file.location()});
    CHECK(run.exit_code == 0);
    CHECK(run.err.empty());
    const std::string expected =
        "game 3  table 12  room 36  Dora - Emil  * unfinished  2 plies  started 2023-11-16T22:13:20.000Z  "
        "{\"kind\":\"untimed\"}\n"
        "game 2  table 11  room 35  Jörg - Cem  * unfinished  1 ply  started 2023-11-15T22:13:20.000Z  "
        "{\"kind\":\"untimed\"}\n"
        "game 1  table 10  room 34  Anna - Bert  0-1 checkmate  4 plies  started 2023-11-14T22:13:20.000Z  "
        "ended 2023-11-14T22:13:23.500Z  {\"kind\":\"fischer\",\"base_ms\":180000,\"increment_ms\":2000}\n";
    CHECK(run.out == expected);

    const Run limited = games({"--db", file.location(), "--limit", "1"});
    CHECK(limited.exit_code == 0);
    CHECK(limited.out.rfind("game 3 ", 0) == 0);
    CHECK(limited.out.find("game 2") == std::string::npos);
}

TEST_CASE("rochade games ID prints the header, moves with clocks, events and the PGN")
{
    const TestStore file("games-log");
    write_games(file);
    const Run run = games({"--db", file.location(), "1"});
    CHECK(run.exit_code == 0);
    CHECK(run.err.empty());
    const std::string expected =
        "game 1 at table 10 in room 34\n"
        "white: Anna\n"
        "black: Bert\n"
        "time control: {\"kind\":\"fischer\",\"base_ms\":180000,\"increment_ms\":2000}\n"
        "start FEN: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n"
        "started: 2023-11-14T22:13:20.000Z  clocks white 0:03:00.000 black 0:03:00.000\n"
        "ended: 2023-11-14T22:13:23.500Z  0-1 checkmate  clocks white 1:02:03.456 black "
        "0:03:02.000  {\"message\":\"Black mates\"}\n"
        "moves: 4\n"
        "  1. f3 (f2f3)  seq 2  white 0:03:01.500 black 0:03:00.000  at 2023-11-14T22:13:20.500Z\n"
        "  2. e5 (e7e5)  seq 3  white 0:03:01.500 black 0:03:01.000  at 2023-11-14T22:13:21.500Z\n"
        "  3. g4 (g2g4)  seq 5  white 1:02:03.456 black 0:03:01.000  at 2023-11-14T22:13:22.500Z\n"
        "  4. Qh4# (d8h4)  seq 6  white 1:02:03.456 black 0:03:02.000  at 2023-11-14T22:13:23.500Z\n"
        "events: 2\n"
        "  seq 1  game_started  at 2023-11-14T22:13:20.000Z  {}\n"
        "  seq 4  draw_offered  at 2023-11-14T22:13:22.000Z  {\"by\":\"white\"}\n"
        "pgn:\n";
    REQUIRE(run.out.size() > expected.size());
    CHECK(run.out.substr(0, expected.size()) == expected);
    const std::string pgn = run.out.substr(expected.size());
    const char* pgn_must_hold[] = {
        "[Event \"Halle der Koenige\"]",
        "[Site \"?\"]",
        "[Date \"2023.11.14\"]",
        "[White \"Anna\"]",
        "[Black \"Bert\"]",
        "[Result \"0-1\"]",
        "[UTCTime \"22:13:20\"]",
        "1. f3 {[%clk 0:03:01]} 1... e5 {[%clk 0:03:01]} 2. g4 {[%clk 1:02:03]} 2... Qh4#\n{[%clk 0:03:02]} 0-1",
    };
    for (const char* text : pgn_must_hold) {
        INFO(text);
        CHECK(pgn.find(text) != std::string::npos);
    }
    CHECK(pgn.find("warning") == std::string::npos);
}

TEST_CASE("the PGN of a game from a set-up position carries its FEN, a move that does not replay is named")
{
    const TestStore file("games-pgn");
    write_games(file);

    const Run setup = games({"--db", file.location(), "2"});
    CHECK(setup.exit_code == 0);
    CHECK(setup.out.find("ended: not yet (unfinished)\n") != std::string::npos);
    CHECK(setup.out.find("[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]") != std::string::npos);
    CHECK(setup.out.find("[Result \"*\"]") != std::string::npos);
    CHECK(setup.out.find("1. e4 *") != std::string::npos);

    const Run corrupt = games({"--db", file.location(), "3"});
    CHECK(corrupt.exit_code == 0);
    CHECK(corrupt.out.find("1. e4 *") != std::string::npos);
    CHECK(corrupt.out.find("warning: ply 2 (e2e4) does not replay") != std::string::npos);
}

TEST_CASE("rochade games refuses bad arguments and an unknown game")
{
    const TestStore file("games-errors");
    write_games(file);
    const struct {
        std::vector<std::string> args;
        int exit_code;
        const char* err;
    } cases[] = {
        {{}, 2, "--db FILE is required"},
        {{"--db"}, 2, "--db wants a value"},
        {{"--db", file.location(), "--limit", "0"}, 2, "--limit wants a number"},
        {{"--db", file.location(), "x1"}, 2, "unexpected argument 'x1'"},
        {{"--db", file.location(), "1", "2"}, 2, "unexpected argument '2'"},
        {{"--db", file.location(), "99"}, 1, "no game 99"},
    };
    for (const auto& c : cases) {
        INFO(c.err);
        const Run run = games(c.args);
        CHECK(run.exit_code == c.exit_code);
        CHECK(run.err.find(c.err) != std::string::npos);
        CHECK(run.out.empty());
    }
}

namespace {

// 2023-11-14 as the list prints it: the day of t0.
constexpr std::int64_t day_ms = 86400000;

// The game ids in the order the list printed them.
std::vector<std::int64_t> listed_ids(const std::string& out)
{
    std::vector<std::int64_t> ids;
    std::istringstream lines(out);
    for (std::string line; std::getline(lines, line);)
        if (line.rfind("game ", 0) == 0) ids.push_back(std::stoll(line.substr(5, line.find(' ', 5) - 5)));
    return ids;
}

// The cursor after "next page: --after ", or "" when the output names none.
std::string next_cursor(const std::string& out)
{
    const std::string marker = "next page: --after ";
    const auto at = out.find(marker);
    if (at == std::string::npos) return "";
    return out.substr(at + marker.size(), out.find('\n', at) - at - marker.size());
}

// write_games' three games, and: 4 Anna-Cem in room 34 on 2023-11-17 (1/2-1/2 agreement), 5 Cem
// against ANNA in room 35 on 2023-11-18 (1-0 on a flag fall).
void write_more_games(const TestStore& store)
{
    write_games(store);
    TestWriter writer(store);
    const std::string start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    const std::string tc = R"({"kind":"untimed"})";
    writer.submit(std::vector<Write>{
        GameStarted{4, 13, 34, "Anna", "Cem", tc, start, 0, 0, t0 + 3 * day_ms, {}, {}},
        GameEnded{4, rochade::Score::Draw, rochade::Termination::Agreement, "{}", 0, 0, t0 + 3 * day_ms + 5000},
        GameStarted{5, 14, 35, "Cem", "ANNA", tc, start, 0, 0, t0 + 4 * day_ms, {}, {}},
        GameEnded{5, rochade::Score::WhiteWins, rochade::Termination::FlagFall, "{}", 0, 0, t0 + 4 * day_ms + 5000},
    });
}

} // namespace

TEST_CASE("rochade games filters the list like the store's search")
{
    const TestStore file("games-filters");
    write_more_games(file);
    using Ids = std::vector<std::int64_t>;
    const struct {
        std::vector<std::string> flags;
        Ids expected;
    } cases[] = {
        {{}, {5, 4, 3, 2, 1}},
        {{"--player", "anna"}, {5, 4, 1}},
        {{"--player", "ANNA"}, {5, 4, 1}},
        {{"--player", "jÖrg"}, {2}},
        {{"--room", "34"}, {4, 1}},
        {{"--room", "35"}, {5, 2}},
        {{"--room", "-5"}, {}},
        {{"--from", "2023-11-16"}, {5, 4, 3}},
        {{"--to", "2023-11-15"}, {2, 1}},
        {{"--from", "2023-11-15", "--to", "2023-11-15"}, {2}},
        {{"--result", "1/2-1/2"}, {4}},
        {{"--result", "0-1"}, {1}},
        {{"--result", "*"}, {}},
        {{"--termination", "flag_fall"}, {5}},
        {{"--termination", "checkmate"}, {1}},
        {{"--running"}, {3, 2}},
        {{"--finished"}, {5, 4, 1}},
        {{"--player", "anna", "--room", "34"}, {4, 1}},
        {{"--player", "anna", "--finished", "--from", "2023-11-17", "--to", "2023-11-17"}, {4}},
        {{"--player", "cem", "--running"}, {2}},
        {{"--room", "35", "--result", "1-0", "--termination", "flag_fall"}, {5}},
    };
    for (const auto& c : cases) {
        std::vector<std::string> args = {"--db", file.location()};
        args.insert(args.end(), c.flags.begin(), c.flags.end());
        std::string shown;
        for (const auto& flag : c.flags) shown += flag + " ";
        INFO(shown);
        const Run run = games(args);
        CHECK(run.exit_code == 0);
        CHECK(run.err.empty());
        CHECK(listed_ids(run.out) == c.expected);
        if (c.expected.empty()) CHECK(run.out == "no games\n");
        CHECK(next_cursor(run.out).empty());
    }
}

TEST_CASE("rochade games pages with --limit and --after: every game once, the last page names no cursor")
{
    const TestStore file("games-pages");
    write_more_games(file);
    for (const std::vector<std::string>& filter :
         {std::vector<std::string>{}, std::vector<std::string>{"--room", "34"}}) {
        INFO((filter.empty() ? "all games" : "room 34"));
        std::vector<std::int64_t> seen;
        std::string cursor;
        int pages = 0;
        do {
            std::vector<std::string> args = {"--db", file.location(), "--limit", "2"};
            args.insert(args.end(), filter.begin(), filter.end());
            if (!cursor.empty()) args.insert(args.end(), {"--after", cursor});
            const Run run = games(args);
            REQUIRE(run.exit_code == 0);
            const auto ids = listed_ids(run.out);
            seen.insert(seen.end(), ids.begin(), ids.end());
            cursor = next_cursor(run.out);
            if (!cursor.empty()) CHECK(run.out.substr(run.out.size() - cursor.size() - 1) == cursor + "\n");
            REQUIRE(++pages < 10);
        } while (!cursor.empty());
        CHECK(seen == (filter.empty() ? std::vector<std::int64_t>{5, 4, 3, 2, 1} : std::vector<std::int64_t>{4, 1}));
    }
    // The first page of two names game 4 as where the next one starts.
    const Run first = games({"--db", file.location(), "--limit", "2"});
    CHECK(next_cursor(first.out) == std::to_string(t0 + 3 * day_ms) + "_4");
}

TEST_CASE("rochade games names the flag and the value it cannot read")
{
    const TestStore file("games-flag-errors");
    write_games(file);
    const std::string db = file.location();
    const struct {
        std::vector<std::string> args;
        const char* err;
    } cases[] = {
        {{"--db", db, "--player"}, "--player wants a value"},
        {{"--db", db, "--player", "a b"}, "--player 'a b': nick must not contain a space"},
        {{"--db", db, "--player", ""}, "--player '': "},
        {{"--db", db, "--room", "0"}, "--room wants a room number (negative for a secret room, not 0), not '0'"},
        {{"--db", db, "--room", "3x"}, "--room wants a room number (negative for a secret room, not 0), not '3x'"},
        {{"--db", db, "--from", "2023-13-01"}, "--from wants a date YYYY-MM-DD (UTC), not '2023-13-01'"},
        {{"--db", db, "--from", "2023-02-29"}, "--from wants a date YYYY-MM-DD (UTC), not '2023-02-29'"},
        {{"--db", db, "--to", "14.11.2023"}, "--to wants a date YYYY-MM-DD (UTC), not '14.11.2023'"},
        {{"--db", db, "--from", "2023-11-15", "--to", "2023-11-14"}, "--from is after --to"},
        {{"--db", db, "--result", "1:0"}, "--result wants 1-0, 0-1, 1/2-1/2 or *, not '1:0'"},
        {{"--db", db, "--termination", "mate"}, "--termination wants one of checkmate, stalemate"},
        {{"--db", db, "--termination", "mate"}, "aborted, adjudicated, no_first_move, forfeit, not 'mate'"},
        {{"--db", db, "--running", "--finished"}, "--running and --finished exclude each other"},
        {{"--db", db, "--rated", "--casual"}, "--rated and --casual exclude each other"},
        {{"--db", db, "1", "--rated"}, "a game id does not go with search options"},
        {{"--db", db, "--limit", "101"}, "--limit wants a number from 1 to 100, not '101'"},
        {{"--db", db, "--limit", "-1"}, "--limit wants a number from 1 to 100, not '-1'"},
        {{"--db", db, "--after", "42"}, "--after wants the cursor a previous page printed"},
        {{"--db", db, "--after", "42"}, "not '42'"},
        {{"--db", db, "1", "--player", "anna"}, "a game id does not go with search options"},
        {{"--db", db, "1", "--limit", "5"}, "a game id does not go with search options"},
        {{"--db", db, "--pgn"}, "--pgn wants a game id"},
        {{"--db", db, "--colour", "white"}, "unexpected argument '--colour'"},
    };
    for (const auto& c : cases) {
        INFO(c.err);
        const Run run = games(c.args);
        INFO(run.err);
        CHECK(run.exit_code == 2);
        CHECK(run.err.find(c.err) != std::string::npos);
        CHECK(run.err.find("usage: rochade games") != std::string::npos);
        CHECK(run.out.empty());
    }
}

TEST_CASE("rochade games ID --pgn writes the game as PGN alone")
{
    const TestStore file("games-pgn-alone");
    write_games(file);

    const Run finished = games({"--db", file.location(), "1", "--pgn"});
    CHECK(finished.exit_code == 0);
    CHECK(finished.err.empty());
    // The built-in rooms name the event; the command knows no public URL, so Site is unknown.
    CHECK(finished.out == "[Event \"Halle der Koenige\"]\n"
                          "[Site \"?\"]\n"
                          "[Date \"2023.11.14\"]\n"
                          "[Round \"-\"]\n"
                          "[White \"Anna\"]\n"
                          "[Black \"Bert\"]\n"
                          "[Result \"0-1\"]\n"
                          "[UTCDate \"2023.11.14\"]\n"
                          "[UTCTime \"22:13:20\"]\n"
                          "[TimeControl \"180+2\"]\n"
                          "[Termination \"normal\"]\n"
                          "\n"
                          "1. f3 {[%clk 0:03:01]} 1... e5 {[%clk 0:03:01]} 2. g4 {[%clk 1:02:03]} 2... Qh4#\n"
                          "{[%clk 0:03:02]} 0-1\n");

    const Run running = games({"--pgn", "--db", file.location(), "2"});
    CHECK(running.exit_code == 0);
    CHECK(running.err.empty());
    CHECK(running.out == "[Event \"Wohnzimmer der alten Burg\"]\n"
                         "[Site \"?\"]\n"
                         "[Date \"2023.11.15\"]\n"
                         "[Round \"-\"]\n"
                         "[White \"Jörg\"]\n"
                         "[Black \"Cem\"]\n"
                         "[Result \"*\"]\n"
                         "[UTCDate \"2023.11.15\"]\n"
                         "[UTCTime \"22:13:20\"]\n"
                         "[TimeControl \"-\"]\n"
                         "[Termination \"unterminated\"]\n"
                         "[SetUp \"1\"]\n"
                         "[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n"
                         "\n"
                         "1. e4 *\n");

    // A move that does not replay: the PGN up to it, and the problem on stderr.
    const Run corrupt = games({"--db", file.location(), "3", "--pgn"});
    CHECK(corrupt.exit_code == 0);
    CHECK(corrupt.out.find("1. e4 *\n") != std::string::npos);
    CHECK(corrupt.err.find("game 3: ply 2 (e2e4) does not replay") != std::string::npos);

    const Run unknown = games({"--db", file.location(), "99", "--pgn"});
    CHECK(unknown.exit_code == 1);
    CHECK(unknown.err.find("no game 99") != std::string::npos);
}

TEST_CASE("the PGN wraps long games at 80 columns, numbers the moves and ends with the result")
{
    const TestStore file("games-pgn-long");
    {
        TestWriter writer(file);
        const std::string start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        std::vector<Write> writes = {
            GameStarted{1, 10, 34, "Anna", "Bert", R"({"kind":"untimed"})", start, 0, 0, t0, {}, {}}};
        // The knights out and back, 40 times: 160 plies, 80 moves.
        const char* shuffle[] = {"g1f3", "g8f6", "f3g1", "f6g8"};
        for (int ply = 1; ply <= 160; ++ply)
            writes.push_back(MovePlayed{1, ply, ply + 1, shuffle[(ply - 1) % 4], "", 0, 0, t0 + ply});
        writes.push_back(GameEnded{1, rochade::Score::Draw, rochade::Termination::Agreement, "{}", 0, 0, t0 + 200});
        writer.submit(writes);
    }
    const Run run = games({"--db", file.location(), "1", "--pgn"});
    REQUIRE(run.exit_code == 0);
    const std::string movetext = run.out.substr(run.out.find("\n\n") + 2);
    INFO(movetext);
    CHECK(movetext.rfind("1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6", 0) == 0);
    std::string one_line = movetext;
    for (char& c : one_line)
        if (c == '\n') c = ' ';
    CHECK(one_line.find(" 79. Nf3 Nf6 80. Ng1 Ng8 1/2-1/2 ") != std::string::npos);
    CHECK(movetext.substr(movetext.size() - 9) == " 1/2-1/2\n");
    std::istringstream lines(movetext);
    int count = 0;
    for (std::string line; std::getline(lines, line); ++count) CHECK(line.size() <= 80);
    CHECK(count > 5);
}

TEST_CASE("nicks that try to end a PGN tag are written escaped and read back as they were")
{
    const std::vector<std::string> nicks = {"say \"hi\"", "back\\slash\\", "\"] [Result \"1-0", "new\nline"};
    for (const std::string& nick : nicks) {
        INFO(nick);
        GameLog log;
        log.start = GameStarted{7,
                                70,
                                34,
                                nick,
                                "Bert",
                                R"({"kind":"untimed"})",
                                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                                0,
                                0,
                                t0,
                                {},
                                {}};
        log.end = GameEnded{7, rochade::Score::BlackWins, rochade::Termination::Resignation, "{}", 0, 0, t0 + 1000};
        const rochade::server::StoredGamePgn pgn = rochade::server::stored_game_pgn(log, rochade::server::PgnSite{});
        CHECK(pgn.problem.empty());
        // One [Result ...] line only, the true one, and every tag on a line of its own.
        CHECK(pgn.text.find("[Result \"0-1\"]\n") != std::string::npos);
        std::size_t results = 0;
        for (std::size_t at = 0; (at = pgn.text.find("\n[Result", at)) != std::string::npos; ++at) ++results;
        CHECK(results == 1);
        const std::string header = pgn.text.substr(0, pgn.text.find("\n\n") + 1);
        std::istringstream lines(header);
        for (std::string line; std::getline(lines, line);) {
            CHECK(line.front() == '[');
            CHECK(line.back() == ']');
        }
        const auto read = rochade::read_pgn(pgn.text);
        REQUIRE(read.has_value());
        REQUIRE(read->size() == 1);
        CHECK(read->front().result == rochade::Score::BlackWins);
        std::string white;
        for (const auto& [name, value] : read->front().tags)
            if (name == "White") white = value;
        std::string expected = nick;
        for (char& c : expected)
            if (c == '\n') c = ' ';
        CHECK(white == expected);
    }
    const std::string escaped =
        rochade::server::stored_game_pgn(GameLog{GameStarted{7,
                                                             70,
                                                             34,
                                                             "\"] [Result \"1-0",
                                                             "B\\",
                                                             "{}",
                                                             "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                                                             0,
                                                             0,
                                                             t0,
                                                             {},
                                                             {}},
                                                 std::nullopt,
                                                 {},
                                                 {}},
                                         rochade::server::PgnSite{})
            .text;
    CHECK(escaped.find("[White \"\\\"] [Result \\\"1-0\"]\n") != std::string::npos);
    CHECK(escaped.find("[Black \"B\\\\\"]\n") != std::string::npos);
    CHECK(escaped.find("[TimeControl \"?\"]\n") != std::string::npos);
}

TEST_CASE("PGN's TimeControl and Termination for the stored values")
{
    using rochade::protocol::TimeControl;
    using rochade::server::pgn_termination;
    using rochade::server::pgn_time_control;
    CHECK(pgn_time_control(TimeControl{}) == "-");
    CHECK(pgn_time_control(TimeControl{{{0, 300000}}, 0, 0, {}}) == "300");
    CHECK(pgn_time_control(TimeControl{{{0, 180000}}, 2000, 0, {}}) == "180+2");
    // The standard writes whole seconds: a fraction is rounded half up, and what is not zero
    // stays at least 1.
    CHECK(pgn_time_control(TimeControl{{{0, 60000}}, 500, 0, {}}) == "60+1");
    CHECK(pgn_time_control(TimeControl{{{0, 1500}}, 0, 0, {}}) == "2");
    CHECK(pgn_time_control(TimeControl{{{0, 15400}}, 400, 0, {}}) == "15+1");
    CHECK(pgn_time_control(TimeControl{{{0, 15499}}, 1499, 0, {}}) == "15+1");
    CHECK(pgn_time_control(TimeControl{{{40, 5400000}, {0, 1800000}}, 30000, 0, {}}) == "40/5400+30:1800+30");
    using rochade::Termination;
    CHECK(pgn_termination(Termination::Checkmate) == "normal");
    CHECK(pgn_termination(Termination::Resignation) == "normal");
    CHECK(pgn_termination(Termination::Agreement) == "normal");
    CHECK(pgn_termination(Termination::FlagFall) == "time forfeit");
    CHECK(pgn_termination(Termination::Abandoned) == "abandoned");
    CHECK(pgn_termination(Termination::Aborted) == "unterminated");
    CHECK(pgn_termination(Termination::Adjudicated) == "adjudication");
    CHECK(pgn_termination(Termination::NoFirstMove) == "unterminated");
}

TEST_CASE("rochade games --rated and --casual list the rated or the casual games, a rated game says so")
{
    const std::string blitz_line_end = "{\"kind\":\"sudden_death\",\"base_ms\":300000}  rated blitz\n";
    const TestStore file("games-rated");
    {
        TestWriter writer(file);
        const std::string start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        // A rated game needs its players' accounts (ids 1 and 2) and a timed control's category.
        writer.submit(std::vector<Write>{AccountCreated{"Anna", "anna", "$argon2id$h", Role::Player, t0},
                                         AccountCreated{"Bert", "bert", "$argon2id$h", Role::Player, t0}});
        const std::string blitz = R"({"kind":"sudden_death","base_ms":300000})";
        GameStarted rated{1, 10, 34, "Anna", "Bert", blitz, start, 300000, 300000, t0, {1, {}}, {2, {}}};
        rated.rated = true;
        rated.category = rochade::rating::RatingCategory::Blitz;
        GameStarted casual{2, 11, 34, "Cem", "Dora", R"({"kind":"untimed"})", start, 0, 0, t0 + 1, {}, {}};
        writer.submit(std::vector<Write>{rated, casual});
    }
    const Run all = games({"--db", file.location()});
    CHECK(listed_ids(all.out) == std::vector<std::int64_t>{2, 1});
    CHECK_THAT(all.out, Catch::Contains(R"(Anna - Bert)") && Catch::Contains(blitz_line_end));
    CHECK(all.out.find("Cem - Dora") < all.out.find("rated"));
    const Run rated = games({"--db", file.location(), "--rated"});
    CHECK(rated.exit_code == 0);
    CHECK(listed_ids(rated.out) == std::vector<std::int64_t>{1});
    const Run casual = games({"--db", file.location(), "--casual", "--room", "34"});
    CHECK(casual.exit_code == 0);
    CHECK(listed_ids(casual.out) == std::vector<std::int64_t>{2});
    CHECK(casual.out.find("rated") == std::string::npos);
}

TEST_CASE("rochade games names a missing SQLite file")
{
    const Run run = games({"--db", "/nonexistent-dir/rochade.db"});
    CHECK(run.exit_code == 2);
    CHECK(run.err == "rochade games: no database at '/nonexistent-dir/rochade.db'\n");
    CHECK(run.out.empty());
}

TEST_CASE("rochade games on a PostgreSQL server that refuses the connection fails at once, without the password")
{
    // Port 1 on the loopback: nothing listens there, so the connection is refused at once.
    for (const std::string url : {"postgresql://rochade:geheim-99@127.0.0.1:1/rochade",
                                  "postgres://rochade@127.0.0.1:1/rochade?password=geheim-99&sslmode=disable"}) {
        INFO(url);
        const auto started = std::chrono::steady_clock::now();
        const Run run = games({"--db", url, "1"});
        CHECK(std::chrono::steady_clock::now() - started < std::chrono::seconds(5));
        CHECK(run.exit_code == 2);
        CHECK_THAT(run.err, Catch::StartsWith("rochade games: cannot open '" + postgres_url_for_log(url) + "': "));
        CHECK_THAT(run.err, Catch::Contains("Connection refused"));
        CHECK_THAT(run.err, !Catch::Contains("geheim-99"));
        CHECK(run.out.empty());
    }
}

TEST_CASE("rochade games on a PostgreSQL database without Rochade's schema says so and creates nothing", "[postgres]")
{
    const auto server = rochade::db::testing::postgres_server_url();
    if (!server) {
        WARN("skipped: set ROCHADE_TEST_POSTGRES (scripts/postgres.sh start build/postgres prints the URL)");
        return;
    }
    rochade::db::testing::PgTestDatabase empty(*server);
    const Run run = games({"--db", empty.url()});
    CHECK(run.exit_code == 2);
    CHECK(run.err == "rochade games: no Rochade database at '" + empty.url() + "': the database " +
                         empty.url().substr(empty.url().find('@') + 1) + " has no Rochade tables\n");
    CHECK(run.out.empty());
    pg::Connection connection(empty.url(), pg::ConnectOptions{});
    CHECK(pg::stored_version(connection) == 0);
}
