// A chess clock running one protocol::TimeControl: two remaining times, the side whose clock
// runs and since when. A pure value: time is always passed in (`now`, from the server's
// monotonic clock), so tests never sleep and the table decides what "now" is.
//
// What a press does, in this order (FIDE 6 and the usual clock makers' rules):
//  1. the time used since the clock started is charged to the mover; with a simple (US) delay
//     the first `delay_ms` of it are free;
//  2. Bronstein: the time used is given back, up to `delay_ms`;
//  3. the Fischer increment is added (from move 1);
//  4. when the mover has just completed the move count of a stage, the next stage's time is
//     added ("90 minutes for 40 moves, then 30 minutes"). A last stage with a move count
//     repeats ("then 60 minutes for every 20 moves"); one without lasts the rest of the game.
//  5. the other side's clock starts.
// An untimed clock keeps only whose turn it is: it never falls and reads 0 ms.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>

#include "protocol/messages.h"
#include "protocol/time_control.h"

namespace rochade::server {

class Clock {
public:
    using time_point = std::chrono::steady_clock::time_point;
    using Side = protocol::Side;

    // Both sides get the first stage's time; nothing runs yet.
    explicit Clock(protocol::TimeControl time_control);
    // A clock continued from stored readings (after a server restart): the remaining times and
    // how many moves each side has completed (which says in which stage each one is). Nothing
    // runs until start().
    static Clock restored(protocol::TimeControl time_control, std::int64_t white_ms, std::int64_t black_ms,
                          int white_moves_made, int black_moves_made);

    // `side`'s clock begins to run. A clock that was running is stopped first (charged, with
    // no increment): this is also how a held clock is resumed.
    void start(Side side, time_point now);
    // The running side completed a move: charge, give back, add, and start the other clock.
    // Does nothing when no clock runs.
    void press(time_point now);
    // Charges the running side and stops both clocks (game over, or held for a restart).
    void stop(time_point now);

    const protocol::TimeControl& time_control() const { return time_control_; }
    bool untimed() const { return time_control_.untimed(); }
    std::optional<Side> running() const { return running_; }
    int moves_made(Side side) const { return moves_made_[index(side)]; }

    // Remaining thinking time at `now`, never below 0 (a fallen flag reads 0).
    std::int64_t remaining_ms(Side side, time_point now) const;
    // The running side's time is used up: `now` is at or past flag_deadline().
    bool flag_fallen(time_point now) const;
    // When the running side's flag falls if it does not move; empty when nothing runs or untimed.
    // A simple delay postpones it by the delay; a Bronstein delay does not (the time is given
    // back only when the move is completed).
    std::optional<time_point> flag_deadline() const;
    protocol::ClockReading reading(time_point now) const;

private:
    static int index(Side side) { return side == Side::White ? 0 : 1; }
    // Milliseconds charged to the running side for the time since it started.
    std::int64_t charge_ms(time_point now) const;
    // Time added after a side completes its `moves_made`-th move, when that closes a stage.
    std::int64_t stage_time_after(int moves_made) const;

    protocol::TimeControl time_control_;
    std::int64_t remaining_ms_[2] = {0, 0}; // as of the last start/press/stop
    int moves_made_[2] = {0, 0};
    std::optional<Side> running_;
    time_point running_since_{};
};

} // namespace rochade::server
