// Steps the pool tests over real sockets share: joining a pool, and two players told they were
// paired at one table whose game then starts for both.
#pragma once

#include <cstdint>
#include <string>

#include <catch2/catch.hpp>

#include "tests/server/ws_test_client.h"

namespace rochade::test {

inline json join_pool(WsTestClient& client, const std::string& pool)
{
    return client.request({{"type", "join_pool"}, {"pool", pool}});
}

inline std::int64_t paired_together(WsTestClient& a, WsTestClient& b)
{
    const json left_a = a.receive_until("pool_left");
    const json left_b = b.receive_until("pool_left");
    REQUIRE(left_a.at("reason") == "paired");
    REQUIRE(left_b.at("reason") == "paired");
    const std::int64_t table = left_a.at("table");
    CHECK(left_b.at("table") == table);
    a.receive_until("game_started", table);
    b.receive_until("game_started", table);
    return table;
}

} // namespace rochade::test
