#include "server/admin/sanctions_desk.h"

#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "db/read_thread.h"
#include "db/store_reader.h"
#include "db/store_writer.h"
#include "protocol/nick.h"
#include "server/admin/audit_trail.h"
#include "server/admin/nick_finder.h"
#include "server/admin/other_nodes.h"
#include "server/base/wall_clock.h"
#include "server/clients/session_registry.h"
#include "server/lobby/lobby.h"
#include "server/moderation/request_checks.h"
#include "server/moderation/sanctions.h"
#include "server/table/table.h"
#include "server/table/table_directory.h"

namespace rochade::server {

using protocol::ErrorCode;
using json = nlohmann::json;

namespace {

std::string room_text(std::optional<std::int64_t> room)
{
    return room ? "in room " + std::to_string(*room) : std::string("everywhere");
}

} // namespace

SanctionsDesk::SanctionsDesk(Owners owners, NickFinder& nicks, AuditTrail& audit, OtherNodes& others)
    : owners_(std::move(owners)), nicks_(nicks), audit_(audit), others_(others)
{
}

void SanctionsDesk::impose(ModerationAttempt attempt, db::SanctionSet set, std::string detail_json,
                           std::function<void(ModerationAttempt)> then)
{
    std::vector<db::Write> writes;
    writes.push_back(set);
    writes.push_back(audit_.line(attempt, false, set.until_ms, std::move(detail_json)));
    owners_.writer.submit(std::move(writes), [this, attempt = std::move(attempt), set = std::move(set),
                                              then = std::move(then)](std::optional<db::StoreError> error) mutable {
        if (error) {
            spdlog::error("moderation: {} of {} not stored: {}", attempt.name(), attempt.target, error->message);
            return attempt.done(
                ModerationRefused{ErrorCode::StorageUnavailable,
                                  attempt.name() + ": not stored (the store is unavailable); nothing changed"});
        }
        owners_.sanctions.apply(set);
        others_.sanctions_changed();
        then(std::move(attempt));
    });
}

void SanctionsDesk::lift(ModerationAttempt attempt, db::SanctionLifted lifted, std::string detail_json,
                         std::string summary)
{
    std::vector<db::Write> writes;
    writes.push_back(lifted);
    writes.push_back(audit_.line(attempt, false, std::nullopt, std::move(detail_json)));
    owners_.writer.submit(std::move(writes), [this, attempt = std::move(attempt), lifted, summary = std::move(summary)](
                                                 std::optional<db::StoreError> error) mutable {
        if (error)
            return attempt.done(
                ModerationRefused{ErrorCode::StorageUnavailable,
                                  attempt.name() + ": not stored (the store is unavailable); nothing changed"});
        owners_.sanctions.apply(lifted);
        others_.sanctions_changed();
        spdlog::info("moderation: {} ({}): {}", attempt.who.nick, protocol::role_name(attempt.who.role), summary);
        attempt.done(ModerationDone{std::move(summary), std::nullopt, 0});
    });
}

void SanctionsDesk::carry_out(ModerationAttempt attempt, Mute mute)
{
    const std::string nick = mute.nick;
    nicks_.find(std::move(attempt), nick, [this, mute](ModerationAttempt attempt, std::string nick) {
        attempt.target = nick;
        const auto now = wall_clock_ms();
        db::SanctionSet set{db::SanctionKind::Mute,
                            protocol::nick_key(nick),
                            nick,
                            mute.room.value_or(0),
                            now + mute.duration_ms,
                            mute.reason,
                            attempt.who.nick,
                            now};
        const std::string summary = nick + " muted " + room_text(mute.room) + " " + sanction_end_text(set.until_ms);
        json detail = json::object();
        if (mute.room) detail["room"] = *mute.room;
        impose(std::move(attempt), set, audit_detail_text(detail),
               [until = set.until_ms, summary](ModerationAttempt attempt) {
                   spdlog::info("moderation: {}: {}", attempt.who.nick, summary);
                   attempt.done(ModerationDone{summary, until, 0});
               });
    });
}

void SanctionsDesk::carry_out(ModerationAttempt attempt, Unmute unmute)
{
    const auto room = unmute.room.value_or(0);
    const auto standing = owners_.sanctions.exact_mute(unmute.nick, room, wall_clock_ms());
    if (!standing)
        return audit_.refuse(std::move(attempt), ErrorCode::BadRequest,
                             "unmute: '" + unmute.nick + "' is not muted " + room_text(unmute.room));
    attempt.target = standing->target;
    json detail = json::object();
    if (unmute.room) detail["room"] = *unmute.room;
    const std::string summary = standing->target + " no longer muted " + room_text(unmute.room);
    lift(std::move(attempt), db::SanctionLifted{db::SanctionKind::Mute, standing->target_key, room, wall_clock_ms()},
         audit_detail_text(detail), summary);
}

void SanctionsDesk::carry_out(ModerationAttempt attempt, Ban ban)
{
    const std::string nick = ban.nick;
    nicks_.find(std::move(attempt), nick, [this, ban](ModerationAttempt attempt, std::string nick) {
        attempt.target = nick;
        const auto now = wall_clock_ms();
        db::SanctionSet set{db::SanctionKind::NickBan,
                            protocol::nick_key(nick),
                            nick,
                            0,
                            std::nullopt,
                            ban.reason,
                            attempt.who.nick,
                            now};
        if (ban.duration_ms) set.until_ms = now + *ban.duration_ms;
        impose(std::move(attempt), set, "{}", [this, set, nick](ModerationAttempt attempt) {
            // The ban stands now: every way in is refused; a game played here ends by forfeit
            // (before the connection goes, so the game_over names the ban, not the absence);
            // the open connection goes.
            forfeit_banned_players();
            owners_.lobby->close_player(
                nick, ErrorCode::Banned, sanction_text(set), error_sanction(set), "banned by a moderator",
                [attempt = std::move(attempt), set, nick](int closed) mutable {
                    const std::string summary = nick + " banned " + sanction_end_text(set.until_ms);
                    spdlog::info("moderation: {}: {}", attempt.who.nick, summary);
                    attempt.done(ModerationDone{summary, set.until_ms, closed});
                });
        });
    });
}

void SanctionsDesk::carry_out(ModerationAttempt attempt, Unban unban)
{
    const auto standing = owners_.sanctions.nick_ban(unban.nick, wall_clock_ms());
    if (!standing)
        return audit_.refuse(std::move(attempt), ErrorCode::BadRequest, "unban: '" + unban.nick + "' is not banned");
    attempt.target = standing->target;
    lift(std::move(attempt), db::SanctionLifted{db::SanctionKind::NickBan, standing->target_key, 0, wall_clock_ms()},
         "{}", standing->target + " no longer banned");
}

int SanctionsDesk::close_address(const std::string& address, const db::SanctionRecord& ban)
{
    int closed = 0;
    for (const auto& connection : owners_.sessions.snapshot()) {
        if (connection->ip_address() != address || !connection->is_open()) continue;
        connection->send_error(std::nullopt, ErrorCode::Banned, sanction_text(ban), error_sanction(ban));
        connection->close(CloseCode::PolicyViolation, "banned by an admin");
        ++closed;
    }
    return closed;
}

void SanctionsDesk::carry_out(ModerationAttempt attempt, BanAddress ban)
{
    const std::string address = *normalized_address(ban.address);
    const auto now = wall_clock_ms();
    db::SanctionSet set{
        db::SanctionKind::AddressBan, address, address, 0, std::nullopt, ban.reason, attempt.who.nick, now};
    if (ban.duration_ms) set.until_ms = now + *ban.duration_ms;
    impose(std::move(attempt), set, "{}", [this, set, address](ModerationAttempt attempt) {
        forfeit_banned_players();
        const int closed = close_address(address, set);
        const std::string summary = address + " banned " + sanction_end_text(set.until_ms);
        spdlog::info("moderation: {}: {} ({} connection(s) closed)", attempt.who.nick, summary, closed);
        attempt.done(ModerationDone{summary, set.until_ms, closed});
    });
}

void SanctionsDesk::carry_out(ModerationAttempt attempt, UnbanAddress unban)
{
    const std::string address = *normalized_address(unban.address);
    if (!owners_.sanctions.address_ban(address, wall_clock_ms()))
        return audit_.refuse(std::move(attempt), ErrorCode::BadRequest, "unban_address: " + address + " is not banned");
    lift(std::move(attempt), db::SanctionLifted{db::SanctionKind::AddressBan, address, 0, wall_clock_ms()}, "{}",
         address + " no longer banned");
}

void SanctionsDesk::forfeit_banned_players()
{
    for (const auto& table : owners_.tables.all()) table->forfeit_banned();
}

std::vector<db::SanctionRecord> SanctionsDesk::in_force() const { return owners_.sanctions.in_force(wall_clock_ms()); }

void SanctionsDesk::reload()
{
    owners_.reads.read([](db::StoreReader& reader) { return reader.sanctions(wall_clock_ms()); },
                       [this](db::ReadResult<std::vector<db::SanctionRecord>> in_force) {
                           if (!in_force) {
                               // The registry keeps what it had until the next change is heard of.
                               spdlog::error("moderation: the sanctions changed on another node could not be read: {}",
                                             in_force.error().message);
                               return;
                           }
                           owners_.sanctions.replace(*in_force);
                           forfeit_banned_players();
                           for (const auto& sanction : *in_force) {
                               if (sanction.kind == db::SanctionKind::NickBan)
                                   owners_.lobby->close_player(sanction.target, ErrorCode::Banned,
                                                               sanction_text(sanction), error_sanction(sanction),
                                                               "banned by a moderator", [](int) {});
                               else if (sanction.kind == db::SanctionKind::AddressBan)
                                   close_address(sanction.target_key, sanction);
                           }
                       });
}

} // namespace rochade::server
