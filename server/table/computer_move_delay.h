// The computer's human-like pause before a move (docs/bots.md, "Playing the computer"): a
// computer that answers in 50 ms at bullet feels like a machine gun, and lichess pauses too. A
// pure decision, so that it is tested as a table of cases; the table draws `chance`.
#pragma once

#include <chrono>
#include <cstdint>

#include "protocol/time_control.h"

namespace rochade::server {

// Games whose estimated length (base + 40 increments, as lichess counts) is below this are fast.
inline constexpr std::chrono::minutes fast_game_below{15};
inline constexpr std::chrono::milliseconds shortest_computer_pause{200};

// No pause when untimed, at 15 minutes or slower, or when `max_pause` is at most the shortest;
// else 200 ms + chance * (max_pause - 200 ms), `chance` in [0, 1], scaled down by the share of
// its first stage's time the computer still has (a computer short of time hurries, as people do).
std::chrono::milliseconds computer_move_delay(const protocol::TimeControl& time_control, std::int64_t remaining_ms,
                                              std::chrono::milliseconds max_pause, double chance);

} // namespace rochade::server
