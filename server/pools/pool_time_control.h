// A pool's time control as the tables know it: the one translation of a catalogue entry
// (base minutes + increment seconds) into protocol::TimeControl, used both for the game a wave
// starts and for the rating category a joining player is read in, so the two cannot disagree.
#pragma once

#include <cstdint>

#include "matchmaking/pool_catalogue.h"
#include "protocol/messages.h"

namespace rochade::server {

inline protocol::TimeControl pool_time_control(const matchmaking::PoolSpec& spec)
{
    protocol::TimeControl control;
    control.stages.push_back(protocol::TimeStage{0, std::int64_t(spec.base_minutes) * 60'000});
    control.increment_ms = std::int64_t(spec.increment_seconds) * 1000;
    return control;
}

} // namespace rochade::server
