// The "type" of a server frame, read without parsing the JSON. A player in a room of 3,000
// receives room updates (room_presence, room_tables with hundreds of table summaries) it
// ignores; parsing each fully would spend the load generator's CPU, which it shares with the
// server under test.
#pragma once

#include <string_view>

namespace rochade::bench {

// The value of the top-level "type" key ("move", "error", ...), or empty when there is none or
// the frame is not a JSON object. The server writes "type" first, so that is read at once; any
// other frame is scanned by the JSON grammar (bench/loadgen_frame_fields.h), so that a "type"
// inside a nested object or a string value is never taken for the frame's own.
std::string_view frame_type(std::string_view frame);

} // namespace rochade::bench
