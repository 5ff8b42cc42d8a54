// A moderator's notice to one room's members or to everyone online: sent by the lobby to this
// node's players, announced for the other nodes' own, then logged.
#pragma once

#include <memory>

#include "server/moderation/moderation_attempt.h"

namespace rochade::server {

class AuditTrail;
class Lobby;
class OtherNodes;

class NoticeDesk {
public:
    NoticeDesk(std::shared_ptr<Lobby> lobby, AuditTrail& audit, OtherNodes& others);

    void carry_out(ModerationAttempt attempt, SendNotice notice);

private:
    std::shared_ptr<Lobby> lobby_;
    AuditTrail& audit_;
    OtherNodes& others_;
};

} // namespace rochade::server
