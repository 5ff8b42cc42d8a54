// The Arena: lila's scoring rules game by game, berserk, the standings and the pairing decision.
#include <catch2/catch.hpp>

#include "tournament/arena_pairing.h"
#include "tournament/arena_sheet.h"

using namespace rochade::tournament;

namespace {

ArenaGame win(int plies = 30, bool berserk = false) { return ArenaGame{ArenaResult::Win, plies, berserk, 1500}; }
ArenaGame draw(int plies = 40) { return ArenaGame{ArenaResult::Draw, plies, false, 1500}; }
ArenaGame loss() { return ArenaGame{ArenaResult::Loss, 30, false, 1500}; }

} // namespace

TEST_CASE("arena scoring: streaks, draw series, quick and long draws")
{
    //  game            why                                               points
    //  W               a win                                              2
    //  W               one win before: not yet on fire                    2
    //  W               two wins before: on fire, double                   4
    //  D 40 plies      still on fire: a draw counts double                2
    //  L               a loss                                             0
    //  W               the last two were D and L                          2
    //  D 40            the last game not lost was a win                   1
    //  D 40            a draw after a draw                                0
    //  L               -                                                  0
    //  D 40            looking back past the loss: a draw                 0
    //  D 70            a draw after a draw, but 60 plies or more          1
    //  D 10            under 20 plies                                     0
    const ArenaSheet sheet =
        arena_sheet({win(), win(), win(), draw(), loss(), win(), draw(), draw(), loss(), draw(), draw(70), draw(10)});
    CHECK(sheet.text() == "2 2 4 2 0 2 1 0 0 0 1 0");
    CHECK(sheet.total == 14);
    CHECK_FALSE(sheet.on_fire);
    CHECK(arena_sheet({win(), win()}).on_fire);
    CHECK(arena_sheet({}).text().empty());
}

TEST_CASE("berserk adds a point to a win of at least 7 own moves")
{
    CHECK(arena_sheet({win(14, true)}).text() == "3");
    CHECK(arena_sheet({win(13, true)}).text() == "2");
    CHECK(arena_sheet({win(), win(), win(20, true)}).text() == "2 2 5");
    CHECK(arena_sheet({draw(40)}).total == 1); // no bonus outside a win
}

TEST_CASE("berserk takes half the base time and the increment")
{
    const BerserkEffect blitz = berserk_effect(180'000, 2'000);
    CHECK(blitz.base_time_removed_ms == 90'000);
    CHECK(blitz.increment_removed);
    // 60 s + 2 s: under 40 increments (80 s), only the increment goes.
    CHECK(berserk_effect(60'000, 2'000).base_time_removed_ms == 0);
}

TEST_CASE("arena standings: score, then performance, equal players share the rank")
{
    // a: W W -> 4, perf (1500+500)·2/2 = 2000; b: W D(40) -> 3; c: W W -> 4 against 1400s -> 1900;
    // d: no game, rating 1700, 0 points; e: no game, rating 1700.
    std::vector<ArenaEntry> entries{
        {"a", 1600, {win(), win()}},
        {"b", 1600, {win(), draw()}},
        {"c", 1600, {{ArenaResult::Win, 30, false, 1400}, {ArenaResult::Win, 30, false, 1400}}},
        {"d", 1700, {}},
        {"e", 1700, {}},
    };
    const auto rows = arena_standings(entries);
    REQUIRE(rows.size() == 5);
    CHECK(rows[0].id == "a");
    CHECK(rows[0].performance == 2000);
    CHECK(rows[0].sheet == "2 2");
    CHECK(rows[0].on_fire);
    CHECK(rows[0].games == 2);
    CHECK(rows[1].id == "c");
    CHECK(rows[1].performance == 1900);
    CHECK(rows[2].id == "b");
    CHECK(rows[2].score == 3);
    CHECK(rows[3].rank_first == 4);
    CHECK(rows[4].rank_last == 5);
    CHECK(rows[3].games == 0);
}

TEST_CASE("the pairing cut-off is lila's: max(30 s, min(half the base time, 120 s))")
{
    CHECK(arena_pairing_cutoff_seconds(180) == 90);
    CHECK(arena_pairing_cutoff_seconds(30) == 30);
    CHECK(arena_pairing_cutoff_seconds(600) == 120);
    const std::vector<WaitingPlayer> two{{"a", 1, 1500, {}, 0}, {"b", 2, 1500, {}, 0}};
    CHECK(arena_pairings(two, 89, 180).empty());
    CHECK(arena_pairings(two, 90, 180).size() == 1);
}

TEST_CASE("each waiting player is paired with the nearest in the standings who is not his last opponent")
{
    const std::vector<WaitingPlayer> waiting{
        {"d", 4, 1500, {}, 0}, {"a", 1, 1500, std::string("b"), 1}, {"c", 3, 1500, {}, 0}, {"b", 2, 1500, {}, 0},
        {"e", 5, 1500, {}, 0},
    };
    const auto pairs = arena_pairings(waiting, 600, 180);
    REQUIRE(pairs.size() == 2);
    // a just played b: a takes c (two places away); c had fewer whites, so c is White.
    CHECK(pairs[0].white == "c");
    CHECK(pairs[0].black == "a");
    // b then takes d; equal colour balance: White to the higher ranked.
    CHECK(pairs[1].white == "b");
    CHECK(pairs[1].black == "d");
    // e, the odd one out, waits. The rule holds from either side: b's last opponent was a.
    const std::vector<WaitingPlayer> rematch{{"a", 1, 1500, {}, 0}, {"b", 2, 1500, std::string("a"), 0}};
    CHECK(arena_pairings(rematch, 600, 180).empty());
}

TEST_CASE("equal distance in the standings goes to the nearer rating")
{
    const std::vector<WaitingPlayer> waiting{
        {"a", 1, 1500, {}, 0}, {"b", 2, 1900, {}, 0}, {"c", 3, 1500, {}, 0}, {"x", 2, 1520, {}, 0}};
    const auto pairs = arena_pairings(waiting, 600, 180);
    REQUIRE(pairs.size() == 2);
    CHECK(pairs[0].black == "x"); // a (rank 1) takes x over b, both rank 2: 20 rating points apart
}
