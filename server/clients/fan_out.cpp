#include "server/clients/fan_out.h"

#include "server/clients/connection.h"

namespace rochade::server {

void FanOut::add(Connection& connection) { connection.send_in(*this); }

void FanOut::add_remote(const std::shared_ptr<NodeRoute>& route, const std::string& node, std::uint64_t connection)
{
    auto& recipients = remote_[node];
    if (!recipients.route) recipients.route = route;
    recipients.connections.push_back(connection);
}

void FanOut::send_to_nodes()
{
    for (auto& [node, recipients] : remote_)
        recipients.route->send_to_clients(node, std::move(recipients.connections), *frame_);
    remote_.clear();
}

} // namespace rochade::server
