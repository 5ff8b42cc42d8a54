// The clocks start after both first moves (lichess's rule), and a first move not made in time
// aborts the game: on the real server, over WebSockets and HTTP, and across a kill -9 restart.
#include <thread>

#include <catch2/catch.hpp>

#include "tests/server/seated_game.h"
#include "tests/server/server_fixture.h"

using namespace rochade::test;

namespace {

json body_of(const HttpReply& reply)
{
    INFO(reply.body);
    REQUIRE(reply.status == 200);
    return json::parse(reply.body);
}

std::unique_ptr<WsTestClient> account(std::uint16_t port, const std::string& nick)
{
    auto client = std::make_unique<WsTestClient>();
    client->connect(port);
    REQUIRE(client->request({{"type", "register"}, {"nick", nick}, {"password", "Geheimnis-42"}}).at("type") ==
            "hello_ok");
    REQUIRE(client->request({{"type", "enter_room"}, {"room", 34}}).at("type") == "room");
    return client;
}

// The `first_move` a clocks reading carries while a first move is awaited: its side and time
// left, checked to lie in (0, limit_ms].
void check_awaits(const json& clocks, const std::string& side, std::int64_t limit_ms)
{
    INFO(clocks.dump());
    REQUIRE(clocks.contains("first_move"));
    CHECK(clocks.at("running").is_null());
    CHECK(clocks.at("first_move").at("side") == side);
    const std::int64_t left = clocks.at("first_move").at("ms_left");
    CHECK(left > 0);
    CHECK(left <= limit_ms);
}

} // namespace

