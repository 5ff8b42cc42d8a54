#include "server/admin/kick_desk.h"

#include <nlohmann/json.hpp>

#include "server/admin/audit_trail.h"
#include "server/admin/nick_finder.h"
#include "server/admin/other_nodes.h"
#include "server/lobby/lobby.h"

namespace rochade::server {

using protocol::ErrorCode;

KickDesk::KickDesk(std::shared_ptr<Lobby> lobby, NickFinder& nicks, AuditTrail& audit, OtherNodes& others)
    : lobby_(std::move(lobby)), nicks_(nicks), audit_(audit), others_(others)
{
}

void KickDesk::carry_out(ModerationAttempt attempt, Kick kick)
{
    const std::string nick = kick.nick;
    nicks_.find(std::move(attempt), nick, [this, kick](ModerationAttempt attempt, std::string nick) mutable {
        kick.nick = std::move(nick);
        kick_found(std::move(attempt), std::move(kick));
    });
}

void KickDesk::close_here(const std::string& nick, const std::string& reason, std::function<void(int)> done)
{
    lobby_->close_player(nick, ErrorCode::Kicked, "kicked by a moderator: " + reason,
                         protocol::ErrorSanction{reason, false, std::nullopt, std::nullopt}, "kicked by a moderator",
                         std::move(done));
}

void KickDesk::kick_found(ModerationAttempt attempt, Kick kick)
{
    close_here(kick.nick, kick.reason, [this, attempt = std::move(attempt), kick](int closed) mutable {
        if (closed == 0) return kick_elsewhere(std::move(attempt), std::move(kick));
        audit_.finish(std::move(attempt),
                      ModerationDone{kick.nick + " kicked (" + std::to_string(closed) + " connection closed)",
                                     std::nullopt, closed},
                      "{}");
    });
}

void KickDesk::kick_elsewhere(ModerationAttempt attempt, Kick kick)
{
    const std::string nick = kick.nick;
    others_.locate(nick, [this, attempt = std::move(attempt), kick](std::optional<std::string> node) mutable {
        if (!node)
            return audit_.refuse(std::move(attempt), ErrorCode::NoSuchNick, "kick: '" + kick.nick + "' is not online");
        others_.ask_kick(*node, kick.nick, kick.reason,
                         [this, attempt = std::move(attempt), kick,
                          node = *node](std::optional<cluster::ModerationAnswered> answer) mutable {
                             if (!answer)
                                 return audit_.refuse(
                                     std::move(attempt), ErrorCode::Busy,
                                     "kick: " + silent_text(node, others_.answer_timeout()) + ", where '" + kick.nick +
                                         "' is online; whether it was done is unknown: see the live view");
                             if (answer->closed == 0)
                                 return audit_.refuse(std::move(attempt), ErrorCode::NoSuchNick,
                                                      "kick: '" + kick.nick + "' is not online");
                             const std::string nick = answer->message.empty() ? kick.nick : answer->message;
                             attempt.target = nick;
                             audit_.finish(std::move(attempt),
                                           ModerationDone{nick + " kicked on node " + node + " (" +
                                                              std::to_string(answer->closed) + " connection closed)",
                                                          std::nullopt, answer->closed},
                                           nlohmann::json{{"node", node}}.dump());
                         });
    });
}

} // namespace rochade::server
