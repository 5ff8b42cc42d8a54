// Room updates (docs/protocol.md, "Room updates"): entries, exits and table changes reach a
// room's members batched, the member list becomes a count in a large room, and the list is
// paged with room_members. Also the batch itself (server/lobby/room_batch.h), a plain value.
#include <algorithm>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "server/lobby/room.h"
#include "server/lobby/room_batch.h"
#include "tests/server/room_events.h"
#include "tests/server/server_fixture.h"
#include "tests/server/ws_test_client.h"

using namespace rochade::test;
using rochade::server::listed_members_max;
using rochade::server::RoomBatch;

namespace {

bool is_presence(const json& frame) { return frame.value("type", "") == "room_presence"; }

json presence_with(WsTestClient& client, int count)
{
    return client.receive_matching(
        [count](const json& frame) { return is_presence(frame) && frame.at("member_count") == count; },
        "room_presence with " + std::to_string(count) + " members");
}

rochade::protocol::TableSummary summary(rochade::protocol::TableId table, rochade::protocol::TableStatus status)
{
    rochade::protocol::TableSummary s;
    s.table = table;
    s.room = 34;
    s.status = status;
    return s;
}

} // namespace

TEST_CASE("a room batch keeps the latest summary of each table and the closes, then starts empty", "[room_batch]")
{
    using rochade::protocol::TableStatus;
    RoomBatch batch;
    CHECK(batch.empty());
    batch.table_changed(summary(7, TableStatus::Waiting));
    batch.table_changed(summary(5, TableStatus::Waiting));
    batch.table_changed(summary(7, TableStatus::Playing));
    batch.table_changed(summary(9, TableStatus::Waiting));
    batch.table_closed(9); // opened and closed in one batch: still sent, a newcomer may have seen it
    batch.table_closed(3);
    CHECK_FALSE(batch.empty());
    RoomBatch::Taken taken = batch.take();
    CHECK_FALSE(taken.presence);
    REQUIRE(taken.tables.size() == 2);
    CHECK(taken.tables[0].table == 5);
    CHECK(taken.tables[1].table == 7);
    CHECK(taken.tables[1].status == TableStatus::Playing);
    CHECK(taken.closed == std::vector<rochade::protocol::TableId>{3, 9});
    CHECK(batch.empty());

    batch.presence_changed();
    CHECK_FALSE(batch.empty());
    taken = batch.take();
    CHECK(taken.presence);
    CHECK(taken.tables.empty());
    CHECK(taken.closed.empty());
    CHECK(batch.empty());
}

TEST_CASE("several entries within one interval reach a member as one room_presence", "[server][lobby][room_updates]")
{
    // A long interval, so that the three entries surely fall into one batch.
    InProcessServer server([](auto& config) { config.room_update_ms = 500; });
    WsTestClient anna, bert, carl, dora;
    for (auto* client : {&anna, &bert, &carl, &dora}) client->connect(server.port());
    anna.hello("Anna");
    bert.hello("Bert");
    carl.hello("Carl");
    dora.hello("Dora");
    REQUIRE(anna.request({{"type", "enter_room"}, {"room", 34}}).at("member_count") == 1);
    presence_with(anna, 1); // her own entry
    for (auto* client : {&bert, &carl, &dora})
        REQUIRE(client->request({{"type", "enter_room"}, {"room", 34}}).at("type") == "room");
    const json batch = presence_with(anna, 4);
    CHECK(batch.at("room") == 34);
    CHECK(batch.at("members") == json::array({"Anna", "Bert", "Carl", "Dora"}));
    CHECK(batch.at("guests") == json::array({"Anna", "Bert", "Carl", "Dora"}));
    // Nothing in between: no update with two or three members.
    for (const json& frame : anna.drain(700ms)) CHECK_FALSE(is_presence(frame));

    // An entry and an exit in one interval: one update, the room as it is at its end.
    bert.request({{"type", "leave_room"}, {"room", 34}});
    WsTestClient emil;
    emil.connect(server.port());
    emil.hello("Emil");
    emil.request({{"type", "enter_room"}, {"room", 34}});
    const json after = presence_with(anna, 4);
    CHECK(after.at("members") == json::array({"Anna", "Carl", "Dora", "Emil"}));
    for (const json& frame : anna.drain(700ms)) CHECK_FALSE(is_presence(frame));
}

