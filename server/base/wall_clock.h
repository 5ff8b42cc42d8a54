// Wall-clock time for the rows people read in the game log (db/records.h `*_at_ms`). Clocks and
// timers never use it: they run on std::chrono::steady_clock.
#pragma once

#include <chrono>
#include <cstdint>

namespace rochade::server {

inline std::int64_t wall_clock_ms()
{
    using namespace std::chrono;
    return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

} // namespace rochade::server
