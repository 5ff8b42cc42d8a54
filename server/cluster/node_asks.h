// Questions this node asked other nodes over the bus, each waiting for its answers until a
// deadline: the one who asked gets the answers that came and the nodes that stayed silent,
// never a hang (a node may be dead and not yet given up, or the bus away). Used by the
// moderation across nodes (server/admin/other_nodes_over_bus.cpp); the messages themselves are the
// caller's, this only pairs answers with questions by the `ask` number and the node asked.
//
// Owner: the pending questions live on this object's strand.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>

#include <boost/asio/steady_timer.hpp>

#include "server/base/asio.h"
#include "server/cluster/node_message.h"

namespace rochade::server::cluster {

class NodeAsks : public std::enable_shared_from_this<NodeAsks> {
public:
    using Answers = std::map<std::string, NodeMessage>; // by the node that answered
    // Runs once, on the strand: the answers, and the nodes asked that did not answer in time.
    using Done = std::function<void(Answers answers, std::set<std::string> silent)>;

    NodeAsks(net::io_context& io, std::chrono::milliseconds timeout);

    // Numbers a new question, calls `send` with its number (which puts it on the bus) and
    // waits for one answer from each of `nodes`; with no nodes, `done` runs at once.
    void ask(std::set<std::string> nodes, std::function<void(std::uint64_t ask)> send, Done done);
    // An answer from `node` to question `ask`. One nobody waits for (late, a second one, or
    // from a node not asked) is dropped.
    void answered(std::string node, std::uint64_t ask, NodeMessage answer);

    std::chrono::milliseconds timeout() const { return timeout_; }

private:
    struct Pending {
        std::set<std::string> waiting;
        Answers answers;
        Done done;
        std::shared_ptr<net::steady_timer> deadline;
    };
    void finish(std::uint64_t ask);

    net::strand<net::io_context::executor_type> strand_;
    std::chrono::milliseconds timeout_;
    // Starts at a random number, so that an answer meant for an earlier run of a node with the
    // same id is not taken for one to this run's question.
    std::uint64_t next_ask_;
    std::map<std::uint64_t, Pending> pending_;
};

} // namespace rochade::server::cluster
