// The real `rochade serve` binary: kill -9 and a restart with the game continuing, SIGTERM with
// close 1001 and exit code 0.
#include <future>

#include <catch2/catch.hpp>

#include "tests/server/seated_game.h"
#include "tests/server/server_fixture.h"

using namespace rochade::test;

TEST_CASE("kill -9 and restart: every move seen is kept, the players resume and play on",
          "[server][process][slow_start]")
{
    ChildServer server;
    auto game = SeatedGame::start(server.port(), "5+3");
    json last = game.play({"e4", "e5", "Nf3", "Nc6", "Bb5"});
    std::int64_t white_seen = game.last_seq;
    std::int64_t black_seen = game.last_seq;

    server.restart(); // kill -9, then the same binary on the same database and port
    CHECK(http_get(server.port(), "/health").status == 200);

    auto white = std::make_unique<WsTestClient>();
    auto black = std::make_unique<WsTestClient>();
    white->connect(server.port());
    black->connect(server.port());
    json white_hello = white->resume(game.white_token);
    json black_hello = black->resume(game.black_token);
    CHECK(white_hello.at("nick") == "Weiss");
    CHECK(white_hello.at("tables") == json::array({game.table}));
    CHECK(black_hello.at("tables") == json::array({game.table}));

    json white_state = white->request({{"type", "watch_table"}, {"table", game.table}, {"since", white_seen}});
    json black_state = black->request({{"type", "watch_table"}, {"table", game.table}, {"since", black_seen}});
    REQUIRE(white_state.at("type") == "table_state");
    REQUIRE(white_state.at("moves").size() == 5);
    CHECK(white_state.at("moves")[4].at("san") == "Bb5");
    CHECK(white_state.at("fen") == last.at("fen"));
    CHECK(white_state.at("to_move") == "black");
    CHECK(white_state.at("status") == "playing");
    CHECK(black_state.at("fen") == last.at("fen"));

    game.white = std::move(white);
    game.black = std::move(black);
    game.last_seq = std::max(white_state.at("seq").get<std::int64_t>(), black_state.at("seq").get<std::int64_t>());
    // Reconnect events may still be on their way; skip them by playing on and checking the
    // moves themselves.
    game.black->send({{"type", "move"}, {"table", game.table}, {"move", "a6"}});
    json a6 = game.white->receive_until("move", game.table);
    CHECK(a6.at("san") == "a6");
    CHECK(a6.at("ply") == 6);
    CHECK(game.black->receive_until("move", game.table) == a6);
    game.white->send({{"type", "move"}, {"table", game.table}, {"move", "Ba4"}});
    CHECK(game.black->receive_until("move", game.table).at("ply") == 7);
}

TEST_CASE("SIGTERM: clients get close 1001 and the server exits 0", "[server][process]")
{
    ChildServer server;
    WsTestClient client;
    client.connect(server.port());
    client.hello("Anna");
    // terminate() waits for the exit while this thread reads, so the close handshake can finish.
    auto exit_code = std::async(std::launch::async, [&] { return server.terminate(); });
    CloseInfo closed = client.wait_closed();
    CHECK(closed.code == 1001);
    CHECK(exit_code.get() == 0);
}
