// The lobby on the real server: nicks, rooms (configured, ad-hoc, secret), room chat,
// whispers, spectators and table chat.
#include <algorithm>
#include <chrono>
#include <string>
#include <thread>

#include <catch2/catch.hpp>

#include "tests/server/seated_game.h"
#include "tests/server/server_fixture.h"

using namespace rochade::test;

namespace {

bool lists_room(const json& rooms_reply, std::int64_t room)
{
    const auto& rooms = rooms_reply.at("rooms");
    return std::any_of(rooms.begin(), rooms.end(), [&](const json& r) { return r.at("room") == room; });
}

// Waits until /health counts `expected` WebSocket connections: the server counts a connection
// until its close has been handed to the lobby and the tables.
void wait_for_connections(std::uint16_t port, std::int64_t expected)
{
    const auto deadline = std::chrono::steady_clock::now() + 3s;
    std::int64_t counted = -1;
    while (std::chrono::steady_clock::now() < deadline) {
        counted = json::parse(http_get(port, "/health").body).at("connections").get<std::int64_t>();
        if (counted == expected) return;
        std::this_thread::sleep_for(10ms); // polling the server: there is no event to wait on
    }
    FAIL("/health counts " << counted << " connections, not " << expected);
}

} // namespace

TEST_CASE("nick rules", "[server][lobby]")
{
    InProcessServer server;
    WsTestClient first;
    first.connect(server.port());

    SECTION("letters with umlauts, digits, '_' and '-' are accepted")
    {
        json reply = first.request({{"type", "hello"}, {"nick", "Jürgen_Müß-2"}});
        CHECK(reply.at("type") == "hello_ok");
        CHECK(reply.at("nick") == "Jürgen_Müß-2");
        CHECK(reply.at("resumed") == false);
        CHECK_FALSE(reply.at("resume_token").get<std::string>().empty());
    }
    SECTION("a nick taken by someone online is refused, whatever its case")
    {
        first.hello("Anna");
        WsTestClient second;
        second.connect(server.port());
        CHECK(second.request({{"type", "hello"}, {"nick", "anna"}}).at("code") == "nick_taken");
        CHECK(second.request({{"type", "hello"}, {"nick", "Anna"}}).at("code") == "nick_taken");
        CHECK(second.request({{"type", "hello"}, {"nick", "Berta"}}).at("type") == "hello_ok");
    }
    SECTION("invalid nicks")
    {
        auto nick = GENERATE(as<std::string>{}, "A", "has space", "x!y", "abcdefghijklmnopqrstu", "ab\u00a0c");
        CAPTURE(nick);
        CHECK(first.request({{"type", "hello"}, {"nick", nick}}).at("code") == "invalid_nick");
    }
    SECTION("an empty nick without a resume token")
    {
        json reply = first.request({{"type", "hello"}, {"nick", ""}});
        CHECK(reply.at("type") == "error");
        CHECK((reply.at("code") == "invalid_nick" || reply.at("code") == "bad_request"));
    }
    SECTION("before hello only ping and a visitor's looking (test_visitors.cpp)")
    {
        CHECK(first.request({{"type", "room_chat"}, {"room", 34}, {"text", "hallo"}}).at("code") == "not_greeted");
        CHECK(first.request({{"type", "list_rooms"}}).at("type") == "rooms");
        CHECK(first.request({{"type", "ping"}}).at("type") == "pong");
    }
    SECTION("a second hello, and a password for no account")
    {
        CHECK(first.request({{"type", "hello"}, {"nick", "Carla"}, {"password", "x"}}).at("code") == "bad_credentials");
        first.hello("Carla");
        CHECK(first.request({{"type", "hello"}, {"nick", "Dora"}}).at("code") == "already_greeted");
    }
}

