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

TEST_CASE("a player waits in one pool at a time, an unknown pool is refused")
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

TEST_CASE("a guest who left for good is forgotten by every pool, and stops waiting")
{
    PoolRegistry pools = fast_registry();
    // Guests 1 and 2 play in 1+0, guest 1 and guest 3 later in 3+0: each pool remembers them.
    pools.join("1+0", guest_player(1), t0);
    pools.join("1+0", guest_player(2), t0);
    REQUIRE(pools.run_due_waves(t0 + 1s).size() == 1);
    pools.join("3+0", guest_player(1), t0 + 1s);
    pools.join("3+0", guest_player(3), t0 + 1s);
    REQUIRE(pools.run_due_waves(t0 + 2s).size() == 1);
    CHECK(pools.remembered_count() == 4); // 1 and 2 in 1+0, 1 and 3 in 3+0

    pools.forget(1);
    CHECK(pools.remembered_count() == 2);
    pools.forget(2);
    pools.forget(3);
    CHECK(pools.remembered_count() == 0);

    // A guest who still waited when his connection closed waits no more either.
    pools.join("5+0", guest_player(4), t0 + 2s);
    pools.forget(4);
    CHECK_FALSE(pools.pool_of(4));
    CHECK(pools.counts()[4].waiting == 0);
}

TEST_CASE("the memory of a thousand guests who came, played and left is empty afterwards")
{
    PoolRegistry pools = fast_registry();
    auto now = t0;
    for (PlayerId id = 1; id <= 1000; id += 2) {
        pools.join("1+0", guest_player(id), now);
        pools.join("1+0", guest_player(id + 1), now);
        now += 1s;
        REQUIRE(pools.run_due_waves(now).size() == 1);
        pools.forget(id);
        pools.forget(id + 1);
    }
    CHECK(pools.remembered_count() == 0);
}
