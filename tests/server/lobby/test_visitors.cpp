// A visitor: a connection that has not said hello sees the club (the listed rooms, their members
// and tables, a running game) and is refused everything that would change it, on the server.
#include <string>

#include <catch2/catch.hpp>

#include "tests/server/cluster_fixture.h"
#include "tests/server/seated_game.h"
#include "tests/server/server_fixture.h"

using namespace rochade::test;

namespace {

// The room_presence or room_tables frame of `room` that `match` accepts.
json room_frame(
    WsTestClient& client, const std::string& type, std::int64_t room,
    const std::function<bool(const json&)>& match = [](const json&) { return true; })
{
    return client.receive_matching(
        [&](const json& frame) { return frame.at("type") == type && frame.value("room", 0) == room && match(frame); },
        type + " of room " + std::to_string(room));
}

} // namespace

TEST_CASE("a visitor lists the rooms with true counts, looks into one and watches its game", "[server][lobby][visitor]")
{
    InProcessServer server;
    auto game = SeatedGame::start(server.port(), "5+3", "Weiss", "Schwarz");
    game.play({"e4", "e5"});

    WsTestClient visitor;
    visitor.connect(server.port());
    const json rooms = visitor.request({{"type", "list_rooms"}});
    REQUIRE(rooms.at("type") == "rooms");
    json hall;
    for (const auto& room : rooms.at("rooms"))
        if (room.at("room") == 34) hall = room;
    REQUIRE(hall.is_object());
    CHECK(hall.at("members") == 2); // the two players; a visitor is no member
    CHECK(hall.at("tables") == 1);

    const json room = visitor.request({{"type", "enter_room"}, {"room", 34}});
    REQUIRE(room.at("type") == "room");
    CHECK(room.at("member_count") == 2);
    CHECK(room.at("members") == json::array({"Schwarz", "Weiss"}));
    REQUIRE(room.at("tables").size() == 1);
    CHECK(room.at("tables")[0].at("status") == "playing");
    // Looking in counts nobody: the list says two still.
    const json room_list = visitor.request({{"type", "list_rooms"}}); // kept: the loop reads into it
    for (const auto& listed : room_list.at("rooms"))
        if (listed.at("room") == 34) CHECK(listed.at("members") == 2);
    const json page = visitor.request({{"type", "room_members"}, {"room", 34}});
    CHECK(page.at("members") == json::array({"Schwarz", "Weiss"}));

    const json state = visitor.request({{"type", "watch_table"}, {"table", game.table}});
    REQUIRE(state.at("type") == "table_state");
    CHECK(state.at("moves").size() == 2);
    // The next move reaches the visitor too, and so does the room's news and chat.
    game.play({"Nf3"});
    CHECK(visitor.receive_until("move", game.table).at("san") == "Nf3");
    CHECK(game.white->request({{"type", "room_chat"}, {"room", 34}, {"text", "Guten Abend"}}).at("type") == "ok");
    CHECK(visitor.receive_until("room_chat").at("text") == "Guten Abend");
    WsTestClient carla;
    carla.connect(server.port());
    carla.hello("Carla");
    carla.request({{"type", "enter_room"}, {"room", 34}});
    room_frame(visitor, "room_presence", 34, [](const json& frame) {
        return frame.at("members") == json::array({"Carla", "Schwarz", "Weiss"});
    });

    // Stop watching, stop looking: no more of either.
    CHECK(visitor.request({{"type", "leave_table"}, {"table", game.table}}).at("type") == "ok");
    CHECK(visitor.request({{"type", "leave_room"}, {"room", 34}}).at("type") == "ok");
    visitor.drain(200ms);
    game.play({"Nc6"});
    carla.request({{"type", "room_chat"}, {"room", 34}, {"text", "noch da?"}});
    for (const auto& frame : visitor.drain(300ms)) {
        CHECK(frame.at("type") != "move");
        CHECK(frame.at("type") != "room_chat");
    }
    CHECK(visitor.request({{"type", "leave_room"}, {"room", 34}}).at("code") == "not_in_room");
}

