// Challenges (docs/protocol.md, "Challenges"): a player asks a named player online anywhere in
// the cluster for a game. The challenge lives in the ChallengeBook of the challenger's node,
// with a timer for its expiry, while the challenger's connection is open; the challenged
// player's node, when it is another one, delivers it and sends the answer back
// (cluster::ChallengeRelay). An accepted challenge starts its game at once (start_game), at a
// new table on the challenger's node.
#include <spdlog/spdlog.h>

#include "db/read_thread.h"
#include "db/store_reader.h"
#include "protocol/challenge_encode.h"
#include "protocol/nick.h"
#include "server/base/wall_clock.h"
#include "server/clients/client.h"
#include "server/identity/secrets.h"
#include "server/lobby/lobby.h"
#include "server/moderation/sanctions.h"
#include "server/table/table_services.h"

namespace rochade::server {

using protocol::ErrorCode;
using Relay = cluster::ChallengeRelay;

namespace {

std::string challenge_quoted(const std::string& nick) { return "'" + nick + "'"; }

} // namespace

void Lobby::challenge(ConnectionPtr connection, Identity who, Id id, protocol::Challenge challenge)
{
    on_strand([this, connection = std::move(connection), who = std::move(who), id = std::move(id),
               challenge = std::move(challenge)] {
        if (const auto error = protocol::nick_error(challenge.to))
            return reply_error(connection, id, ErrorCode::InvalidNick, "challenge: to: " + *error);
        if (protocol::nick_key(challenge.to) == protocol::nick_key(who.nick))
            return reply_error(connection, id, ErrorCode::ChallengeSelf, "challenge: you cannot challenge yourself");
        if (presence_.online(challenge.to)) return challenge_now(connection, who, id, challenge, std::nullopt);
        peers_->locate_nick(protocol::nick_skeleton(challenge.to), [self = shared_from_this(), connection, who, id,
                                                                    challenge](std::optional<std::string> node) {
            if (!node && !self->presence_.online(challenge.to))
                return reply_error(connection, id, ErrorCode::NoSuchNick,
                                   "challenge: " + challenge_quoted(challenge.to) + " is not online");
            self->challenge_now(connection, who, id, challenge, node);
        });
    });
}

void Lobby::challenge_now(const ConnectionPtr& connection, const Identity& who, const Id& id,
                          const protocol::Challenge& challenge, const std::optional<std::string>& challenged_node,
                          bool setting_read)
{
    if (services_.shutting_down)
        return reply_error(connection, id, ErrorCode::ShuttingDown, "challenge: the server is shutting down");
    const Online* sender = presence_.online(who.nick);
    if (!sender || sender->connection_id != connection->id()) return; // gone, or replaced meanwhile
    const auto now = wall_clock_ms();
    if (refuse_sanctioned(connection, id, who, *sender, "challenge")) return;
    if (challenge.rated && who.principal.guest())
        return reply_error(connection, id, ErrorCode::RatedNeedsAccount,
                           "challenge: rated games are for players with an account: log in or register, or ask for "
                           "a casual game");
    if (challenge.rated && challenge.time_control.untimed())
        return reply_error(connection, id, ErrorCode::RatedNeedsClock,
                           "challenge: a rated game needs a clock: choose a time control, or ask for a casual game");
    const Online* challenged = presence_.online(challenge.to);
    if (!challenged && !challenged_node)
        return reply_error(connection, id, ErrorCode::NoSuchNick,
                           "challenge: " + challenge_quoted(challenge.to) + " is not online");
    if (challenged && challenge.rated && challenged->who.principal.guest())
        return reply_error(connection, id, ErrorCode::RatedNeedsAccount,
                           "challenge: " + challenge_quoted(challenged->who.nick) +
                               " plays as a guest, and rated games are for players with an account; ask for a "
                               "casual game");
    if (const auto standing = challenges_.outgoing(who.principal); standing >= max_outgoing_challenges)
        return reply_error(connection, id, ErrorCode::LimitReached,
                           "challenge: you have " + std::to_string(standing) +
                               " challenges waiting for an answer, the most one player may (" +
                               std::to_string(max_outgoing_challenges) + "); cancel one, or wait for the answers");

    // The challenged player's own setting, read from his account; once read, everything above
    // is checked again (the read took a while, on the read thread).
    if (challenged && !setting_read)
        return read_challenge_setting(challenged->who, who.principal.guest(),
                                      [self = shared_from_this(), connection, who, id, challenge,
                                       challenged_node](std::optional<ChallengeSettingRefusal> refusal) {
                                          if (refusal)
                                              return reply_error(connection, id, refusal->code, refusal->message);
                                          self->challenge_now(connection, who, id, challenge, challenged_node, true);
                                      });

    StandingChallenge standing;
    standing.offer.id = identity::new_token();
    standing.offer.from = who.nick;
    standing.offer.to = challenged ? challenged->who.nick : challenge.to;
    standing.offer.time_control = challenge.time_control;
    standing.offer.color = challenge.color;
    standing.offer.rated = challenge.rated;
    standing.offer.message = challenge.message;
    standing.offer.setup = challenge.setup;
    standing.offer.expires_ms = now + services_.config.challenge_expiry_ms;
    standing.challenger = who;
    standing.challenger_connection = connection->id();
    standing.challenged_node = challenged ? std::nullopt : challenged_node;
    standing.expiry =
        std::make_shared<net::steady_timer>(strand_, std::chrono::milliseconds(services_.config.challenge_expiry_ms));
    standing.expiry->async_wait(
        [self = shared_from_this(), challenge_id = standing.offer.id](const boost::system::error_code& error) {
            if (!error) self->expire_challenge(challenge_id, "timeout");
        });
    const std::string frame = protocol::encode_challenge(standing.offer);
    spdlog::info("challenge {}: {} challenges {}{}", standing.offer.id.substr(0, 8), who.nick, standing.offer.to,
                 challenged ? "" : " on node " + *challenged_node);
    if (challenged) {
        if (auto addressee = challenged->connection.lock()) addressee->send(frame);
        connection->send(protocol::encode_challenge_ok(id, standing.offer.id));
    } else {
        // The reply waits for the other node: it may refuse (the player left, or plays as a guest).
        standing.awaiting_delivery = id;
        peers_->send_to(*challenged_node, Relay{peers_->node_id(),
                                                Relay::Kind::Offer,
                                                standing.offer.id,
                                                standing.offer.to,
                                                challenge.rated,
                                                frame,
                                                {},
                                                who.principal.guest()});
    }
    challenges_.add(std::move(standing));
}

void Lobby::cancel_challenge(ConnectionPtr connection, Identity who, Id id, protocol::CancelChallenge cancel)
{
    on_strand([this, connection = std::move(connection), who = std::move(who), id = std::move(id),
               cancel = std::move(cancel)] {
        const StandingChallenge* standing = challenges_.find(cancel.challenge);
        if (!standing || standing->challenger.principal != who.principal)
            return reply_error(connection, id, ErrorCode::NoSuchChallenge,
                               "cancel_challenge: you have no challenge standing with id '" + cancel.challenge + "'");
        auto canceled = challenges_.take(cancel.challenge);
        tell_challenged(*canceled, protocol::encode_challenge_canceled(cancel.challenge, who.nick));
        if (canceled->awaiting_delivery)
            connection->send(protocol::encode_challenge_ok(*canceled->awaiting_delivery, cancel.challenge));
        connection->send(protocol::encode_challenge_ok(id, cancel.challenge));
    });
}

void Lobby::accept_challenge(ConnectionPtr connection, Identity who, Id id, protocol::AcceptChallenge accept)
{
    on_strand([this, connection = std::move(connection), who = std::move(who), id = std::move(id),
               accept = std::move(accept)] {
        const std::string key = protocol::nick_key(who.nick);
        if (const StandingChallenge* standing = challenges_.find(accept.challenge);
            standing && !standing->challenged_node && protocol::nick_key(standing->offer.to) == key) {
            connection->send(protocol::encode_challenge_ok(id, accept.challenge));
            return start_challenge_game(*challenges_.take(accept.challenge));
        }
        if (const ReceivedChallenge* received = challenges_.find_received(accept.challenge);
            received && protocol::nick_key(received->challenged) == key) {
            const auto taken = challenges_.take_received(accept.challenge);
            connection->send(protocol::encode_challenge_ok(id, accept.challenge));
            return peers_->send_to(
                taken->from_node,
                Relay{peers_->node_id(), Relay::Kind::Accepted, accept.challenge, who.nick, false, {}, {}, false});
        }
        reply_error(connection, id, ErrorCode::NoSuchChallenge,
                    "accept_challenge: no challenge to you stands with id '" + accept.challenge +
                        "' (it was canceled, expired or answered)");
    });
}

void Lobby::decline_challenge(ConnectionPtr connection, Identity who, Id id, protocol::DeclineChallenge decline)
{
    on_strand([this, connection = std::move(connection), who = std::move(who), id = std::move(id),
               decline = std::move(decline)] {
        const std::string key = protocol::nick_key(who.nick);
        if (const StandingChallenge* standing = challenges_.find(decline.challenge);
            standing && !standing->challenged_node && protocol::nick_key(standing->offer.to) == key) {
            const auto declined = challenges_.take(decline.challenge);
            connection->send(protocol::encode_challenge_ok(id, decline.challenge));
            return send_to_player(declined->challenger.nick,
                                  protocol::encode_challenge_declined(decline.challenge, who.nick, decline.reason));
        }
        if (const ReceivedChallenge* received = challenges_.find_received(decline.challenge);
            received && protocol::nick_key(received->challenged) == key) {
            const auto taken = challenges_.take_received(decline.challenge);
            connection->send(protocol::encode_challenge_ok(id, decline.challenge));
            return peers_->send_to(taken->from_node, Relay{peers_->node_id(),
                                                           Relay::Kind::Declined,
                                                           decline.challenge,
                                                           who.nick,
                                                           false,
                                                           {},
                                                           std::string(protocol::decline_reason_name(decline.reason)),
                                                           false});
        }
        reply_error(connection, id, ErrorCode::NoSuchChallenge,
                    "decline_challenge: no challenge to you stands with id '" + decline.challenge +
                        "' (it was canceled, expired or answered)");
    });
}

void Lobby::start_challenge_game(StandingChallenge challenge)
{
    GameStart start;
    start.challenger = challenge.challenger;
    start.challenged = challenge.offer.to;
    start.time_control = challenge.offer.time_control;
    start.challenger_color = challenge.offer.color;
    start.rated = challenge.offer.rated;
    start.setup = challenge.offer.setup;
    const auto challenge_id = challenge.offer.id;
    start_game(start, [self = shared_from_this(), challenge = std::move(challenge)](GameStartResult started) {
        const auto& id = challenge.offer.id;
        if (!started) {
            spdlog::info("challenge {}: accepted, but no game started: {}", id.substr(0, 8), started.error().message);
            const std::string error = protocol::encode_error(std::nullopt, started.error().code,
                                                             "accept_challenge: " + started.error().message);
            self->send_to_player(challenge.challenger.nick, error);
            return self->tell_challenged(challenge, error);
        }
        const std::string accepted = protocol::encode_challenge_accepted(id, started->room, started->table);
        self->send_to_player(challenge.challenger.nick, accepted);
        self->tell_challenged(challenge, accepted);
    });
}

void Lobby::tell_challenged(const StandingChallenge& challenge, const std::string& frame)
{
    if (challenge.challenged_node)
        return peers_->send_to(*challenge.challenged_node, Relay{peers_->node_id(),
                                                                 Relay::Kind::Ended,
                                                                 challenge.offer.id,
                                                                 challenge.offer.to,
                                                                 false,
                                                                 frame,
                                                                 {},
                                                                 false});
    send_to_player(challenge.offer.to, frame);
}

void Lobby::send_to_player(const std::string& nick, const std::string& frame)
{
    if (const Online* player = presence_.online(nick))
        if (auto connection = player->connection.lock()) connection->send(frame);
}

void Lobby::expire_challenge(const protocol::ChallengeId& id, std::string_view why)
{
    auto expired = challenges_.take(id);
    if (!expired) return;
    spdlog::info("challenge {}: expired ({})", id.substr(0, 8), why);
    const std::string frame = protocol::encode_challenge_expired(id, why);
    if (expired->awaiting_delivery) {
        // The other node never answered the offer (its player gone with it, or the bus away).
        if (const Online* challenger = presence_.online(expired->challenger.nick))
            if (auto connection = challenger->connection.lock())
                connection->send_error(*expired->awaiting_delivery, ErrorCode::NoSuchNick,
                                       "challenge: " + challenge_quoted(expired->offer.to) + "'s node did not answer");
    } else {
        send_to_player(expired->challenger.nick, frame);
    }
    tell_challenged(*expired, frame);
}

void Lobby::end_challenges_from(std::uint64_t connection)
{
    for (const auto& id : challenges_.sent_from(connection)) expire_challenge(id, "challenger_left");
}

void Lobby::read_challenge_setting(const Identity& challenged, bool from_guest,
                                   std::function<void(std::optional<ChallengeSettingRefusal>)> then)
{
    // A guest has no account to keep a setting in: he takes challenges from everyone.
    if (challenged.principal.guest()) return then(std::nullopt);
    services_.reads.read(
        [key = protocol::nick_key(challenged.nick)](db::StoreReader& reader) { return reader.account(key); },
        [self = shared_from_this(), nick = challenged.nick, from_guest,
         then = std::move(then)](db::ReadResult<std::optional<db::AccountRecord>> account) mutable {
            self->on_strand([nick, from_guest, account = std::move(account), then = std::move(then)] {
                if (!account) {
                    spdlog::error("challenge: the challenge setting of {} could not be read: {}", nick,
                                  account.error().message);
                    return then(ChallengeSettingRefusal{ErrorCode::StorageUnavailable,
                                                        "challenge: " + challenge_quoted(nick) +
                                                            "'s challenge setting could not be read; try again"});
                }
                const auto policy = *account ? (*account)->challenge_policy : protocol::ChallengePolicy::Everyone;
                if (protocol::admits_challenge(policy, from_guest)) return then(std::nullopt);
                then(ChallengeSettingRefusal{
                    ErrorCode::ChallengesRefused,
                    "challenge: " + challenge_quoted(nick) +
                        (policy == protocol::ChallengePolicy::Nobody
                             ? " accepts no challenges"
                             : " accepts challenges only from registered players: log in or register first")});
            });
        });
}

void Lobby::deliver_relayed_challenge(const cluster::ChallengeRelay& relay,
                                      std::optional<ChallengeSettingRefusal> refusal)
{
    auto refuse = [&](ErrorCode code, std::string message) {
        peers_->send_to(relay.node, Relay{peers_->node_id(), Relay::Kind::Refused, relay.challenge, relay.nick, false,
                                          std::move(message), std::string(protocol::error_code_name(code)), false});
    };
    if (refusal) return refuse(refusal->code, std::move(refusal->message));
    const Online* challenged = presence_.online(relay.nick);
    auto connection = challenged ? challenged->connection.lock() : nullptr;
    if (!connection)
        return refuse(ErrorCode::NoSuchNick, "challenge: " + challenge_quoted(relay.nick) + " is not online");
    challenges_.add_received(relay.challenge, ReceivedChallenge{relay.node, challenged->who.nick});
    connection->send(relay.frame);
    peers_->send_to(
        relay.node,
        Relay{peers_->node_id(), Relay::Kind::Delivered, relay.challenge, relay.nick, false, {}, {}, false});
}

void Lobby::challenge_relayed(const cluster::ChallengeRelay& relay)
{
    switch (relay.kind) {
    case Relay::Kind::Offer: {
        const Online* challenged = presence_.online(relay.nick);
        auto connection = challenged ? challenged->connection.lock() : nullptr;
        auto refuse = [&](ErrorCode code, std::string message) {
            peers_->send_to(relay.node,
                            Relay{peers_->node_id(), Relay::Kind::Refused, relay.challenge, relay.nick, false,
                                  std::move(message), std::string(protocol::error_code_name(code)), false});
        };
        if (!connection)
            return refuse(ErrorCode::NoSuchNick, "challenge: " + challenge_quoted(relay.nick) + " is not online");
        if (relay.rated && challenged->who.principal.guest())
            return refuse(ErrorCode::RatedNeedsAccount,
                          "challenge: " + challenge_quoted(challenged->who.nick) +
                              " plays as a guest, and rated games are for players with an account; ask for a "
                              "casual game");
        return read_challenge_setting(
            challenged->who, relay.from_guest,
            [self = shared_from_this(), relay](std::optional<ChallengeSettingRefusal> refusal) {
                self->deliver_relayed_challenge(relay, std::move(refusal));
            });
    }
    case Relay::Kind::Delivered:
    case Relay::Kind::Refused: {
        StandingChallenge* standing = challenges_.find(relay.challenge);
        if (!standing || standing->challenged_node != relay.node || !standing->awaiting_delivery) return;
        const Online* challenger = presence_.online(standing->challenger.nick);
        auto connection = challenger ? challenger->connection.lock() : nullptr;
        const auto id = *std::exchange(standing->awaiting_delivery, std::nullopt);
        if (relay.kind == Relay::Kind::Delivered) {
            if (connection) connection->send(protocol::encode_challenge_ok(id, relay.challenge));
            return;
        }
        challenges_.take(relay.challenge);
        if (connection)
            connection->send_error(id, protocol::parse_error_code(relay.code).value_or(ErrorCode::InternalError),
                                   relay.frame);
        return;
    }
    case Relay::Kind::Accepted:
    case Relay::Kind::Declined: {
        const StandingChallenge* standing = challenges_.find(relay.challenge);
        if (!standing || standing->challenged_node != relay.node ||
            protocol::nick_key(standing->offer.to) != protocol::nick_key(relay.nick))
            return; // answered too late: it expired or was canceled meanwhile, and the player heard so
        auto answered = challenges_.take(relay.challenge);
        if (relay.kind == Relay::Kind::Accepted) return start_challenge_game(std::move(*answered));
        const auto reason = protocol::decline_reason_from_name(relay.code).value_or(protocol::DeclineReason::Generic);
        return send_to_player(answered->challenger.nick,
                              protocol::encode_challenge_declined(relay.challenge, relay.nick, reason));
    }
    case Relay::Kind::OpenAccepted: return open_challenge_relayed(relay);
    case Relay::Kind::Ended: {
        const auto received = challenges_.take_received(relay.challenge);
        send_to_player(received ? received->challenged : relay.nick, relay.frame);
        return;
    }
    }
}

} // namespace rochade::server
