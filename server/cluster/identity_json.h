// A player's identity as the nodes of a cluster write it in their messages (a forwarded table or
// tournament request names who sent it): the principal, the nick, the role and the session. The
// bus is trusted like the store; the receiving node acts for this identity without checking it
// again (docs/architecture.md, "Several nodes").
#pragma once

#include <nlohmann/json.hpp>

#include "server/identity/principal.h"

namespace rochade::server::cluster {

nlohmann::json identity_json(const identity::Identity& who);
// Throws protocol::JsonFieldError naming the field that is missing or wrong.
identity::Identity identity_from(const nlohmann::json& value);

} // namespace rochade::server::cluster
