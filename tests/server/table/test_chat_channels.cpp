// The table chat's two channels during a game (server/table/table_chat.cpp, docs/protocol.md
// "table_chat"): a spectator's line reaches the spectators and never a seat while the game runs;
// a player's line reaches everyone; before and after the game there is one channel. Over real
// sockets against a running server, and as stored for the admin's game log.
#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>

#include "db/sqlite/sqlite_store.h"
#include "db/store_reader.h"
#include "server/cluster/memory_bus.h"
#include "tests/server/cluster_fixture.h"
#include "tests/server/room_events.h"
#include "tests/server/seated_game.h"
#include "tests/server/server_fixture.h"
#include "tests/server/ws_test_client.h"

using namespace rochade;
using namespace rochade::test;

namespace {

// A spectator of `game`: in its room, watching its table.
std::unique_ptr<WsTestClient> spectator(std::uint16_t port, const SeatedGame& game, const std::string& nick)
{
    auto client = std::make_unique<WsTestClient>();
    client->connect(port);
    client->hello(nick);
    REQUIRE(client->request({{"type", "enter_room"}, {"room", game.room}}).at("type") == "room");
    REQUIRE(client->request({{"type", "watch_table"}, {"table", game.table}}).at("type") == "table_state");
    return client;
}

json say(WsTestClient& client, std::int64_t table, const std::string& text)
{
    return client.request({{"type", "table_chat"}, {"table", table}, {"text", text}});
}

bool is_chat(const json& frame) { return frame.value("type", "") == "table_chat"; }

} // namespace

TEST_CASE("chat channels: during the game a spectator's line never reaches a seat, after it everyone",
          "[server][table_chat]")
{
    InProcessServer server;
    auto game = SeatedGame::start(server.port());
    auto kiebitz = spectator(server.port(), game, "Kiebitz");
    auto zaungast = spectator(server.port(), game, "Zaungast");

    // The spectators' channel: both spectators see it, without a seq; it is stored (ok). Every
    // line says when the server took it (Unix ms), so a line replayed later keeps its time.
    const auto unix_ms = [] {
        return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
            .count();
    };
    const auto before = unix_ms();
    REQUIRE(say(*kiebitz, game.table, "Sf3 gewinnt!").at("type") == "ok");
    const auto after = unix_ms();
    for (WsTestClient* watcher : {kiebitz.get(), zaungast.get()}) {
        const json line = watcher->receive_until("table_chat", game.table);
        CHECK(line.at("channel") == "spectators");
        CHECK(line.at("from") == "Kiebitz");
        CHECK(line.at("text") == "Sf3 gewinnt!");
        CHECK_FALSE(line.contains("seq"));
        CHECK(line.at("at").get<std::int64_t>() >= before);
        CHECK(line.at("at").get<std::int64_t>() <= after);
    }

    // The players' channel: everyone at the table, numbered. Each player's first chat frame is
    // this one: the spectator's line, sent before it, never came.
    REQUIRE(say(*game.white, game.table, "Viel Glück").at("type") == "ok");
    for (WsTestClient* client : {game.white.get(), game.black.get(), kiebitz.get(), zaungast.get()}) {
        const json line = client->receive_until("table_chat", game.table);
        CHECK(line.at("channel") == "players");
        CHECK(line.at("from") == "Weiss");
        CHECK(line.at("seq") == game.last_seq + 1);
    }
    game.last_seq += 1;

    // The seats' seqs go on without a hole (play() checks each move's seq is the next one).
    REQUIRE(say(*zaungast, game.table, "Jetzt e4, los").at("type") == "ok");
    CHECK_NOTHROW(game.play({"e4", "e5"}));
    for (WsTestClient* player : {game.white.get(), game.black.get()}) {
        const auto frames = player->drain(200ms);
        CHECK(std::none_of(frames.begin(), frames.end(), is_chat));
    }
    for (WsTestClient* watcher : {kiebitz.get(), zaungast.get()})
        CHECK(watcher->receive_until("table_chat", game.table).at("text") == "Jetzt e4, los");

    // After the game: one channel, a spectator's line reaches the players too.
    REQUIRE(game.act("white", "resign").at("type") == "ok");
    for (WsTestClient* client : {game.white.get(), game.black.get(), kiebitz.get()})
        client->receive_until("game_over", game.table);
    REQUIRE(say(*kiebitz, game.table, "Gut gespielt").at("type") == "ok");
    for (WsTestClient* client : {game.white.get(), game.black.get(), kiebitz.get(), zaungast.get()}) {
        const json line = client->receive_until("table_chat", game.table);
        CHECK(line.at("channel") == "table");
        CHECK(line.at("text") == "Gut gespielt");
        CHECK(line.contains("seq"));
    }

    // The game log keeps the channels: the spectators' lines as spectator_chat.
    const auto log =
        db::open_sqlite_reader(server.config().db_path)->game_log(game.started.at("game_id").get<std::int64_t>());
    REQUIRE(log);
    std::vector<std::pair<std::string, std::string>> chat; // channel, text
    for (const auto& event : log->events) {
        if (event.kind != db::TableEventKind::TableChat && event.kind != db::TableEventKind::SpectatorChat) continue;
        const json detail = json::parse(event.detail_json);
        CHECK((event.kind == db::TableEventKind::SpectatorChat) == (detail.at("channel") == "spectators"));
        chat.emplace_back(detail.at("channel"), detail.at("text"));
    }
    CHECK(chat == std::vector<std::pair<std::string, std::string>>{{"spectators", "Sf3 gewinnt!"},
                                                                   {"players", "Viel Glück"},
                                                                   {"spectators", "Jetzt e4, los"},
                                                                   {"table", "Gut gespielt"}});
    // The public archive shows neither channel: chat was said to the table, not to the world.
    const auto archived = http_get(server.port(), "/api/games/" + game.started.at("game_id").dump());
    REQUIRE(archived.status == 200);
    const json archived_game = json::parse(archived.body); // kept: the loop reads into it
    for (const json& event : archived_game.at("events")) {
        CHECK(event.at("kind") != "table_chat");
        CHECK(event.at("kind") != "spectator_chat");
    }
}

