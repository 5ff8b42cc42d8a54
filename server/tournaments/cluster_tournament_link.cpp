#include <spdlog/spdlog.h>

#include "server/cluster/remote_connection.h"
#include "server/tournaments/tournament_link.h"

namespace rochade::server::tournaments {

namespace {
constexpr const char* tournaments_channel = "tournaments";
std::string lease_of(std::int64_t tournament) { return "tournament:" + std::to_string(tournament); }
} // namespace

ClusterTournamentLink::ClusterTournamentLink(net::io_context& io, std::shared_ptr<cluster::ClusterLink> cluster)
    : io_(io), cluster_(std::move(cluster))
{
}

void ClusterTournamentLink::publish(TournamentMessage message)
{
    cluster_->publish_on(tournaments_channel, encode(message));
}

void ClusterTournamentLink::subscribe(std::function<void(TournamentMessage)> handler)
{
    cluster_->subscribe_to(tournaments_channel, [handler = std::move(handler)](std::string_view text) {
        auto decoded = decode_tournament_message(text);
        if (!decoded) {
            spdlog::warn("tournaments: dropped a message from the bus: {}", decoded.error());
            return;
        }
        handler(std::move(*decoded));
    });
}

void ClusterTournamentLink::claim(std::int64_t tournament,
                                  std::function<void(cluster::RoleClaim, std::string holder)> done)
{
    cluster_->claim_role(lease_of(tournament), std::move(done));
}

void ClusterTournamentLink::release(std::int64_t tournament) { cluster_->release_role(lease_of(tournament)); }

void ClusterTournamentLink::locate(const std::string& nick_skeleton,
                                   std::function<void(std::optional<std::string>)> done)
{
    cluster_->locate_nick(nick_skeleton, [me = cluster_->node_id(), done = std::move(done)](auto node) {
        if (node && *node == me) node.reset();
        done(std::move(node));
    });
}

std::shared_ptr<Connection> ClusterTournamentLink::client_of(const std::string& node, std::uint64_t connection,
                                                             const identity::Identity& who)
{
    return std::make_shared<cluster::RemoteConnection>(io_, cluster_, node, connection, who);
}

} // namespace rochade::server::tournaments
