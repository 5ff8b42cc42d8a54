// How a node's tournament service reaches the other nodes' (docs/tournaments.md, "Several
// nodes"): the lease that makes one node at a time run a tournament, the channel of the
// services' messages (tournament_messages.h), where a player is online, and the connection that
// answers a client of another node. ClusterTournamentLink goes over the cluster's bus; a server
// alone has LoneTournamentLink and runs every tournament itself, sending nothing.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "server/base/asio.h"
#include "server/clients/connection.h"
#include "server/cluster/cluster_link.h"
#include "server/identity/principal.h"
#include "server/tournaments/tournament_messages.h"

namespace rochade::server::tournaments {

class TournamentLink {
public:
    virtual ~TournamentLink() = default;

    virtual const std::string& node_id() const = 0;
    // Whether other nodes share the store and the tournaments; false: this node runs them all.
    virtual bool clustered() const = 0;
    // To every node's service, this one's included, in the order published. Each handler call
    // must only hand the message off (post it to its owner's strand).
    virtual void publish(TournamentMessage message) = 0;
    virtual void subscribe(std::function<void(TournamentMessage)> handler) = 0;
    // Takes or renews the lease of running `tournament` for a lease time; `done` gets what the
    // claim found and the node that holds it now (empty when the bus did not answer), handing
    // off as above. Renewed by claiming again every renew_every().
    virtual void claim(std::int64_t tournament, std::function<void(cluster::RoleClaim, std::string holder)> done) = 0;
    virtual void release(std::int64_t tournament) = 0;
    virtual std::chrono::milliseconds renew_every() const = 0;
    // The other node where a nick with this skeleton is online, if any (a look-alike's, perhaps:
    // that node checks the nick itself); `done` hands off as above.
    virtual void locate(const std::string& nick_skeleton, std::function<void(std::optional<std::string>)> done) = 0;
    // The connection that stands for a client of `node` whose request was forwarded here: what
    // is sent on it reaches the client on its node.
    virtual std::shared_ptr<Connection> client_of(const std::string& node, std::uint64_t connection,
                                                  const identity::Identity& who) = 0;
};

// A server alone: nothing to send, nobody elsewhere.
class LoneTournamentLink final : public TournamentLink {
public:
    const std::string& node_id() const override { return node_; }
    bool clustered() const override { return false; }
    void publish(TournamentMessage) override {}
    void subscribe(std::function<void(TournamentMessage)>) override {}
    void claim(std::int64_t, std::function<void(cluster::RoleClaim, std::string holder)> done) override
    {
        done(cluster::RoleClaim::Held, node_);
    }
    void release(std::int64_t) override {}
    std::chrono::milliseconds renew_every() const override { return std::chrono::milliseconds(0); }
    void locate(const std::string&, std::function<void(std::optional<std::string>)> done) override
    {
        done(std::nullopt);
    }
    std::shared_ptr<Connection> client_of(const std::string&, std::uint64_t, const identity::Identity&) override
    {
        return nullptr;
    }

private:
    std::string node_ = "this server";
};

// Over the cluster's bus: the channel "tournaments", the lease "tournament:<id>".
class ClusterTournamentLink final : public TournamentLink {
public:
    ClusterTournamentLink(net::io_context& io, std::shared_ptr<cluster::ClusterLink> cluster);

    const std::string& node_id() const override { return cluster_->node_id(); }
    bool clustered() const override { return true; }
    void publish(TournamentMessage message) override;
    // Messages that do not decode are logged and dropped, never handed on.
    void subscribe(std::function<void(TournamentMessage)> handler) override;
    void claim(std::int64_t tournament, std::function<void(cluster::RoleClaim, std::string holder)> done) override;
    void release(std::int64_t tournament) override;
    std::chrono::milliseconds renew_every() const override { return cluster_->heartbeat(); }
    void locate(const std::string& nick_skeleton, std::function<void(std::optional<std::string>)> done) override;
    std::shared_ptr<Connection> client_of(const std::string& node, std::uint64_t connection,
                                          const identity::Identity& who) override;

private:
    net::io_context& io_;
    std::shared_ptr<cluster::ClusterLink> cluster_;
};

} // namespace rochade::server::tournaments
