// One frame for many connections (a table's event for its seats and watchers), some of them
// clients of other nodes (cluster/remote_connection.h): the local ones get it at once, the remote
// ones are gathered by node, and each node gets the frame once with the list of its connections
// however many watch from there. Used on one strand, for one frame. The cluster reaches the other
// nodes through NodeRoute, which it implements, so that clients/ names nothing of cluster/.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace rochade::server {

class Connection;

// How one frame reaches some clients of another node (cluster::ClusterLink implements it).
class NodeRoute {
public:
    virtual void send_to_clients(const std::string& node, std::vector<std::uint64_t> connections,
                                 const std::string& frame) = 0;

protected:
    ~NodeRoute() = default;
};

class FanOut {
public:
    explicit FanOut(const std::shared_ptr<const std::string>& frame) : frame_(frame) {}
    FanOut(const FanOut&) = delete;
    FanOut& operator=(const FanOut&) = delete;
    // Sends what is gathered for other nodes.
    ~FanOut() { send_to_nodes(); }

    // The frame for `connection`, wherever it is.
    void add(Connection& connection);
    // For a client of another node: `connection` is a client of `node`, reached through `route`.
    void add_remote(const std::shared_ptr<NodeRoute>& route, const std::string& node, std::uint64_t connection);

    void send_to_nodes();

    const std::shared_ptr<const std::string>& frame() const { return frame_; }

private:
    struct NodeRecipients {
        std::shared_ptr<NodeRoute> route;
        std::vector<std::uint64_t> connections;
    };
    const std::shared_ptr<const std::string>& frame_;
    std::map<std::string, NodeRecipients> remote_; // by node; empty on a server alone
};

} // namespace rochade::server
