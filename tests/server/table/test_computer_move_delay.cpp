// The computer's human-like pause before its move (server/table/computer_move_delay.h), as a
// table: time control, the computer's time left, the drawn chance -> the pause.
#include <catch2/catch.hpp>

#include "server/table/computer_move_delay.h"

using namespace rochade;
using namespace std::chrono_literals;

namespace {

protocol::TimeControl fischer(std::int64_t base_ms, std::int64_t increment_ms)
{
    protocol::TimeControl control;
    control.stages.push_back({0, base_ms});
    control.increment_ms = increment_ms;
    return control;
}

} // namespace

TEST_CASE("computer move delay: 200-1200 ms in fast games, scaled by the clock, none when slow or untimed",
          "[computer][delay]")
{
    struct Case {
        protocol::TimeControl control;
        std::int64_t left_ms;
        double chance;
        std::chrono::milliseconds expected;
    };
    const Case cases[] = {
        {fischer(180'000, 0), 180'000, 0.0, 200ms},     // 3+0, full clock, shortest pause
        {fischer(180'000, 0), 180'000, 1.0, 1200ms},    // longest pause
        {fischer(180'000, 0), 180'000, 0.5, 700ms},     // in between
        {fischer(180'000, 0), 90'000, 1.0, 600ms},      // half the clock left: half the pause
        {fischer(180'000, 2000), 500'000, 1.0, 1200ms}, // increments above the base: no more than the pause
        {fischer(180'000, 0), 0, 1.0, 0ms},             // no time left: no pause
        {fischer(600'000, 5000), 600'000, 1.0, 1200ms}, // 10+5: 10 + 40*5 s = 13:20, still fast
        {fischer(900'000, 0), 900'000, 1.0, 0ms},       // 15+0: not fast
        {fischer(600'000, 10'000), 600'000, 1.0, 0ms},  // 10+10: 16:40 estimated, not fast
        {protocol::TimeControl{}, 0, 1.0, 0ms},         // untimed
    };
    for (const auto& c : cases) {
        INFO("base " << c.control.stages.size() << " left " << c.left_ms << " chance " << c.chance);
        CHECK(server::computer_move_delay(c.control, c.left_ms, 1200ms, c.chance) == c.expected);
    }
    // The configuration's 0 (tests) or anything up to the shortest pause: no pause.
    CHECK(server::computer_move_delay(fischer(180'000, 0), 180'000, 0ms, 1.0) == 0ms);
    CHECK(server::computer_move_delay(fischer(180'000, 0), 180'000, 200ms, 1.0) == 0ms);
}
