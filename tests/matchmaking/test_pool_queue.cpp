#include <catch2/catch.hpp>

#include "matchmaking/pool_queue.h"

using namespace rochade::matchmaking;
using namespace std::chrono_literals;

namespace {

const PoolQueue::Clock::time_point t0{};

WaitingPlayer registered(PlayerId id, int rating)
{
    WaitingPlayer player;
    player.id = id;
    player.rating = rating;
    player.deviation = 60;
    player.registered = true;
    return player;
}

} // namespace

TEST_CASE("a player joins a pool once, and leaves it once")
{
    PoolQueue pool(*pool_named("3+0"), t0);
    CHECK(pool.join(registered(1, 1500)));
    CHECK_FALSE(pool.join(registered(1, 1500)));
    CHECK(pool.waiting_count() == 1);
    CHECK(pool.is_waiting(1));
    CHECK(pool.leave(1));
    CHECK_FALSE(pool.leave(1));
    CHECK(pool.waiting_count() == 0);
}

TEST_CASE("a wave is due after the interval with two waiting, at once with enough waiting, never with one")
{
    PoolQueue pool(*pool_named("3+0"), 15s, t0);
    pool.join(registered(1, 1500));
    CHECK_FALSE(pool.wave_due(t0 + 60s)); // alone
    pool.join(registered(2, 1500));
    CHECK_FALSE(pool.wave_due(t0 + 14s));
    CHECK(pool.wave_due(t0 + 15s));

    PoolQueue crowded(*pool_named("3+0"), 15s, t0);
    for (PlayerId id = 1; id <= crowded.spec().players_for_immediate_wave; ++id) crowded.join(registered(id, 1500));
    CHECK(crowded.wave_due(t0));
}

TEST_CASE("a wave removes the paired, counts a missed wave for the rest, and restarts the interval")
{
    PoolQueue pool(*pool_named("5+0"), 20s, t0);
    pool.join(registered(1, 1500));
    pool.join(registered(2, 1510));
    pool.join(registered(3, 1900)); // out of everyone's range at first
    const auto games = pool.run_wave(t0 + 20s);
    REQUIRE(games.size() == 1);
    CHECK(pool.waiting_count() == 1);
    CHECK(pool.is_waiting(3));
    CHECK_FALSE(pool.wave_due(t0 + 39s));

    // Player 3 has missed one wave: a newcomer at 1780 is 120 away, within 1900/15 + 12 = 138.
    pool.join(registered(4, 1780));
    const auto second = pool.run_wave(t0 + 40s);
    REQUIRE(second.size() == 1);
    CHECK(pool.waiting_count() == 0);
}

TEST_CASE("the pool remembers last opponents and colours: the next game alternates colours")
{
    PoolQueue pool(*pool_named("1+0"), 12s, t0);
    pool.join(registered(1, 1500));
    pool.join(registered(2, 1500));
    const auto first = pool.run_wave(t0 + 12s);
    REQUIRE(first.size() == 1);

    // The two come back with a third: the third plays one of them, not a rematch.
    pool.join(registered(1, 1500));
    pool.join(registered(2, 1500));
    pool.join(registered(3, 1500));
    const auto second = pool.run_wave(t0 + 24s);
    REQUIRE(second.size() == 1);
    CHECK((second[0].white == 3 || second[0].black == 3));

    // Whoever of the first pair played again had the other colour before, so gets it now.
    const PlayerId replayed = second[0].white == 3 ? second[0].black : second[0].white;
    const bool had_white = first[0].white == replayed;
    CHECK((had_white ? second[0].black : second[0].white) == replayed);

    SECTION("a forgotten player's history is gone")
    {
        pool.forget(1);
        pool.forget(2);
        pool.leave(1);
        pool.leave(2);
        pool.leave(3);
        pool.join(registered(1, 1500));
        pool.join(registered(2, 1500));
        const auto again = pool.run_wave(t0 + 36s);
        REQUIRE(again.size() == 1);
    }
}