TEST_CASE("a connection that closes before its hello is answered is forgotten with its nick", "[server][lobby]")
{
    InProcessServer server;
    WsTestClient host;
    host.connect(server.port());
    host.hello("Gastgeber");
    host.request({{"type", "enter_room"}, {"room", 34}});
    const bool drop_socket = GENERATE(false, true);
    CAPTURE(drop_socket);
    // The close races the hello through the lobby and the database writer; many rounds let it
    // land before and after the hello's completion.
    for (int round = 0; round < 25; ++round) {
        CAPTURE(round);
        {
            WsTestClient hasty;
            hasty.connect(server.port());
            hasty.send({{"type", "hello"}, {"nick", "Eilig"}});
            if (drop_socket)
                hasty.drop();
            else
                hasty.close();
        }
        wait_for_connections(server.port(), 1);
        // Nobody is online as Eilig: an invitation is refused ...
        json invite =
            host.request({{"type", "open_table"}, {"room", 34}, {"time_control", "untimed"}, {"invite", "Eilig"}});
        INFO(invite.dump());
        CHECK(invite.value("code", "") == "no_such_nick");
        // ... and the nick is free.
        WsTestClient next;
        next.connect(server.port());
        json reply = next.request({{"type", "hello"}, {"nick", "eilig"}});
        INFO(reply.dump());
        CHECK(reply.at("type") == "hello_ok");
        next.close();
        wait_for_connections(server.port(), 1);
    }
}

TEST_CASE("rooms: the configured four, members coming and going, room chat", "[server][lobby]")
{
    InProcessServer server;
    WsTestClient anna, bert;
    anna.connect(server.port());
    bert.connect(server.port());
    anna.hello("Anna");
    bert.hello("Bert");

    json rooms = anna.request({{"type", "list_rooms"}});
    REQUIRE(rooms.at("type") == "rooms");
    REQUIRE(rooms.at("rooms").size() == 4);
    CHECK(rooms.at("rooms")[0].at("room") == 34);
    CHECK(rooms.at("rooms")[0].at("name") == "Halle der Koenige");
    CHECK(rooms.at("rooms")[3].at("name") == "Gästezimmer");

    json room = anna.request({{"type", "enter_room"}, {"room", 35}});
    CHECK(room.at("type") == "room");
    CHECK(room.at("name") == "Wohnzimmer der alten Burg");
    CHECK(room.at("secret") == false);
    CHECK(room.at("members") == json::array({"Anna"}));
    CHECK(room.at("member_count") == 1);

    bert.request({{"type", "enter_room"}, {"room", 35}});
    json entered = anna.receive_matching(
        [](const json& frame) { return frame.value("type", "") == "room_presence" && frame.at("member_count") == 2; },
        "room_presence with Bert");
    CHECK(entered.at("room") == 35);
    CHECK(entered.at("members") == json::array({"Anna", "Bert"}));
    CHECK(entered.at("guests") == json::array({"Anna", "Bert"}));

    bert.send({{"type", "room_chat"}, {"room", 35}, {"text", "Grüß Gott"}});
    json chat = anna.receive_until("room_chat");
    CHECK(chat.at("from") == "Bert");
    CHECK(chat.at("text") == "Grüß Gott");
    CHECK(bert.receive_until("room_chat").at("text") == "Grüß Gott");

    CHECK(anna.request({{"type", "room_chat"}, {"room", 36}, {"text", "hallo"}}).at("code") == "not_in_room");
    CHECK(anna.request({{"type", "room_chat"}, {"room", 35}, {"text", ""}}).at("code") == "bad_request");

    bert.request({{"type", "leave_room"}, {"room", 35}});
    json left = anna.receive_matching(
        [](const json& frame) { return frame.value("type", "") == "room_presence" && frame.at("member_count") == 1; },
        "room_presence without Bert");
    CHECK(left.at("members") == json::array({"Anna"}));
    json listed = bert.request({{"type", "list_rooms"}});
    CHECK(listed.at("rooms")[1].at("members") == 1);
}

