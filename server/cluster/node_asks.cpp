#include "server/cluster/node_asks.h"

#include <random>

#include <boost/asio/post.hpp>

namespace rochade::server::cluster {

NodeAsks::NodeAsks(net::io_context& io, std::chrono::milliseconds timeout)
    : strand_(net::make_strand(io)), timeout_(timeout), next_ask_(std::random_device{}() | 1)
{
}

void NodeAsks::ask(std::set<std::string> nodes, std::function<void(std::uint64_t)> send, Done done)
{
    net::post(strand_, [self = shared_from_this(), nodes = std::move(nodes), send = std::move(send),
                        done = std::move(done)]() mutable {
        if (nodes.empty()) return done({}, {});
        const std::uint64_t ask = self->next_ask_++;
        auto deadline = std::make_shared<net::steady_timer>(self->strand_, self->timeout_);
        self->pending_.emplace(ask, Pending{std::move(nodes), {}, std::move(done), deadline});
        deadline->async_wait([self, ask](const boost::system::error_code& error) {
            if (!error) self->finish(ask);
        });
        // Registered first: an answer may come back before send() returns.
        send(ask);
    });
}

void NodeAsks::answered(std::string node, std::uint64_t ask, NodeMessage answer)
{
    net::post(strand_, [self = shared_from_this(), node = std::move(node), ask, answer = std::move(answer)]() mutable {
        const auto found = self->pending_.find(ask);
        if (found == self->pending_.end() || !found->second.waiting.erase(node)) return;
        found->second.answers.emplace(node, std::move(answer));
        if (found->second.waiting.empty()) self->finish(ask);
    });
}

void NodeAsks::finish(std::uint64_t ask)
{
    auto found = pending_.extract(ask);
    if (!found) return;
    Pending pending = std::move(found.mapped());
    pending.deadline->cancel();
    pending.done(std::move(pending.answers), std::move(pending.waiting));
}

} // namespace rochade::server::cluster
