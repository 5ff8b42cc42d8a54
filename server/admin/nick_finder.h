// Finds the player a moderation request names: among the online players (the lobby), the
// registered accounts (the read thread), or, in a cluster, the guests online on another node.
// Hands on the nick as its player wrote it, or refuses the attempt: no_such_nick, or forbidden
// when the player is a moderator or an admin and the one asking is not an admin (moderators
// answer to admins, not to each other).
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "protocol/role.h"
#include "server/moderation/moderation_attempt.h"

namespace rochade::db {
class ReadThread;
} // namespace rochade::db

namespace rochade::server {

class AuditTrail;
class Lobby;
class OtherNodes;

class NickFinder {
public:
    using Found = std::function<void(ModerationAttempt, std::string nick)>;

    NickFinder(std::shared_ptr<Lobby> lobby, db::ReadThread& reads, AuditTrail& audit, OtherNodes& others);

    void find(ModerationAttempt attempt, std::string nick, Found then);

private:
    // `then`, unless `target_role` outranks what the asking role may act on.
    void check_rank(ModerationAttempt attempt, std::string nick, protocol::Role target_role, Found then);
    // A nick neither online here nor registered: online on another node (a guest) or nobody.
    void find_elsewhere(ModerationAttempt attempt, std::string nick, Found then);

    std::shared_ptr<Lobby> lobby_;
    db::ReadThread& reads_;
    AuditTrail& audit_;
    OtherNodes& others_;
};

} // namespace rochade::server
