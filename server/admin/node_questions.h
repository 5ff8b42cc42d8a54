// The answering side of moderation across nodes: what another node's moderation asks of this
// one (its live view, a table of this node closed or adjudicated, a player here kicked), the
// answers to this node's own questions (handed to cluster::NodeAsks), a sanction changed
// elsewhere (read them again) and a notice for this node's players. This node acts on what it
// is asked and checks nothing it cannot check: the asking node checked the role and writes the
// audit line (server/cluster/node_message.h says why the bus is trusted).
//
// Built by the moderation service when the server joins a cluster, with the desks that act.
#pragma once

#include <memory>

#include "server/cluster/node_message.h"

namespace rochade::server {

namespace cluster {
class ClusterLink;
class NodeAsks;
} // namespace cluster

class KickDesk;
class LiveViewGatherer;
class Lobby;
class SanctionsDesk;
class TableDirectory;

class NodeQuestions {
public:
    struct Desks {
        LiveViewGatherer& live;
        KickDesk& kicks;
        SanctionsDesk& sanctions;
        TableDirectory& tables;
        std::shared_ptr<Lobby> lobby; // for the notices
    };

    NodeQuestions(std::shared_ptr<cluster::ClusterLink> link, std::shared_ptr<cluster::NodeAsks> asks, Desks desks);

    // Whether `message` is one of moderation's (the server hands it here, not to the lobby).
    static bool handles(const cluster::NodeMessage& message);
    void on_message(cluster::NodeMessage message);

private:
    void answer_table(cluster::TableModeration request);
    void answer_kick(cluster::KickAsked request);

    std::shared_ptr<cluster::ClusterLink> link_;
    std::shared_ptr<cluster::NodeAsks> asks_;
    Desks desks_;
};

} // namespace rochade::server
