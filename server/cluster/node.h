// This server as one node of a cluster: its id, its link to the bus, the heartbeats that tell
// the other nodes it is alive, the nodes it has heard of (a node silent for the node timeout is
// gone, and what it had leaves the lobby), and the leases it holds (the nicks of its players
// online), renewed together once per heartbeat. All of it on the node's strand.
//
// Messages from the bus are decoded here and handed to the lobby (`on_message`); messages that
// do not decode are logged and dropped, never passed on.
#pragma once

#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>

#include <boost/asio/steady_timer.hpp>

#include "server/base/asio.h"
#include "server/cluster/bus.h"
#include "server/cluster/cluster_link.h"
#include "server/cluster/remote_connection.h"

namespace rochade::server::cluster {

struct NodeOptions {
    std::string id; // unique in the cluster: "host:port" by default (server/wiring/server.cpp)
    std::chrono::milliseconds heartbeat{1000};
    // A node not heard of for this long is gone; also the ttl of the leases a node holds, so
    // what a killed node held is free again after it.
    std::chrono::milliseconds node_timeout{5000};
};

class Node final : public ClusterLink, public std::enable_shared_from_this<Node> {
public:
    struct Handlers {
        std::function<void(NodeMessage)> on_message;   // from another node, for the lobby
        std::function<void(std::string)> on_node_gone; // a node's heartbeats stopped
        // A remote client's frame for a table of this node (the router dispatches it as its own).
        std::function<void(std::shared_ptr<Connection> client, protocol::TableId table, std::string text)>
            on_table_request;
        // A remote client that sent requests to `table` is gone (closed, or its node is).
        std::function<void(std::shared_ptr<Connection> client, protocol::TableId table)> on_remote_gone;
        // A frame (for each of `connections`) or a close from a table's owner for clients of
        // this node.
        std::function<void(std::vector<std::uint64_t> connections, std::string frame)> on_to_clients;
        std::function<void(std::uint64_t connection, CloseCode code, std::string reason)> on_close_client;
        // Clients of this node that sent requests to tables of a node that is gone: their
        // tables are restored elsewhere, and they must reconnect to find them, as after a restart.
        std::function<void(std::vector<std::uint64_t> connections)> on_clients_orphaned;
        // A table of this node whose lease another node holds now (this node lost the bus for
        // longer than the node timeout, and the others took the table over): it must stop here.
        std::function<void(protocol::TableId table)> on_table_lost;
        // This node's tables are its own again after the bus was away (their leases renewed or
        // taken again, as after a Redis that restarted empty): the lobby announces its whole
        // state once more, since what it announced meanwhile left those tables out.
        std::function<void()> on_doubt_cleared;
    };

    Node(net::io_context& io, std::shared_ptr<Bus> bus, NodeOptions options);

    // Subscribes, announces this node (the others answer with their state) and starts the
    // heartbeats.
    void start(Handlers handlers);
    // Stops the heartbeats and releases the leases it holds. Posted; safe from any thread.
    void stop();

    const std::string& node_id() const override { return options_.id; }
    void announce(NodeMessage message) override;
    void send_to(const std::string& node, NodeMessage message) override;
    void claim_nick(const std::string& nick_skeleton, const identity::Principal& who,
                    std::function<void(NickClaim)> done) override;
    void release_nick(const std::string& nick_skeleton, const identity::Principal& who) override;
    void forget_nick(const std::string& nick_skeleton) override;
    void hold_nick(const std::string& nick_skeleton, const identity::Principal& who) override;
    void unhold_nick(const std::string& nick_skeleton, const identity::Principal& who) override;
    void locate_nick(const std::string& nick_skeleton, std::function<void(std::optional<std::string>)> done) override;
    void hold_table(protocol::TableId table) override;
    void claim_table(protocol::TableId table, std::function<void(bool granted)> done) override;
    void release_table(protocol::TableId table) override;
    void unannounced(std::vector<protocol::TableId> tables,
                     std::function<void(std::vector<protocol::TableId>)> done) override;
    void forward(protocol::TableId table, std::uint64_t connection, const identity::Identity& who, std::string text,
                 std::function<void(bool sent)> done) override;
    void client_gone(std::uint64_t connection, std::vector<protocol::TableId> tables) override;
    void claim_role(const std::string& role, std::function<void(RoleClaim, std::string holder)> done) override;
    void release_role(const std::string& role) override;
    std::chrono::milliseconds lease_time() const override { return options_.node_timeout; }
    std::chrono::milliseconds heartbeat() const override { return options_.heartbeat; }
    void publish_on(const std::string& channel, std::string text) override;
    void subscribe_to(const std::string& channel, std::function<void(std::string_view)> handler) override;

