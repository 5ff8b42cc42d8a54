// What the nodes' pool desks and the pools' pairing authority tell each other (docs/architecture.md,
// "Pools across nodes"). One node at a time pairs (PoolAuthority, on the node holding the
// `pools` lease); every node keeps its own players' waits (PoolService) and tells the authority
// about them. All of these travel on one channel that every node hears (ClusterPoolLink); a
// message meant for one node names it, and the others drop it. On a server alone the same
// messages go from the service to itself (LonePoolLink), so there is one way of pairing.
//
// The player's own node decides whether he is still there to be paired: the authority asks it
// (ClaimAsked) before a game is started, so that two authorities (one paused past its lease,
// one that took over) can never pair the same player twice.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "engine/expected.h"
#include "protocol/messages.h"
#include "protocol/pool_encode.h"

namespace rochade::server::pools {

// A player waiting in a pool, as his node tells the authority.
struct PoolEntrant {
    // Unique in the cluster and stable for an account (cluster::principal_text: "a17", "g5"):
    // the pools remember a player's last opponent and colours by it.
    std::string player;
    std::string nick;
    bool guest = true;
    std::string pool;
    int rating = 1500;
    int deviation = 350;
    friend bool operator==(const PoolEntrant&, const PoolEntrant&) = default;
};

// A node to the authority: `entrant` waits now (his rating was read, or he waits on after a
// failed start).
struct Waiting {
    std::string node;
    PoolEntrant entrant;
};
// A node to the authority: the player waits no more (left, closed the page, logged in again).
// `for_good`: a guest's connection closed, and the pools may forget his previous games.
struct WaitEnded {
    std::string node;
    std::string player;
    bool for_good = false;
};
// A node to the authority: everything it has, its waiting players and its running pool games
// by pool. Sent when an authority takes office, every few heartbeats (what a lost message left
// out is mended) and when its running games change.
struct Roster {
    std::string node;
    std::vector<PoolEntrant> waiting;
    std::map<std::string, std::size_t> running;
};
// The authority to every node: it pairs from now on; every node sends its roster.
struct AuthorityIs {
    std::string node;
};
// The authority to the node of `player` (who plays Black): take him out of his pool if he still
// waits there, and answer.
struct ClaimAsked {
    std::string authority;
    std::uint64_t pairing = 0;
    std::string node;
    std::string player;
};
struct ClaimAnswered {
    std::string authority;
    std::uint64_t pairing = 0;
    std::string node;
    std::string player;
    bool claimed = false;
};
// The authority to White's node, once Black is claimed: take White out and start the game.
struct StartAsked {
    std::string authority;
    std::uint64_t pairing = 0;
    std::string node; // White's
    std::string pool;
    std::string white;
    std::string black_node;
    std::string black;
    std::string black_nick;
    bool rated = false;
};
// White's node to the authority and to Black's node: the game started at `table`, or why not.
struct StartAnswered {
    std::string authority;
    std::uint64_t pairing = 0;
    std::string node; // White's
    std::string pool;
    std::string black_node;
    std::string black;
    std::optional<protocol::TableId> table;
    std::string refusal;
    // White is still connected (a failed start: then Black, if still connected, is told why
    // rather than waiting on; see matchmaking::after_failed_start).
    bool white_connected = false;
};
// Black's node to every node, while a claim of its has heard no StartAnswered (it was lost: this
// node or White's was cut off from the bus a moment): the node that answered it says it again.
struct AnswerAsked {
    std::string authority;
    std::uint64_t pairing = 0;
    std::string black_node;
};
// The answer to `asked`, addressed to the authority that asked and to Black's node; its table,
// refusal and white_connected are for White's node to fill in.
StartAnswered answer_to(const StartAsked& asked);
// The authority to every node: the counts for the first page and the lobby.
struct Counts {
    std::string authority;
    std::vector<protocol::PoolCountView> pools;
};

using PoolMessage = std::variant<Waiting, WaitEnded, Roster, AuthorityIs, ClaimAsked, ClaimAnswered, StartAsked,
                                 StartAnswered, AnswerAsked, Counts>;

std::string encode(const PoolMessage& message);
// Never throws: a message that is not one of these, whole, is an error naming what was wrong.
rochade::Expected<PoolMessage, std::string> decode_pool_message(std::string_view text);

} // namespace rochade::server::pools
