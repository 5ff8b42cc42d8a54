#include "server/lobby/cluster_peers.h"

#include <utility>

#include <boost/asio/post.hpp>

namespace rochade::server {

ClusterPeers::ClusterPeers(std::shared_ptr<cluster::ClusterLink> link, Strand lobby_strand)
    : link_(std::move(link)), lobby_strand_(std::move(lobby_strand))
{
}

void ClusterPeers::claim_nick(const std::string& nick_skeleton, const identity::Principal& who,
                              std::function<void(cluster::NickClaim)> done)
{
    link_->claim_nick(nick_skeleton, who, [strand = lobby_strand_, done = std::move(done)](cluster::NickClaim claim) {
        net::post(strand, [done, claim = std::move(claim)] { done(claim); });
    });
}

void ClusterPeers::release_nick(const std::string& nick_skeleton, const identity::Principal& who)
{
    link_->release_nick(nick_skeleton, who);
}

void ClusterPeers::forget_nick(const std::string& nick_skeleton) { link_->forget_nick(nick_skeleton); }

void ClusterPeers::hold_nick(const std::string& nick_skeleton, const identity::Principal& who)
{
    link_->hold_nick(nick_skeleton, who);
}

void ClusterPeers::unhold_nick(const std::string& nick_skeleton, const identity::Principal& who)
{
    link_->unhold_nick(nick_skeleton, who);
}

void ClusterPeers::locate_nick(const std::string& nick_skeleton, std::function<void(std::optional<std::string>)> done)
{
    // This node's own lease is no answer: the lobby has looked among its players already.
    link_->locate_nick(nick_skeleton,
                       [link = link_, strand = lobby_strand_, done = std::move(done)](std::optional<std::string> node) {
                           if (node && *node == link->node_id()) node.reset();
                           net::post(strand, [done, node = std::move(node)] { done(node); });
                       });
}

void ClusterPeers::replaced(const std::string& node, const identity::Identity& who)
{
    link_->send_to(node, cluster::Replaced{who.nick, cluster::principal_text(who.principal)});
}

void ClusterPeers::whisper(const std::string& node, const std::string& from, const std::string& to,
                           const std::string& text)
{
    link_->send_to(node, cluster::Whispered{from, to, text});
}

void ClusterPeers::send_to(const std::string& node, cluster::NodeMessage message)
{
    link_->send_to(node, std::move(message));
}

std::string ClusterPeers::node_id() const { return link_->node_id(); }

void ClusterPeers::invite(const std::string& node, const std::string& nick, const protocol::TableSummary& summary)
{
    link_->send_to(node, cluster::Invited{nick, summary});
}

void ClusterPeers::entered(protocol::RoomNumber room, const identity::Identity& who, std::uint64_t connection)
{
    link_->announce(cluster::Entered{link_->node_id(), {room, who.nick, who.principal.guest(), connection}});
}

void ClusterPeers::left(protocol::RoomNumber room, const std::string& nick, std::uint64_t connection)
{
    link_->announce(cluster::Left{link_->node_id(), room, nick, connection});
}

void ClusterPeers::room_chatted(protocol::RoomNumber room, const std::string& nick, const std::string& text)
{
    link_->announce(cluster::RoomChatted{link_->node_id(), room, nick, text});
}

void ClusterPeers::table_opened(const protocol::TableSummary& summary)
{
    link_->hold_table(summary.table);
    table_changed(summary);
}

void ClusterPeers::table_changed(const protocol::TableSummary& summary)
{
    link_->announce(cluster::TableChanged{link_->node_id(), summary});
}

void ClusterPeers::table_closed(protocol::RoomNumber room, protocol::TableId table)
{
    link_->release_table(table);
    table_lost(room, table);
}

void ClusterPeers::table_lost(protocol::RoomNumber room, protocol::TableId table)
{
    // Said to every node: one may have heard this node claim the table after the take-over
    // (its state, sent to that node alone when it asked), and would send the table's requests
    // here. The node that plays the table answers by saying where it is.
    link_->announce(cluster::TableClosed{link_->node_id(), room, table});
}

bool ClusterPeers::may_stand_elsewhere(protocol::TableId) const { return true; }

void ClusterPeers::forward(protocol::TableId table, std::uint64_t connection, const identity::Identity& who,
                           std::string text, std::function<void(bool)> done)
{
    link_->forward(table, connection, who, std::move(text), std::move(done));
}

void ClusterPeers::announce_state(cluster::NodeState state)
{
    state.node = link_->node_id();
    link_->announce(std::move(state));
}

void ClusterPeers::send_state(const std::string& node, cluster::NodeState state)
{
    state.node = link_->node_id();
    link_->send_to(node, std::move(state));
}

} // namespace rochade::server
