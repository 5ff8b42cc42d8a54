// Open challenges (docs/protocol.md, "Open challenges"): a link /challenge/<token> whose first
// opener accepts its game. The links live in the store, keyed by their token's hash, so any node
// can show one and the store's claim (db::OpenChallengeClaimed) decides which of two accepters
// wins. The game starts at a new table on the creator's node (start_game), which must be online:
// the accepter's node checks the link and finds the creator; the creator's node claims the link
// and starts the game, and tells the accepter through his node (ChallengeRelay, as challenges).
#include <spdlog/spdlog.h>

#include "db/read_thread.h"
#include "db/store_reader.h"
#include "db/store_writer.h"
#include "protocol/challenge_encode.h"
#include "protocol/nick.h"
#include "server/base/wall_clock.h"
#include "server/clients/client.h"
#include "server/identity/secrets.h"
#include "server/lobby/lobby.h"
#include "server/lobby/open_challenge_terms.h"
#include "server/moderation/sanctions.h"
#include "server/table/table_services.h"

namespace rochade::server {

using protocol::ErrorCode;
using Relay = cluster::ChallengeRelay;

namespace {

std::string refusal_frame(const OpenChallengeRefusal& refusal, std::string_view request)
{
    return protocol::encode_error(std::nullopt, refusal.code, std::string(request) + ": " + refusal.message);
}

} // namespace

void Lobby::create_open_challenge(ConnectionPtr connection, Identity who, Id id, protocol::CreateOpenChallenge create)
{
    on_strand([this, connection = std::move(connection), who = std::move(who), id = std::move(id),
               create = std::move(create)] {
        constexpr std::string_view request = "create_open_challenge";
        if (services_.shutting_down)
            return reply_error(connection, id, ErrorCode::ShuttingDown,
                               "create_open_challenge: the server is shutting down");
        const Online* sender = presence_.online(who.nick);
        if (!sender || sender->connection_id != connection->id()) return;
        if (refuse_sanctioned(connection, id, who, *sender, request)) return;
        if (create.rated && who.principal.guest())
            return reply_error(connection, id, ErrorCode::RatedNeedsAccount,
                               "create_open_challenge: rated games are for players with an account: log in or "
                               "register, or make the link for a casual game");
        if (create.rated && create.time_control.untimed())
            return reply_error(connection, id, ErrorCode::RatedNeedsClock,
                               "create_open_challenge: a rated game needs a clock: choose a time control");
        for (const auto& nick : create.players) {
            if (const auto error = protocol::nick_error(nick))
                return reply_error(connection, id, ErrorCode::InvalidNick, "create_open_challenge: players: " + *error);
            if (protocol::nick_key(nick) == protocol::nick_key(who.nick))
                return reply_error(connection, id, ErrorCode::ChallengeSelf,
                                   "create_open_challenge: players: you cannot name yourself");
        }
        // The limit counts the links standing in the store, on every node; then the link is stored
        // before its token is shown, so a link that was shown always opens.
        if (!open_challenges_in_making_.insert(protocol::nick_key(who.nick)).second)
            return reply_error(connection, id, ErrorCode::LimitReached,
                               "create_open_challenge: your previous link is still being made; try again in a moment");
        const auto now = wall_clock_ms();
        services_.reads.read(
            [key = protocol::nick_key(who.nick), now](db::StoreReader& reader) {
                return reader.open_challenges_of(key, now).size();
            },
            [self = shared_from_this(), connection, who, id, create, now](db::ReadResult<std::size_t> standing) {
                self->on_strand([self, connection, who, id, create, now, standing = std::move(standing)] {
                    if (!standing || *standing >= protocol::max_open_challenges)
                        self->open_challenges_in_making_.erase(protocol::nick_key(who.nick));
                    if (!standing)
                        return reply_error(connection, id, ErrorCode::StorageUnavailable,
                                           "create_open_challenge: your links could not be counted; try again");
                    if (*standing >= protocol::max_open_challenges)
                        return reply_error(connection, id, ErrorCode::LimitReached,
                                           "create_open_challenge: you have " + std::to_string(*standing) +
                                               " challenge links standing, the most one player may (" +
                                               std::to_string(protocol::max_open_challenges) +
                                               "); cancel one, or wait until one is used or expires");
                    self->store_open_challenge(connection, who, id, create, now);
                });
            });
    });
}

void Lobby::store_open_challenge(const ConnectionPtr& connection, const Identity& who, const Id& id,
                                 const protocol::CreateOpenChallenge& create, std::int64_t now)
{
    const std::string token = identity::new_token();
    auto row = open_challenge_row(create, who.nick, who.principal.guest(), identity::token_hash(token), now);
    db::OpenChallengeRecord record{row, std::nullopt, std::nullopt, std::nullopt};
    services_.writer.submit(std::move(row), [self = shared_from_this(), connection, id, token, record,
                                             key = protocol::nick_key(who.nick)](std::optional<db::StoreError> error) {
        self->on_strand([self, connection, id, token, record, error, key] {
            self->open_challenges_in_making_.erase(key);
            if (error)
                return reply_error(connection, id, ErrorCode::StorageUnavailable,
                                   "create_open_challenge: the link could not be stored (" + error->message +
                                       "); try again");
            const auto view = open_challenge_view(record);
            if (!view) return reply_error(connection, id, view.error().code, view.error().message);
            spdlog::info("open challenge {}: made by {}", record.created.token_hash.substr(0, 8),
                         record.created.creator_nick);
            connection->send(protocol::encode_open_challenge_created(id, token, *view));
        });
    });
}

void Lobby::list_open_challenges(ConnectionPtr connection, Identity who, Id id)
{
    const auto now = wall_clock_ms();
    services_.reads.read([key = protocol::nick_key(who.nick),
                          now](db::StoreReader& reader) { return reader.open_challenges_of(key, now); },
                         [connection, id](db::ReadResult<std::vector<db::OpenChallengeRecord>> rows) {
                             if (!rows)
                                 return reply_error(connection, id, ErrorCode::StorageUnavailable,
                                                    "list_open_challenges: your links could not be read; try again");
                             std::vector<protocol::OpenChallengeView> links;
                             for (const auto& row : *rows)
                                 if (const auto view = open_challenge_view(row)) links.push_back(*view);
                             connection->send(protocol::encode_ok(id));
                             connection->send(protocol::encode_open_challenges(links));
                         });
}

void Lobby::cancel_open_challenge(ConnectionPtr connection, Identity who, Id id, protocol::CancelOpenChallenge cancel)
{
    services_.writer.submit(
        db::OpenChallengeCanceled{cancel.link, protocol::nick_key(who.nick), wall_clock_ms()},
        [connection, id](std::optional<db::StoreError> error) {
            if (!error) return connection->send(protocol::encode_ok(id));
            if (error->kind == db::StoreFailure::Refused)
                return reply_error(connection, id, ErrorCode::NoSuchOpenChallenge,
                                   "cancel_open_challenge: you have no standing challenge link with this id (it was "
                                   "used, canceled or expired)");
            reply_error(connection, id, ErrorCode::StorageUnavailable,
                        "cancel_open_challenge: the link could not be withdrawn; try again");
        });
}

void Lobby::show_open_challenge(ConnectionPtr connection, Id id, protocol::ShowOpenChallenge show)
{
    services_.reads.read(
        [hash = identity::token_hash(show.token)](db::StoreReader& reader) { return reader.open_challenge(hash); },
        [connection, id, token = show.token](db::ReadResult<std::optional<db::OpenChallengeRecord>> row) {
            if (!row)
                return reply_error(connection, id, ErrorCode::StorageUnavailable,
                                   "show_open_challenge: the link could not be read; try again");
            if (!*row)
                return reply_error(connection, id, ErrorCode::NoSuchOpenChallenge,
                                   "show_open_challenge: no challenge link has this token (mistyped, or expired "
                                   "long ago)");
            if (const auto spent = refuse_spent_link(**row, wall_clock_ms()))
                return reply_error(connection, id, spent->code, "show_open_challenge: " + spent->message);
            const auto view = open_challenge_view(**row);
            if (!view) return reply_error(connection, id, view.error().code, view.error().message);
            connection->send(protocol::encode_ok(id));
            connection->send(protocol::encode_open_challenge(token, *view));
        });
}

void Lobby::accept_open_challenge(ConnectionPtr connection, Identity who, Id id, protocol::AcceptOpenChallenge accept)
{
    services_.reads.read(
        [hash = identity::token_hash(accept.token)](db::StoreReader& reader) { return reader.open_challenge(hash); },
        [self = shared_from_this(), connection, who, id](db::ReadResult<std::optional<db::OpenChallengeRecord>> row) {
            self->on_strand([self, connection, who, id, row = std::move(row)] {
                if (!row)
                    return reply_error(connection, id, ErrorCode::StorageUnavailable,
                                       "accept_open_challenge: the link could not be read; try again");
                if (!*row)
                    return reply_error(connection, id, ErrorCode::NoSuchOpenChallenge,
                                       "accept_open_challenge: no challenge link has this token");
                self->accept_open_challenge_now(connection, who, id, **row);
            });
        });
}

void Lobby::accept_open_challenge_now(const ConnectionPtr& connection, const Identity& who, const Id& id,
                                      const db::OpenChallengeRecord& link)
{
    const Online* accepter = presence_.online(who.nick);
    if (!accepter || accepter->connection_id != connection->id()) return; // gone meanwhile
    if (const auto refusal = refuse_acceptance(link, who.nick, who.principal.guest(), wall_clock_ms()))
        return reply_error(connection, id, refusal->code, "accept_open_challenge: " + refusal->message);
    const std::string until = utc_minute_text(link.created.expires_at_ms);
    auto offline = [connection, id, creator = link.created.creator_nick, until] {
        reply_error(connection, id, ErrorCode::ChallengerOffline,
                    "accept_open_challenge: '" + creator + "' is not online; the link stays valid until " + until);
    };
    if (presence_.online(link.created.creator_nick)) {
        connection->send(protocol::encode_ok(id));
        return claim_open_challenge(link, who.nick, who.principal.guest(), std::nullopt);
    }
    peers_->locate_nick(
        protocol::nick_skeleton(link.created.creator_nick),
        [self = shared_from_this(), connection, who, id, link, offline](std::optional<std::string> node) {
            if (self->presence_.online(link.created.creator_nick)) {
                connection->send(protocol::encode_ok(id));
                return self->claim_open_challenge(link, who.nick, who.principal.guest(), std::nullopt);
            }
            if (!node) return offline();
            connection->send(protocol::encode_ok(id));
            self->peers_->send_to(*node, Relay{self->peers_->node_id(),
                                               Relay::Kind::OpenAccepted,
                                               link.created.token_hash,
                                               who.nick,
                                               false,
                                               {},
                                               {},
                                               who.principal.guest()});
        });
}

void Lobby::open_challenge_relayed(const cluster::ChallengeRelay& relay)
{
    services_.reads.read(
        [hash = relay.challenge](db::StoreReader& reader) { return reader.open_challenge(hash); },
        [self = shared_from_this(), relay](db::ReadResult<std::optional<db::OpenChallengeRecord>> row) {
            self->on_strand([self, relay, row = std::move(row)] {
                if (!row || !*row) {
                    const OpenChallengeRefusal refusal =
                        !row ? OpenChallengeRefusal{ErrorCode::StorageUnavailable,
                                                    "the link could not be read on its creator's node; try again"}
                             : OpenChallengeRefusal{ErrorCode::NoSuchOpenChallenge, "the link is stored no more"};
                    return self->tell_accepter(relay.nick, relay.node, refusal_frame(refusal, "accept_open_challenge"));
                }
                self->claim_open_challenge(**row, relay.nick, relay.from_guest, relay.node);
            });
        });
}

void Lobby::claim_open_challenge(const db::OpenChallengeRecord& link, const std::string& accepter, bool accepter_guest,
                                 const std::optional<std::string>& accepter_node)
{
    auto refuse = [this, accepter, accepter_node](ErrorCode code, std::string message) {
        tell_accepter(accepter, accepter_node,
                      refusal_frame(OpenChallengeRefusal{code, std::move(message)}, "accept_open_challenge"));
    };
    const Online* creator = presence_.online(link.created.creator_nick);
    // A guest's nick may pass to another guest once he has left: the link is his only while his
    // kind of identity matches what the link was made by.
    if (!creator || creator->who.principal.guest() != link.created.creator_guest)
        return refuse(ErrorCode::ChallengerOffline, "'" + link.created.creator_nick +
                                                        "' is not online; the link stays valid until " +
                                                        utc_minute_text(link.created.expires_at_ms));
    if (const auto refusal = refuse_acceptance(link, accepter, accepter_guest, wall_clock_ms()))
        return refuse(refusal->code, refusal->message);
    const auto view = open_challenge_view(link);
    if (!view) return refuse(view.error().code, view.error().message);
    services_.writer.submit(
        db::OpenChallengeClaimed{link.created.token_hash, accepter, wall_clock_ms()},
        [self = shared_from_this(), view = *view, accepter, accepter_node,
         refuse](std::optional<db::StoreError> error) {
            self->on_strand([self, view, accepter, accepter_node, refuse, error] {
                if (error && error->kind == db::StoreFailure::Refused)
                    return refuse(ErrorCode::OpenChallengeUsed,
                                  "someone accepted this link first (or it was withdrawn or expired just now)");
                if (error) return refuse(ErrorCode::StorageUnavailable, "the link could not be claimed; try again");
                self->start_open_challenge_game(view, accepter, accepter_node);
            });
        });
}

void Lobby::start_open_challenge_game(const protocol::OpenChallengeView& link, const std::string& accepter,
                                      const std::optional<std::string>& accepter_node)
{
    const Online* creator = presence_.online(link.from);
    if (!creator)
        return tell_accepter(accepter, accepter_node,
                             refusal_frame({ErrorCode::ChallengerOffline, "'" + link.from + "' left just now"},
                                           "accept_open_challenge"));
    GameStart start;
    start.challenger = creator->who;
    start.challenged = accepter;
    start.time_control = link.time_control;
    start.challenger_color = link.color;
    start.rated = link.rated;
    start.setup = link.setup;
    spdlog::info("open challenge {}: {} accepts {}'s link", link.link.substr(0, 8), accepter, link.from);
    start_game(start, [self = shared_from_this(), link, accepter, accepter_node](GameStartResult started) {
        if (!started) {
            const std::string error =
                refusal_frame({started.error().code, started.error().message}, "accept_open_challenge");
            self->send_to_player(link.from, error);
            return self->tell_accepter(accepter, accepter_node, error);
        }
        const std::string accepted = protocol::encode_challenge_accepted(link.link, started->room, started->table);
        self->send_to_player(link.from, accepted);
        self->tell_accepter(accepter, accepter_node, accepted);
    });
}

void Lobby::tell_accepter(const std::string& accepter, const std::optional<std::string>& node, const std::string& frame)
{
    if (!node) return send_to_player(accepter, frame);
    peers_->send_to(*node, Relay{peers_->node_id(), Relay::Kind::Ended, {}, accepter, false, frame, {}, false});
}

bool Lobby::refuse_sanctioned(const ConnectionPtr& connection, const Id& id, const Identity& who, const Online& sender,
                              std::string_view request)
{
    const auto now = wall_clock_ms();
    if (const auto ban = services_.sanctions.nick_ban(who.nick, now)) {
        connection->send_error(id, ErrorCode::Banned, std::string(request) + ": you are " + sanction_text(*ban),
                               error_sanction(*ban));
        return true;
    }
    // A mute anywhere keeps a player from challenging: a challenge carries words to another
    // player, like a whisper.
    const std::vector<std::int64_t> rooms(sender.rooms.begin(), sender.rooms.end());
    if (const auto mute = services_.sanctions.mute_in_any(who.nick, rooms, now)) {
        connection->send_error(id, ErrorCode::Muted, std::string(request) + ": you are " + sanction_text(*mute),
                               error_sanction(*mute));
        return true;
    }
    return false;
}

} // namespace rochade::server
