// Invitations over real sockets: the invited player outside the table's room hears of the table
// (table_opened) and of its end (table_closed); only that player may decline (decline_invitation),
// the opener is told who declined and the table closes; whoever still watches a table that closes
// hears table_closed.
#include <string>

#include <catch2/catch.hpp>

#include "tests/server/server_fixture.h"
#include "tests/server/ws_test_client.h"

using namespace rochade::test;

namespace {

// Anna (room 34) opens a table inviting Bert, who stands in room 35; Carl is in room 34.
struct Invitation {
    WsTestClient anna, bert, carl;
    std::int64_t table = 0;

    explicit Invitation(std::uint16_t port)
    {
        for (auto* client : {&anna, &bert, &carl}) client->connect(port);
        anna.hello("Anna");
        bert.hello("Bert");
        carl.hello("Carl");
        REQUIRE(anna.request({{"type", "enter_room"}, {"room", 34}}).at("type") == "room");
        REQUIRE(carl.request({{"type", "enter_room"}, {"room", 34}}).at("type") == "room");
        REQUIRE(bert.request({{"type", "enter_room"}, {"room", 35}}).at("type") == "room");
        const json opened = anna.request(
            {{"type", "open_table"}, {"room", 34}, {"time_control", "5+3"}, {"color", "white"}, {"invite", "Bert"}});
        REQUIRE(opened.at("type") == "ok");
        table = opened.at("table").get<std::int64_t>();
        anna.receive_until("table_state", table);
    }
};

bool closes(const json& frame, std::int64_t table)
{
    if (frame.value("type", "") != "room_tables") return false;
    for (const auto& id : frame.at("closed"))
        if (id == table) return true;
    return false;
}

} // namespace

TEST_CASE("the invited player declines: the opener is told, the table closes for everyone", "[server][lobby][invite]")
{
    InProcessServer server;
    Invitation invitation(server.port());
    const auto table = invitation.table;

    const json opened = invitation.bert.receive_until("table_opened");
    CHECK(opened.at("table").at("table") == table);
    CHECK(opened.at("table").at("invite") == "Bert");
    CHECK(opened.at("table").at("white") == "Anna");

    // Only the invited nick may decline.
    const json refused = invitation.carl.request({{"type", "decline_invitation"}, {"table", table}});
    CHECK(refused.at("code") == "not_invited");
    CHECK(refused.at("message").get<std::string>().find("table " + std::to_string(table)) != std::string::npos);
    CHECK(invitation.anna.request({{"type", "decline_invitation"}, {"table", table}}).at("code") == "not_invited");

    CHECK(invitation.bert.request({{"type", "decline_invitation"}, {"table", table}}).at("type") == "ok");
    const json declined = invitation.anna.receive_until("invitation_declined", table);
    CHECK(declined.at("nick") == "Bert");
    const json closed = invitation.anna.receive_until("table_closed", table);
    CHECK(closed.at("room") == 34);
    invitation.carl.receive_matching([&](const json& frame) { return closes(frame, table); }, "room_tables closing it");

    // Gone for good: a second answer, or the opener's own leave, find no table.
    CHECK(invitation.bert.request({{"type", "decline_invitation"}, {"table", table}}).at("code") == "no_such_table");
    CHECK(invitation.anna.request({{"type", "leave_table"}, {"table", table}}).at("code") == "no_such_table");
}

TEST_CASE("an invitation taken is no longer declinable", "[server][lobby][invite]")
{
    InProcessServer server;
    Invitation invitation(server.port());
    const auto table = invitation.table;
    invitation.bert.receive_until("table_opened");
    REQUIRE(invitation.bert.request({{"type", "enter_room"}, {"room", 34}}).at("type") == "room");
    REQUIRE(invitation.bert.request({{"type", "join_table"}, {"table", table}}).at("type") == "ok");
    invitation.anna.receive_until("game_started", table);
    const json refused = invitation.bert.request({{"type", "decline_invitation"}, {"table", table}});
    CHECK(refused.at("code") == "not_invited");
    CHECK(refused.at("message").get<std::string>().find("has begun") != std::string::npos);
    CHECK(invitation.bert.request({{"type", "decline_invitation"}, {"table", 999999}}).at("code") == "no_such_table");
    CHECK(invitation.bert.request({{"type", "decline_invitation"}}).at("code") == "bad_request");
}

TEST_CASE("the opener stands up: the invited player outside the room hears the table close", "[server][lobby][invite]")
{
    InProcessServer server;
    Invitation invitation(server.port());
    const auto table = invitation.table;
    invitation.bert.receive_until("table_opened");
    CHECK(invitation.anna.request({{"type", "leave_table"}, {"table", table}}).at("type") == "ok");
    const json closed = invitation.bert.receive_until("table_closed", table);
    CHECK(closed.at("room") == 34);
}

TEST_CASE("a spectator of a finished game hears the table close when its players leave", "[server][lobby][table]")
{
    InProcessServer server;
    WsTestClient anna, bert, carl;
    for (auto* client : {&anna, &bert, &carl}) client->connect(server.port());
    anna.hello("Anna");
    bert.hello("Bert");
    carl.hello("Carl");
    for (auto* client : {&anna, &bert, &carl}) client->request({{"type", "enter_room"}, {"room", 34}});
    const json opened =
        anna.request({{"type", "open_table"}, {"room", 34}, {"time_control", "5+3"}, {"color", "white"}});
    const auto table = opened.at("table").get<std::int64_t>();
    REQUIRE(bert.request({{"type", "join_table"}, {"table", table}}).at("type") == "ok");
    REQUIRE(carl.request({{"type", "watch_table"}, {"table", table}}).at("type") == "table_state");
    REQUIRE(anna.request({{"type", "resign"}, {"table", table}}).at("type") == "ok");
    carl.receive_until("game_over", table);
    CHECK(anna.request({{"type", "leave_table"}, {"table", table}}).at("type") == "ok");
    // The first to leave closes nothing: the other player may still find a new opponent.
    carl.receive_until("seat_changed", table);
    CHECK(bert.request({{"type", "leave_table"}, {"table", table}}).at("type") == "ok");
    const json closed = carl.receive_until("table_closed", table);
    CHECK(closed.at("room") == 34);
    // Bert left before it closed: not watching any more, not told.
    for (const json& frame : bert.drain(200ms)) CHECK(frame.value("type", "") != "table_closed");
}
