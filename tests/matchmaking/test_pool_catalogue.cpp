#include <catch2/catch.hpp>

#include "matchmaking/pool_catalogue.h"

using namespace rochade::matchmaking;

TEST_CASE("the catalogue holds lichess's eleven pools, fastest first, waves every 12 to 60 s")
{
    const char* expected[] = {"1+0", "2+1", "3+0", "3+2", "5+0", "5+3", "10+0", "10+5", "15+10", "30+0", "30+20"};
    const auto pools = pool_catalogue();
    REQUIRE(pools.size() == 11);
    for (std::size_t i = 0; i < pools.size(); ++i) {
        CHECK(pools[i].id == expected[i]);
        CHECK(pools[i].wave_interval >= std::chrono::seconds{12});
        CHECK(pools[i].wave_interval <= std::chrono::seconds{60});
        CHECK(pools[i].players_for_immediate_wave >= 2);
    }
}

TEST_CASE("a pool is found by its id, and an unknown id finds none")
{
    const auto pool = pool_named("15+10");
    REQUIRE(pool);
    CHECK(pool->base_minutes == 15);
    CHECK(pool->increment_seconds == 10);
    CHECK_FALSE(pool_named("4+0"));
    CHECK_FALSE(pool_named(""));
}