TEST_CASE("a visitor may not chat, sit, open tables, open rooms or act in a game", "[server][lobby][visitor]")
{
    InProcessServer server;
    auto game = SeatedGame::start(server.port(), "5+3", "Weiss", "Schwarz");
    WsTestClient host;
    host.connect(server.port());
    host.hello("Gastgeber");
    host.request({{"type", "enter_room"}, {"room", 34}});
    const json opened = host.request({{"type", "open_table"}, {"room", 34}, {"time_control", "5+3"}});
    REQUIRE(opened.at("type") == "ok");
    const std::int64_t waiting = opened.at("table");

    WsTestClient visitor;
    visitor.connect(server.port());
    // Watching needs the room, as for a player: looked into first.
    CHECK(visitor.request({{"type", "watch_table"}, {"table", game.table}}).at("code") == "not_in_room");
    REQUIRE(visitor.request({{"type", "enter_room"}, {"room", 34}}).at("type") == "room");
    REQUIRE(visitor.request({{"type", "watch_table"}, {"table", game.table}}).at("type") == "table_state");

    const std::vector<json> refused{
        {{"type", "room_chat"}, {"room", 34}, {"text", "Tipp: Dame opfern"}},
        {{"type", "table_chat"}, {"table", game.table}, {"text", "Tipp: Dame opfern"}},
        {{"type", "whisper"}, {"to", "Weiss"}, {"text", "Tipp"}},
        {{"type", "open_table"}, {"room", 34}, {"time_control", "5+3"}},
        {{"type", "join_table"}, {"table", waiting}},
        {{"type", "move"}, {"table", game.table}, {"move", "e4"}},
        {{"type", "resign"}, {"table", game.table}},
        {{"type", "offer_draw"}, {"table", game.table}},
        {{"type", "rematch"}, {"table", game.table}},
        {{"type", "notice"}, {"text", "Hallo alle"}},
        {{"type", "logout"}},
        {{"type", "change_password"}, {"password", "altes-passwort"}, {"new_password", "neues-passwort"}},
    };
    for (const auto& request : refused) {
        INFO(request.dump());
        const json reply = visitor.request(request);
        CHECK(reply.at("code") == "not_greeted");
        CHECK_THAT(reply.at("message").get<std::string>(),
                   Catch::StartsWith(request.at("type").get<std::string>() + ": a visitor may only look"));
    }
    // Nothing of it reached anyone: the players heard no chat, the game is as it was.
    for (const auto& frame : game.white->drain(200ms)) {
        CHECK(frame.at("type") != "table_chat");
        CHECK(frame.at("type") != "room_chat");
        CHECK(frame.at("type") != "whisper");
    }
    CHECK(game.white->request({{"type", "move"}, {"table", game.table}, {"move", "e4"}}).at("type") == "ok");

    // No room is opened by looking, and a secret one is not looked into.
    const json unknown = visitor.request({{"type", "enter_room"}, {"room", 4711}});
    CHECK(unknown.at("code") == "not_greeted");
    CHECK_THAT(unknown.at("message").get<std::string>(), Catch::Contains("listed rooms only"));
    host.request({{"type", "enter_room"}, {"room", -5}});
    CHECK(visitor.request({{"type", "enter_room"}, {"room", -5}}).at("code") == "not_greeted");
    const json listed_rooms = visitor.request({{"type", "list_rooms"}}); // kept: the loop reads into it
    for (const auto& listed : listed_rooms.at("rooms")) CHECK(listed.at("room") != 4711);

    // Said hello, the same connection is a player with a player's rights, once.
    CHECK(visitor.request({{"type", "hello"}, {"nick", "Neugierig"}}).at("type") == "hello_ok");
    CHECK(visitor.request({{"type", "enter_room"}, {"room", 34}}).at("type") == "room");
    CHECK(visitor.request({{"type", "room_chat"}, {"room", 34}, {"text", "Hallo"}}).at("type") == "ok");
    int heard = 0;
    for (const auto& frame : visitor.drain(300ms))
        if (frame.at("type") == "room_chat" && frame.at("text") == "Hallo") ++heard;
    CHECK(heard == 1); // as a member only, no longer as an onlooker too
}

