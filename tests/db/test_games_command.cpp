// rochade games: the admin's list of recent games and one game's full log with its PGN.
#include <catch2/catch.hpp>

#include <sstream>
#include <string>
#include <vector>

#include "db/writer.h"
#include "temp_database.h"
#include "tools/commands.h"

using namespace rochade::db;
using rochade::cli::games_command;
using rochade::db::testing::TempDatabase;

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
void write_games(const std::string& path)
{
    Writer writer(path);
    const std::string start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    const std::string tc = R"({"kind":"fischer","base_ms":180000,"increment_ms":2000})";
    writer.submit(std::vector<Write>{
        GameStarted{1, 10, 34, "Anna", "Bert", tc, start, 180000, 180000, t0, {}, {}},
        TableEvent{10, 1, 1, "game_started", "{}", t0},
        MovePlayed{1, 1, 2, "f2f3", "f3", 181500, 180000, t0 + 500},
        MovePlayed{1, 2, 3, "e7e5", "e5", 181500, 181000, t0 + 1500},
        TableEvent{10, 1, 4, "draw_offered", R"({"by":"white"})", t0 + 2000},
        MovePlayed{1, 3, 5, "g2g4", "g4", 3723456, 181000, t0 + 2500},
        MovePlayed{1, 4, 6, "d8h4", "Qh4#", 3723456, 182000, t0 + 3500},
        GameEnded{1, "0-1", "checkmate", R"({"message":"Black mates"})", 3723456, 182000, t0 + 3500},
    });
    writer.submit(std::vector<Write>{
        GameStarted{2, 11, 35, "Jörg", "Cem", R"({"kind":"untimed"})", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", 0, 0,
                    t0 + 86400000, {}, {}},
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
    TempDatabase file("games-list");
    write_games(file.path());
    const Run run = games({"--db", file.path()});
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

    const Run limited = games({"--db", file.path(), "--limit", "1"});
    CHECK(limited.exit_code == 0);
    CHECK(limited.out.rfind("game 3 ", 0) == 0);
    CHECK(limited.out.find("game 2") == std::string::npos);
}

TEST_CASE("rochade games ID prints the header, moves with clocks, events and the PGN")
{
    TempDatabase file("games-log");
    write_games(file.path());
    const Run run = games({"--db", file.path(), "1"});
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
        "[Event \"Rochade game 1\"]", "[Site \"Rochade, room 34\"]",
        "[Date \"2023.11.14\"]",      "[White \"Anna\"]",
        "[Black \"Bert\"]",           "[Result \"0-1\"]",
        "1. f3 e5 2. g4 Qh4# 0-1",
    };
    for (const char* text : pgn_must_hold) {
        INFO(text);
        CHECK(pgn.find(text) != std::string::npos);
    }
    CHECK(pgn.find("warning") == std::string::npos);
}

TEST_CASE("the PGN of a game from a set-up position carries its FEN; a move that does not replay is named")
{
    TempDatabase file("games-pgn");
    write_games(file.path());

    const Run setup = games({"--db", file.path(), "2"});
    CHECK(setup.exit_code == 0);
    CHECK(setup.out.find("ended: not yet (unfinished)\n") != std::string::npos);
    CHECK(setup.out.find("[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]") != std::string::npos);
    CHECK(setup.out.find("[Result \"*\"]") != std::string::npos);
    CHECK(setup.out.find("1. e4 *") != std::string::npos);

    const Run corrupt = games({"--db", file.path(), "3"});
    CHECK(corrupt.exit_code == 0);
    CHECK(corrupt.out.find("1. e4 *") != std::string::npos);
    CHECK(corrupt.out.find("warning: ply 2 (e2e4) does not replay") != std::string::npos);
}

TEST_CASE("rochade games refuses bad arguments, a missing file and an unknown game")
{
    TempDatabase file("games-errors");
    write_games(file.path());
    const struct {
        std::vector<std::string> args;
        int exit_code;
        const char* err;
    } cases[] = {
        {{}, 2, "--db FILE is required"},
        {{"--db"}, 2, "unexpected argument '--db'"},
        {{"--db", file.path(), "--limit", "0"}, 2, "--limit wants a number"},
        {{"--db", file.path(), "x1"}, 2, "unexpected argument 'x1'"},
        {{"--db", file.path(), "1", "2"}, 2, "unexpected argument '2'"},
        {{"--db", "/nonexistent-dir/rochade.db"}, 2, "no database at '/nonexistent-dir/rochade.db'"},
        {{"--db", file.path(), "99"}, 1, "no game 99"},
    };
    for (const auto& c : cases) {
        INFO(c.err);
        const Run run = games(c.args);
        CHECK(run.exit_code == c.exit_code);
        CHECK(run.err.find(c.err) != std::string::npos);
        CHECK(run.out.empty());
    }
}
