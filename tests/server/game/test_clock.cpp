// Clocks with injected time: every instant is "ms after T0", so nothing sleeps.
#include <catch2/catch.hpp>

#include <chrono>
#include <cstdint>
#include <vector>

#include "server/game/clock.h"

using rochade::protocol::DelayKind;
using rochade::protocol::Side;
using rochade::protocol::TimeControl;
using rochade::protocol::TimeStage;
using rochade::server::Clock;

namespace {

const Clock::time_point T0 = Clock::time_point{} + std::chrono::hours(1);
Clock::time_point at(std::int64_t ms) { return T0 + std::chrono::milliseconds(ms); }

constexpr std::int64_t minutes = 60'000;

TimeControl sudden_death(std::int64_t base_ms) { return TimeControl{{TimeStage{0, base_ms}}, 0, 0, DelayKind::None}; }
TimeControl fischer(std::int64_t base_ms, std::int64_t inc_ms)
{
    return TimeControl{{TimeStage{0, base_ms}}, inc_ms, 0, DelayKind::None};
}
TimeControl delayed(std::int64_t base_ms, std::int64_t delay_ms, DelayKind kind)
{
    return TimeControl{{TimeStage{0, base_ms}}, 0, delay_ms, kind};
}

// A clock whose first moves are made (they cost nothing): both sides have `ms` and have moved once.
Clock after_first_moves(const TimeControl& tc, std::int64_t ms) { return Clock::restored(tc, ms, ms, 1, 1); }

} // namespace

