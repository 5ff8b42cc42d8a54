// How long a player has to make the first move before the game is aborted (termination
// no_first_move). The clocks do not run before both first moves (server/game/clock.h), so
// without a limit a player could hold the opponent at the board for ever.
//
// lichess's values (lila's Game.timeForFirstMove, outside tournaments): 15 s for ultrabullet,
// 20 s for bullet, 25 s for blitz, 30 s for rapid, 35 s for classical; a slower game leaves
// more time to sit down. Categories as our ratings count them (TableRatings::category_of:
// base + 40 x increment or delay); "ultrabullet" is lichess's, an estimated duration under 30 s.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>

#include "protocol/time_control.h"

namespace rochade::server {

// `configured_ms` (the server's first_move_limit_ms) wins when set; an untimed game has no limit,
// since nothing waits on a clock.
std::optional<std::chrono::milliseconds> first_move_limit(const protocol::TimeControl& time_control,
                                                          std::optional<std::int64_t> configured_ms);

} // namespace rochade::server
