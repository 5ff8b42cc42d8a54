#include "server/admin/audit_trail.h"

#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "db/store_writer.h"
#include "server/base/wall_clock.h"

namespace rochade::server {

using protocol::ErrorCode;
using json = nlohmann::json;

std::string audit_detail_text(const json& detail)
{
    return detail.dump(-1, ' ', false, json::error_handler_t::replace);
}

AuditTrail::AuditTrail(db::StoreWriter& writer) : writer_(writer) {}

db::ModerationLogged AuditTrail::line(const ModerationAttempt& attempt, bool refused,
                                      std::optional<std::int64_t> until_ms, std::string detail_json) const
{
    db::ModerationLogged line;
    line.at_ms = wall_clock_ms();
    if (!attempt.who.principal.guest()) line.actor_account = attempt.who.principal.id;
    line.actor_nick = attempt.who.nick;
    line.actor_role = std::string(protocol::role_name(attempt.who.role));
    line.action = attempt.name();
    line.target = attempt.target;
    line.reason = attempt.reason;
    line.until_ms = until_ms;
    line.refused = refused;
    line.detail_json = std::move(detail_json);
    return line;
}

void AuditTrail::refuse(ModerationAttempt&& attempt, ErrorCode code, std::string message)
{
    // A refusal by role is someone trying, or a client's bug: the server's log says so too.
    if (code == ErrorCode::Forbidden)
        spdlog::warn("moderation: {} ({}) refused {} (from {})", attempt.who.nick,
                     protocol::role_name(attempt.who.role), message, attempt.address);
    else
        spdlog::info("moderation: {} refused: {}", attempt.who.nick, message);
    auto refused = line(attempt, true, std::nullopt,
                        audit_detail_text(json{{"code", protocol::error_code_name(code)}, {"message", message}}));
    writer_.submit(std::move(refused), [attempt = std::move(attempt), code,
                                        message = std::move(message)](std::optional<db::StoreError> error) mutable {
        if (error) spdlog::error("moderation: the refused {} was not logged: {}", attempt.name(), error->message);
        attempt.done(ModerationRefused{code, std::move(message)});
    });
}

void AuditTrail::finish(ModerationAttempt&& attempt, ModerationDone result, std::string detail_json)
{
    spdlog::info("moderation: {} ({}): {}", attempt.who.nick, protocol::role_name(attempt.who.role), result.summary);
    auto done = line(attempt, false, result.until_ms, std::move(detail_json));
    writer_.submit(std::move(done), [attempt = std::move(attempt),
                                     result = std::move(result)](std::optional<db::StoreError> error) mutable {
        // Done is done: the audit line that failed is in the server's log at least.
        if (error)
            spdlog::error("moderation: {} by {} was done but not logged: {}", attempt.name(), attempt.who.nick,
                          error->message);
        attempt.done(std::move(result));
    });
}

void AuditTrail::log_refusal(identity::Identity who, std::string address, std::string action, std::string target,
                             std::string message)
{
    spdlog::warn("moderation: {} ({}) refused {} (from {})", who.nick, protocol::role_name(who.role), message, address);
    ModerationAttempt attempt{std::move(who), std::move(address), ModerationAction::Kick, std::move(target), "", {}};
    auto refused =
        line(attempt, true, std::nullopt, audit_detail_text(json{{"code", "forbidden"}, {"message", message}}));
    refused.action = std::move(action); // what was asked for, which may name no action at all
    writer_.submit(std::move(refused), [](std::optional<db::StoreError> error) {
        if (error) spdlog::error("moderation: a refused request was not logged: {}", error->message);
    });
}

} // namespace rochade::server