TEST_CASE("One move after the first moves: what each kind of clock charges and gives", "[clock]")
{
    struct Row {
        const char* kind;
        TimeControl tc;
        std::int64_t think_ms;  // White's second move takes this long
        std::int64_t during_ms; // White's reading half-way through the move
        std::int64_t after_ms;  // White's time once the move is made
    };
    const std::vector<Row> rows = {
        {"sudden death", sudden_death(60'000), 10'000, 55'000, 50'000},
        {"Fischer +2 s", fischer(60'000, 2'000), 10'000, 55'000, 52'000},
        {"Bronstein 3 s, fast move: all given back", delayed(60'000, 3'000, DelayKind::Bronstein), 2'000, 59'000,
         60'000},
        {"Bronstein 3 s, slow move: 3 s given back", delayed(60'000, 3'000, DelayKind::Bronstein), 10'000, 55'000,
         53'000},
        {"simple delay 3 s, fast move: nothing charged", delayed(60'000, 3'000, DelayKind::Simple), 2'000, 60'000,
         60'000},
        {"simple delay 3 s, slow move: 7 s charged", delayed(60'000, 3'000, DelayKind::Simple), 10'000, 58'000, 53'000},
    };
    for (const Row& row : rows) {
        INFO(row.kind);
        Clock clock = after_first_moves(row.tc, 60'000);
        CHECK(clock.remaining_ms(Side::White, at(0)) == 60'000);
        clock.start(Side::White, at(0));
        CHECK(clock.remaining_ms(Side::White, at(row.think_ms / 2)) == row.during_ms);
        CHECK(clock.remaining_ms(Side::Black, at(row.think_ms / 2)) == 60'000);
        clock.press(at(row.think_ms));
        CHECK(clock.running() == Side::Black);
        CHECK(clock.moves_made(Side::White) == 2);
        CHECK(clock.remaining_ms(Side::White, at(row.think_ms + 5'000)) == row.after_ms);
        // Black's clock runs from the press.
        const std::int64_t black_expected = row.tc.delay == DelayKind::Simple ? 60'000 - 2'000 : 60'000 - 5'000;
        CHECK(clock.remaining_ms(Side::Black, at(row.think_ms + 5'000)) == black_expected);
    }
}

TEST_CASE("FIDE stages: 90 minutes for 40 moves, then 30 minutes, 30 s a move once the clocks run", "[clock]")
{
    const TimeControl tc{{TimeStage{40, 90 * minutes}, TimeStage{0, 30 * minutes}}, 30'000, 0, DelayKind::None};
    Clock clock(tc);
    std::int64_t t = 0;
    clock.start(Side::White, at(t));
    // Each move takes one minute for either side; the first moves cost nothing and earn nothing
    // but count for the stage.
    for (int move = 1; move <= 41; ++move) {
        t += minutes;
        clock.press(at(t)); // White's move
        t += minutes;
        clock.press(at(t)); // Black's move
        const std::int64_t expected =
            90 * minutes - (move - 1) * minutes + (move - 1) * 30'000 + (move >= 40 ? 30 * minutes : 0);
        INFO("after move " << move);
        REQUIRE(clock.remaining_ms(Side::White, at(t)) == expected);
        REQUIRE(clock.remaining_ms(Side::Black, at(t)) == expected);
    }
    CHECK(clock.moves_made(Side::White) == 41);
}

TEST_CASE("A last stage with a move count repeats", "[clock]")
{
    // 2 hours for 40 moves, then 1 hour for every 20 moves.
    const TimeControl tc{{TimeStage{40, 120 * minutes}, TimeStage{20, 60 * minutes}}, 0, 0, DelayKind::None};
    Clock clock(tc);
    std::int64_t t = 0;
    std::int64_t added = 0;
    clock.start(Side::White, at(t));
    for (int move = 1; move <= 100; ++move) {
        t += 1'000;
        clock.press(at(t));
        t += 1'000;
        clock.press(at(t));
        if (move == 40 || move == 60 || move == 80 || move == 100) added += 60 * minutes;
        INFO("after move " << move);
        REQUIRE(clock.remaining_ms(Side::Black, at(t)) == 120 * minutes - (move - 1) * 1'000 + added);
    }
}

TEST_CASE("Flag deadline: the exact millisecond, and postponed by a simple delay only", "[clock]")
{
    struct Row {
        const char* kind;
        TimeControl tc;
        std::int64_t deadline_ms; // White's flag, with White's clock started at 0
    };
    const std::vector<Row> rows = {
        {"sudden death", sudden_death(1'000), 1'000},
        {"Fischer", fischer(1'000, 5'000), 1'000},
        {"Bronstein", delayed(1'000, 5'000, DelayKind::Bronstein), 1'000},
        {"simple delay", delayed(1'000, 5'000, DelayKind::Simple), 6'000},
    };
    for (const Row& row : rows) {
        INFO(row.kind);
        Clock clock = after_first_moves(row.tc, 1'000);
        CHECK_FALSE(clock.flag_deadline());
        clock.start(Side::White, at(0));
        REQUIRE(clock.flag_deadline() == at(row.deadline_ms));
        CHECK_FALSE(clock.flag_fallen(at(row.deadline_ms - 1)));
        CHECK(clock.remaining_ms(Side::White, at(row.deadline_ms - 1)) == 1);
        CHECK(clock.flag_fallen(at(row.deadline_ms)));
        CHECK(clock.remaining_ms(Side::White, at(row.deadline_ms)) == 0);
        CHECK(clock.remaining_ms(Side::White, at(row.deadline_ms + 10'000)) == 0);
    }

    // After a press the deadline is the other side's.
    Clock clock = after_first_moves(sudden_death(1'000), 1'000);
    clock.start(Side::White, at(0));
    clock.press(at(400));
    CHECK(clock.flag_deadline() == at(1'400));
    CHECK_FALSE(clock.flag_fallen(at(1'399)));
    CHECK(clock.flag_fallen(at(1'400)));
    clock.stop(at(500));
    CHECK_FALSE(clock.flag_deadline());
    CHECK_FALSE(clock.flag_fallen(at(100'000)));
}

TEST_CASE("Untimed: no flag ever, readings say untimed, turns still alternate", "[clock]")
{
    Clock clock(TimeControl{}, std::chrono::seconds(20));
    CHECK(clock.untimed());
    CHECK_FALSE(clock.before_first_moves()); // nothing to wait for: no first-move limit either
    clock.start(Side::White, at(0));
    CHECK(clock.running() == Side::White);
    CHECK_FALSE(clock.first_move_deadline());
    CHECK_FALSE(clock.flag_deadline());
    CHECK_FALSE(clock.flag_fallen(at(1'000'000'000)));
    clock.press(at(5'000));
    const auto reading = clock.reading(at(1'000'000));
    CHECK(reading.untimed);
    CHECK(reading.white_ms == 0);
    CHECK(reading.black_ms == 0);
    CHECK(reading.running == Side::Black);
    CHECK(clock.moves_made(Side::White) == 1);
}

TEST_CASE("Readings, stop and restart", "[clock]")
{
    Clock clock = after_first_moves(fischer(60'000, 1'000), 60'000);
    auto reading = clock.reading(at(0));
    CHECK(reading.white_ms == 60'000);
    CHECK(reading.black_ms == 60'000);
    CHECK_FALSE(reading.running);
    CHECK_FALSE(reading.untimed);

    clock.start(Side::White, at(0));
    clock.stop(at(4'000)); // charged, no increment
    CHECK_FALSE(clock.running());
    CHECK(clock.remaining_ms(Side::White, at(50'000)) == 56'000);
    clock.start(Side::White, at(50'000)); // the time while stopped costs nothing
    clock.press(at(51'000));
    CHECK(clock.remaining_ms(Side::White, at(51'000)) == 56'000);
    // Starting the other side while one runs charges the runner without an increment.
    clock.start(Side::White, at(60'000));
    CHECK(clock.remaining_ms(Side::Black, at(60'000)) == 51'000);
    reading = clock.reading(at(61'000));
    CHECK(reading.white_ms == 55'000);
    CHECK(reading.black_ms == 51'000);
    CHECK(reading.running == Side::White);
}

TEST_CASE("Restored clocks: held until started, and still in the right stage", "[clock]")
{
    const TimeControl tc{{TimeStage{40, 90 * minutes}, TimeStage{0, 30 * minutes}}, 30'000, 0, DelayKind::None};
    Clock clock = Clock::restored(tc, 1'000, 2'000, 39, 39);
    CHECK_FALSE(clock.running());
    CHECK_FALSE(clock.flag_deadline());
    CHECK(clock.remaining_ms(Side::White, at(1'000'000)) == 1'000);
    CHECK(clock.remaining_ms(Side::Black, at(1'000'000)) == 2'000);
    clock.start(Side::White, at(10'000));
    CHECK(clock.flag_deadline() == at(11'000));
    clock.press(at(10'500)); // White's 40th move: the second stage begins
    CHECK(clock.moves_made(Side::White) == 40);
    CHECK(clock.remaining_ms(Side::White, at(10'500)) == 500 + 30'000 + 30 * minutes);
    CHECK(clock.flag_deadline() == at(12'500));
}

TEST_CASE("The first moves cost no time and earn no increment, the clocks start after Black's first move",
          "[clock][first_move]")
{
    Clock clock(fischer(180'000, 2'000), std::chrono::seconds(20));
    CHECK(clock.before_first_moves());
    clock.start(Side::White, at(0));
    CHECK_FALSE(clock.running());
    CHECK(clock.awaiting_first_move() == Side::White);
    CHECK_FALSE(clock.flag_deadline());
    auto reading = clock.reading(at(5'000));
    CHECK(reading.white_ms == 180'000);
    CHECK(reading.black_ms == 180'000);
    CHECK_FALSE(reading.running);
    CHECK(reading.first_move == rochade::protocol::FirstMoveWait{Side::White, 15'000});

    clock.press(at(10'000)); // 1.e4 after 10 s: nothing charged, no increment
    CHECK(clock.remaining_ms(Side::White, at(12'000)) == 180'000);
    CHECK(clock.awaiting_first_move() == Side::Black);
    CHECK(clock.first_move_deadline() == at(30'000));
    CHECK(clock.reading(at(12'000)).first_move == rochade::protocol::FirstMoveWait{Side::Black, 18'000});

    clock.press(at(25'000)); // 1...e5 after 15 s: the clocks start, White's runs
    CHECK_FALSE(clock.before_first_moves());
    CHECK_FALSE(clock.awaiting_first_move());
    CHECK_FALSE(clock.first_move_deadline());
    CHECK(clock.running() == Side::White);
    CHECK(clock.moves_made(Side::White) == 1);
    CHECK(clock.moves_made(Side::Black) == 1);
    CHECK(clock.remaining_ms(Side::Black, at(25'000)) == 180'000);
    CHECK(clock.remaining_ms(Side::White, at(26'000)) == 179'000);
    CHECK(clock.flag_deadline() == at(205'000));
    reading = clock.reading(at(26'000));
    CHECK(reading.running == Side::White);
    CHECK_FALSE(reading.first_move);

    clock.press(at(27'000)); // 2.Nf3: now the increment is added
    CHECK(clock.remaining_ms(Side::White, at(27'000)) == 180'000 - 2'000 + 2'000);
}

TEST_CASE("The first move's deadline: to the millisecond, per side, and none while stopped or unlimited",
          "[clock][first_move]")
{
    Clock clock(sudden_death(60'000), std::chrono::seconds(20));
    CHECK_FALSE(clock.first_move_deadline());
    clock.start(Side::White, at(1'000));
    CHECK(clock.first_move_deadline() == at(21'000));
    CHECK_FALSE(clock.first_move_missed(at(20'999)));
    CHECK(clock.first_move_missed(at(21'000)));
    CHECK(clock.reading(at(40'000)).first_move == rochade::protocol::FirstMoveWait{Side::White, 0});

    // Held (a restart): nothing is awaited; started again, the wait begins anew.
    clock.stop(at(5'000));
    CHECK_FALSE(clock.awaiting_first_move());
    CHECK_FALSE(clock.first_move_deadline());
    CHECK_FALSE(clock.reading(at(5'000)).first_move);
    clock.start(Side::White, at(50'000));
    CHECK(clock.first_move_deadline() == at(70'000));
    CHECK(clock.remaining_ms(Side::White, at(69'000)) == 60'000);

    // Without a limit the wait is shown, with no time to count down, and never runs out.
    Clock unlimited(sudden_death(60'000));
    unlimited.start(Side::White, at(0));
    CHECK(unlimited.awaiting_first_move() == Side::White);
    CHECK_FALSE(unlimited.first_move_deadline());
    CHECK_FALSE(unlimited.first_move_missed(at(1'000'000)));
    CHECK(unlimited.reading(at(0)).first_move == rochade::protocol::FirstMoveWait{Side::White, std::nullopt});
}

TEST_CASE("A restored clock knows from the moves made whether the first moves are done", "[clock][first_move]")
{
    const TimeControl tc = sudden_death(180'000);
    // Restored after White's first move: Black's first move is awaited when the clock starts.
    Clock after_white = Clock::restored(tc, 180'000, 180'000, 1, 0, std::chrono::seconds(25));
    CHECK(after_white.before_first_moves());
    after_white.start(Side::Black, at(3'000));
    CHECK_FALSE(after_white.running());
    CHECK(after_white.awaiting_first_move() == Side::Black);
    CHECK(after_white.first_move_deadline() == at(28'000));
    after_white.press(at(4'000));
    CHECK(after_white.running() == Side::White);
    CHECK(after_white.remaining_ms(Side::White, at(5'000)) == 179'000);

    // Restored after both first moves: the clock runs as soon as it starts.
    Clock after_both = Clock::restored(tc, 180'000, 180'000, 1, 1, std::chrono::seconds(25));
    CHECK_FALSE(after_both.before_first_moves());
    after_both.start(Side::White, at(0));
    CHECK(after_both.running() == Side::White);
    CHECK_FALSE(after_both.first_move_deadline());
}

TEST_CASE("Berserk: the time taken off at once, and no increment for that side from then on", "[clock][arena]")
{
    Clock clock(fischer(3 * minutes, 2'000));
    clock.berserk(Side::White, 90'000);
    CHECK(clock.remaining_ms(Side::White, at(0)) == 90'000);
    CHECK(clock.without_increment(Side::White));
    CHECK_FALSE(clock.without_increment(Side::Black));
    clock.start(Side::White, at(0));
    clock.press(at(1'000)); // the first moves cost and earn nothing
    clock.press(at(2'000));
    clock.press(at(7'000)); // White thinks 5 s: charged, no increment
    CHECK(clock.remaining_ms(Side::White, at(7'000)) == 85'000);
    clock.press(at(10'000)); // Black thinks 3 s and earns his 2 s
    CHECK(clock.remaining_ms(Side::Black, at(10'000)) == 3 * minutes - 1'000);
    // An untimed clock has nothing to halve.
    Clock untimed(TimeControl{});
    untimed.berserk(Side::Black, 90'000);
    CHECK_FALSE(untimed.without_increment(Side::Black));
}
