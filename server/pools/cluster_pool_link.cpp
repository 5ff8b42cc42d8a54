#include "server/pools/cluster_pool_link.h"

#include <spdlog/spdlog.h>

namespace rochade::server::pools {

namespace {
constexpr const char* pools_channel = "pools";
constexpr const char* authority_role = "pools";
} // namespace

ClusterPoolLink::ClusterPoolLink(std::shared_ptr<cluster::ClusterLink> cluster) : cluster_(std::move(cluster)) {}

void ClusterPoolLink::publish(PoolMessage message) { cluster_->publish_on(pools_channel, encode(message)); }

void ClusterPoolLink::subscribe(std::function<void(PoolMessage)> handler)
{
    cluster_->subscribe_to(pools_channel, [handler = std::move(handler)](std::string_view text) {
        auto decoded = decode_pool_message(text);
        if (!decoded) {
            spdlog::warn("pools: dropped a message from the bus: {}", decoded.error());
            return;
        }
        handler(std::move(*decoded));
    });
}

void ClusterPoolLink::claim_office(std::function<void(OfficeClaim, std::string holder)> done)
{
    cluster_->claim_role(authority_role, std::move(done));
}

void ClusterPoolLink::resign_office() { cluster_->release_role(authority_role); }

} // namespace rochade::server::pools
