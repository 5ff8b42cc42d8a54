// How a node's pool service reaches the pools' pairing authority and the other nodes' services:
// over the cluster's bus (ClusterPoolLink), or, on a server alone, to itself (LonePoolLink).
#pragma once

#include <chrono>
#include <functional>
#include <memory>
#include <string>

#include "server/cluster/cluster_link.h"
#include "server/pools/pool_messages.h"

namespace rochade::server::pools {

// What claiming the authority's lease found: Held (renewed), Taken (this node's now, not just
// before), Refused (another node's), Unknown (the bus did not answer).
using OfficeClaim = cluster::RoleClaim;

class PoolLink {
public:
    virtual ~PoolLink() = default;

    virtual const std::string& node_id() const = 0;
    // To every node's pool service, this one's included, in the order published. Each handler
    // call must only hand the message off (post it to its owner's strand).
    virtual void publish(PoolMessage message) = 0;
    virtual void subscribe(std::function<void(PoolMessage)> handler) = 0;
    // Takes or renews the authority's lease for the lease time; `done` hands off as above.
    // `done` also gets the node that holds the lease now (empty when the bus did not answer).
    virtual void claim_office(std::function<void(OfficeClaim, std::string holder)> done) = 0;
    virtual void resign_office() = 0;
    // How long a granted claim lasts, counted from when it was asked: the authority pairs only
    // within it, so that an authority paused past it does not pair once woken.
    virtual std::chrono::milliseconds lease_time() const = 0;
    // How often the claim is renewed; zero when it never needs to be (a server alone).
    virtual std::chrono::milliseconds renew_every() const = 0;
};

// A server alone: it is the authority for good, and its messages go straight back to it.
class LonePoolLink final : public PoolLink {
public:
    explicit LonePoolLink(std::string node) : node_(std::move(node)) {}

    const std::string& node_id() const override { return node_; }
    void publish(PoolMessage message) override
    {
        if (handler_) handler_(std::move(message));
    }
    void subscribe(std::function<void(PoolMessage)> handler) override { handler_ = std::move(handler); }
    void claim_office(std::function<void(OfficeClaim, std::string holder)> done) override
    {
        done(claimed_ ? OfficeClaim::Held : OfficeClaim::Taken, node_);
        claimed_ = true;
    }
    void resign_office() override { claimed_ = false; }
    std::chrono::milliseconds lease_time() const override { return std::chrono::hours(24 * 365); }
    std::chrono::milliseconds renew_every() const override { return std::chrono::milliseconds(0); }

private:
    std::string node_;
    std::function<void(PoolMessage)> handler_;
    bool claimed_ = false;
};

} // namespace rochade::server::pools