TEST_CASE("a visitor who closes is forgotten by the table it watched", "[server][lobby][visitor]")
{
    InProcessServer server;
    auto game = SeatedGame::start(server.port(), "5+3", "Weiss", "Schwarz");
    {
        WsTestClient visitor;
        visitor.connect(server.port());
        visitor.request({{"type", "enter_room"}, {"room", 34}});
        visitor.request({{"type", "watch_table"}, {"table", game.table}});
        game.white->receive_matching(
            [&](const json& frame) { return frame.at("type") == "spectators" && frame.at("count") == 1; },
            "spectators 1");
        visitor.close();
    }
    game.white->receive_matching(
        [&](const json& frame) { return frame.at("type") == "spectators" && frame.at("count") == 0; }, "spectators 0");
}

TEST_CASE("in a cluster a visitor watches a game of another node, and after hello sits there as itself",
          "[server][cluster][visitor]")
{
    Cluster cluster;
    auto one = cluster.node("n1");
    auto two = cluster.node("n2", one->config().db_path);
    WsTestClient weiss, schwarz, carla;
    hello_at(weiss, *one, "Weiss");
    hello_at(schwarz, *one, "Schwarz");
    hello_at(carla, *one, "Carla");
    for (auto* player : {&weiss, &schwarz, &carla}) player->request({{"type", "enter_room"}, {"room", 34}});
    const std::int64_t running =
        weiss.request({{"type", "open_table"}, {"room", 34}, {"time_control", "5+3"}, {"color", "white"}}).at("table");
    REQUIRE(schwarz.request({{"type", "join_table"}, {"table", running}}).at("type") == "ok");
    const std::int64_t waiting =
        carla.request({{"type", "open_table"}, {"room", 34}, {"time_control", "5+3"}, {"color", "white"}}).at("table");

    WsTestClient visitor;
    visitor.connect(two->port());
    const json room = visitor.request({{"type", "enter_room"}, {"room", 34}});
    REQUIRE(room.at("type") == "room");
    // Node two has heard of both tables: in the room's answer already, or in a batch after it
    // (which one depends on when the bus brought Carla's table; a loaded machine saw both).
    bool listed = false;
    for (const json& summary : room.at("tables")) listed = listed || summary.at("table") == waiting;
    if (!listed) room_tables_with(visitor, waiting);
    const json state = visitor.request({{"type", "watch_table"}, {"table", running}});
    REQUIRE(state.at("type") == "table_state");
    CHECK(weiss.request({{"type", "move"}, {"table", running}, {"move", "e4"}}).at("type") == "ok");
    CHECK(visitor.receive_until("move", running).at("san") == "e4");
    // Still a visitor there: the owner node refuses nothing it should not get, because nothing
    // but watching and leaving is sent on.
    CHECK(visitor.request({{"type", "move"}, {"table", running}, {"move", "e5"}}).at("code") == "not_greeted");

    // Said hello on node two, the same connection joins Carla's table on node one as "Neu".
    REQUIRE(visitor.request({{"type", "hello"}, {"nick", "Neu"}}).at("type") == "hello_ok");
    REQUIRE(visitor.request({{"type", "enter_room"}, {"room", 34}}).at("type") == "room");
    REQUIRE(visitor.request({{"type", "join_table"}, {"table", waiting}}).at("type") == "ok");
    const json started = carla.receive_until("game_started", waiting);
    CHECK(started.at("white") == "Carla");
    CHECK(started.at("black") == "Neu");
    CHECK(visitor.request({{"type", "move"}, {"table", waiting}, {"move", "e5"}}).at("code") == "not_your_turn");
}
