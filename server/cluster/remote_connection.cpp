#include "server/cluster/remote_connection.h"

#include <boost/asio/post.hpp>

#include "protocol/encode.h"
#include "server/clients/client.h"
#include "server/clients/fan_out.h"

namespace rochade::server::cluster {

namespace {

// Ids of remote clients have the top bit set, so they never meet a local session's id (a
// counter from 1) in a table's map of watchers.
std::uint64_t next_remote_id()
{
    static std::atomic<std::uint64_t> counter{0};
    return (std::uint64_t{1} << 63) | ++counter;
}

} // namespace

RemoteConnection::RemoteConnection(net::io_context& io, std::weak_ptr<ClusterLink> link, std::string node,
                                   std::uint64_t connection, identity::Identity who)
    : strand_(net::make_strand(io)), link_(std::move(link)), node_(std::move(node)), connection_(connection),
      who_(std::move(who)), id_(next_remote_id()), address_("node " + node_)
{
    client = std::make_shared<Client>();
    client->identity = who_;
}

void RemoteConnection::send(std::shared_ptr<const std::string> frame)
{
    if (!open_) return;
    if (auto link = link_.lock()) link->send_to(node_, ToClients{{connection_}, *frame});
}

void RemoteConnection::send_in(FanOut& fan_out)
{
    if (!open_) return;
    if (auto link = link_.lock()) fan_out.add_remote(link, node_, connection_);
}

void RemoteConnection::send_error(const std::optional<protocol::RequestId>& id, protocol::ErrorCode code,
                                  std::string_view message)
{
    send(protocol::encode_error(id, code, message));
}

void RemoteConnection::send_error(const std::optional<protocol::RequestId>& id, protocol::ErrorCode code,
                                  std::string_view message, const protocol::ErrorSanction& sanction)
{
    send(protocol::encode_error(id, code, message, sanction));
}

void RemoteConnection::close(CloseCode code, std::string reason)
{
    if (!open_.exchange(false)) return;
    if (auto link = link_.lock())
        link->send_to(node_, CloseClient{connection_, static_cast<std::uint16_t>(code), std::move(reason)});
}

void RemoteConnection::post(std::function<void()> work)
{
    net::post(strand_, [self = shared_from_this(), work = std::move(work)] { work(); });
}

} // namespace rochade::server::cluster
