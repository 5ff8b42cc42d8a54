// What the nodes of a cluster tell each other over the bus: typed messages, one JSON object
// each on the wire ({"kind": "entered", ...}). Sent on the lobby channel to every node, or on
// one node's own channel (node_channel). Decoding never throws: a message that is not one of
// these, whole, is an error naming what was wrong (a node of another version, or noise).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "engine/expected.h"
#include "protocol/messages.h"
#include "server/identity/principal.h"
#include "server/moderation/moderation.h"

namespace rochade::server::cluster {

// Every node hears what is sent here.
inline constexpr std::string_view lobby_channel = "rochade:lobby";
// Only `node` hears what is sent here.
std::string node_channel(std::string_view node);

// A node started (or found the bus again): the others answer with their NodeState.
struct NodeUp {
    std::string node;
};
// Sent every heartbeat interval; a node not heard of for the node timeout is gone.
struct Heartbeat {
    std::string node;
};
// A player in a room, as the other nodes keep it: by the connection on its node, not by nick.
// The same player may be in a room on two nodes for a moment (resumed on another node before
// the old connection's `left` arrived), and each node's `left` must take only its own entry.
struct RoomMember {
    protocol::RoomNumber room = 0;
    std::string nick;
    bool guest = true;
    std::uint64_t connection = 0; // the player's connection on the sending node
    friend bool operator==(const RoomMember&, const RoomMember&) = default;
};
// Everything a node has that the others show: its players in rooms and its tables.
struct NodeState {
    std::string node;
    std::vector<RoomMember> members;
    std::vector<protocol::TableSummary> tables;
};
struct Entered {
    std::string node;
    RoomMember member;
};
struct Left {
    std::string node;
    protocol::RoomNumber room = 0;
    std::string nick;
    std::uint64_t connection = 0; // as in its Entered
};
// Room chat, sent by the node of its author once it is stored.
struct RoomChatted {
    std::string node;
    protocol::RoomNumber room = 0;
    std::string nick, text;
};
struct TableChanged {
    std::string node;
    protocol::TableSummary summary;
};
struct TableClosed {
    std::string node;
    protocol::RoomNumber room = 0;
    protocol::TableId table = 0;
};
// To the node of the addressee.
struct Whispered {
    std::string from, to, text;
};
// To the node where `nick` was online: the same player (`principal`) connected on another node,
// whose connection wins; the old one closes with 4000.
struct Replaced {
    std::string nick;
    std::string principal;
};

// To the node where `nick` is online: a table was opened for them on another node.
struct Invited {
    std::string nick;
    protocol::TableSummary summary;
};

// To the node that owns `table`: a request of a client of node `node` (its connection there is
// `connection`), the client's frame as it sent it (join_table, watch_table or a table message).
// The sending node checked what needs its own state (room membership); the owner decides the
// rest as for its own clients, and answers through ToClients.
struct TableRequest {
    std::string node;
    std::uint64_t connection = 0;
    identity::Identity identity;
    protocol::TableId table = 0;
    std::string text;
};
// From a table's owner to the node of its clients: one frame for each of `connections` there
// (an event goes once to each node that has watchers, however many it has), and a close.
struct ToClients {
    std::vector<std::uint64_t> connections;
    std::string frame;
};
struct CloseClient {
    std::uint64_t connection = 0;
    std::uint16_t code = 1000;
    std::string reason;
};
// On the lobby channel: a client of `node` that sent requests to tables on other nodes closed;
// their owners treat it as a closed connection at those tables.
struct ClientGone {
    std::string node;
    std::uint64_t connection = 0;
    std::vector<protocol::TableId> tables;
};

// ---- Moderation across the nodes (server/admin/other_nodes_over_bus.cpp asks, node_questions.cpp answers)
// The role was checked on the node where the moderator is connected, which also writes the
// audit line; these carry only what the receiving node needs to act. The bus is trusted like
// the store (a forged message could close or decide any table, kick anyone or send a notice,
// as a forged row in the store could ban anyone), so none of them carries a role to believe:
// the receiving node acts, it does not authorise. Each question carries `ask`, chosen by the
// asking node, and its answer goes back to the asking node's channel under the same `ask`; an
// answer nobody waits for (late, or not from the node asked) is dropped.

// Lobby channel: an admin's live view asks every node for its players and tables.
struct LiveAsked {
    std::string node;
    std::uint64_t ask = 0;
    bool with_addresses = false;
};
struct LiveAnswered {
    std::string node;
    std::uint64_t ask = 0;
    std::vector<OnlinePlayer> players;
    std::vector<LiveTable> tables;
};
// To the owner of `table`: close it (no decision) or adjudicate its game. `by` is who asked,
// for the rule that nobody decides a table where they sit, and for the players' notice.
struct TableModeration {
    std::string node;
    std::uint64_t ask = 0;
    protocol::TableId table = 0;
    std::optional<Adjudication> decision;
    identity::Principal by;
    std::string by_nick, reason;
};
// To the node where `nick` is online: close that connection (kicked, with the reason).
struct KickAsked {
    std::string node;
    std::uint64_t ask = 0;
    std::string nick, reason;
};
// The answer to TableModeration and KickAsked: refused (a code and the owner's words), or done
// (for a kick: `message` is the nick as its player wrote it).
struct ModerationAnswered {
    std::string node;
    std::uint64_t ask = 0;
    std::optional<protocol::ErrorCode> refused;
    std::string message;
    protocol::RoomNumber room = 0; // the closed table's room
    std::int64_t game_id = 0;      // the adjudicated game
    int closed = 0;                // connections closed by a kick
};
// Lobby channel: a sanction was stored (set or lifted). Every node reads the sanctions in
// force from the store again and closes what a ban now refuses; nothing in it is believed.
struct SanctionsChanged {
    std::string node;
};
// Lobby channel: a moderator's notice, for each node's own players (to a room, or everyone).
struct NoticeSent {
    std::string node;
    std::optional<protocol::RoomNumber> room;
    std::string from, text;
};

// ---- Games started and challenges across the nodes (server/lobby/lobby_game_start.cpp,
// lobby_challenges.cpp)

// To the node where `nick` is online: a game was started for them at `table` on node `node`
// (Lobby::start_game: a challenge accepted, a pool's pairing). That node seats its player there
// as if the player had sent join_table: it forwards the request to the table's owner.
struct SeatAwaits {
    std::string node;
    std::string nick;
    protocol::TableId table = 0;
};
// A challenge whose two players are on different nodes. It lives on the challenger's node; the
// challenged player's node keeps only which node sent it, to send the answer back.
struct ChallengeRelay {
    enum class Kind : std::uint8_t {
        Offer,     // to the challenged player's node: deliver `frame` (the challenge) to `nick`, or refuse
        Delivered, // back: the challenged player has it
        Refused,   // back: `code` (an ErrorCode's number) and `frame` (the error's text)
        Accepted,  // to the challenger's node: `nick` accepted
        Declined,  // to the challenger's node: `nick` declined for the reason named in `code`
        Ended,     // to the challenged player's node: canceled or expired; `frame` is the event for `nick`
        // To an open challenge's creator's node: `nick` (a guest when `from_guest`) accepts the
        // link whose token hashes to `challenge`; the answer comes back as Ended.
        OpenAccepted,
    };
    std::string node;
    Kind kind = Kind::Offer;
    std::string challenge; // its id
    std::string nick;      // the challenged player
    bool rated = false;    // Offer: a guest may not be asked for a rated game
    std::string frame;
    std::string code;
    bool from_guest = false; // Offer: the challenger plays as a guest (the challenged player's setting may refuse it)
};

using NodeMessage = std::variant<NodeUp, Heartbeat, NodeState, Entered, Left, RoomChatted, TableChanged, TableClosed,
                                 Whispered, Replaced, TableRequest, ToClients, CloseClient, ClientGone, Invited,
                                 LiveAsked, LiveAnswered, TableModeration, KickAsked, ModerationAnswered,
                                 SanctionsChanged, NoticeSent, SeatAwaits, ChallengeRelay>;

std::string encode(const NodeMessage& message);
rochade::Expected<NodeMessage, std::string> decode_node_message(std::string_view text);

} // namespace rochade::server::cluster
