// The other nodes as the moderation desks see them (server/admin/other_nodes.h), over the
// cluster's bus: a question goes to one node or all, and its answers are paired with it by
// cluster::NodeAsks, which gives up on a silent node after the answer timeout. Until join()
// (a server alone never joins) there are no other nodes: nothing is found elsewhere, nothing
// is announced, and the live view is this node's.
//
// Built by the moderation service at its own construction, joined to the cluster at start-up
// before anyone connects; the link and the asks are set once then and only read afterwards.
#pragma once

#include <memory>

#include "server/admin/other_nodes.h"

namespace rochade::server {

namespace cluster {
class ClusterLink;
class NodeAsks;
} // namespace cluster

class Lobby;

class OtherNodesOverBus final : public OtherNodes {
public:
    explicit OtherNodesOverBus(std::shared_ptr<Lobby> lobby);

    void join(std::shared_ptr<cluster::ClusterLink> link, std::shared_ptr<cluster::NodeAsks> asks);

    void locate(const std::string& nick, std::function<void(std::optional<std::string> node)> done) override;
    void ask_kick(const std::string& node, std::string nick, std::string reason, Answered done) override;
    void table_owner(std::int64_t table, std::function<void(std::optional<std::string> node)> done) override;
    void ask_table(const std::string& owner, cluster::TableModeration request, Answered done) override;
    void sanctions_changed() override;
    void notice_sent(std::optional<std::int64_t> room, std::string from, std::string text) override;
    void add_to_live(bool with_addresses, LiveView here, std::function<void(LiveView)> done) override;
    std::chrono::milliseconds answer_timeout() const override;

private:
    // Asks `node` alone (`question` makes the message with the ask's number) and hands `done`
    // its ModerationAnswered, or nothing.
    void ask_one(const std::string& node, std::function<cluster::NodeMessage(std::uint64_t ask)> question,
                 Answered done);

    std::shared_ptr<Lobby> lobby_;
    std::shared_ptr<cluster::ClusterLink> link_; // none on a server alone
    std::shared_ptr<cluster::NodeAsks> asks_;
};

} // namespace rochade::server
