// The "type" of a server frame, read without parsing the JSON. A player in a room of 3,000
// receives thousands of member_entered and table_opened events it ignores; parsing each fully
// would spend the load generator's CPU, which it shares with the server under test.
#pragma once

#include <string_view>

namespace rochade::bench {

// The value of the first "type" key ("move", "error", ...), or empty when there is none. The
// server's frames have "type" only at the top level (table summaries and clocks have none).
std::string_view frame_type(std::string_view frame);

} // namespace rochade::bench
