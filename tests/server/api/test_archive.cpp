// The public game archive: the PGN's tags and clock comments (stored_game_pgn, pure), the
// archive's endpoints on a stored database (ArchiveApi, through the read thread), and end to end
// over HTTP: games played on a real server come back as PGN that pgn-extract, an independent
// reader, accepts without a word, and that `rochade pgn` and our reader read back to the same
// moves and result.
#include <catch2/catch.hpp>

#include <sys/wait.h>

#include <cstdio>
#include <fstream>
#include <future>

#include "db/read_thread.h"
#include "db/sqlite/sqlite_store.h"
#include "db/store_writer.h"
#include "engine/fen.h"
#include "engine/pgn.h"
#include "engine/uci.h"
#include "protocol/decode.h"
#include "server/api/archive_api.h"
#include "server/api/game_pgn.h"
#include "tests/db/temp_database.h"
#include "tests/server/seated_game.h"
#include "tests/server/server_fixture.h"
#include "tests/server/ws_test_client.h"

using namespace rochade;
using namespace rochade::test;
using rochade::server::ApiRequest;
using rochade::server::ApiResponse;
using rochade::server::ArchiveApi;
using rochade::server::PgnSite;
using rochade::server::stored_game_pgn;

namespace {

constexpr std::int64_t archive_t0 = 1714567387000; // 2024-05-01 12:43:07 UTC
const std::string start_fen(StartFen);

// A room name from the config may hold what a tag value must escape.
const PgnSite site{"https://schach.example.org", {{34, "Halle der Koenige"}, {36, R"(Die "Ecke" \ hinten)"}}};

std::string stored_tc(const protocol::TimeControl& time_control)
{
    return protocol::time_control_to_json(time_control).dump();
}

const std::string fischer_300_3 = stored_tc({{{0, 300'000}}, 3'000});
const std::string untimed = stored_tc({});
const std::string staged = stored_tc({{{40, 5'400'000}, {0, 1'800'000}}, 30'000});

// A finished game: Fool's mate, with both clocks after every move.
db::GameLog fools_mate(std::int64_t id, std::int64_t room, const std::string& tc, std::int64_t started)
{
    db::GameLog log;
    log.start = db::GameStarted{id, id * 10, room, "Anna", "Bert", tc, start_fen, 300'000, 300'000, started, {}, {}};
    log.moves = {{id, 1, 2, "f2f3", "f3", 301'999, 300'000, started + 2'000},
                 {id, 2, 3, "e7e5", "e5", 301'999, 299'500, started + 3'000},
                 {id, 3, 4, "g2g4", "g4", 3'723'999, 299'500, started + 4'000},
                 {id, 4, 5, "d8h4", "Qh4#", 3'723'999, 61'000, started + 5'000}};
    log.end = db::GameEnded{id,
                            rochade::Score::BlackWins,
                            rochade::Termination::Checkmate,
                            R"({"message":"Black mates"})",
                            3'723'999,
                            61'000,
                            started + 5'000};
    return log;
}

std::string tag(const std::string& pgn, const std::string& name)
{
    const auto read = read_pgn(pgn);
    REQUIRE(read.has_value());
    REQUIRE(read->size() == 1);
    for (const auto& [tag_name, value] : read->front().tags)
        if (tag_name == name) return value;
    return "(none)";
}

// Runs a shell command; its exit status, and its stdout and stderr together.
struct Run {
    int status = -1;
    std::string output;
};
Run run(const std::string& command)
{
    Run result;
    FILE* pipe = popen((command + " 2>&1").c_str(), "r");
    REQUIRE(pipe);
    char buffer[4096];
    while (const std::size_t got = std::fread(buffer, 1, sizeof buffer, pipe)) result.output.append(buffer, got);
    const int status = pclose(pipe);
    result.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return result;
}

// A store on a temporary file with the archive over it.
struct Archive {
    db::testing::TempDatabase file{"archive"};
    std::unique_ptr<db::StoreWriter> writer = db::open_sqlite_writer(file.path());
    std::unique_ptr<db::ReadThread> reads = std::make_unique<db::ReadThread>(db::open_sqlite_reader(file.path()));
    ArchiveApi api{*reads, site};

    void store(std::vector<db::Write> writes)
    {
        bool stored = false;
        writer->submit(std::move(writes), [&stored](const auto& error) { stored = !error; });
        writer->flush();
        REQUIRE(stored);
    }
    void store(const db::GameLog& log, bool finished = true)
    {
        std::vector<db::Write> writes{log.start};
        for (const auto& move : log.moves) writes.emplace_back(move);
        for (const auto& event : log.events) writes.emplace_back(event);
        if (finished && log.end) writes.emplace_back(*log.end);
        store(std::move(writes));
    }
    ApiResponse get(const std::string& path, const std::string& method = "GET")
    {
        ApiRequest request;
        request.method = method;
        request.path = path;
        auto answered = std::make_shared<std::promise<ApiResponse>>();
        auto future = answered->get_future();
        api.handle(request, [answered](ApiResponse response) { answered->set_value(std::move(response)); });
        REQUIRE(future.wait_for(std::chrono::seconds(10)) == std::future_status::ready);
        return future.get();
    }
};

std::string error_of(const ApiResponse& response) { return json::parse(response.body).at("error"); }

} // namespace

TEST_CASE("an archived game's PGN: every tag exact, a clock comment after each move", "[archive]")
{
    const auto pgn = stored_game_pgn(fools_mate(7, 34, fischer_300_3, archive_t0), site);
    CHECK(pgn.problem.empty());
    CHECK(pgn.text == "[Event \"Halle der Koenige\"]\n"
                      "[Site \"https://schach.example.org\"]\n"
                      "[Date \"2024.05.01\"]\n"
                      "[Round \"-\"]\n"
                      "[White \"Anna\"]\n"
                      "[Black \"Bert\"]\n"
                      "[Result \"0-1\"]\n"
                      "[UTCDate \"2024.05.01\"]\n"
                      "[UTCTime \"12:43:07\"]\n"
                      "[TimeControl \"300+3\"]\n"
                      "[Termination \"normal\"]\n"
                      "\n"
                      "1. f3 {[%clk 0:05:01]} 1... e5 {[%clk 0:04:59]} 2. g4 {[%clk 1:02:03]} 2... Qh4#\n"
                      "{[%clk 0:01:01]} 0-1\n");
}

TEST_CASE("the PGN's time control, event, site and clocks for each kind of game", "[archive]")
{
    SECTION("untimed: TimeControl \"-\" and no clock comments")
    {
        const auto pgn = stored_game_pgn(fools_mate(7, 34, untimed, archive_t0), site).text;
        CHECK(tag(pgn, "TimeControl") == "-");
        CHECK(pgn.find("%clk") == std::string::npos);
        CHECK_THAT(pgn, Catch::Contains("\n1. f3 e5 2. g4 Qh4# 0-1\n"));
    }
    SECTION("stages, as the PGN standard writes them")
    {
        const auto pgn = stored_game_pgn(fools_mate(7, 34, staged, archive_t0), site).text;
        CHECK(tag(pgn, "TimeControl") == "40/5400+30:1800+30");
        CHECK_THAT(pgn, Catch::Contains("1. f3 {[%clk 0:05:01]}"));
    }
    SECTION("a room the config does not list is named by its number; no public URL is Site \"?\"")
    {
        const auto pgn = stored_game_pgn(fools_mate(7, 512, fischer_300_3, archive_t0), PgnSite{}).text;
        CHECK(tag(pgn, "Event") == "Rochade room 512");
        CHECK(tag(pgn, "Site") == "?");
    }
    SECTION("a room name holding quotes and a backslash is escaped and reads back as it was")
    {
        const auto pgn = stored_game_pgn(fools_mate(7, 36, fischer_300_3, archive_t0), site).text;
        CHECK_THAT(pgn, Catch::StartsWith("[Event \"Die \\\"Ecke\\\" \\\\ hinten\"]\n"));
        CHECK(tag(pgn, "Event") == R"(Die "Ecke" \ hinten)");
    }
    SECTION("a start just before midnight UTC keeps its day")
    {
        const auto pgn = stored_game_pgn(fools_mate(7, 34, untimed, 1714607999999), site).text;
        CHECK(tag(pgn, "Date") == "2024.05.01");
        CHECK(tag(pgn, "UTCDate") == "2024.05.01");
        CHECK(tag(pgn, "UTCTime") == "23:59:59");
    }
    SECTION("WhiteElo and BlackElo: a finished rated game's ratings before it, rounded")
    {
        db::GameLog rated = fools_mate(7, 34, fischer_300_3, archive_t0);
        rated.start.rated = true;
        CHECK(stored_game_pgn(rated, site).text.find("Elo") == std::string::npos); // not rated yet
        db::RatingChange white, black;
        white.white = true;
        white.before.rating = 1711.5;
        white.after.rating = 1700;
        black.before.rating = 1498.49;
        black.after.rating = 1510;
        rated.rating_changes = {white, black};
        const auto with = stored_game_pgn(rated, site).text;
        CHECK_THAT(with, Catch::Contains("[UTCTime \"12:43:07\"]\n[WhiteElo \"1712\"]\n[BlackElo \"1498\"]\n"
                                         "[TimeControl \"300+3\"]\n"));
        db::GameLog casual = fools_mate(7, 34, fischer_300_3, archive_t0);
        casual.rating_changes = {white, black};
        CHECK(stored_game_pgn(casual, site).text.find("Elo") == std::string::npos);
    }
    SECTION("a game from a set-up position: the mover's clock, whoever moves first")
    {
        db::GameLog log;
        log.start = db::GameStarted{
            8, 80, 34, "Anna", "Bert", fischer_300_3, "4k3/8/8/8/8/8/4P3/4K3 b - - 0 1", 300'000, 300'000, archive_t0, {}, {}};
        log.moves = {{8, 1, 2, "e8d7", "Kd7", 300'000, 295'500, archive_t0 + 1'000},
                     {8, 2, 3, "e2e4", "e4", 290'000, 295'500, archive_t0 + 2'000}};
        log.end = db::GameEnded{8,       rochade::Score::Draw, rochade::Termination::Agreement, "{}", 290'000,
                                295'500, archive_t0 + 3'000};
        const auto pgn = stored_game_pgn(log, site).text;
        CHECK_THAT(pgn, Catch::Contains("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 1\"]\n\n"
                                        "1... Kd7 {[%clk 0:04:55]} 2. e4 {[%clk 0:04:50]} 1/2-1/2\n"));
    }
}

TEST_CASE("a clock reading as h:mm:ss, rounded down to whole seconds", "[archive]")
{
    CHECK(server::pgn_clock(0) == "0:00:00");
    CHECK(server::pgn_clock(999) == "0:00:00");
    CHECK(server::pgn_clock(61'999) == "0:01:01");
    CHECK(server::pgn_clock(3'723'456) == "1:02:03");
    CHECK(server::pgn_clock(36'000'000) == "10:00:00");
    CHECK(server::pgn_clock(-500) == "0:00:00"); // a fallen flag
}

TEST_CASE("the archive's endpoints on a stored database", "[archive]")
{
    Archive archive;
    db::GameLog first = fools_mate(1, 34, fischer_300_3, archive_t0);
    first.events = {
        {10, 1, 3, db::TableEventKind::TableChat, R"({"from":"Bert","text":"only for Anna"})", archive_t0 + 2'500},
        {10, 1, 4, db::TableEventKind::DrawOffered, R"({"by":"white"})", archive_t0 + 3'500}};
    archive.store(first);
    archive.store(fools_mate(2, -5, fischer_300_3, archive_t0 + 60'000)); // in a secret room
    archive.store(fools_mate(3, 35, untimed, archive_t0 + 120'000));
    archive.store(fools_mate(4, 36, untimed, archive_t0 + 180'000), false); // still running
    archive.store(std::vector<db::Write>{
        db::AccountCreated{"Cleo", "cleo", "$argon2id$not-used-here", protocol::Role::Player, archive_t0}});

    SECTION("one game as PGN, a download")
    {
        const ApiResponse pgn = archive.get("/games/1.pgn");
        REQUIRE(pgn.status == 200);
        CHECK(pgn.content_type == "application/x-chess-pgn; charset=utf-8");
        CHECK(pgn.content_disposition == "attachment; filename=\"rochade-game-1.pgn\"");
        CHECK(pgn.body == stored_game_pgn(first, site).text);
    }
    SECTION("one game as JSON, without its table chat")
    {
        const ApiResponse reply = archive.get("/api/games/1");
        REQUIRE(reply.status == 200);
        const json game = json::parse(reply.body);
        CHECK(game.at("id") == 1);
        CHECK(game.at("result") == "0-1");
        CHECK(game.at("moves").size() == 4);
        CHECK(game.at("moves")[3].at("san") == "Qh4#");
        REQUIRE(game.at("events").size() == 1);
        CHECK(game.at("events")[0].at("kind") == "draw_offered");
        CHECK(reply.body.find("only for Anna") == std::string::npos);
    }
    SECTION("a running game is served (anyone may watch it), its PGN unterminated")
    {
        CHECK(json::parse(archive.get("/api/games/4").body).at("result").is_null());
        const ApiResponse pgn = archive.get("/games/4.pgn");
        REQUIRE(pgn.status == 200);
        CHECK(tag(pgn.body, "Result") == "*");
        CHECK(tag(pgn.body, "Termination") == "unterminated");
    }
    SECTION("a secret room's game, an unknown and a malformed id: no_such_game")
    {
        for (const std::string path : {"/games/2.pgn", "/api/games/2", "/games/99.pgn", "/api/games/99", "/games/x.pgn",
                                       "/api/games/-1", "/api/games/1.pgn", "/api/games/", "/games/.pgn"}) {
            INFO(path);
            const ApiResponse reply = archive.get(path);
            CHECK(reply.status == 404);
            CHECK(error_of(reply) == "no_such_game");
        }
    }
    SECTION("a player's export: finished public games only, newest first, separated by a blank line")
    {
        const ApiResponse reply = archive.get("/api/players/anna/games.pgn");
        REQUIRE(reply.status == 200);
        CHECK(reply.content_type == "application/x-chess-pgn; charset=utf-8");
        CHECK(reply.content_disposition ==
              "attachment; filename=\"rochade-games.pgn\"; filename*=UTF-8''rochade-anna.pgn");
        CHECK(reply.body == stored_game_pgn(fools_mate(3, 35, untimed, archive_t0 + 120'000), site).text + "\n" +
                                stored_game_pgn(first, site).text);
        const auto games = read_pgn(reply.body);
        REQUIRE(games.has_value());
        CHECK(games->size() == 2);
    }
    SECTION("an account without games exports an empty file; an unknown nick is 404, a broken one 400")
    {
        const ApiResponse cleo = archive.get("/api/players/Cleo/games.pgn");
        CHECK(cleo.status == 200);
        CHECK(cleo.body.empty());
        const ApiResponse unknown = archive.get("/api/players/Nobody/games.pgn");
        CHECK(unknown.status == 404);
        CHECK(error_of(unknown) == "no_such_nick");
        for (const std::string path : {"/api/players/a%20b/games.pgn", "/api/players/%zz/games.pgn",
                                       "/api/players//games.pgn", "/api/players/a/b/games.pgn"}) {
            INFO(path);
            const ApiResponse broken = archive.get(path);
            CHECK(broken.status == 400);
            CHECK(error_of(broken) == "bad_request");
        }
    }
    SECTION("only GET and HEAD, and no query")
    {
        const ApiResponse post = archive.get("/games/1.pgn", "POST");
        CHECK(post.status == 405);
        CHECK(post.allow == "GET, HEAD");
        CHECK(archive.get("/games/1.pgn", "HEAD").status == 200);
    }
}

TEST_CASE("a player's export pages through more games than one page holds", "[archive]")
{
    Archive archive;
    std::vector<db::Write> writes;
    for (std::int64_t id = 1; id <= 2 * db::max_page_games + 5; ++id) {
        const db::GameLog log = fools_mate(id, id % 7 == 0 ? -1 : 34, untimed, archive_t0 + id * 1000);
        writes.emplace_back(log.start);
        for (const auto& move : log.moves) writes.emplace_back(move);
        writes.emplace_back(*log.end);
    }
    archive.store(std::move(writes));
    const ApiResponse reply = archive.get("/api/players/Bert/games.pgn");
    REQUIRE(reply.status == 200);
    const auto games = read_pgn(reply.body);
    REQUIRE(games.has_value());
    CHECK(games->size() == 205 - 205 / 7);
    // Newest first: game 205 opens the file.
    std::string newest_time;
    for (const auto& [name, value] : games->front().tags)
        if (name == "UTCTime") newest_time = value;
    CHECK(newest_time == tag(stored_game_pgn(fools_mate(205, 34, untimed, archive_t0 + 205'000), site).text, "UTCTime"));
}

namespace {

// Each finished game of a real server, as the archive serves it.
struct PlayedGame {
    std::int64_t id = 0;
    std::string result;
    std::vector<std::string> uci; // the moves, from the archive's JSON
    std::string start_fen;
};

PlayedGame archived(std::uint16_t port, std::int64_t id)
{
    const HttpReply reply = http_request(port, "GET", "/api/games/" + std::to_string(id));
    REQUIRE(reply.status == 200);
    const json game = json::parse(reply.body);
    PlayedGame played{id, game.at("result"), {}, game.at("start_fen")};
    for (const json& move : game.at("moves")) played.uci.push_back(move.at("uci"));
    return played;
}

std::int64_t finish(SeatedGame& game)
{
    game.white->receive_until("game_over", game.table);
    game.black->receive_until("game_over", game.table);
    return game.started.at("game_id").get<std::int64_t>();
}

} // namespace

TEST_CASE("games played on a real server: pgn-extract accepts every export and `rochade pgn` reads it back",
          "[archive][http]")
{
    INFO("pgn-extract: " << PGN_EXTRACT << " (scripts/install-deps.sh installs it)");
    REQUIRE(std::string(PGN_EXTRACT).find("NOTFOUND") == std::string::npos);

    InProcessServer server([](server::ServerConfig& config) { config.public_url = "https://schach.example.org"; });
    std::vector<std::int64_t> ids;
    {
        auto game = SeatedGame::start(server.port(), "5+3", "Matt", "Gesetzt");
        game.play({"f3", "e5", "g4", "Qh4#"});
        ids.push_back(finish(game));
    }
    {
        auto game = SeatedGame::start(server.port(), "untimed", "Aufgabe", "Sieger");
        game.play({"e4", "c5", "Nf3"});
        CHECK(game.act("black", "resign").at("type") == "ok");
        ids.push_back(finish(game));
    }
    {
        auto game = SeatedGame::start(server.port(), "5+3", "Remis", "Frieden");
        game.play({"d4", "d5"});
        CHECK(game.act("white", "offer_draw").at("type") == "ok");
        CHECK(game.act("black", "accept_draw").at("type") == "ok");
        ids.push_back(finish(game));
    }
    {
        auto game =
            SeatedGame::start(server.port(), json{{"kind", "sudden_death"}, {"base_ms", 1500}}, "Flagge", "Wartet");
        game.play({"e4", "e5", "Nf3"}); // the clocks run once both sides have moved
        ids.push_back(finish(game));    // Black's flag falls: Black never moves again
    }
    {
        auto game = SeatedGame::start(server.port(), "untimed", "Abbruch", "Geht");
        game.play({"e4"});
        CHECK(game.act("black", "abort").at("type") == "ok");
        ids.push_back(finish(game));
    }
    // A rated game between two accounts: its PGN has WhiteElo and BlackElo.
    std::int64_t rated_id = 0;
    {
        WsTestClient white, black;
        for (auto [client, nick] : {std::pair<WsTestClient*, const char*>{&white, "Elo"},
                                    std::pair<WsTestClient*, const char*>{&black, "Wertung"}}) {
            client->connect(server.port());
            REQUIRE(client->request({{"type", "register"}, {"nick", nick}, {"password", "Geheimnis-42"}})
                        .at("type") == "hello_ok");
            REQUIRE(client->request({{"type", "enter_room"}, {"room", 34}}).at("type") == "room");
        }
        const json opened = white.request(
            {{"type", "open_table"}, {"room", 34}, {"time_control", "3+2"}, {"color", "white"}, {"rated", true}});
        REQUIRE(opened.at("type") == "ok");
        const std::int64_t table = opened.at("table");
        REQUIRE(black.request({{"type", "join_table"}, {"table", table}}).at("type") == "ok");
        rated_id = white.receive_until("game_started", table).at("game_id");
        const std::vector<std::string> moves{"e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#"};
        for (std::size_t i = 0; i < moves.size(); ++i) {
            (i % 2 == 0 ? white : black).send({{"type", "move"}, {"table", table}, {"move", moves[i]}});
            white.receive_until("move", table);
        }
        white.receive_until("rating_change", table);
        ids.push_back(rated_id);
    }
    // The protocol opens tables from the start position only; a game from a set-up position is
    // stored beside the server's (as a restored or imported one would be), under ids far above
    // its allocator's.
    {
        auto writer = db::open_sqlite_writer(server.config().db_path);
        bool stored = false;
        writer->submit(
            std::vector<db::Write>{db::GameStarted{900'001,
                                                   900'001,
                                                   34,
                                                   "Studie",
                                                   "Loeser",
                                                   fischer_300_3,
                                                   "4k3/8/4K3/8/8/8/8/7R w - - 0 1",
                                                   300'000,
                                                   300'000,
                                                   archive_t0,
                                                   {},
                                                   {}},
                                   db::MovePlayed{900'001, 1, 2, "h1h8", "Rh8#", 299'000, 300'000, archive_t0 + 1'000},
                                   db::GameEnded{900'001, rochade::Score::WhiteWins, rochade::Termination::Checkmate,
                                                 "{}", 299'000, 300'000, archive_t0 + 1'000}},
            [&stored](const auto& error) { stored = !error; });
        writer->flush();
        REQUIRE(stored);
        ids.push_back(900'001);
    }

    TempDir dir;
    for (const std::int64_t id : ids) {
        INFO("game " << id);
        const PlayedGame game = archived(server.port(), id);
        const HttpReply pgn = http_request(server.port(), "GET", "/games/" + std::to_string(id) + ".pgn");
        REQUIRE(pgn.status == 200);
        CHECK(pgn.header("Content-Type") == "application/x-chess-pgn; charset=utf-8");
        CHECK(pgn.header("Content-Disposition") ==
              "attachment; filename=\"rochade-game-" + std::to_string(id) + ".pgn\"");
        CHECK(tag(pgn.body, "Site") == "https://schach.example.org");
        const auto file = dir.path() / ("game-" + std::to_string(id) + ".pgn");
        std::ofstream(file) << pgn.body;

        // -r: report problems and extract nothing; -s: no progress lines. Anything said is a problem.
        const Run checked = run(std::string(PGN_EXTRACT) + " -r -s " + file.string());
        INFO(pgn.body);
        CHECK(checked.status == 0);
        CHECK(checked.output.empty());

        const Run read_back = run(std::string(ROCHADE_BINARY) + " pgn " + file.string());
        CHECK(read_back.status == 0);
        CHECK_THAT(read_back.output, Catch::StartsWith("game 1: " + game.result + " "));

        const auto read = read_pgn(pgn.body);
        REQUIRE(read.has_value());
        REQUIRE(read->size() == 1);
        CHECK(to_text(read->front().result) == game.result);
        Position position = *parse_fen(game.start_fen, SetupRules::AllowUnreachable);
        std::vector<std::string> uci;
        for (const Move move : read->front().moves) {
            uci.push_back(to_uci(position, move));
            position = position.after(move);
        }
        CHECK(uci == game.uci);
    }
    const PlayedGame mate = archived(server.port(), ids[0]);
    CHECK(mate.result == "0-1");
    CHECK(archived(server.port(), ids[3]).result == "1-0");
    CHECK(archived(server.port(), ids[4]).result == "*");

    const HttpReply rated_pgn = http_request(server.port(), "GET", "/games/" + std::to_string(rated_id) + ".pgn");
    CHECK(tag(rated_pgn.body, "WhiteElo") == "1500");
    CHECK(tag(rated_pgn.body, "BlackElo") == "1500");
    CHECK(tag(rated_pgn.body, "Result") == "1-0");

    // A player's export over HTTP, checked by pgn-extract too.
    const HttpReply all = http_request(server.port(), "GET", "/api/players/Matt/games.pgn");
    REQUIRE(all.status == 200);
    const auto games = read_pgn(all.body);
    REQUIRE(games.has_value());
    CHECK(games->size() == 1);
    const auto file = dir.path() / "matt.pgn";
    std::ofstream(file) << all.body;
    const Run checked = run(std::string(PGN_EXTRACT) + " -r -s " + file.string());
    CHECK(checked.output.empty());
    CHECK(http_request(server.port(), "GET", "/api/players/Niemand/games.pgn").status == 404);
}
