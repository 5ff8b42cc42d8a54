// What the lobby tells the other nodes of a cluster and asks of them, in the lobby's own terms:
// the one seam between the lobby and the cluster. A server alone has a LoneNode (lone_node.h:
// nobody to tell, every nick and table is this node's); a node of a cluster a ClusterPeers
// (cluster_peers.h, over cluster::ClusterLink). The lobby calls it wherever something changes,
// without asking which one it has.
//
// Every function is called on the lobby's strand, and every `done` runs on it (at once on a lone
// node), except forward's, which may run anywhere.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "protocol/messages.h"
#include "server/cluster/cluster_link.h"
#include "server/cluster/node_message.h"
#include "server/identity/principal.h"

namespace rochade::server {

class LobbyPeers {
public:
    virtual ~LobbyPeers() = default;

    // Nicks, by skeleton (protocol::nick_skeleton), as the cluster's leases are.
    //
    // Claims the nick of a player about to go online: on a lone node it is granted at once (the
    // lobby has checked its own players already); in a cluster its lease decides.
    virtual void claim_nick(const std::string& nick_skeleton, const identity::Principal& who,
                            std::function<void(cluster::NickClaim)> done) = 0;
    virtual void release_nick(const std::string& nick_skeleton, const identity::Principal& who) = 0;
    // The player went online on another node, which holds the nick's lease now.
    virtual void forget_nick(const std::string& nick_skeleton) = 0;
    // Held for a player seated at one of this node's games, online or away.
    virtual void hold_nick(const std::string& nick_skeleton, const identity::Principal& who) = 0;
    virtual void unhold_nick(const std::string& nick_skeleton, const identity::Principal& who) = 0;
    // The other node where a player with a nick of this skeleton is online, or nothing (always
    // on a lone node; also when it is this node).
    virtual void locate_nick(const std::string& nick_skeleton,
                             std::function<void(std::optional<std::string> node)> done) = 0;
    // The player's connection on `node` gives way to this node's (claim_nick's `replaced_on`).
    virtual void replaced(const std::string& node, const identity::Identity& who) = 0;
    virtual void whisper(const std::string& node, const std::string& from, const std::string& to,
                         const std::string& text) = 0;
    // A table opened here for a player online on `node`.
    virtual void invite(const std::string& node, const std::string& nick, const protocol::TableSummary& summary) = 0;

    // A message to one other node (nothing on a lone node, which has none): what a game started
    // or a challenge across the nodes says (lobby_game_start.cpp, lobby_challenges.cpp).
    virtual void send_to(const std::string& node, cluster::NodeMessage message) = 0;
    // This node's id in the cluster ("" on a lone node).
    virtual std::string node_id() const = 0;

    // This node's rooms.
    virtual void entered(protocol::RoomNumber room, const identity::Identity& who, std::uint64_t connection) = 0;
    virtual void left(protocol::RoomNumber room, const std::string& nick, std::uint64_t connection) = 0;
    virtual void room_chatted(protocol::RoomNumber room, const std::string& nick, const std::string& text) = 0;

    // This node's tables.
    //
    // A table opened here: it is this node's (its lease) and stands in its room.
    virtual void table_opened(const protocol::TableSummary& summary) = 0;
    virtual void table_changed(const protocol::TableSummary& summary) = 0;
    // A table of this node closed: its lease goes, and it leaves its room.
    virtual void table_closed(protocol::RoomNumber room, protocol::TableId table) = 0;
    // A table another node holds now (or that stopped here): this node no longer has it.
    virtual void table_lost(protocol::RoomNumber room, protocol::TableId table) = 0;
    // Whether a table this node does not play may stand on another node (never on a lone node),
    // so that a request for it is checked against the replica and forwarded to its owner.
    virtual bool may_stand_elsewhere(protocol::TableId table) const = 0;
    // Sends a client's frame for `table` to the node that owns it; `done` gets false when no
    // node does.
    virtual void forward(protocol::TableId table, std::uint64_t connection, const identity::Identity& who,
                         std::string text, std::function<void(bool sent)> done) = 0;

    // This node's members and tables (cluster::NodeState, its `node` filled in here), to every
    // other node or to one that asked.
    virtual void announce_state(cluster::NodeState state) = 0;
    virtual void send_state(const std::string& node, cluster::NodeState state) = 0;
};

} // namespace rochade::server
