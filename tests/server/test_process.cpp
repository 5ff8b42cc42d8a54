// The real `rochade serve` binary: kill -9 and a restart with the game continuing (and its
// draw offer standing), SIGTERM with close 1001 and exit code 0.
#include <future>
#include <thread>

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

TEST_CASE("kill -9 and restart: a standing draw offer stands again, a lapsed one stays lapsed",
          "[server][process][slow_start][draw_offer]")
{
    ChildServer server;
    // Table A: White offers a draw on its own turn, and the server is killed with it standing.
    auto standing = SeatedGame::start(server.port(), "5+3");
    standing.play({"e4", "e5"});
    REQUIRE(standing.act("white", "offer_draw").at("type") == "ok");
    CHECK(standing.black->receive_until("draw_offered", standing.table).at("by") == "white");
    // Table B: White offers a draw with a move, and Black's reply lets it lapse.
    auto lapsed = SeatedGame::start(server.port(), "5+3", "Anna", "Bert");
    lapsed.white->send({{"type", "move"}, {"table", lapsed.table}, {"move", "Nf3"}, {"offer_draw", true}});
    CHECK(lapsed.black->receive_until("move", lapsed.table).at("draw_offered") == true);
    lapsed.black->send({{"type", "move"}, {"table", lapsed.table}, {"move", "Nf6"}});
    json reply = lapsed.white->receive_matching(
        [](const json& frame) { return frame.value("type", "") == "move" && frame.value("ply", 0) == 2; }, "Nf6");
    CHECK(reply.at("draw_offered") == false);

    server.restart(); // kill -9, then the same binary on the same database and port

    // Both players of both tables are back; the restored states show what stood.
    auto back_at = [&](SeatedGame& game) {
        auto white = std::make_unique<WsTestClient>();
        auto black = std::make_unique<WsTestClient>();
        white->connect(server.port());
        black->connect(server.port());
        white->resume(game.white_token);
        black->resume(game.black_token);
        json white_state = white->request({{"type", "watch_table"}, {"table", game.table}});
        json black_state = black->request({{"type", "watch_table"}, {"table", game.table}});
        REQUIRE(black_state.at("type") == "table_state");
        game.white = std::move(white);
        game.black = std::move(black);
        return std::make_pair(white_state, black_state);
    };
    auto [a_white, a_black] = back_at(standing);
    CHECK(a_white.at("draw_offer") == "white");
    CHECK(a_black.at("draw_offer") == "white");
    CHECK(a_black.at("to_move") == "white");
    auto [b_white, b_black] = back_at(lapsed);
    CHECK(b_white.at("draw_offer").is_null());
    CHECK(b_black.at("draw_offer").is_null());

    // The standing offer can be accepted; the lapsed one cannot.
    CHECK(standing.act("white", "accept_draw").at("code") == "no_draw_offer"); // one's own offer
    CHECK(standing.act("black", "accept_draw").at("type") == "ok");
    json over = standing.white->receive_until("game_over", standing.table);
    CHECK(over.at("result") == "1/2-1/2");
    CHECK(over.at("termination") == "agreement");
    CHECK(lapsed.act("white", "accept_draw").at("code") == "no_draw_offer");
    CHECK(lapsed.act("black", "accept_draw").at("code") == "no_draw_offer");
    lapsed.white->send({{"type", "move"}, {"table", lapsed.table}, {"move", "g3"}});
    CHECK(lapsed.black->receive_until("move", lapsed.table).at("ply") == 3);
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

TEST_CASE("kill -9 and restart: new table and game ids lie above every id handed out before, stored or not",
          "[server][process][slow_start][ids]")
{
    ChildServer server;
    auto game = SeatedGame::start(server.port(), "5+3");
    const auto game_id = game.started.at("game_id").get<std::int64_t>();
    // A table that stores nothing: opened, never played at.
    WsTestClient lonely;
    lonely.connect(server.port());
    lonely.hello("Einsam");
    REQUIRE(lonely.request({{"type", "enter_room"}, {"room", 34}}).at("type") == "room");
    json opened = lonely.request({{"type", "open_table"}, {"room", 34}, {"time_control", "untimed"}});
    REQUIRE(opened.at("type") == "ok");
    const auto unstored_table = opened.at("table").get<std::int64_t>();
    CHECK(unstored_table > game.table);

    server.restart(); // kill -9, then the same binary on the same database and port

    auto again = SeatedGame::start(server.port(), "5+3", "Anna", "Bert");
    CHECK(again.table > unstored_table);
    CHECK(again.started.at("game_id").get<std::int64_t>() > game_id);
}

TEST_CASE("kill -9 during a rated game's end: the result and both rating changes are kept together or not at all",
          "[server][process][slow_start][ratings]")
{
    ChildServer server;
    const std::string password = "Geheimnis-42";
    auto log_in = [&](WsTestClient& client, const std::string& nick, bool first) {
        client.connect(server.port());
        const json hello = first ? client.request({{"type", "register"}, {"nick", nick}, {"password", password}})
                                 : client.request({{"type", "hello"}, {"nick", nick}, {"password", password}});
        REQUIRE(hello.at("type") == "hello_ok");
        REQUIRE(client.request({{"type", "enter_room"}, {"room", 34}}).at("type") == "room");
    };
    auto games_of = [&](const std::string& nick) {
        const HttpReply reply = http_get(server.port(), "/api/players/" + nick);
        REQUIRE(reply.status == 200);
        return json::parse(reply.body).at("ratings").at("blitz").at("games").get<int>();
    };
    int rated_games = 0;
    int kept = 0, lost = 0; // how the kills fell: after the commit, or before it
    // Kills at several moments after the mating move is sent, so that some land before the
    // game's end is committed and some after.
    for (const int delay_ms : {0, 1, 3, 8, 30}) {
        INFO("killed " << delay_ms << " ms after the mating move");
        auto anna = std::make_unique<WsTestClient>();
        auto bert = std::make_unique<WsTestClient>();
        log_in(*anna, "Anna", rated_games == 0 && kept + lost == 0);
        log_in(*bert, "Bert", rated_games == 0 && kept + lost == 0);
        const json opened = anna->request(
            {{"type", "open_table"}, {"room", 34}, {"time_control", "3+2"}, {"color", "white"}, {"rated", true}});
        REQUIRE(opened.at("type") == "ok");
        const std::int64_t table = opened.at("table");
        REQUIRE(bert->request({{"type", "join_table"}, {"table", table}}).at("type") == "ok");
        const std::int64_t game = anna->receive_until("game_started", table).at("game_id");
        const std::vector<std::string> moves{"f3", "e5", "g4"};
        for (std::size_t i = 0; i < moves.size(); ++i) {
            (i % 2 == 0 ? *anna : *bert).send({{"type", "move"}, {"table", table}, {"move", moves[i]}});
            anna->receive_until("move", table);
            bert->receive_until("move", table);
        }
        bert->send({{"type", "move"}, {"table", table}, {"move", "Qh4#"}});
        std::this_thread::sleep_for(std::chrono::milliseconds(delay_ms));
        server.restart();

        const json stored = json::parse(http_get(server.port(), "/api/games/" + std::to_string(game)).body);
        const bool ended = !stored.at("result").is_null();
        CHECK(ended == !stored.at("rating_changes").is_null());
        CHECK(games_of("Anna") == rated_games + (ended ? 1 : 0));
        CHECK(games_of("Bert") == rated_games + (ended ? 1 : 0));
        if (ended) {
            ++kept;
            CHECK(stored.at("result") == "0-1");
        } else {
            ++lost;
            // Not stored: the game is restored as it was, and the mate is played again.
            anna = std::make_unique<WsTestClient>();
            bert = std::make_unique<WsTestClient>();
            log_in(*anna, "Anna", false);
            log_in(*bert, "Bert", false);
            REQUIRE(anna->request({{"type", "watch_table"}, {"table", table}}).at("moves").size() == 3);
            REQUIRE(bert->request({{"type", "watch_table"}, {"table", table}}).at("moves").size() == 3);
            bert->send({{"type", "move"}, {"table", table}, {"move", "Qh4#"}});
            CHECK(anna->receive_until("rating_change", table).at("game") == game);
        }
        ++rated_games;
        // Once, never twice: a restart after the end changes nothing.
        server.restart();
        CHECK(games_of("Anna") == rated_games);
        CHECK(games_of("Bert") == rated_games);
    }
    WARN("kills after the commit: " << kept << ", before it: " << lost);
}

TEST_CASE("kill -9 and restart: a room's recent chat is read back from the store for newcomers", "[server][process]")
{
    ChildServer server;
    {
        WsTestClient anna;
        anna.connect(server.port());
        anna.hello("Anna");
        anna.request({{"type", "enter_room"}, {"room", 34}});
        const json opened = anna.request({{"type", "open_table"}, {"room", 34}, {"time_control", "untimed"}});
        // Table chat in the room's table: not among the room's lines.
        REQUIRE(
            anna.request({{"type", "table_chat"}, {"table", opened.at("table")}, {"text", "am Tisch"}}).at("type") ==
            "ok");
        for (const std::string text : {"erste Zeile", "<i>zweite</i> Zeile"})
            REQUIRE(anna.request({{"type", "room_chat"}, {"room", 34}, {"text", text}}).at("type") == "ok");
        anna.request({{"type", "enter_room"}, {"room", 35}});
        REQUIRE(anna.request({{"type", "room_chat"}, {"room", 35}, {"text", "nebenan"}}).at("type") == "ok");
    }
    server.restart(); // kill -9, then the same binary on the same database and port

    WsTestClient newcomer;
    newcomer.connect(server.port());
    const json chat = newcomer.request({{"type", "enter_room"}, {"room", 34}}).at("chat");
    REQUIRE(chat.size() == 2); // oldest first, the room's own lines only
    CHECK(chat[0].at("from") == "Anna");
    CHECK(chat[0].at("text") == "erste Zeile");
    CHECK(chat[1].at("text") == "<i>zweite</i> Zeile");
    CHECK(chat[1].at("at_ms").get<std::int64_t>() >= chat[0].at("at_ms").get<std::int64_t>());
    const json next_door = newcomer.request({{"type", "enter_room"}, {"room", 35}}).at("chat");
    REQUIRE(next_door.size() == 1);
    CHECK(next_door[0].at("text") == "nebenan");
}
