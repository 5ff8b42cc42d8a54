// A time control as the players agreed it: a ladder of stages, an increment or a delay per
// move. One shape covers every kind the server offers:
//   sudden death   one stage, no increment, no delay
//   Fischer        one stage + increment (added after each move, from move 1)
//   Bronstein      one stage + delay (after a move, the time used is given back, up to delay)
//   simple/US      one stage + delay (the clock waits `delay` before it starts counting down)
//   FIDE stages    several stages, e.g. 90 min for 40 moves, then 30 min, +30 s from move 1
//   untimed        no stages at all
// It is a value of the protocol because it travels on the wire; the clock that runs it is
// server/game/clock.h.
#pragma once

#include <cstdint>
#include <vector>

namespace rochade::protocol {

struct TimeStage {
    int moves = 0;              // moves (by one player) this stage lasts; 0 = the rest of the game
    std::int64_t time_ms = 0;   // time added to the clock when the stage begins
    friend bool operator==(const TimeStage&, const TimeStage&) = default;
};

enum class DelayKind : std::uint8_t { None, Bronstein, Simple };

struct TimeControl {
    std::vector<TimeStage> stages; // empty = untimed
    std::int64_t increment_ms = 0; // Fischer increment, added after every move from move 1
    std::int64_t delay_ms = 0;
    DelayKind delay = DelayKind::None;

    bool untimed() const { return stages.empty(); }
    friend bool operator==(const TimeControl&, const TimeControl&) = default;
};

} // namespace rochade::protocol
