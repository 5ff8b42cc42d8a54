// A pool's pairing whose game does not start (docs/protocol.md, "Pools", pool_left `refused`):
// when the table cannot be opened, both players are told why and may join again; nobody hangs
// in a pool he no longer waits in. (Who waits on when one of the two left is the pure rule
// matchmaking::after_failed_start, tests/matchmaking/test_failed_pairing.cpp.)
#include <chrono>
#include <string>

#include <catch2/catch.hpp>

#include "tests/server/server_fixture.h"
#include "tests/server/ws_test_client.h"

using namespace rochade;
using namespace rochade::test;
using namespace std::chrono_literals;

namespace {

json join(WsTestClient& client, const std::string& pool)
{
    return client.request({{"type", "join_pool"}, {"pool", pool}});
}

} // namespace

TEST_CASE("pools: a pairing whose table cannot be opened tells both why, and both may join again", "[server][pools]")
{
    // No room to open the table in: every start_game is refused with no_such_room.
    InProcessServer server([](server::ServerConfig& config) {
        config.pool_wave_ms = 200;
        config.rooms.clear();
    });
    WsTestClient anna, bert;
    anna.connect(server.port());
    bert.connect(server.port());
    anna.hello("Anna");
    bert.hello("Bert");
    CHECK(join(anna, "1+0").at("type") == "ok");
    CHECK(join(bert, "1+0").at("type") == "ok");
    for (WsTestClient* player : {&anna, &bert}) {
        const json left = player->receive_until("pool_left");
        CHECK(left.at("reason") == "refused");
        CHECK(left.at("pool") == "1+0");
        CHECK(left.at("message").get<std::string>().find("no room") != std::string::npos);
        // Not stuck as waiting: a new join is taken, and leave_pool finds him there.
        CHECK(join(*player, "3+0").at("type") == "ok");
        CHECK(player->request({{"type", "leave_pool"}}).at("type") == "ok");
    }
}