TEST_CASE("who enters a room reads its last 50 lines of chat, and a closed ad-hoc room forgets them", "[server][lobby]")
{
    InProcessServer server([](auto& config) {
        config.limits.message_burst = 200;
        config.player_limits.chat_messages_per_minute = 100;
    });
    WsTestClient anna, bert, visitor;
    anna.connect(server.port());
    bert.connect(server.port());
    visitor.connect(server.port());
    anna.hello("Anna");
    bert.hello("Bert");

    CHECK(anna.request({{"type", "enter_room"}, {"room", 35}}).at("chat") == json::array());
    for (int line = 1; line <= 52; ++line)
        anna.request({{"type", "room_chat"}, {"room", 35}, {"text", "Zeile " + std::to_string(line)}});
    const json room = bert.request({{"type", "enter_room"}, {"room", 35}});
    const json& chat = room.at("chat");
    REQUIRE(chat.size() == 50);
    CHECK(chat.front().at("text") == "Zeile 3"); // oldest first
    CHECK(chat.back().at("text") == "Zeile 52");
    CHECK(chat.back().at("from") == "Anna");
    CHECK(chat.back().at("at_ms").get<std::int64_t>() >= chat.front().at("at_ms").get<std::int64_t>());
    CHECK(chat.front().at("at_ms").get<std::int64_t>() > 1'700'000'000'000);
    // A visitor looking into a listed room reads it as well.
    CHECK(visitor.request({{"type", "enter_room"}, {"room", 35}}).at("chat").size() == 50);
    // Not what was said in another room.
    CHECK(bert.request({{"type", "enter_room"}, {"room", 36}}).at("chat") == json::array());

    // An ad-hoc room that closed and opened again starts with nothing said.
    anna.request({{"type", "enter_room"}, {"room", 777}});
    anna.request({{"type", "room_chat"}, {"room", 777}, {"text", "allein"}});
    anna.request({{"type", "leave_room"}, {"room", 777}});
    CHECK(bert.request({{"type", "enter_room"}, {"room", 777}}).at("chat") == json::array());
}

TEST_CASE("an ad-hoc room is listed and closes with its last member, a secret room is never listed", "[server][lobby]")
{
    InProcessServer server;
    WsTestClient anna, bert;
    anna.connect(server.port());
    bert.connect(server.port());
    anna.hello("Anna");
    bert.hello("Bert");

    SECTION("ad-hoc")
    {
        json room = anna.request({{"type", "enter_room"}, {"room", 777}});
        CHECK(room.at("type") == "room");
        CHECK(room.at("secret") == false);
        CHECK(lists_room(bert.request({{"type", "list_rooms"}}), 777));
        anna.request({{"type", "leave_room"}, {"room", 777}});
        CHECK_FALSE(lists_room(bert.request({{"type", "list_rooms"}}), 777));
    }
    SECTION("secret")
    {
        json room = anna.request({{"type", "enter_room"}, {"room", -4711}});
        CHECK(room.at("type") == "room");
        CHECK(room.at("secret") == true);
        CHECK_FALSE(lists_room(bert.request({{"type", "list_rooms"}}), -4711));
        // Who knows the number can come in and talk.
        bert.request({{"type", "enter_room"}, {"room", -4711}});
        bert.send({{"type", "room_chat"}, {"room", -4711}, {"text", "psst"}});
        CHECK(anna.receive_until("room_chat").at("text") == "psst");
    }
    SECTION("room 0 does not exist")
    {
        CHECK(anna.request({{"type", "enter_room"}, {"room", 0}}).at("type") == "error");
    }
}

TEST_CASE("whisper reaches the addressee alone", "[server][lobby]")
{
    InProcessServer server;
    WsTestClient anna, bert, carl;
    anna.connect(server.port());
    bert.connect(server.port());
    carl.connect(server.port());
    anna.hello("Anna");
    bert.hello("Bert");
    carl.hello("Carl");
    anna.send({{"type", "whisper"}, {"to", "bert"}, {"text", "unter uns"}});
    json whisper = bert.receive_until("whisper");
    CHECK(whisper.at("from") == "Anna");
    CHECK(whisper.at("text") == "unter uns");
    CHECK(carl.drain(50ms).empty());
    CHECK(anna.request({{"type", "whisper"}, {"to", "Niemand"}, {"text", "hallo"}}).at("code") == "no_such_nick");
}

