#include "server/admin/moderation_service.h"

#include <boost/asio/ip/address.hpp>
#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "db/read_thread.h"
#include "db/store_reader.h"
#include "db/store_writer.h"
#include "protocol/nick.h"
#include "server/clients/session_registry.h"
#include "server/cluster/cluster_link.h"
#include "server/lobby/lobby.h"
#include "server/moderation/sanctions.h"
#include "server/table/table.h"
#include "server/table/table_directory.h"
#include "server/wall_clock.h"

namespace rochade::server {

using protocol::ErrorCode;
using json = nlohmann::json;

std::string audit_detail_text(const json& detail)
{
    return detail.dump(-1, ' ', false, json::error_handler_t::replace);
}

namespace {

// Nicks, reasons and notices are the players' and moderators' text: stored as they are, and
// dumped with invalid UTF-8 replaced rather than thrown on.
// Characters, not bytes: a German reason with umlauts counts as it reads.
std::size_t characters(std::string_view text)
{
    std::size_t count = 0;
    for (const unsigned char c : text)
        if ((c & 0xC0) != 0x80) ++count;
    return count;
}

std::optional<std::string> reason_error(std::string_view what, std::string_view field, std::string_view text)
{
    const auto length = characters(text);
    if (length == 0 || text.find_first_not_of(" \t\r\n") == std::string_view::npos)
        return std::string(what) + ": a " + std::string(field) + " is required (1 to " +
               std::to_string(max_reason_chars) + " characters)";
    if (length > max_reason_chars)
        return std::string(what) + ": the " + std::string(field) + " has " + std::to_string(length) +
               " characters, more than " + std::to_string(max_reason_chars);
    return std::nullopt;
}

std::optional<std::string> duration_error(std::string_view what, std::int64_t duration_ms)
{
    if (duration_ms <= 0) return std::string(what) + ": the duration must be positive";
    if (duration_ms > max_sanction_ms)
        return std::string(what) + ": the duration is longer than ten years" +
               (what == "mute" ? std::string() : std::string("; leave it out to ban for good"));
    return std::nullopt;
}

std::optional<std::string> nick_error(std::string_view what, const std::string& nick)
{
    if (nick.empty()) return std::string(what) + ": name the nick";
    return std::nullopt;
}

// The address as the server spells a peer's (Connection::ip_address), or nothing.
std::optional<std::string> normalized_address(const std::string& address)
{
    boost::system::error_code error;
    const auto parsed = boost::asio::ip::make_address(address, error);
    if (error) return std::nullopt;
    return parsed.to_string();
}

std::optional<std::string> address_error(std::string_view what, const std::string& address)
{
    if (!normalized_address(address)) return std::string(what) + ": '" + address + "' is not an IPv4 or IPv6 address";
    return std::nullopt;
}

std::string room_text(std::optional<std::int64_t> room)
{
    return room ? "in room " + std::to_string(*room) : std::string("everywhere");
}

} // namespace

std::optional<std::string> moderation_request_error(const ModerationRequest& request)
{
    const std::string what(moderation_action_name(action_of(request)));
    return std::visit(
        [&](const auto& r) -> std::optional<std::string> {
            using R = std::decay_t<decltype(r)>;
            if constexpr (std::is_same_v<R, SendNotice>) {
                if (r.room && *r.room == 0) return what + ": room 0 is no room; leave it out for everyone";
                return reason_error(what, "text", r.text);
            } else {
                if (auto error = reason_error(what, "reason", r.reason)) return error;
                if constexpr (std::is_same_v<R, Kick> || std::is_same_v<R, Unban>) return nick_error(what, r.nick);
                if constexpr (std::is_same_v<R, Mute> || std::is_same_v<R, Unmute>) {
                    if (auto error = nick_error(what, r.nick)) return error;
                    if (r.room && *r.room == 0) return what + ": room 0 is no room; leave it out for everywhere";
                }
                if constexpr (std::is_same_v<R, Mute>) return duration_error(what, r.duration_ms);
                if constexpr (std::is_same_v<R, Ban>) {
                    if (auto error = nick_error(what, r.nick)) return error;
                    if (r.duration_ms) return duration_error(what, *r.duration_ms);
                }
                if constexpr (std::is_same_v<R, BanAddress>) {
                    if (auto error = address_error(what, r.address)) return error;
                    if (r.duration_ms) return duration_error(what, *r.duration_ms);
                }
                if constexpr (std::is_same_v<R, UnbanAddress>) return address_error(what, r.address);
                if constexpr (std::is_same_v<R, CloseTable> || std::is_same_v<R, Adjudicate>)
                    if (r.table <= 0) return what + ": " + std::to_string(r.table) + " is no table id";
                return std::nullopt;
            }
        },
        request);
}

std::string moderation_target(const ModerationRequest& request)
{
    return std::visit(
        [](const auto& r) -> std::string {
            using R = std::decay_t<decltype(r)>;
            if constexpr (std::is_same_v<R, BanAddress> || std::is_same_v<R, UnbanAddress>)
                return normalized_address(r.address).value_or(r.address);
            else if constexpr (std::is_same_v<R, CloseTable> || std::is_same_v<R, Adjudicate>)
                return "table " + std::to_string(r.table);
            else if constexpr (std::is_same_v<R, SendNotice>)
                return r.room ? "room " + std::to_string(*r.room) : std::string("everyone");
            else
                return r.nick;
        },
        request);
}

ModerationService::ModerationService(ModerationServices services) : services_(std::move(services)) {}

db::ModerationLogged ModerationService::audit_line(const Attempt& attempt, bool refused,
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

void ModerationService::refuse(Attempt&& attempt, ErrorCode code, std::string message)
{
    // A refusal by role is someone trying, or a client's bug: the server's log says so too.
    if (code == ErrorCode::Forbidden)
        spdlog::warn("moderation: {} ({}) refused {} (from {})", attempt.who.nick,
                     protocol::role_name(attempt.who.role), message, attempt.address);
    else
        spdlog::info("moderation: {} refused: {}", attempt.who.nick, message);
    auto line = audit_line(attempt, true, std::nullopt,
                           audit_detail_text(json{{"code", protocol::error_code_name(code)}, {"message", message}}));
    services_.writer.submit(std::move(line), [attempt = std::move(attempt), code, message = std::move(message)](
                                                 std::optional<db::StoreError> error) mutable {
        if (error) spdlog::error("moderation: the refused {} was not logged: {}", attempt.name(), error->message);
        attempt.done(ModerationRefused{code, std::move(message)});
    });
}

void ModerationService::finish(Attempt&& attempt, ModerationDone result, std::string detail_json)
{
    spdlog::info("moderation: {} ({}): {}", attempt.who.nick, protocol::role_name(attempt.who.role), result.summary);
    auto line = audit_line(attempt, false, result.until_ms, std::move(detail_json));
    services_.writer.submit(std::move(line), [attempt = std::move(attempt),
                                              result = std::move(result)](std::optional<db::StoreError> error) mutable {
        // Done is done: the audit line that failed is in the server's log at least.
        if (error)
            spdlog::error("moderation: {} by {} was done but not logged: {}", attempt.name(), attempt.who.nick,
                          error->message);
        attempt.done(std::move(result));
    });
}

void ModerationService::act(identity::Identity who, std::string address, ModerationRequest request,
                            std::function<void(ModerationResult)> done)
{
    const ModerationAction action = action_of(request);
    Attempt attempt{std::move(who), std::move(address), action, moderation_target(request), "", std::move(done)};
    std::visit(
        [&](const auto& r) {
            if constexpr (std::is_same_v<std::decay_t<decltype(r)>, SendNotice>)
                attempt.reason = r.text;
            else
                attempt.reason = r.reason;
        },
        request);
    const protocol::Role needed = role_needed(action);
    if (!protocol::role_allows(attempt.who.role, needed))
        return refuse(std::move(attempt), ErrorCode::Forbidden,
                      attempt.name() + ": needs the " + std::string(protocol::role_name(needed)) + " role");
    if (auto error = moderation_request_error(request))
        return refuse(std::move(attempt), ErrorCode::BadRequest, std::move(*error));
    std::visit([&](auto& r) { carry_out(std::move(attempt), std::move(r)); }, request);
}

void ModerationService::log_refusal(identity::Identity who, std::string address, std::string action, std::string target,
                                    std::string message)
{
    spdlog::warn("moderation: {} ({}) refused {} (from {})", who.nick, protocol::role_name(who.role), message, address);
    Attempt attempt{std::move(who), std::move(address), ModerationAction::Kick, std::move(target), "", {}};
    auto line =
        audit_line(attempt, true, std::nullopt, audit_detail_text(json{{"code", "forbidden"}, {"message", message}}));
    line.action = std::move(action); // what was asked for, which may name no action at all
    services_.writer.submit(std::move(line), [](std::optional<db::StoreError> error) {
        if (error) spdlog::error("moderation: a refused request was not logged: {}", error->message);
    });
}

// ---- players -------------------------------------------------------------------------------

void ModerationService::find_nick(Attempt attempt, std::string nick, std::function<void(Attempt, std::string)> then)
{
    services_.lobby->online_nick(nick, [this, attempt = std::move(attempt), nick,
                                        then = std::move(then)](std::optional<identity::Identity> online) mutable {
        if (online) return check_rank(std::move(attempt), online->nick, online->role, std::move(then));
        auto read_account = [nick](db::StoreReader& reader) {
            return protocol::nick_error(nick) ? std::optional<db::AccountRecord>()
                                              : reader.account(protocol::nick_key(nick));
        };
        services_.reads.read(
            std::move(read_account),
            [this, attempt = std::move(attempt), nick = std::move(nick),
             then = std::move(then)](db::ReadResult<std::optional<db::AccountRecord>> read) mutable {
                if (!read) {
                    spdlog::error("moderation: reading account '{}' failed: {}", nick, read.error().message);
                    return refuse(std::move(attempt), ErrorCode::StorageUnavailable,
                                  attempt.name() + ": the accounts cannot be read now; try again");
                }
                auto& account = *read;
                if (!account && cluster_) return find_elsewhere(std::move(attempt), std::move(nick), std::move(then));
                if (!account)
                    return refuse(std::move(attempt), ErrorCode::NoSuchNick,
                                  attempt.name() + ": no player '" + nick + "' is online or registered");
                check_rank(std::move(attempt), account->nick, account->role, std::move(then));
            });
    });
}

void ModerationService::check_rank(Attempt attempt, std::string nick, protocol::Role target_role,
                                   std::function<void(Attempt, std::string nick)> then)
{
    if (target_role != protocol::Role::Player && !protocol::role_allows(attempt.who.role, protocol::Role::Admin)) {
        attempt.target = nick;
        return refuse(std::move(attempt), ErrorCode::Forbidden,
                      attempt.name() + ": '" + nick + "' is a " + std::string(protocol::role_name(target_role)) +
                          "; only an admin may act on moderators and admins");
    }
    then(std::move(attempt), std::move(nick));
}

void ModerationService::impose(Attempt attempt, db::SanctionSet set, std::string detail_json,
                               std::function<void(Attempt)> then)
{
    std::vector<db::Write> writes;
    writes.push_back(set);
    writes.push_back(audit_line(attempt, false, set.until_ms, std::move(detail_json)));
    services_.writer.submit(std::move(writes), [this, attempt = std::move(attempt), set = std::move(set),
                                                then = std::move(then)](std::optional<db::StoreError> error) mutable {
        if (error) {
            spdlog::error("moderation: {} of {} not stored: {}", attempt.name(), attempt.target, error->message);
            return attempt.done(
                ModerationRefused{ErrorCode::StorageUnavailable,
                                  attempt.name() + ": not stored (the store is unavailable); nothing changed"});
        }
        services_.sanctions.apply(set);
        announce_sanctions_changed();
        then(std::move(attempt));
    });
}

void ModerationService::lift(Attempt attempt, db::SanctionLifted lifted, std::string detail_json, std::string summary)
{
    std::vector<db::Write> writes;
    writes.push_back(lifted);
    writes.push_back(audit_line(attempt, false, std::nullopt, std::move(detail_json)));
    services_.writer.submit(
        std::move(writes), [this, attempt = std::move(attempt), lifted,
                            summary = std::move(summary)](std::optional<db::StoreError> error) mutable {
            if (error)
                return attempt.done(
                    ModerationRefused{ErrorCode::StorageUnavailable,
                                      attempt.name() + ": not stored (the store is unavailable); nothing changed"});
            services_.sanctions.apply(lifted);
            announce_sanctions_changed();
            spdlog::info("moderation: {} ({}): {}", attempt.who.nick, protocol::role_name(attempt.who.role), summary);
            attempt.done(ModerationDone{std::move(summary), std::nullopt, 0});
        });
}

void ModerationService::carry_out(Attempt attempt, Kick kick)
{
    find_nick(std::move(attempt), kick.nick, [this, kick](Attempt attempt, std::string nick) mutable {
        kick.nick = std::move(nick);
        kick_now(std::move(attempt), std::move(kick));
    });
}

void ModerationService::close_kicked(const std::string& nick, const std::string& reason, std::function<void(int)> done)
{
    services_.lobby->close_player(nick, ErrorCode::Kicked, "kicked by a moderator: " + reason,
                                  protocol::ErrorSanction{reason, false, std::nullopt}, "kicked by a moderator",
                                  std::move(done));
}

void ModerationService::kick_now(Attempt attempt, Kick kick)
{
    close_kicked(kick.nick, kick.reason, [this, attempt = std::move(attempt), kick](int closed) mutable {
        if (closed == 0 && cluster_) return kick_elsewhere(std::move(attempt), std::move(kick));
        if (closed == 0)
            return refuse(std::move(attempt), ErrorCode::NoSuchNick, "kick: '" + kick.nick + "' is not online");
        finish(std::move(attempt),
               ModerationDone{kick.nick + " kicked (" + std::to_string(closed) + " connection closed)", std::nullopt,
                              closed},
               "{}");
    });
}

void ModerationService::carry_out(Attempt attempt, Mute mute)
{
    find_nick(std::move(attempt), mute.nick, [this, mute](Attempt attempt, std::string nick) {
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
        impose(std::move(attempt), set, audit_detail_text(detail), [until = set.until_ms, summary](Attempt attempt) {
            spdlog::info("moderation: {}: {}", attempt.who.nick, summary);
            attempt.done(ModerationDone{summary, until, 0});
        });
    });
}

void ModerationService::carry_out(Attempt attempt, Unmute unmute)
{
    const auto room = unmute.room.value_or(0);
    const auto standing = services_.sanctions.exact_mute(unmute.nick, room, wall_clock_ms());
    if (!standing)
        return refuse(std::move(attempt), ErrorCode::BadRequest,
                      "unmute: '" + unmute.nick + "' is not muted " + room_text(unmute.room));
    attempt.target = standing->target;
    json detail = json::object();
    if (unmute.room) detail["room"] = *unmute.room;
    const std::string summary = standing->target + " no longer muted " + room_text(unmute.room);
    lift(std::move(attempt), db::SanctionLifted{db::SanctionKind::Mute, standing->target_key, room, wall_clock_ms()},
         audit_detail_text(detail), summary);
}

void ModerationService::carry_out(Attempt attempt, Ban ban)
{
    find_nick(std::move(attempt), ban.nick, [this, ban](Attempt attempt, std::string nick) {
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
        impose(std::move(attempt), set, "{}", [this, set, nick](Attempt attempt) {
            // The ban stands now: every way in is refused; the open connection goes.
            services_.lobby->close_player(
                nick, ErrorCode::Banned, sanction_text(set), error_sanction(set), "banned by a moderator",
                [attempt = std::move(attempt), set, nick](int closed) mutable {
                    const std::string summary = nick + " banned " + sanction_end_text(set.until_ms);
                    spdlog::info("moderation: {}: {}", attempt.who.nick, summary);
                    attempt.done(ModerationDone{summary, set.until_ms, closed});
                });
        });
    });
}

void ModerationService::carry_out(Attempt attempt, Unban unban)
{
    const auto standing = services_.sanctions.nick_ban(unban.nick, wall_clock_ms());
    if (!standing)
        return refuse(std::move(attempt), ErrorCode::BadRequest, "unban: '" + unban.nick + "' is not banned");
    attempt.target = standing->target;
    lift(std::move(attempt), db::SanctionLifted{db::SanctionKind::NickBan, standing->target_key, 0, wall_clock_ms()},
         "{}", standing->target + " no longer banned");
}

int ModerationService::close_address(const std::string& address, const db::SanctionRecord& ban)
{
    int closed = 0;
    for (const auto& connection : services_.sessions.snapshot()) {
        if (connection->ip_address() != address || !connection->is_open()) continue;
        connection->send_error(std::nullopt, ErrorCode::Banned, sanction_text(ban), error_sanction(ban));
        connection->close(CloseCode::PolicyViolation, "banned by an admin");
        ++closed;
    }
    return closed;
}

void ModerationService::carry_out(Attempt attempt, BanAddress ban)
{
    const std::string address = *normalized_address(ban.address);
    const auto now = wall_clock_ms();
    db::SanctionSet set{
        db::SanctionKind::AddressBan, address, address, 0, std::nullopt, ban.reason, attempt.who.nick, now};
    if (ban.duration_ms) set.until_ms = now + *ban.duration_ms;
    impose(std::move(attempt), set, "{}", [this, set, address](Attempt attempt) {
        const int closed = close_address(address, set);
        const std::string summary = address + " banned " + sanction_end_text(set.until_ms);
        spdlog::info("moderation: {}: {} ({} connection(s) closed)", attempt.who.nick, summary, closed);
        attempt.done(ModerationDone{summary, set.until_ms, closed});
    });
}

void ModerationService::carry_out(Attempt attempt, UnbanAddress unban)
{
    const std::string address = *normalized_address(unban.address);
    if (!services_.sanctions.address_ban(address, wall_clock_ms()))
        return refuse(std::move(attempt), ErrorCode::BadRequest, "unban_address: " + address + " is not banned");
    lift(std::move(attempt), db::SanctionLifted{db::SanctionKind::AddressBan, address, 0, wall_clock_ms()}, "{}",
         address + " no longer banned");
}

// ---- rooms ---------------------------------------------------------------------------------

void ModerationService::carry_out(Attempt attempt, SendNotice notice)
{
    std::string from = attempt.who.nick;
    services_.lobby->send_notice(
        std::move(from), notice.room, notice.text,
        [this, attempt = std::move(attempt), room = notice.room](std::optional<std::string> refused) mutable {
            if (refused) return refuse(std::move(attempt), ErrorCode::NoSuchRoom, "notice: " + *refused);
            // Each node sends it to its own players; a room's members on other nodes are in
            // this node's room too (the replica), so the room was found here.
            if (cluster_)
                cluster_->announce(cluster::NoticeSent{cluster_->node_id(), room, attempt.who.nick, attempt.reason});
            finish(
                std::move(attempt),
                ModerationDone{"notice sent to " + (room ? "room " + std::to_string(*room) : std::string("everyone")),
                               std::nullopt, 0},
                "{}");
        });
}

// ---- reading -------------------------------------------------------------------------------

namespace {

// The tables describe themselves one after another, each on its own strand; the next is asked
// from the previous one's answer, so the view is built by one hand at a time, without a lock.
void describe_tables(std::shared_ptr<std::vector<std::shared_ptr<Table>>> tables, std::size_t next,
                     std::shared_ptr<LiveView> view, std::function<void(LiveView)> done)
{
    if (next == tables->size()) return done(std::move(*view));
    (*tables)[next]->describe([tables, next, view, done = std::move(done)](LiveTable table) mutable {
        view->tables.push_back(std::move(table));
        describe_tables(std::move(tables), next + 1, std::move(view), std::move(done));
    });
}

} // namespace

void ModerationService::live(bool with_addresses, std::function<void(LiveView)> done)
{
    local_live(with_addresses, [this, with_addresses, done = std::move(done)](LiveView here) mutable {
        if (!cluster_) return done(std::move(here));
        add_other_nodes(with_addresses, std::move(here), std::move(done));
    });
}

void ModerationService::local_live(bool with_addresses, std::function<void(LiveView)> done)
{
    services_.lobby->live(with_addresses, [this, done = std::move(done)](std::vector<OnlinePlayer> players,
                                                                         std::vector<LiveRoom> rooms) mutable {
        auto view = std::make_shared<LiveView>();
        view->players = std::move(players);
        view->rooms = std::move(rooms);
        auto tables = std::make_shared<std::vector<std::shared_ptr<Table>>>(services_.tables.all());
        std::sort(tables->begin(), tables->end(), [](const auto& a, const auto& b) { return a->id() < b->id(); });
        describe_tables(std::move(tables), 0, std::move(view), std::move(done));
    });
}

void ModerationService::sanctions(std::function<void(std::vector<db::SanctionRecord>)> done)
{
    done(services_.sanctions.in_force(wall_clock_ms()));
}

} // namespace rochade::server