TEST_CASE("chat channels: a spectator's lines are not among the events a reconnecting player catches up on",
          "[server][table_chat]")
{
    InProcessServer server;
    auto game = SeatedGame::start(server.port());
    auto kiebitz = spectator(server.port(), game, "Kiebitz");
    const auto seen = game.last_seq;
    REQUIRE(say(*kiebitz, game.table, "Dame opfern!").at("type") == "ok");
    REQUIRE(say(*game.black, game.table, "Hallo").at("type") == "ok");
    const json state = game.white->request({{"type", "watch_table"}, {"table", game.table}, {"since", seen}});
    REQUIRE(state.at("type") == "table_state");
    CHECK(state.at("seq") == seen + 1);
    REQUIRE(state.at("missed").size() == 1);
    CHECK(state.at("missed")[0].at("text") == "Hallo");
}

TEST_CASE("chat channels: across a cluster a spectator's line passes by a player on the spectator's own node",
          "[server][table_chat][cluster]")
{
    test::Cluster cluster; // the nodes' bus, as every cluster test sets it up (cluster_fixture.h)
    auto node = [&](const std::string& name, const std::string& db_path) { return cluster.node(name, db_path); };
    auto one = node("n1", "");
    auto two = node("n2", one->config().db_path);
    // Bert's table is on node 1; Carl (Black) and Zoe (a spectator) are clients of node 2, so
    // the table reaches both of them through one message to node 2.
    WsTestClient bert, carl, zoe;
    bert.connect(one->port());
    carl.connect(two->port());
    zoe.connect(two->port());
    bert.hello("Bert");
    carl.hello("Carl");
    zoe.hello("Zoe");
    for (auto* client : {&bert, &carl, &zoe}) client->request({{"type", "enter_room"}, {"room", 34}});
    const std::int64_t table =
        bert.request({{"type", "open_table"}, {"room", 34}, {"time_control", "untimed"}, {"color", "white"}})
            .at("table");
    test::receive_table_listed(carl, table);
    REQUIRE(carl.request({{"type", "join_table"}, {"table", table}}).at("type") == "ok");
    bert.receive_until("game_started", table);
    carl.receive_until("game_started", table);
    test::receive_table_listed(zoe, table);
    REQUIRE(zoe.request({{"type", "watch_table"}, {"table", table}}).at("type") == "table_state");

    REQUIRE(say(zoe, table, "Dh5!").at("type") == "ok");
    CHECK(zoe.receive_until("table_chat", table).at("channel") == "spectators");
    REQUIRE(say(bert, table, "Viel Glück").at("type") == "ok");
    // Each player's first chat frame is Bert's: Zoe's never came, on either node.
    for (WsTestClient* player : {&bert, &carl}) {
        const json line = player->receive_until("table_chat", table);
        CHECK(line.at("text") == "Viel Glück");
        CHECK(line.at("channel") == "players");
    }
    CHECK(zoe.receive_until("table_chat", table).at("text") == "Viel Glück");
}