TEST_CASE("a table's changes within one interval reach the room as one room_tables", "[server][lobby][room_updates]")
{
    InProcessServer server([](auto& config) { config.room_update_ms = 500; });
    WsTestClient anna, bert, carl;
    for (auto* client : {&anna, &bert, &carl}) client->connect(server.port());
    anna.hello("Anna");
    bert.hello("Bert");
    carl.hello("Carl");
    for (auto* client : {&anna, &bert, &carl}) client->request({{"type", "enter_room"}, {"room", 34}});
    carl.drain(700ms);
    const json opened =
        anna.request({{"type", "open_table"}, {"room", 34}, {"time_control", "5+3"}, {"color", "white"}});
    REQUIRE(opened.at("type") == "ok");
    const std::int64_t table = opened.at("table");
    REQUIRE(bert.request({{"type", "join_table"}, {"table", table}}).at("type") == "ok");
    anna.receive_until("game_started", table);
    // Opened, then playing: Carl hears only the table as it is now, once.
    const json listed = receive_table_listed(carl, table);
    CHECK(listed.at("status") == "playing");
    CHECK(listed.at("black") == "Bert");
    for (const json& frame : carl.drain(700ms)) CHECK(frame.value("type", "") != "room_tables");
}

TEST_CASE("a room of hundreds: counts instead of lists, the list paged, nobody closed",
          "[server][lobby][room_updates][large_room]")
{
    InProcessServer server([](auto& config) { config.limits.max_connections = 1000; });
    constexpr int members = 300;
    static_assert(members > static_cast<int>(listed_members_max));
    std::vector<std::unique_ptr<WsTestClient>> clients;
    json last_reply;
    for (int i = 0; i < members; ++i) {
        auto client = std::make_unique<WsTestClient>();
        client->connect(server.port());
        char nick[24]; // room for any int, so -Wformat-truncation has nothing to say
        std::snprintf(nick, sizeof nick, "Gast_%03d", i);
        client->hello(nick);
        last_reply = client->request({{"type", "enter_room"}, {"room", 34}});
        REQUIRE(last_reply.at("type") == "room");
        clients.push_back(std::move(client));
    }
    // The last to enter: only the count.
    CHECK(last_reply.at("member_count") == members);
    CHECK(last_reply.at("members").is_null());
    CHECK(last_reply.at("guests").is_null());
    // An early member heard the room grow past the list: a room_presence with the count only.
    const json counted = presence_with(*clients[0], members);
    CHECK(counted.at("members").is_null());
    // A few tables open in the crowd and everyone hears them.
    std::vector<std::int64_t> opened_tables;
    for (int i = 0; i < 10; ++i) {
        const json opened = clients[i]->request({{"type", "open_table"}, {"room", 34}, {"time_control", "5+3"}});
        REQUIRE(opened.at("type") == "ok");
        opened_tables.push_back(opened.at("table").get<std::int64_t>());
    }

    WsTestClient& reader = *clients[42];
    SECTION("pages of the member list, in nick order")
    {
        json page = reader.request({{"type", "room_members"}, {"room", 34}, {"offset", 0}, {"limit", 100}});
        REQUIRE(page.at("type") == "room_members");
        CHECK(page.at("room") == 34);
        CHECK(page.at("offset") == 0);
        CHECK(page.at("member_count") == members);
        REQUIRE(page.at("members").size() == 100);
        CHECK(page.at("members")[0] == "Gast_000");
        CHECK(page.at("members")[99] == "Gast_099");
        CHECK(page.at("guests").size() == 100);
        page = reader.request({{"type", "room_members"}, {"room", 34}, {"offset", 250}, {"limit", 100}});
        REQUIRE(page.at("members").size() == 50);
        CHECK(page.at("members")[0] == "Gast_250");
        CHECK(page.at("members")[49] == "Gast_299");
        // Without offset and limit: the first 50.
        page = reader.request({{"type", "room_members"}, {"room", 34}});
        CHECK(page.at("members").size() == 50);
        CHECK(page.at("offset") == 0);
    }
    SECTION("a page past the end, a malformed request, a room one is not in")
    {
        json error = reader.request({{"type", "room_members"}, {"room", 34}, {"offset", members}});
        CHECK(error.at("code") == "bad_request");
        CHECK(error.at("message") == "room_members: offset 300 is past the end of room 34's member list (300 "
                                     "members, offsets 0 to 299)");
        error = reader.request({{"type", "room_members"}, {"room", 34}, {"limit", 500}});
        CHECK(error.at("code") == "bad_request");
        CHECK(error.at("message").get<std::string>().find("field 'limit' must be an integer from 1 to 100") !=
              std::string::npos);
        error = reader.request({{"type", "room_members"}, {"room", 34}, {"offset", "zehn"}});
        CHECK(error.at("code") == "bad_request");
        error = reader.request({{"type", "room_members"}, {"room", 35}});
        CHECK(error.at("code") == "not_in_room");
        CHECK(error.at("message") == "room_members: you are not in room 35");
    }
    SECTION("a spectator count alone is not sent to a large room; the table's own frame has it")
    {
        WsTestClient& opener = *clients[0];
        receive_table_listed(*clients[members - 2], opened_tables[0]); // the opening itself is sent
        REQUIRE(reader.request({{"type", "watch_table"}, {"table", opened_tables[0]}}).at("type") == "table_state");
        // The table reports its count to the room (and to its seats) once a second.
        opener.receive_matching(
            [&](const json& frame) {
                return frame.value("type", "") == "spectators" && frame.at("table") == opened_tables[0] &&
                       frame.at("count") == 1;
            },
            "spectators 1");
        for (const json& frame : clients[members - 2]->drain(500ms))
            if (frame.value("type", "") == "room_tables")
                for (const json& summary : frame.at("tables")) CHECK(summary.at("table") != opened_tables[0]);
        // Who enters now sees the count in the room's table list.
        WsTestClient late;
        late.connect(server.port());
        late.hello("Zuspaet");
        const json room = late.request({{"type", "enter_room"}, {"room", 34}});
        const auto listed = std::find_if(room.at("tables").begin(), room.at("tables").end(),
                                         [&](const json& summary) { return summary.at("table") == opened_tables[0]; });
        REQUIRE(listed != room.at("tables").end());
        CHECK(listed->at("spectators") == 1);
    }
    // Nobody was closed: every member still answers, and heard the tables.
    for (auto& client : clients) {
        CHECK(client->request({{"type", "ping"}}).at("type") == "pong");
        CHECK(client->is_open());
    }
    const json tables = clients[members - 1]->receive_until("room_tables");
    CHECK(tables.at("tables").size() >= 1);
}

TEST_CASE("a small room lists its members in room and room_presence", "[server][lobby][room_updates]")
{
    InProcessServer server;
    WsTestClient anna;
    anna.connect(server.port());
    anna.hello("Anna");
    const json room = anna.request({{"type", "enter_room"}, {"room", 36}});
    CHECK(room.at("member_count") == 1);
    CHECK(room.at("members") == json::array({"Anna"}));
    CHECK(room.at("guests") == json::array({"Anna"}));
    // room_members works in a small room too.
    const json page = anna.request({{"type", "room_members"}, {"room", 36}});
    CHECK(page.at("members") == json::array({"Anna"}));
    CHECK(page.at("member_count") == 1);
}
