// The server's log lines with every control character of their message escaped: a line break
// becomes "\n", a carriage return "\r", any other byte below 0x20 (and DEL) "\xNN". Client text
// reaches the log in many places (a WebSocket close reason, an Origin header, a nick refused, a
// moderator's reason); escaping it once, where every line is formatted, means none of them can
// start a forged line of its own, including places added later.
#pragma once

#include <string>
#include <string_view>

namespace rochade::server {

// `text` with its control characters escaped as described above; other bytes unchanged.
std::string escaped_for_log(std::string_view text);

// Makes every spdlog logger format its lines with the message escaped (spdlog's default pattern
// otherwise). Called once by `rochade serve` before the server starts.
void escape_log_messages();

} // namespace rochade::server