TEST_CASE("a spectator gets the table's state, then every event, table chat stays at the table",
          "[server][lobby][table]")
{
    InProcessServer server;
    auto game = SeatedGame::start(server.port(), "5+3");
    game.play({"e4", "c5"});

    WsTestClient kibitzer;
    kibitzer.connect(server.port());
    kibitzer.hello("Kiebitz");
    json room = kibitzer.request({{"type", "enter_room"}, {"room", game.room}});
    REQUIRE(room.at("tables").size() == 1);
    CHECK(room.at("tables")[0].at("status") == "playing");
    CHECK(room.at("tables")[0].at("white") == "Weiss");
    CHECK(room.at("tables")[0].at("time_control").at("kind") == "fischer");

    json state = kibitzer.request({{"type", "watch_table"}, {"table", game.table}});
    REQUIRE(state.at("type") == "table_state");
    CHECK(state.at("seq") == game.last_seq);
    CHECK(state.at("white") == "Weiss");
    CHECK(state.at("black") == "Schwarz");
    CHECK(state.at("status") == "playing");
    REQUIRE(state.at("moves").size() == 2);
    CHECK(state.at("moves")[1].at("san") == "c5");
    CHECK(state.at("to_move") == "white");
    CHECK(state.at("legal_moves").size() == 30);
    CHECK(state.at("clocks").at("running") == "white");
    CHECK(state.at("result").is_null());

    game.play({"Nf3"});
    json move = kibitzer.receive_until("move", game.table);
    CHECK(move.at("san") == "Nf3");
    CHECK(move.at("san_de") == "Sf3");
    CHECK(move.at("seq") == game.last_seq);

    // During the game a spectator's line stays with the spectators (test_chat_channels.cpp has
    // the rest); a player's reaches everyone at the table.
    kibitzer.send({{"type", "table_chat"}, {"table", game.table}, {"text", "starker Zug"}});
    json advice = kibitzer.receive_until("table_chat", game.table);
    CHECK(advice.at("from") == "Kiebitz");
    CHECK(advice.at("channel") == "spectators");
    game.white->send({{"type", "table_chat"}, {"table", game.table}, {"text", "danke"}});
    json chat = game.black->receive_until("table_chat", game.table);
    CHECK(chat.at("from") == "Weiss");
    CHECK(chat.at("text") == "danke");
    CHECK(chat.at("seq") == game.last_seq + 1);
    CHECK(game.white->receive_until("table_chat", game.table) == chat);
    // Table chat is not room chat.
    CHECK(kibitzer.receive_until("table_chat", game.table) == chat);
    for (const auto& frame : game.white->drain(50ms)) CHECK(frame.at("type") != "room_chat");

    game.last_seq += 1;
    game.play({"d6"});
    game.black->request({{"type", "resign"}, {"table", game.table}});
    json over = kibitzer.receive_until("game_over", game.table);
    CHECK(over.at("termination") == "resignation");
    CHECK(over.at("result") == "1-0");
}

