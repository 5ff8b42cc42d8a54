#include "server/table/computer_move_delay.h"

#include <algorithm>

namespace rochade::server {

std::chrono::milliseconds computer_move_delay(const protocol::TimeControl& time_control, std::int64_t remaining_ms,
                                              std::chrono::milliseconds max_pause, double chance)
{
    using std::chrono::milliseconds;
    if (time_control.untimed() || max_pause <= shortest_computer_pause) return milliseconds(0);
    const std::int64_t base_ms = time_control.stages.front().time_ms;
    const std::int64_t estimated_ms = base_ms + 40 * time_control.increment_ms;
    if (estimated_ms >= milliseconds(fast_game_below).count()) return milliseconds(0);
    const double drawn = std::clamp(chance, 0.0, 1.0);
    const double pause_ms =
        double(shortest_computer_pause.count()) + drawn * double((max_pause - shortest_computer_pause).count());
    const double share = base_ms > 0 ? std::clamp(double(remaining_ms) / double(base_ms), 0.0, 1.0) : 0.0;
    return milliseconds(std::int64_t(pause_ms * share));
}

} // namespace rochade::server
