#include <catch2/catch.hpp>

#include "pairing/completion.h"

using namespace rochade::pairing;

TEST_CASE("the matching finds a perfect matching through a blossom", "[pairing][completion]")
{
    // A triangle 0-1-2 with a tail 2-3 and 0-4, 4-5: greedy takes 0-1 first, then needs an
    // augmenting path through the odd cycle.
    std::vector<std::vector<int>> neighbours{{1, 2, 4}, {0, 2}, {1, 0, 3}, {2}, {0, 5}, {4}};
    const auto match = maximum_matching(6, neighbours);
    for (int v = 0; v < 6; ++v) {
        INFO("vertex " << v);
        REQUIRE(match[v] != -1);
        CHECK(match[match[v]] == v);
    }
}

TEST_CASE("completion: a set is pairable only with every pair allowed and at most one allowed bye",
          "[pairing][completion]")
{
    const auto all = [](int, int) { return true; };
    const auto anyone = [](int) { return true; };
    const auto nobody = [](int) { return false; };
    CHECK(can_complete({0, 1, 2, 3}, all, nobody));
    CHECK(can_complete({0, 1, 2}, all, anyone));
    CHECK_FALSE(can_complete({0, 1, 2}, all, nobody));
    // Only 2 may get the bye, but 0 and 1 may not meet.
    const auto not_0_1 = [](int a, int b) { return !((a == 0 && b == 1) || (a == 1 && b == 0)); };
    CHECK_FALSE(can_complete({0, 1, 2}, not_0_1, [](int p) { return p == 2; }));
    CHECK(can_complete({0, 1, 2}, not_0_1, [](int p) { return p == 0; }));
    // 0 may meet nobody.
    CHECK_FALSE(can_complete(
        {0, 1, 2, 3}, [](int a, int b) { return a != 0 && b != 0; }, anyone));
    CHECK(can_complete({}, all, nobody));
}
