// A tournament's room in the lobby over real sockets (issue 28 §1, Gravon's way): the event's
// view names its room, which stands under the event's name from its creation on; players and
// watchers enter it and chat there; its boards' tables stand in it; a number of the
// tournaments' range that no event holds open cannot be opened by a player; a restart holds the
// room open again; once the event is over the room closes when the last one has left.
#include <chrono>
#include <string>
#include <thread>

#include <catch2/catch.hpp>

#include "protocol/tournament_room.h"
#include "tests/server/server_fixture.h"
#include "tests/server/tournaments/tourney_steps.h"
#include "tests/server/ws_test_client.h"

using namespace rochade;
using namespace rochade::test;

namespace {

json enter(WsTestClient& client, std::int64_t room) { return client.request({{"type", "enter_room"}, {"room", room}}); }

bool lists_table(const json& room, std::int64_t table)
{
    for (const auto& listed : room.at("tables"))
        if (listed.at("table") == table) return true;
    return false;
}

} // namespace

TEST_CASE("tournament room: named for its event, entered and chatted in, its boards' tables stand in it, held open "
          "across a restart, closed after the end",
          "[server][tournament][room]")
{
    TempDir dir;
    const std::string db_path = (dir.path() / "room.db").string();
    const auto on_that_store = [&](server::ServerConfig& config) {
        config.db_path = db_path;
        config.reconnect_grace_ms = 300;
        config.tournament_round_pause_ms = 50;
    };
    std::int64_t id = 0, room = 0, table = 0;
    std::string white_nick;
    {
        InProcessServer server(on_that_store);
        WsTestClient director, anna, bert, guest;
        tourney_account(director, server, "Leiterin", protocol::Role::Director);
        tourney_account(anna, server, "Anna");
        tourney_account(bert, server, "Bert");
        guest.connect(server.port());
        REQUIRE(guest.request({{"type", "hello"}, {"nick", "Gast"}}).at("type") == "hello_ok");

        id = tourney_create(director, {{"rounds", 1}});
        room = tourney_show(director, id).at("room");
        CHECK(room == protocol::tournament_room(id));

        // Listed under the event's name before anyone is in it; entered by a player.
        const json rooms = guest.request({{"type", "list_rooms"}});
        bool listed = false;
        for (const auto& summary : rooms.at("rooms"))
            if (summary.at("room") == room) listed = summary.at("name") == "Turnier: Winter Swiss";
        CHECK(listed);
        const json entered = enter(anna, room);
        INFO(entered.dump());
        REQUIRE(entered.at("type") == "room");
        CHECK(entered.at("name") == "Turnier: Winter Swiss");

        // A number of the tournaments' range that no event holds cannot be opened.
        check_refused(enter(guest, protocol::tournament_room(id + 1000)), "no_such_room",
                      "is the room of tournament " + std::to_string(id + 1000) + ", which is not open");

        // Its chat: heard by the members.
        REQUIRE(enter(bert, room).at("type") == "room");
        REQUIRE(anna.request({{"type", "room_chat"}, {"room", room}, {"text", "Viel Glück!"}}).at("type") == "ok");
        const json heard = bert.receive_until("room_chat");
        CHECK(heard.at("room") == room);
        CHECK(heard.at("from") == "Anna");
        CHECK(heard.at("text") == "Viel Glück!");

        // The board's table stands in the event's room: a watcher entering sees it.
        REQUIRE(tourney_join(anna, id).at("type") == "ok");
        REQUIRE(tourney_join(bert, id).at("type") == "ok");
        const json board = round_of(tourney_start(director, id), 1).at("boards")[0];
        table = board.at("table");
        white_nick = board.at("white");
        const json watched = enter(guest, room);
        INFO(watched.dump());
        REQUIRE(watched.at("type") == "room");
        CHECK(lists_table(watched, table));
        auto& white = white_nick == "Anna" ? anna : bert;
        white.receive_until("game_started", table);
        REQUIRE(white.request({{"type", "move"}, {"table", table}, {"move", "e4"}}).at("type") == "ok");
    }

    // After a restart the room stands again, with the restored table in it.
    InProcessServer again(on_that_store);
    WsTestClient director, white, black;
    director.connect(again.port());
    REQUIRE(director.request({{"type", "hello"}, {"nick", "Leiterin"}, {"password", tourney_password}}).at("type") ==
            "hello_ok");
    const json back = enter(director, room);
    INFO(back.dump());
    REQUIRE(back.at("type") == "room");
    CHECK(back.at("name") == "Turnier: Winter Swiss");
    CHECK(lists_table(back, table));
    // What was said before the restart is read back from the store.
    REQUIRE(back.at("chat").size() == 1);
    CHECK(back.at("chat")[0].at("from") == "Anna");
    CHECK(back.at("chat")[0].at("text") == "Viel Glück!");
    REQUIRE(director.request({{"type", "room_chat"}, {"room", room}, {"text", "Weiter geht's"}}).at("type") == "ok");

    // The game ends, and with it the event; once everyone has left the room, it is closed.
    const std::string black_nick = white_nick == "Anna" ? "Bert" : "Anna";
    for (auto* client : {&white, &black}) {
        client->connect(again.port());
        const std::string nick = client == &white ? white_nick : black_nick;
        REQUIRE(client->request({{"type", "hello"}, {"nick", nick}, {"password", tourney_password}}).at("type") ==
                "hello_ok");
        REQUIRE(client->request({{"type", "watch_table"}, {"table", table}}).at("type") == "table_state");
    }
    REQUIRE(tourney_show(director, id).at("state") == "running");
    REQUIRE(black.request({{"type", "resign"}, {"table", table}}).at("type") == "ok");
    tourney_update_until(
        director, id, [](const json& t) { return t.at("state") == "finished"; }, "the end");
    for (auto* client : {&white, &black})
        REQUIRE(client->request({{"type", "leave_table"}, {"table", table}}).at("type") == "ok");
    // Still standing for the director inside it; he can chat on after the end.
    REQUIRE(director.request({{"type", "room_chat"}, {"room", room}, {"text", "Danke!"}}).at("type") == "ok");
    REQUIRE(director.request({{"type", "leave_room"}, {"room", room}}).at("type") == "ok");
    // The finished game's table leaves the room once its players have stood up.
    json closed;
    for (int attempt = 0; attempt < 50; ++attempt) {
        closed = enter(white, room);
        if (closed.at("type") == "error") break;
        REQUIRE(white.request({{"type", "leave_room"}, {"room", room}}).at("type") == "ok");
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    check_refused(closed, "no_such_room", "which is not open");
}
