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
//
// The first moves (lichess's rule): a timed clock does not run until both sides have completed
// a move. Until then start() only says whose first move is awaited and since when, and a press
// charges nothing and adds no increment (it still counts for the stages); the press that
// completes the second side's first move starts the other side's clock. The awaited side has
// `first_move_limit` to make its first move (first_move_deadline()); what happens when it does
// not is the referee's (the game is aborted). Whether the first moves are done follows from
// moves_made, so a restored clock knows it without being told.
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

    // How long each side has for its first move (server/table/first_move_limit.h chooses it);
    // none: as long as it likes.
    using FirstMoveLimit = std::optional<std::chrono::milliseconds>;

    // Both sides get the first stage's time; nothing runs yet.
    explicit Clock(protocol::TimeControl time_control, FirstMoveLimit first_move_limit = std::nullopt);
    // A clock continued from stored readings (after a server restart): the remaining times and
    // how many moves each side has completed (which says in which stage each one is). Nothing
    // runs until start().
    static Clock restored(protocol::TimeControl time_control, std::int64_t white_ms, std::int64_t black_ms,
                          int white_moves_made, int black_moves_made, FirstMoveLimit first_move_limit = std::nullopt);

    // `side`'s clock begins to run, or, before both first moves, `side`'s first move is awaited
    // from `now`. A clock that was running is stopped first (charged, with no increment): this
    // is also how a held clock is resumed.
    void start(Side side, time_point now);
    // The running side completed a move: charge, give back, add, and start the other clock.
    // Does nothing when no clock runs and no first move is awaited.
    void press(time_point now);
    // Charges the running side and stops both clocks (game over, or held for a restart); an
    // awaited first move is no longer awaited.
    void stop(time_point now);

    // `side` gets `ms` more thinking time (another player's courtesy, "more time"), running or
    // not: its deadline moves by as much. Nothing for an untimed clock.
    void give(Side side, std::int64_t ms)
    {
        if (!untimed()) remaining_ms_[index(side)] += ms;
    }

    // An arena player went berserk (tournament/arena_sheet.h, berserk_effect): `removed_ms` of his
    // time is taken away and his moves earn no increment from now on. Nothing for an untimed clock.
    void berserk(Side side, std::int64_t removed_ms)
    {
        if (untimed()) return;
        remaining_ms_[index(side)] -= removed_ms;
        without_increment_[index(side)] = true;
    }
    bool without_increment(Side side) const { return without_increment_[index(side)]; }

    const protocol::TimeControl& time_control() const { return time_control_; }
    bool untimed() const { return time_control_.untimed(); }
    std::optional<Side> running() const { return running_; }
    int moves_made(Side side) const { return moves_made_[index(side)]; }
    // Timed, and a side has not completed a move yet: the clocks do not run.
    bool before_first_moves() const { return !untimed() && (moves_made_[0] == 0 || moves_made_[1] == 0); }
    // The side whose first move is awaited (start() was called before both first moves).
    std::optional<Side> awaiting_first_move() const { return awaiting_first_move_; }
    FirstMoveLimit first_move_limit() const { return first_move_limit_; }
    // When the awaited first move is overdue; empty when none is awaited or there is no limit.
    std::optional<time_point> first_move_deadline() const;
    // The awaited first move is overdue at `now`.
    bool first_move_missed(time_point now) const;

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
    // press() while a first move is awaited.
    void press_first_move(time_point now);
    // Time added after a side completes its `moves_made`-th move, when that closes a stage.
    std::int64_t stage_time_after(int moves_made) const;

    protocol::TimeControl time_control_;
    std::int64_t remaining_ms_[2] = {0, 0}; // as of the last start/press/stop
    int moves_made_[2] = {0, 0};
    bool without_increment_[2] = {false, false}; // berserk
    FirstMoveLimit first_move_limit_;
    std::optional<Side> running_;
    std::optional<Side> awaiting_first_move_;
    time_point running_since_{}; // or since the awaited first move is awaited
};

} // namespace rochade::server
