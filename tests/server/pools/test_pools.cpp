// Quick pairing over real sockets on one server (docs/protocol.md, "Pools"): players who join
// the same pool are paired by the next wave and their game starts at once; registered players
// play rated among themselves, guests casual among guests; leave_pool and a closed connection
// take a player out; the refusals; the counts reach a visitor who asked list_pools.
#include <chrono>
#include <string>

#include <catch2/catch.hpp>

#include "tests/server/server_fixture.h"
#include "tests/server/ws_test_client.h"

using namespace rochade;
using namespace rochade::test;
using namespace std::chrono_literals;

namespace {

// Waves every 200 ms instead of the catalogue's 12-60 s.
void quick_waves(server::ServerConfig& config) { config.pool_wave_ms = 200; }

void pool_account(WsTestClient& client, std::uint16_t port, const std::string& nick)
{
    client.connect(port);
    REQUIRE(client.request({{"type", "register"}, {"nick", nick}, {"password", "Geheimnis-42"}}).at("type") ==
            "hello_ok");
}

json join(WsTestClient& client, const std::string& pool)
{
    return client.request({{"type", "join_pool"}, {"pool", pool}});
}

// The first `pools` frame in which `pool` has `waiting` players waiting.
json counts_with(WsTestClient& client, const std::string& pool, std::size_t waiting)
{
    return client.receive_matching(
        [&](const json& frame) {
            if (frame.value("type", "") != "pools") return false;
            for (const auto& count : frame.at("pools"))
                if (count.at("pool") == pool) return count.at("waiting") == waiting;
            return false;
        },
        "pools with " + std::to_string(waiting) + " waiting in " + pool);
}

} // namespace

TEST_CASE("pools: two guests in 1+0 are paired and their game starts at once for both", "[server][pools]")
{
    InProcessServer server(quick_waves);
    WsTestClient anna, bert;
    anna.connect(server.port());
    bert.connect(server.port());
    anna.hello("Anna");
    bert.hello("Bert");
    CHECK(join(anna, "1+0").at("type") == "ok");
    CHECK(join(bert, "1+0").at("type") == "ok");
    const json left = anna.receive_until("pool_left");
    CHECK(left.at("pool") == "1+0");
    CHECK(left.at("reason") == "paired");
    const std::int64_t table = left.at("table");
    CHECK(bert.receive_until("pool_left").at("table") == table);
    anna.receive_until("game_started", table);
    bert.receive_until("game_started", table);
    // Paired: neither waits any more.
    CHECK(anna.request({{"type", "leave_pool"}}).at("code") == "not_in_pool");
}

TEST_CASE("pools: two registered players play a rated game", "[server][pools]")
{
    InProcessServer server(quick_waves);
    WsTestClient anna, bert;
    pool_account(anna, server.port(), "Anna");
    pool_account(bert, server.port(), "Bert");
    CHECK(join(anna, "3+2").at("type") == "ok");
    CHECK(join(bert, "3+2").at("type") == "ok");
    const std::int64_t table = anna.receive_until("pool_left").at("table");
    const json state = anna.receive_until("table_state", table);
    CHECK(state.dump().find("\"rated\":true") != std::string::npos);
    CHECK(state.dump().find("180000") != std::string::npos);
    bert.receive_until("game_started", table);
}

TEST_CASE("pools: a guest and a registered player are never paired", "[server][pools]")
{
    InProcessServer server(quick_waves);
    WsTestClient guest, member, visitor;
    guest.connect(server.port());
    guest.hello("Gast");
    pool_account(member, server.port(), "Mitglied");
    visitor.connect(server.port());
    CHECK(join(guest, "1+0").at("type") == "ok");
    CHECK(join(member, "1+0").at("type") == "ok");
    CHECK(visitor.request({{"type", "list_pools"}}).at("type") == "ok");
    counts_with(visitor, "1+0", 2);
    // Several waves pass: both still wait.
    for (const auto& frame : guest.drain(1000ms)) CHECK(frame.value("type", "") != "pool_left");
    for (const auto& frame : member.drain(100ms)) CHECK(frame.value("type", "") != "pool_left");
    CHECK(guest.request({{"type", "leave_pool"}}).at("type") == "ok");
}

TEST_CASE("pools: leave_pool and a closed connection take a player out", "[server][pools]")
{
    InProcessServer server(quick_waves);
    WsTestClient anna, bert, carl, visitor;
    anna.connect(server.port());
    bert.connect(server.port());
    carl.connect(server.port());
    visitor.connect(server.port());
    anna.hello("Anna");
    bert.hello("Bert");
    carl.hello("Carl");
    CHECK(visitor.request({{"type", "list_pools"}}).at("type") == "ok");
    CHECK(join(anna, "5+0").at("type") == "ok");
    counts_with(visitor, "5+0", 1);
    CHECK(anna.request({{"type", "leave_pool"}}).at("type") == "ok");
    const json left = anna.receive_until("pool_left");
    CHECK(left.at("pool") == "5+0");
    CHECK(left.at("reason") == "left");
    counts_with(visitor, "5+0", 0);
    CHECK(anna.request({{"type", "leave_pool"}}).at("code") == "not_in_pool");

    CHECK(join(bert, "5+0").at("type") == "ok");
    counts_with(visitor, "5+0", 1);
    bert.close();
    counts_with(visitor, "5+0", 0);
    // Carl alone: nobody to pair him with, neither Anna (left) nor Bert (gone).
    CHECK(join(carl, "5+0").at("type") == "ok");
    for (const auto& frame : carl.drain(800ms)) CHECK(frame.value("type", "") != "pool_left");
}

