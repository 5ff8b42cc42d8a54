// The message-rate token bucket, with time passed in.
#include <catch2/catch.hpp>

#include "server/net/message_budget.h"

using rochade::server::MessageBudget;
using namespace std::chrono_literals;

TEST_CASE("a burst is allowed, then the refill rate", "[message_budget]")
{
    const auto start = MessageBudget::Clock::time_point{} + 1h;
    MessageBudget budget(20, 40, start);
    for (int i = 0; i < 40; ++i) REQUIRE(budget.spend(start));
    CHECK_FALSE(budget.spend(start));
    CHECK_FALSE(budget.spend(start + 49ms)); // 0.98 of a message refilled
    CHECK(budget.spend(start + 50ms));       // one message per 50 ms at 20 per second
    CHECK_FALSE(budget.spend(start + 50ms));
    // A long pause refills only up to the burst.
    const auto later = start + 1h;
    for (int i = 0; i < 40; ++i) REQUIRE(budget.spend(later));
    CHECK_FALSE(budget.spend(later));
}

TEST_CASE("a steady client at the rate is never refused", "[message_budget]")
{
    const auto start = MessageBudget::Clock::time_point{} + 1h;
    MessageBudget budget(10, 1, start);
    for (int i = 1; i <= 1000; ++i) REQUIRE(budget.spend(start + i * 100ms));
    CHECK_FALSE(budget.spend(start + 1000 * 100ms + 50ms));
}
