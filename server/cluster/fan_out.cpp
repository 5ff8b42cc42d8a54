#include "server/cluster/fan_out.h"

#include "server/cluster/cluster_link.h"
#include "server/connection.h"

namespace rochade::server::cluster {

void FanOut::add(Connection& connection) { connection.send_in(*this); }

void FanOut::add_remote(const std::shared_ptr<ClusterLink>& link, const std::string& node, std::uint64_t connection)
{
    auto& recipients = remote_[node];
    if (!recipients.link) recipients.link = link;
    recipients.connections.push_back(connection);
}

void FanOut::send_to_nodes()
{
    for (auto& [node, recipients] : remote_)
        recipients.link->send_to(node, ToClients{std::move(recipients.connections), *frame_});
    remote_.clear();
}

} // namespace rochade::server::cluster
