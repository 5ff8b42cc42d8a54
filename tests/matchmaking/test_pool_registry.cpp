#include <catch2/catch.hpp>

#include "matchmaking/pool_registry.h"

using namespace rochade::matchmaking;
using namespace std::chrono_literals;

namespace {

const PoolRegistry::Clock::time_point t0{};

WaitingPlayer guest_player(PlayerId id)
{
    WaitingPlayer player;
    player.id = id;
    return player;
}

PoolRegistry fast_registry()
{
    return PoolRegistry(t0, [](const PoolSpec&) { return PoolRegistry::Clock::duration(1s); });
}

} // namespace

TEST_CASE("a player waits in one pool at a time; an unknown pool is refused")
{
    PoolRegistry pools(t0);
    CHECK(pools.join("3+0", guest_player(1), t0) == JoinOutcome::Joined);
    CHECK(pools.join("3+0", guest_player(1), t0) == JoinOutcome::AlreadyInPool);
    CHECK(pools.join("5+0", guest_player(1), t0) == JoinOutcome::AlreadyInPool);
    CHECK(pools.join("4+0", guest_player(2), t0) == JoinOutcome::UnknownPool);
    CHECK(pools.pool_of(1) == "3+0");
    CHECK_FALSE(pools.pool_of(2));

    CHECK(pools.leave(1) == "3+0");
    CHECK_FALSE(pools.leave(1));
    CHECK(pools.join("5+0", guest_player(1), t0) == JoinOutcome::Joined);
}

TEST_CASE("the counts list the eleven pools with their waiting players and running games")
{
    PoolRegistry pools = fast_registry();
    pools.join("1+0", guest_player(1), t0);
    pools.join("1+0", guest_player(2), t0);
    pools.join("1+0", guest_player(3), t0);
    pools.join("10+5", guest_player(4), t0);

    auto counts = pools.counts();
    REQUIRE(counts.size() == 11);
    CHECK(counts[0].pool == "1+0");
    CHECK(counts[0].waiting == 3);
    CHECK(counts[7].pool == "10+5");
    CHECK(counts[7].waiting == 1);

    const auto started = pools.run_due_waves(t0 + 1s);
    REQUIRE(started.size() == 1);
    CHECK(started[0].pool == "1+0");
    CHECK_FALSE(started[0].game.rated);
    CHECK_FALSE(pools.pool_of(started[0].game.white));
    CHECK_FALSE(pools.pool_of(started[0].game.black));

    counts = pools.counts();
    CHECK(counts[0].waiting == 1);
    CHECK(counts[0].games_running == 1);
    pools.game_over("1+0");
    CHECK(pools.counts()[0].games_running == 0);
    pools.game_over("1+0"); // never below zero
    CHECK(pools.counts()[0].games_running == 0);
}

TEST_CASE("the next wave is at the interval's end while two wait, at once when a pool is full, never otherwise")
{
    PoolRegistry pools = fast_registry();
    CHECK_FALSE(pools.next_wave_at());
    pools.join("30+20", guest_player(1), t0);
    CHECK_FALSE(pools.next_wave_at());
    pools.join("30+20", guest_player(2), t0);
    REQUIRE(pools.next_wave_at());
    CHECK(*pools.next_wave_at() == t0 + 1s);
    CHECK(pools.run_due_waves(t0 + 500ms).empty());

    const std::size_t full = pool_named("2+1")->players_for_immediate_wave;
    for (PlayerId id = 10; id < 10 + full; ++id) pools.join("2+1", guest_player(id), t0 + 100ms);
    REQUIRE(pools.next_wave_at());
    CHECK(*pools.next_wave_at() == t0);
    const auto started = pools.run_due_waves(t0 + 100ms);
    CHECK(started.size() == full / 2);
}
