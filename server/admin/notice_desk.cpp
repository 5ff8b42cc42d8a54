#include "server/admin/notice_desk.h"

#include "server/admin/audit_trail.h"
#include "server/admin/other_nodes.h"
#include "server/lobby/lobby.h"

namespace rochade::server {

NoticeDesk::NoticeDesk(std::shared_ptr<Lobby> lobby, AuditTrail& audit, OtherNodes& others)
    : lobby_(std::move(lobby)), audit_(audit), others_(others)
{
}

void NoticeDesk::carry_out(ModerationAttempt attempt, SendNotice notice)
{
    std::string from = attempt.who.nick;
    lobby_->send_notice(
        std::move(from), notice.room, notice.text,
        [this, attempt = std::move(attempt), room = notice.room](std::optional<std::string> refused) mutable {
            if (refused)
                return audit_.refuse(std::move(attempt), protocol::ErrorCode::NoSuchRoom, "notice: " + *refused);
            others_.notice_sent(room, attempt.who.nick, attempt.reason);
            audit_.finish(
                std::move(attempt),
                ModerationDone{"notice sent to " + (room ? "room " + std::to_string(*room) : std::string("everyone")),
                               std::nullopt, 0},
                "{}");
        });
}

} // namespace rochade::server
