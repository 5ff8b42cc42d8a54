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
// A player in a room, as the other nodes keep it.
struct RoomMember {
    protocol::RoomNumber room = 0;
    std::string nick;
    bool guest = true;
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

using NodeMessage = std::variant<NodeUp, Heartbeat, NodeState, Entered, Left, RoomChatted, TableChanged, TableClosed,
                                 Whispered, Replaced>;

std::string encode(const NodeMessage& message);
rochade::Expected<NodeMessage, std::string> decode_node_message(std::string_view text);

} // namespace rochade::server::cluster
