// The admin API's actions (POST /api/admin/{action}): a JSON body read into the typed
// server::ModerationRequest, and the service's answer written back. Strict, because a typo in
// an action against a player must not pass as "no value": an unknown field, a missing or
// mistyped one, a nick that is no nick, an address that is no IP address, minutes out of range
// each give an error naming the field. Pure: no I/O; the AdminApi hands the request on to
// server::Moderation.
#pragma once

#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "engine/expected.h"
#include "server/moderation/moderation.h"

namespace rochade::server {

// Mutes and bans for a time: 1 minute to 10 years.
inline constexpr std::int64_t max_sanction_minutes = 10LL * 366 * 24 * 60;

// `body` is the request's text; `action` the endpoint's.
Expected<ModerationRequest, std::string> parse_moderation_request(ModerationAction action, std::string_view body);

// An IPv4 or IPv6 address in the spelling the server logs and compares ("::1", "203.0.113.7");
// nothing for text that is not one.
std::optional<std::string> canonical_address(std::string_view text);

// {"done": SUMMARY, "until": MS | null, "connections_closed": N}
nlohmann::json moderation_done_json(const ModerationDone& done);

} // namespace rochade::server
