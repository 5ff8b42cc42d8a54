// The asking side of moderation across nodes (docs/admin.md, "Moderation in a cluster"): the
// node where the moderator is connected checks the role and writes the one audit line; the
// other node gets only what it needs to act (never a role: it acts, it does not authorise).
// Sanctions are not sent at all: the store holds them, and a node that hears one changed
// reads them again (a forged message can only make it read).
#include "server/admin/other_nodes_over_bus.h"

#include <set>

#include "protocol/nick.h"
#include "server/admin/live_view_merge.h"
#include "server/cluster/cluster_link.h"
#include "server/cluster/node_asks.h"
#include "server/lobby/lobby.h"

namespace rochade::server {

OtherNodesOverBus::OtherNodesOverBus(std::shared_ptr<Lobby> lobby) : lobby_(std::move(lobby)) {}

void OtherNodesOverBus::join(std::shared_ptr<cluster::ClusterLink> link, std::shared_ptr<cluster::NodeAsks> asks)
{
    link_ = std::move(link);
    asks_ = std::move(asks);
}

void OtherNodesOverBus::locate(const std::string& nick, std::function<void(std::optional<std::string>)> done)
{
    if (!link_) return done(std::nullopt);
    link_->locate_nick(protocol::nick_skeleton(nick), [this, done = std::move(done)](std::optional<std::string> node) {
        if (node && *node == link_->node_id()) return done(std::nullopt);
        done(std::move(node));
    });
}

void OtherNodesOverBus::ask_one(const std::string& node, std::function<cluster::NodeMessage(std::uint64_t)> question,
                                Answered done)
{
    asks_->ask(
        {node},
        [this, node, question = std::move(question)](std::uint64_t ask) { link_->send_to(node, question(ask)); },
        [node, done = std::move(done)](cluster::NodeAsks::Answers answers, std::set<std::string>) {
            const auto found = answers.find(node);
            const auto* answer =
                found != answers.end() ? std::get_if<cluster::ModerationAnswered>(&found->second) : nullptr;
            if (!answer) return done(std::nullopt);
            done(*answer);
        });
}

void OtherNodesOverBus::ask_kick(const std::string& node, std::string nick, std::string reason, Answered done)
{
    ask_one(
        node,
        [from = link_->node_id(), nick = std::move(nick), reason = std::move(reason)](std::uint64_t ask) {
            return cluster::KickAsked{from, ask, nick, reason};
        },
        std::move(done));
}

void OtherNodesOverBus::table_owner(std::int64_t table, std::function<void(std::optional<std::string>)> done)
{
    if (!link_) return done(std::nullopt);
    lobby_->replica([table, done = std::move(done)](Lobby::Replica replica) {
        std::optional<std::string> owner;
        for (const auto& [node, tables] : replica)
            for (const auto& summary : tables)
                if (summary.table == table) owner = node;
        done(std::move(owner));
    });
}

void OtherNodesOverBus::ask_table(const std::string& owner, cluster::TableModeration request, Answered done)
{
    request.node = link_->node_id();
    ask_one(
        owner,
        [request = std::move(request)](std::uint64_t ask) {
            auto question = request;
            question.ask = ask;
            return question;
        },
        std::move(done));
}

void OtherNodesOverBus::sanctions_changed()
{
    if (link_) link_->announce(cluster::SanctionsChanged{link_->node_id()});
}

void OtherNodesOverBus::notice_sent(std::optional<std::int64_t> room, std::string from, std::string text)
{
    // Each node sends it to its own players; a room's members on other nodes are in this
    // node's room too (the replica), so the room was found here.
    if (link_) link_->announce(cluster::NoticeSent{link_->node_id(), room, std::move(from), std::move(text)});
}

void OtherNodesOverBus::add_to_live(bool with_addresses, LiveView here, std::function<void(LiveView)> done)
{
    if (!link_) return done(std::move(here));
    const std::string self = link_->node_id();
    for (auto& player : here.players) player.node = self;
    for (auto& table : here.tables) table.node = self;
    lobby_->replica(
        [this, with_addresses, here = std::move(here), done = std::move(done)](Lobby::Replica replica) mutable {
            std::set<std::string> nodes;
            for (const auto& [node, tables] : replica) nodes.insert(node);
            asks_->ask(
                std::move(nodes),
                [this, with_addresses](std::uint64_t ask) {
                    link_->announce(cluster::LiveAsked{link_->node_id(), ask, with_addresses});
                },
                [here = std::move(here), replica = std::move(replica),
                 done = std::move(done)](cluster::NodeAsks::Answers answers, std::set<std::string> silent) mutable {
                    done(merged_live_view(std::move(here), std::move(answers), std::move(silent), replica));
                });
        });
}

std::chrono::milliseconds OtherNodesOverBus::answer_timeout() const
{
    return asks_ ? asks_->timeout() : std::chrono::milliseconds(0);
}

} // namespace rochade::server
