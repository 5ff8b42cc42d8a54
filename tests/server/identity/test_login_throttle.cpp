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
        throttle.attempt(key, now);
    }
    // Three failures are free: the fourth attempt waits 1 s (docs/admin.md: N failures, then waits).
    CHECK(throttle.wait(key, now) == 1000ms);
    now += 1000ms;
    const std::chrono::milliseconds expected[] = {2000ms, 4000ms, 8000ms, 16000ms, 32000ms, 60000ms, 60000ms};
    for (const auto wait : expected) {
        CHECK_FALSE(throttle.wait(key, now));
        throttle.attempt(key, now);
        INFO("after a failure that should cost " << wait.count() << " ms");
        CHECK(throttle.wait(key, now) == wait);
        CHECK(throttle.wait(key, now + wait - 1ms) == 1ms);
        CHECK_FALSE(throttle.wait(key, now + wait));
        now += wait;
    }
    CHECK_FALSE(throttle.wait("account:bert", now)); // keys are apart
    throttle.succeeded(key);
    throttle.attempt(key, now);
    CHECK_FALSE(throttle.wait(key, now)); // a success starts the count again
}

TEST_CASE("an attempt counts when it begins, so attempts still being checked hold back the next ones")
{
    LoginThrottle throttle(5, 60s);
    const auto now = LoginThrottle::Clock::time_point{} + 1000s;
    int admitted = 0;
    // Thirty guesses arrive before any password check has ended: only the free five go ahead.
    for (int i = 0; i < 30; ++i) {
        if (throttle.wait("account:anna", now)) continue;
        throttle.attempt("account:anna", now);
        ++admitted;
    }
    CHECK(admitted == 5);
}

TEST_CASE("a refunded attempt gives back one count, a key quiet long enough starts from nothing")
{
    LoginThrottle throttle(2, 60s, 3600s);
    const auto t0 = LoginThrottle::Clock::time_point{} + 1000s;
    throttle.attempt("10.0.0.1", t0);
    throttle.attempt("10.0.0.1", t0);
    CHECK(throttle.wait("10.0.0.1", t0) == 1000ms);
    throttle.refunded("10.0.0.1"); // that one succeeded
    CHECK_FALSE(throttle.wait("10.0.0.1", t0));
    throttle.refunded("10.0.0.1");
    CHECK(throttle.size() == 0);

    for (int i = 0; i < 10; ++i) throttle.attempt("10.0.0.2", t0);
    CHECK(throttle.wait("10.0.0.2", t0 + 59s) == 1000ms); // at the cap of 60 s
    CHECK_FALSE(throttle.wait("10.0.0.2", t0 + 3600s));
    throttle.attempt("10.0.0.2", t0 + 3600s); // counted from nothing again
    throttle.attempt("10.0.0.2", t0 + 3600s);
    CHECK(throttle.wait("10.0.0.2", t0 + 3600s) == 1000ms);
}

TEST_CASE("the throttle forgets the entry that failed longest ago when full")
{
    LoginThrottle throttle(0, 60s, 3600s, 2);
    const auto t0 = LoginThrottle::Clock::time_point{} + 1000s;
    throttle.attempt("a", t0);
    throttle.attempt("b", t0 + 1s);
    throttle.attempt("c", t0 + 2s);
    CHECK(throttle.size() == 2);
    CHECK_FALSE(throttle.wait("a", t0 + 2s));
    CHECK(throttle.wait("b", t0 + 1s));
    CHECK(throttle.wait("c", t0 + 2s));
}
