#include <catch2/catch.hpp>

#include "server/identity/login_throttle.h"

using namespace rochade::identity;
using namespace std::chrono_literals;

TEST_CASE("failed logins beyond the free ones wait 1 s, then twice as long each time, up to the cap")
{
    LoginThrottle throttle(3, 60s);
    const auto t0 = LoginThrottle::Clock::time_point{} + 1000s;
    const std::string key = "account:anna";
    auto now = t0;
    for (int i = 0; i < 3; ++i) {
        CHECK_FALSE(throttle.wait(key, now));
        throttle.failed(key, now);
    }
    CHECK_FALSE(throttle.wait(key, now)); // three failures are free
    const std::chrono::milliseconds expected[] = {1000ms, 2000ms, 4000ms, 8000ms, 16000ms, 32000ms, 60000ms, 60000ms};
    for (const auto wait : expected) {
        throttle.failed(key, now);
        INFO("after a failure that should cost " << wait.count() << " ms");
        CHECK(throttle.wait(key, now) == wait);
        CHECK(throttle.wait(key, now + wait - 1ms) == 1ms);
        CHECK_FALSE(throttle.wait(key, now + wait));
        now += wait;
    }
    CHECK_FALSE(throttle.wait("account:bert", now)); // keys are apart
    throttle.succeeded(key);
    throttle.failed(key, now);
    CHECK_FALSE(throttle.wait(key, now)); // a success starts the count again
}

TEST_CASE("the throttle forgets the entry that failed longest ago when full")
{
    LoginThrottle throttle(0, 60s, 2);
    const auto t0 = LoginThrottle::Clock::time_point{} + 1000s;
    throttle.failed("a", t0);
    throttle.failed("b", t0 + 1s);
    throttle.failed("c", t0 + 2s);
    CHECK(throttle.size() == 2);
    CHECK_FALSE(throttle.wait("a", t0 + 2s));
    CHECK(throttle.wait("b", t0 + 1s));
    CHECK(throttle.wait("c", t0 + 2s));
}