    // The nodes heard of and not gone, this one excluded (for tests and /health).
    void known_nodes(std::function<void(std::set<std::string>)> done);

private:
    template <class Work> void on_strand(Work work);
    void received(std::string_view text);
    void heard_of(const std::string& node);
    void beat();
    void renew_leases();
    // A renewal's answer; `table_keys` are this node's tables among the leases it renewed.
    void renewed(const std::vector<std::string>& table_keys, const BusResult<std::vector<std::string>>& result);
    void publish(std::string channel, NodeMessage message);
    void claim_table_now(protocol::TableId table, std::function<void(bool granted)> done);
    void table_request(TableRequest request);
    // What the other nodes say about their tables keeps `owners_` current.
    void learn_owners(const NodeMessage& message);
    void lease_lost(const std::string& key, const std::string& owner);
    // The bus is back (or lost): see bus_up_.
    void bus_changed(bool up);
    // True while this node must not conclude that another node is gone, or that a table is on no
    // node: its own bus is away, or came back less than a node timeout ago.
    bool settling() const;
    void doubt_cleared(const std::vector<std::string>& keys);
    struct Forwarding {
        TableRequest request;
        std::function<void(bool sent)> done;
    };
    void looked_up(protocol::TableId table, std::optional<std::string> owner);
    void deliver(const std::string& owner, Forwarding forwarding);
    void remote_client_gone(const std::string& node, std::uint64_t connection,
                            const std::vector<protocol::TableId>& tables);

    net::io_context& io_;
    std::shared_ptr<Bus> bus_;
    NodeOptions options_;
    net::strand<net::io_context::executor_type> strand_;
    net::steady_timer heartbeat_timer_;
    Handlers handlers_;
    bool stopped_ = false;
    std::map<std::string, std::chrono::steady_clock::time_point> last_heard_; // other nodes
    std::set<std::string> service_channels_;    // subscribed by subscribe_to, dropped at stop()
    std::map<std::string, std::string> leases_; // key -> owner: nicks (a principal each), tables (this node)
    // This node's table leases whose last renewal went unanswered (the bus was away): until a
    // renewal confirms them the node does not announce those tables as its own.
    std::set<std::string> in_doubt_;
    // Whether this node's bus is connected, and until when it settles after it came back. Silence
    // heard while the bus is away is this node's own deafness, not the others' death: nobody is
    // given up then, and after the bus is back every node gets a node timeout to renew (or take
    // again, from a Redis that restarted empty) its own leases and announce itself before anyone
    // here is given up or any table is swept for as an orphan.
    bool bus_up_ = true;
    std::chrono::steady_clock::time_point settled_after_{};
    // Remote clients that sent this node table requests, by (node, connection), with the tables
    // they sent them to.
    struct RemoteClient {
        std::shared_ptr<RemoteConnection> connection;
        std::set<protocol::TableId> tables;
    };
    std::map<std::pair<std::string, std::uint64_t>, RemoteClient> remote_clients_;
    // This node's clients that sent requests to other nodes' tables, by the owner they went to.
    std::map<std::string, std::set<std::uint64_t>> forwarded_;
    // The owners of other nodes' tables, as their announcements (table_changed, node_state,
    // table_closed) tell: a forwarded request goes straight there without asking the bus. A
    // table not in here is looked up (its lease's holder) and then remembered.
    std::map<protocol::TableId, std::string> owners_;
    // Requests for tables whose owner is being looked up, in the order they came: the ones that
    // come meanwhile wait behind them, so that one client's requests keep their order.
    std::map<protocol::TableId, std::vector<Forwarding>> lookups_;
};

} // namespace rochade::server::cluster
