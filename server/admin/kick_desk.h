// Kicks: finds the nick (server/admin/nick_finder.h), closes its connections on this node,
// or, when it is online on another node, asks that node to close them; the player is told
// the reason. Also closes a kicked player's connections here for a moderator on another node.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "server/moderation/moderation_attempt.h"

namespace rochade::server {

class AuditTrail;
class Lobby;
class NickFinder;
class OtherNodes;

class KickDesk {
public:
    KickDesk(std::shared_ptr<Lobby> lobby, NickFinder& nicks, AuditTrail& audit, OtherNodes& others);

    void carry_out(ModerationAttempt attempt, Kick kick);
    // Closes the kicked player's connections on this node; `done` gets how many were closed.
    void close_here(const std::string& nick, const std::string& reason, std::function<void(int closed)> done);

private:
    // Once the nick is found and may be kicked.
    void kick_found(ModerationAttempt attempt, Kick kick);
    // The nick is not online here: asks the node that holds its lease to close it.
    void kick_elsewhere(ModerationAttempt attempt, Kick kick);

    std::shared_ptr<Lobby> lobby_;
    NickFinder& nicks_;
    AuditTrail& audit_;
    OtherNodes& others_;
};

} // namespace rochade::server