TEST_CASE("tables in a room: opened, reserved for an invited nick, updated when the game starts",
          "[server][lobby][table]")
{
    InProcessServer server;
    WsTestClient anna, bert, carl;
    for (auto* client : {&anna, &bert, &carl}) client->connect(server.port());
    anna.hello("Anna");
    bert.hello("Bert");
    carl.hello("Carl");
    for (auto* client : {&anna, &bert, &carl}) client->request({{"type", "enter_room"}, {"room", 36}});

    json opened = anna.request({{"type", "open_table"},
                                {"room", 36},
                                {"time_control", {{"kind", "bronstein"}, {"base_ms", 180000}, {"delay_ms", 3000}}},
                                {"color", "black"},
                                {"invite", "Bert"}});
    REQUIRE(opened.at("type") == "ok");
    std::int64_t table = opened.at("table").get<std::int64_t>();
    json tables = carl.receive_until("room_tables");
    CHECK(tables.at("room") == 36);
    REQUIRE(tables.at("tables").size() == 1);
    CHECK(tables.at("closed") == json::array());
    const json announced = tables.at("tables")[0];
    CHECK(announced.at("table") == table);
    CHECK(announced.at("status") == "waiting");
    CHECK(announced.at("black") == "Anna");
    CHECK(announced.at("white").is_null());
    CHECK(announced.at("invite") == "Bert");
    CHECK(announced.at("time_control").at("kind") == "bronstein");

    CHECK(carl.request({{"type", "join_table"}, {"table", table}}).at("code") == "seat_reserved");
    CHECK(anna.request({{"type", "join_table"}, {"table", table}}).at("type") == "error");
    CHECK(bert.request({{"type", "join_table"}, {"table", table}}).at("type") == "ok");
    json started = anna.receive_until("game_started", table);
    CHECK(started.at("white") == "Bert");
    CHECK(started.at("black") == "Anna");
    json updated = carl.receive_matching(
        [](const json& frame) {
            return frame.value("type", "") == "room_tables" && frame.at("tables").size() == 1 &&
                   frame.at("tables")[0].at("status") == "playing";
        },
        "room_tables with the table playing");
    CHECK(updated.at("tables")[0].at("white") == "Bert");
    CHECK(carl.request({{"type", "join_table"}, {"table", table}}).at("code") == "table_full");
}

TEST_CASE("everyone at the table hears the spectator count, outside the event sequence", "[server][lobby][table]")
{
    InProcessServer server;
    auto game = SeatedGame::start(server.port(), "5+3");
    game.play({"e4"});
    // White leaves the room: the lobby's room_tables no longer reaches that player.
    REQUIRE(game.white->request({{"type", "leave_room"}, {"room", game.room}}).at("type") == "ok");

    auto spectators = [&](WsTestClient& client, int count) {
        return client.receive_matching(
            [&](const json& frame) {
                return frame.value("type", "") == "spectators" && frame.at("table") == game.table &&
                       frame.at("count") == count;
            },
            "spectators " + std::to_string(count));
    };
    WsTestClient first, second;
    for (auto* kibitzer : {&first, &second}) kibitzer->connect(server.port());
    first.hello("Kiebitz");
    second.hello("Zaungast");
    REQUIRE(first.request({{"type", "enter_room"}, {"room", game.room}}).at("type") == "room");
    REQUIRE(second.request({{"type", "enter_room"}, {"room", game.room}}).at("type") == "room");
    // The table_state counts the new spectator already.
    REQUIRE(first.request({{"type", "watch_table"}, {"table", game.table}}).at("spectators") == 1);

    // Within a second (the throttle) both players hear of the spectator, the one outside the
    // room too; the frame has no seq and takes none.
    json heard = spectators(*game.white, 1);
    CHECK(heard == json{{"type", "spectators"}, {"table", game.table}, {"count", 1}});
    CHECK_FALSE(heard.contains("seq"));
    spectators(*game.black, 1);

    // A watcher hears of the next one.
    REQUIRE(second.request({{"type", "watch_table"}, {"table", game.table}}).at("spectators") == 2);
    spectators(first, 2);
    spectators(*game.white, 2);
    REQUIRE(second.request({{"type", "leave_table"}, {"table", game.table}}).at("type") == "ok");
    spectators(first, 1);

    // The events go on with the next seq (play() checks that the seq advances by exactly one).
    json move = game.play({"e5"});
    CHECK(first.receive_until("move", game.table).at("seq") == move.at("seq"));
}