TEST_CASE("pools: an unknown pool and a second join are refused with their codes", "[server][pools]")
{
    InProcessServer server(quick_waves);
    WsTestClient anna, visitor;
    anna.connect(server.port());
    anna.hello("Anna");
    const json unknown = join(anna, "4+4");
    CHECK(unknown.at("code") == "no_such_pool");
    CHECK(unknown.at("message").get<std::string>().find("4+4") != std::string::npos);
    CHECK(join(anna, "10+5").at("type") == "ok");
    const json again = join(anna, "3+0");
    CHECK(again.at("code") == "already_in_pool");
    CHECK(again.at("message").get<std::string>().find("10+5") != std::string::npos);
    // A visitor may look at the counts, not join.
    visitor.connect(server.port());
    CHECK(join(visitor, "3+0").at("code") == "not_greeted");
}

TEST_CASE("pools: a visitor gets the counts of the eleven pools, again when they change", "[server][pools]")
{
    InProcessServer server(quick_waves);
    WsTestClient visitor, anna, bert;
    visitor.connect(server.port());
    CHECK(visitor.request({{"type", "list_pools"}}).at("type") == "ok");
    const json first = visitor.receive_until("pools");
    REQUIRE(first.at("pools").size() == 11);
    CHECK(first.at("pools").at(0).at("pool") == "1+0");
    CHECK(first.at("pools").at(0).at("waiting") == 0);
    CHECK(first.at("pools").at(0).at("games_running") == 0);
    anna.connect(server.port());
    bert.connect(server.port());
    anna.hello("Anna");
    bert.hello("Bert");
    CHECK(join(anna, "1+0").at("type") == "ok");
    CHECK(join(bert, "1+0").at("type") == "ok");
    const std::int64_t table = anna.receive_until("pool_left").at("table");
    // Paired: nobody waits, one game runs; it ends when Anna resigns, and the count goes down.
    const json running = visitor.receive_matching(
        [](const json& frame) {
            return frame.value("type", "") == "pools" && frame.at("pools").at(0).at("games_running") == 1 &&
                   frame.at("pools").at(0).at("waiting") == 0;
        },
        "pools with one game running in 1+0");
    CHECK(running.at("pools").at(0).at("pool") == "1+0");
    anna.receive_until("game_started", table);
    bert.receive_until("game_started", table);
    CHECK(anna.request({{"type", "resign"}, {"table", table}}).at("type") == "ok");
    visitor.receive_matching(
        [](const json& frame) {
            return frame.value("type", "") == "pools" && frame.at("pools").at(0).at("games_running") == 0;
        },
        "pools with no game running in 1+0");
}

TEST_CASE("pools: a registered player's recent colours survive a reconnect", "[server][pools]")
{
    InProcessServer server(quick_waves);
    WsTestClient anna, bert, carl, bert_again;
    pool_account(anna, server.port(), "Anna");
    pool_account(bert, server.port(), "Bert");
    // Equal ratings and no history: the first to join gets white, Bert black.
    CHECK(join(anna, "3+0").at("type") == "ok");
    CHECK(join(bert, "3+0").at("type") == "ok");
    const std::int64_t first = bert.receive_until("pool_left").at("table");
    CHECK(bert.receive_until("game_started", first).dump().find("\"black\":\"Bert\"") != std::string::npos);
    bert.close();

    // Carl's connection is older than Bert's new one: were the memory per connection, the
    // tie would go to Carl and Bert would be black again. Bert's one black game gives him white.
    pool_account(carl, server.port(), "Carl");
    bert_again.connect(server.port());
    REQUIRE(bert_again.request({{"type", "hello"}, {"nick", "Bert"}, {"password", "Geheimnis-42"}}).at("type") ==
            "hello_ok");
    CHECK(join(carl, "3+0").at("type") == "ok");
    CHECK(join(bert_again, "3+0").at("type") == "ok");
    const std::int64_t second = bert_again.receive_until("pool_left").at("table");
    CHECK(second != first);
    const std::string started = bert_again.receive_until("game_started", second).dump();
    CHECK(started.find("\"white\":\"Bert\"") != std::string::npos);
    CHECK(started.find("\"black\":\"Carl\"") != std::string::npos);
}

TEST_CASE("pools: a player who logs in again and joins waits once, from the new connection", "[server][pools]")
{
    InProcessServer server(quick_waves);
    WsTestClient anna, anna_again, bert;
    pool_account(anna, server.port(), "Anna");
    CHECK(join(anna, "5+3").at("type") == "ok");
    // The login from elsewhere replaces the first connection; the new one's join takes over the wait.
    anna_again.connect(server.port());
    REQUIRE(anna_again.request({{"type", "hello"}, {"nick", "Anna"}, {"password", "Geheimnis-42"}}).at("type") ==
            "hello_ok");
    CHECK(join(anna_again, "5+3").at("type") == "ok");
    pool_account(bert, server.port(), "Bert");
    CHECK(join(bert, "5+3").at("type") == "ok");
    const std::int64_t table = bert.receive_until("pool_left").at("table");
    CHECK(anna_again.receive_until("pool_left").at("table") == table);
    anna_again.receive_until("game_started", table);
    // Paired once: neither waits any more, and no second game starts for either.
    CHECK(anna_again.request({{"type", "leave_pool"}}).at("code") == "not_in_pool");
    for (const auto& frame : bert.drain(800ms)) CHECK(frame.value("type", "") != "pool_left");
}
