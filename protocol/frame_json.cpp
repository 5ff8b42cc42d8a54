#include "protocol/frame_json.h"

#include "protocol/decode.h"

namespace rochade::protocol {

std::string frame_text(const FrameJson& frame)
{
    return frame.dump(-1, ' ', false, FrameJson::error_handler_t::replace);
}

FrameJson time_control_frame_json(const TimeControl& control)
{
    return FrameJson::parse(time_control_to_json(control).dump());
}

} // namespace rochade::protocol
