// The checks a moderation request passes before anything is looked up, and the target its
// audit line names. Pure: no owner is asked, so the admin API's tests and the service share them.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "server/moderation/moderation.h"

namespace rochade::server {

// The most a mute or a ban for a time may last: ten years. Longer is "for good" (bans only).
inline constexpr std::int64_t max_sanction_ms = 10LL * 366 * 24 * 3600 * 1000;

// What is wrong with the request before anything is looked up (a reason, a duration, an
// address, a table id), or nothing.
std::optional<std::string> moderation_request_error(const ModerationRequest& request);
// The target as the audit log shows it: "Bob", "203.0.113.7", "table 12", "room 34", "everyone".
std::string moderation_target(const ModerationRequest& request);
// The address as the server spells a peer's (Connection::ip_address), or nothing when it is
// no IPv4 or IPv6 address: the key of an address ban.
std::optional<std::string> normalized_address(const std::string& address);

} // namespace rochade::server
