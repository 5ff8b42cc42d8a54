// The Bot API's request budget (server/bots/request_limiter.h), with time injected: a budget per
// key in one-minute windows, the seconds to wait for Retry-After, keys apart from each other.
#include <chrono>
#include <optional>
#include <string>

#include <catch2/catch.hpp>

#include "server/bots/request_limiter.h"

using rochade::server::bots::RequestLimiter;
using namespace std::chrono_literals;

namespace {

const RequestLimiter::Clock::time_point t0 = RequestLimiter::Clock::time_point{} + 1000h;

} // namespace

TEST_CASE("request limiter: the budget of a key, then the seconds until its window ends", "[bots][request_limiter]")
{
    RequestLimiter limiter(3);
    CHECK_FALSE(limiter.take("token a", t0));
    CHECK_FALSE(limiter.take("token a", t0 + 1s));
    CHECK_FALSE(limiter.take("token a", t0 + 10s));
    // The window began with the first request: 60 s from t0.
    CHECK(limiter.take("token a", t0 + 10s) == std::optional(50));
    CHECK(limiter.take("token a", t0 + 20s) == std::optional(40));
    // Part of a second is a whole second to wait, and never less than one.
    CHECK(limiter.take("token a", t0 + 20s + 300ms) == std::optional(40));
    CHECK(limiter.take("token a", t0 + 59s + 999ms) == std::optional(1));
    // A refused request spends nothing: the new window has the whole budget.
    CHECK_FALSE(limiter.take("token a", t0 + 60s));
    CHECK_FALSE(limiter.take("token a", t0 + 61s));
    CHECK_FALSE(limiter.take("token a", t0 + 62s));
    CHECK(limiter.take("token a", t0 + 62s) == std::optional(58));
}

TEST_CASE("request limiter: keys are counted apart", "[bots][request_limiter]")
{
    RequestLimiter limiter(2);
    CHECK_FALSE(limiter.take("token a", t0));
    CHECK_FALSE(limiter.take("token a", t0));
    CHECK(limiter.take("token a", t0));
    CHECK_FALSE(limiter.take("token b", t0 + 30s));
    CHECK_FALSE(limiter.take("address 127.0.0.1", t0 + 30s));
    CHECK_FALSE(limiter.take("token b", t0 + 31s));
    CHECK(limiter.take("token b", t0 + 31s) == std::optional(59));
    // a's window ends at t0 + 60 s, b's at t0 + 90 s.
    CHECK_FALSE(limiter.take("token a", t0 + 60s));
    CHECK(limiter.take("token b", t0 + 60s) == std::optional(30));
}

TEST_CASE("request limiter: with many keys the old windows are forgotten, the running ones kept",
          "[bots][request_limiter]")
{
    RequestLimiter limiter(1);
    CHECK_FALSE(limiter.take("busy", t0 + 30s));
    for (int key = 0; key < 5000; ++key) CHECK_FALSE(limiter.take("key " + std::to_string(key), t0));
    // Past a minute for the first keys; "busy" is still within its window.
    CHECK(limiter.take("busy", t0 + 61s) == std::optional(29));
    CHECK_FALSE(limiter.take("key 0", t0 + 61s));
    CHECK(limiter.take("key 0", t0 + 61s) == std::optional(60));
}
