#include "server/admin/nick_finder.h"

#include <spdlog/spdlog.h>

#include "db/read_thread.h"
#include "db/store_reader.h"
#include "protocol/nick.h"
#include "server/admin/audit_trail.h"
#include "server/admin/other_nodes.h"
#include "server/lobby/lobby.h"

namespace rochade::server {

using protocol::ErrorCode;

NickFinder::NickFinder(std::shared_ptr<Lobby> lobby, db::ReadThread& reads, AuditTrail& audit, OtherNodes& others)
    : lobby_(std::move(lobby)), reads_(reads), audit_(audit), others_(others)
{
}

void NickFinder::find(ModerationAttempt attempt, std::string nick, Found then)
{
    lobby_->online_nick(nick, [this, attempt = std::move(attempt), nick,
                               then = std::move(then)](std::optional<identity::Identity> online) mutable {
        if (online) return check_rank(std::move(attempt), online->nick, online->role, std::move(then));
        auto read_account = [nick](db::StoreReader& reader) {
            return protocol::nick_error(nick) ? std::optional<db::AccountRecord>()
                                              : reader.account(protocol::nick_key(nick));
        };
        reads_.read(std::move(read_account),
                    [this, attempt = std::move(attempt), nick = std::move(nick),
                     then = std::move(then)](db::ReadResult<std::optional<db::AccountRecord>> read) mutable {
                        if (!read) {
                            spdlog::error("moderation: reading account '{}' failed: {}", nick, read.error().message);
                            return audit_.refuse(std::move(attempt), ErrorCode::StorageUnavailable,
                                                 attempt.name() + ": the accounts cannot be read now; try again");
                        }
                        auto& account = *read;
                        if (!account) return find_elsewhere(std::move(attempt), std::move(nick), std::move(then));
                        check_rank(std::move(attempt), account->nick, account->role, std::move(then));
                    });
    });
}

void NickFinder::find_elsewhere(ModerationAttempt attempt, std::string nick, Found then)
{
    const std::string looked_for = nick;
    others_.locate(looked_for, [this, attempt = std::move(attempt), nick = std::move(nick),
                                then = std::move(then)](std::optional<std::string> node) mutable {
        if (!node)
            return audit_.refuse(std::move(attempt), ErrorCode::NoSuchNick,
                                 attempt.name() + ": no player '" + nick + "' is online or registered");
        // Not registered, so a guest there: guests are players.
        check_rank(std::move(attempt), std::move(nick), protocol::Role::Player, std::move(then));
    });
}

void NickFinder::check_rank(ModerationAttempt attempt, std::string nick, protocol::Role target_role, Found then)
{
    // A director is a player with a tournament to run: moderators act on him as on any player.
    if (protocol::role_allows(target_role, protocol::Role::Moderator) &&
        !protocol::role_allows(attempt.who.role, protocol::Role::Admin)) {
        attempt.target = nick;
        return audit_.refuse(std::move(attempt), ErrorCode::Forbidden,
                             attempt.name() + ": '" + nick + "' is a " + std::string(protocol::role_name(target_role)) +
                                 "; only an admin may act on moderators and admins");
    }
    then(std::move(attempt), std::move(nick));
}

} // namespace rochade::server
