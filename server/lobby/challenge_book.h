// The challenges a lobby keeps (lobby_challenges.cpp), on the lobby's strand: those whose
// challenger is online here (the challenge lives where its challenger is), and those received
// from another node for a player online here (only which node sent them, to send the answer
// back). It decides nothing about sockets or the cluster; the lobby does.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "protocol/challenge_encode.h"
#include "protocol/messages.h"
#include "server/base/asio.h"
#include "server/identity/principal.h"

namespace rochade::server {

// A player has at most this many challenges waiting for an answer at once (lichess: a few).
inline constexpr std::size_t max_outgoing_challenges = 3;

struct StandingChallenge {
    protocol::ChallengeOffer offer;
    identity::Identity challenger;
    std::uint64_t challenger_connection = 0;
    // The node where the challenged player is online, when not this one.
    std::optional<std::string> challenged_node;
    // The challenger's request id while the other node has not yet said it delivered the
    // challenge: the reply (ok or the refusal) waits for it.
    std::optional<std::optional<protocol::RequestId>> awaiting_delivery;
    std::shared_ptr<net::steady_timer> expiry;
};

struct ReceivedChallenge {
    std::string from_node;
    std::string challenged; // the nick on this node
};

class ChallengeBook {
public:
    // How many challenges `who` has standing (answered ones are gone).
    std::size_t outgoing(const identity::Principal& who) const;
    void add(StandingChallenge challenge);
    StandingChallenge* find(const protocol::ChallengeId& id);
    // Takes the challenge out (its expiry timer cancelled), or nothing.
    std::optional<StandingChallenge> take(const protocol::ChallengeId& id);
    // The ids of the challenges sent from this connection (it closed: they end).
    std::vector<protocol::ChallengeId> sent_from(std::uint64_t connection) const;

    void add_received(const protocol::ChallengeId& id, ReceivedChallenge received);
    std::optional<ReceivedChallenge> take_received(const protocol::ChallengeId& id);
    const ReceivedChallenge* find_received(const protocol::ChallengeId& id) const;

private:
    std::map<protocol::ChallengeId, StandingChallenge> standing_;
    std::map<protocol::ChallengeId, ReceivedChallenge> received_;
};

} // namespace rochade::server
