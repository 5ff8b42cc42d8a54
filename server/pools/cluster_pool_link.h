// The pools' messages over the cluster's bus: one channel, "rochade:pools", that every node
// hears, and the lease of the pairing authority's role, "pools", which the node holding it
// renews every heartbeat for a node timeout.
#pragma once

#include <memory>

#include "server/cluster/cluster_link.h"
#include "server/pools/pool_link.h"

namespace rochade::server::pools {

class ClusterPoolLink final : public PoolLink {
public:
    explicit ClusterPoolLink(std::shared_ptr<cluster::ClusterLink> cluster);

    const std::string& node_id() const override { return cluster_->node_id(); }
    void publish(PoolMessage message) override;
    // Messages that do not decode are logged and dropped, never handed on.
    void subscribe(std::function<void(PoolMessage)> handler) override;
    void claim_office(std::function<void(OfficeClaim, std::string holder)> done) override;
    void resign_office() override;
    std::chrono::milliseconds lease_time() const override { return cluster_->lease_time(); }
    std::chrono::milliseconds renew_every() const override { return cluster_->heartbeat(); }

private:
    std::shared_ptr<cluster::ClusterLink> cluster_;
};

} // namespace rochade::server::pools
