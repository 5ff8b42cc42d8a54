#include "bench/loadgen_frame_type.h"

#include "bench/loadgen_frame_fields.h"

namespace rochade::bench {

std::string_view frame_type(std::string_view frame)
{
    // The server's own shape: {"type":"name", ... with a name that needs no escape. The value
    // ends at the next quote, since a plain JSON string cannot hold one unescaped.
    constexpr std::string_view opening = "{\"type\":\"";
    if (frame.starts_with(opening)) {
        const auto end = frame.find_first_of("\"\\", opening.size());
        if (end != std::string_view::npos && frame[end] == '"')
            return frame.substr(opening.size(), end - opening.size());
    }
    return top_level_string(frame, "type").value_or(std::string_view{});
}

} // namespace rochade::bench