TEST_CASE("the clocks stand until both first moves: a 3+0 game's first moves cost nothing",
          "[server][game][clock][first_move]")
{
    InProcessServer server;
    auto game = SeatedGame::start(server.port(), "3+0");
    const json& started = game.started.at("clocks");
    CHECK(started.at("white_ms") == 180'000);
    CHECK(started.at("black_ms") == 180'000);
    check_awaits(started, "white", 25'000); // blitz: 25 s for the first move

    std::this_thread::sleep_for(400ms); // White thinks: nobody's clock runs
    json e4 = game.play({"e4"});
    CHECK(e4.at("clocks").at("white_ms") == 180'000);
    CHECK(e4.at("clocks").at("black_ms") == 180'000);
    check_awaits(e4.at("clocks"), "black", 25'000);

    // A watcher who comes in now sees the wait too.
    WsTestClient watcher;
    watcher.connect(server.port());
    watcher.hello("Kiebitz");
    REQUIRE(watcher.request({{"type", "enter_room"}, {"room", 34}}).at("type") == "room");
    json state = watcher.request({{"type", "watch_table"}, {"table", game.table}});
    REQUIRE(state.at("type") == "table_state");
    check_awaits(state.at("clocks"), "black", 25'000);

    std::this_thread::sleep_for(400ms);
    json e5 = game.play({"e5"});
    CHECK(e5.at("clocks").at("white_ms") == 180'000);
    CHECK(e5.at("clocks").at("black_ms") == 180'000);
    CHECK(e5.at("clocks").at("running") == "white");
    CHECK_FALSE(e5.at("clocks").contains("first_move"));

    // From here White's clock runs.
    std::this_thread::sleep_for(300ms);
    json nf3 = game.play({"Nf3"});
    const std::int64_t white_after = nf3.at("clocks").at("white_ms");
    CHECK(white_after <= 180'000 - 300);
    CHECK(white_after > 180'000 - 3'000);
    CHECK(nf3.at("clocks").at("black_ms") == 180'000);

    // The archive stores the same clocks: the first two moves at 3:00 in the PGN.
    REQUIRE(game.act("white", "resign").at("type") == "ok");
    game.white->receive_until("game_over", game.table);
    const std::string id = std::to_string(game.started.at("game_id").get<std::int64_t>());
    const HttpReply pgn = http_get(server.port(), "/games/" + id + ".pgn");
    REQUIRE(pgn.status == 200);
    CHECK_THAT(pgn.body, Catch::Contains("1. e4 {[%clk 0:03:00]} 1... e5 {[%clk 0:03:00]} 2. Nf3 {[%clk 0:02:5"));
    const json stored = body_of(http_get(server.port(), "/api/games/" + id));
    REQUIRE(stored.at("moves").size() == 3);
    CHECK(stored.at("moves")[0].at("white_ms") == 180'000);
    CHECK(stored.at("moves")[1].at("black_ms") == 180'000);
    CHECK(stored.at("moves")[2].at("white_ms") == white_after);
}

TEST_CASE("a first move not made in time aborts the game: both players and watchers told why, unrated, stored",
          "[server][game][clock][first_move]")
{
    InProcessServer server([](rochade::server::ServerConfig& config) { config.first_move_limit_ms = 600; });
    auto anna = account(server.port(), "Anna");
    auto bert = account(server.port(), "Bert");
    const json opened = anna->request(
        {{"type", "open_table"}, {"room", 34}, {"time_control", "3+2"}, {"color", "white"}, {"rated", true}});
    REQUIRE(opened.at("type") == "ok");
    const std::int64_t table = opened.at("table");
    WsTestClient watcher;
    watcher.connect(server.port());
    watcher.hello("Kiebitz");
    REQUIRE(watcher.request({{"type", "enter_room"}, {"room", 34}}).at("type") == "room");
    REQUIRE(watcher.request({{"type", "watch_table"}, {"table", table}}).at("type") == "table_state");

    SECTION("White never moves")
    {
        REQUIRE(bert->request({{"type", "join_table"}, {"table", table}}).at("type") == "ok");
        const json started = anna->receive_until("game_started", table);
        CHECK(started.at("rated") == true);
        check_awaits(started.at("clocks"), "white", 600);
        // Nobody sends anything: the server aborts the game by its own timer.
        const json over = anna->receive_until("game_over", table);
        CHECK(bert->receive_until("game_over", table) == over);
        CHECK(watcher.receive_until("game_over", table) == over);
        CHECK(over.at("result") == "*");
        CHECK(over.at("winner").is_null());
        CHECK(over.at("termination") == "no_first_move");
        CHECK(over.at("message") == "White did not make the first move within 600 ms: the game is aborted");
        CHECK(over.at("clocks").at("white_ms") == 180'000);
        CHECK_FALSE(over.at("clocks").contains("first_move"));

        // Unrated: no rating change, nobody's rating counts the game; stored as aborted.
        CHECK_FALSE(anna->try_receive(300ms).value_or(json::object()).value("type", "") == "rating_change");
        CHECK(body_of(http_get(server.port(), "/api/players/Anna")).at("ratings").at("blitz").at("games") == 0);
        CHECK(body_of(http_get(server.port(), "/api/players/Bert")).at("ratings").at("blitz").at("games") == 0);
        const std::string id = std::to_string(started.at("game_id").get<std::int64_t>());
        const json stored = body_of(http_get(server.port(), "/api/games/" + id));
        CHECK(stored.at("result") == "*");
        CHECK(stored.at("termination") == "no_first_move");
        CHECK(stored.at("message") == over.at("message"));
        CHECK(stored.at("rating_changes").is_null());
        const HttpReply pgn = http_get(server.port(), "/games/" + id + ".pgn");
        CHECK_THAT(pgn.body, Catch::Contains("[Result \"*\"]"));
        CHECK_THAT(pgn.body, Catch::Contains("[Termination \"unterminated\"]"));

        // A watcher who comes later reads the same ending.
        const json state = watcher.request({{"type", "watch_table"}, {"table", table}});
        CHECK(state.at("result").at("termination") == "no_first_move");
        CHECK(state.at("status") == "finished");
    }
    SECTION("Black does not answer: the limit counts from White's first move, a late move is refused")
    {
        REQUIRE(bert->request({{"type", "join_table"}, {"table", table}}).at("type") == "ok");
        anna->receive_until("game_started", table);
        anna->send({{"type", "move"}, {"table", table}, {"move", "e4"}});
        check_awaits(bert->receive_until("move", table).at("clocks"), "black", 600);
        const json over = bert->receive_until("game_over", table);
        CHECK(over.at("termination") == "no_first_move");
        CHECK(over.at("message") == "Black did not make the first move within 600 ms: the game is aborted");
        CHECK(anna->receive_until("game_over", table) == over);
        const json late = bert->request({{"type", "move"}, {"table", table}, {"move", "e5"}});
        CHECK(late.at("code") == "game_over");
    }
}

TEST_CASE("kill -9 and restart before and after the first moves: the wait, and then the clocks, come back as stored",
          "[server][process][slow_start][first_move]")
{
    ChildServer server;
    auto waiting = SeatedGame::start(server.port(), "5+3", "Anna", "Bert"); // killed awaiting Black's first move
    waiting.play({"e4"});
    auto running = SeatedGame::start(server.port(), "5+3", "Carla", "Dora"); // killed with Black's clock running
    std::this_thread::sleep_for(200ms);
    running.play({"e4", "e5"});
    std::this_thread::sleep_for(300ms);
    const json nf3 = running.play({"Nf3"});
    const std::int64_t white_after = nf3.at("clocks").at("white_ms");
    CHECK(white_after < 300'000 + 3'000 - 250);

    server.restart(); // kill -9, then the same binary on the same database and port

    auto back_at = [&](SeatedGame& game) {
        auto white = std::make_unique<WsTestClient>();
        auto black = std::make_unique<WsTestClient>();
        white->connect(server.port());
        black->connect(server.port());
        white->resume(game.white_token);
        black->resume(game.black_token);
        REQUIRE(white->request({{"type", "watch_table"}, {"table", game.table}}).at("type") == "table_state");
        REQUIRE(black->request({{"type", "watch_table"}, {"table", game.table}}).at("type") == "table_state");
        game.white = std::move(white);
        game.black = std::move(black);
        // Both are back: the held clocks run again. A fresh state says how.
        return game.white->request({{"type", "watch_table"}, {"table", game.table}});
    };

    const json before = back_at(waiting);
    CHECK(before.at("clocks").at("white_ms") == 300'000);
    CHECK(before.at("clocks").at("black_ms") == 300'000);
    check_awaits(before.at("clocks"), "black", 25'000);
    waiting.black->send({{"type", "move"}, {"table", waiting.table}, {"move", "e5"}});
    const json e5 = waiting.white->receive_until("move", waiting.table);
    CHECK(e5.at("clocks").at("white_ms") == 300'000);
    CHECK(e5.at("clocks").at("black_ms") == 300'000);
    CHECK(e5.at("clocks").at("running") == "white");

    const json after = back_at(running);
    CHECK(after.at("clocks").at("white_ms") == white_after);
    CHECK(after.at("clocks").at("black_ms") <= 300'000);
    CHECK(after.at("clocks").at("black_ms") > 300'000 - 5'000);
    CHECK(after.at("clocks").at("running") == "black");
    CHECK_FALSE(after.at("clocks").contains("first_move"));

    // The restored game's PGN keeps the first moves at 5:00.
    REQUIRE(running.act("black", "resign").at("type") == "ok");
    running.white->receive_until("game_over", running.table);
    const std::string id = std::to_string(running.started.at("game_id").get<std::int64_t>());
    const HttpReply pgn = http_get(server.port(), "/games/" + id + ".pgn");
    REQUIRE(pgn.status == 200);
    CHECK_THAT(pgn.body, Catch::Contains("1. e4 {[%clk 0:05:00]} 1... e5 {[%clk 0:05:00]} 2. Nf3 {[%clk 0:05:0"));
}
