#include <catch2/catch.hpp>

#include <set>
#include <utility>

#include "pairing/next_bracket.h"

using namespace rochade::pairing;

namespace {

// Players who may meet, as a set of (lower, higher) index pairs.
auto allowed(std::set<std::pair<int, int>> pairs)
{
    return [pairs = std::move(pairs)](int a, int b) { return pairs.contains({std::min(a, b), std::max(a, b)}); };
}

} // namespace

TEST_CASE("C7: the next bracket pairs as many as the round's completion allows", "[pairing][dutch][c7]")
{
    // The next bracket: downfloaters 0 and 1 and the score group's player 2, who has met both.
    // Below: 3 and 4. Only 0 may get the bye (everybody else has had it). The bracket's own
    // maximum matching pairs 0-1, but then 2, 3 and 4 are left with nobody allowed the bye;
    // the round completes only with 0 on the bye, 2-3 and 1-4: no pair in the next bracket.
    const auto compatible = allowed({{0, 1}, {2, 3}, {1, 4}, {3, 4}});
    const auto only_0 = [](int p) { return p == 0; };
    CHECK(next_bracket_pairs({0, 1, 2}, {3, 4}, compatible, only_0).pairs == 0);
    // Anyone may get the bye: 0-1 and 3-4 or 2-3, one of them the bye.
    CHECK(next_bracket_pairs({0, 1, 2}, {3, 4}, compatible, [](int) { return true; }).pairs == 1);
}

TEST_CASE("C7: a pair in the next bracket that strands a lower player is not counted", "[pairing][dutch][c7]")
{
    // 0-1 or 2-3 in the next bracket; below, 4 may meet only 1 and 5 only 3. With an even
    // count nobody gets a bye, so 1 and 3 must both go down: only 0-2 is left in the bracket.
    const auto compatible = allowed({{0, 1}, {2, 3}, {0, 2}, {1, 4}, {3, 5}});
    const auto nobody = [](int) { return false; };
    CHECK(next_bracket_pairs({0, 1, 2, 3}, {4, 5}, compatible, nobody).pairs == 1);
    CHECK(next_bracket_pairs({0, 1, 2, 3}, {}, compatible, nobody).pairs == 2);
}

TEST_CASE("C7: -1 when no pairing completes the round", "[pairing][dutch][c7]")
{
    const auto compatible = allowed({{0, 1}});
    CHECK(next_bracket_pairs({0, 1}, {2, 3}, compatible, [](int) { return true; }).pairs == -1);
}
