// One moderation request on its way through the service: who asked, from where, what, and the
// callback that answers them. The audit line is made from it (server/admin/audit_trail.h); the
// desk that carries the request out may name the target more exactly (the nick as its player
// wrote it) before the line is written. Moved from hop to hop, never shared.
#pragma once

#include <functional>
#include <string>

#include "server/identity/principal.h"
#include "server/moderation/moderation.h"

namespace rochade::server {

struct ModerationAttempt {
    identity::Identity who;
    std::string address;
    ModerationAction action = ModerationAction::Kick;
    std::string target;
    std::string reason;
    std::function<void(ModerationResult)> done;

    std::string name() const { return std::string(moderation_action_name(action)); }
};

} // namespace rochade::server
