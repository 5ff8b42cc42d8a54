// A client of another node, as the tables of this node see it: a Connection whose frames and
// close go over the bus to the client's node (ToClients, CloseClient), which hands them to the
// real WebSocket session. The owner of a table thus serves remote players and spectators with
// the same code as its own. One per (node, connection) that sent this node a table request,
// kept by the Node until the client is gone.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>

#include "server/base/asio.h"
#include "server/clients/connection.h"
#include "server/cluster/cluster_link.h"

namespace rochade::server::cluster {

class RemoteConnection final : public Connection, public std::enable_shared_from_this<RemoteConnection> {
public:
    RemoteConnection(net::io_context& io, std::weak_ptr<ClusterLink> link, std::string node, std::uint64_t connection,
                     identity::Identity who);

    void send(std::shared_ptr<const std::string> frame) override;
    using Connection::send;
    void send_in(FanOut& fan_out) override;
    void send_error(const std::optional<protocol::RequestId>& id, protocol::ErrorCode code,
                    std::string_view message) override;
    void send_error(const std::optional<protocol::RequestId>& id, protocol::ErrorCode code, std::string_view message,
                    const protocol::ErrorSanction& sanction) override;
    void close(CloseCode code, std::string reason) override;
    void post(std::function<void()> work) override;
    bool is_open() const override { return open_; }
    std::uint64_t id() const override { return id_; }
    const std::string& remote_address() const override { return address_; }
    const std::string& ip_address() const override { return address_; }

    const std::string& node() const { return node_; }
    std::uint64_t connection() const { return connection_; }
    const identity::Identity& identity() const { return who_; }
    // The client's node said it is gone (or the node itself is): nothing is sent any more.
    void gone() { open_ = false; }

private:
    net::strand<net::io_context::executor_type> strand_;
    std::weak_ptr<ClusterLink> link_;
    const std::string node_;
    const std::uint64_t connection_;
    const identity::Identity who_;
    const std::uint64_t id_;
    const std::string address_; // "node <id>": the tables log it as the client's address
    std::atomic<bool> open_{true};
};

} // namespace rochade::server::cluster
