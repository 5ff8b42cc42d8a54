// What every encoder of server -> client frames shares: a frame is an ordered JSON object ("type"
// first, then the fields in the order docs/protocol.md lists them, which keeps logs readable),
// dumped once with invalid UTF-8 replaced, so that a stored string with a bad byte is passed on
// mended instead of making the encoder throw.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "protocol/time_control.h"

namespace rochade::protocol {

using FrameJson = nlohmann::ordered_json;

std::string frame_text(const FrameJson& frame);

// A time control as the frames write it (time_control_to_json, in the frames' ordered JSON).
FrameJson time_control_frame_json(const TimeControl& control);

} // namespace rochade::protocol
