// In-process nodes of one cluster for the tests: each an InProcessServer on one MemoryHub, with
// short heartbeats so that a stopped node is gone within half a second. The bus of each node
// stays reachable by name, so that a test can cut a node off from it (a network partition).
#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>

#include "server/cluster/memory_bus.h"
#include "tests/server/server_fixture.h"
#include "tests/server/ws_test_client.h"

namespace rochade::test {

struct Cluster {
    std::shared_ptr<server::cluster::MemoryHub> hub = std::make_shared<server::cluster::MemoryHub>();

    // `adjust` may change the node's config further.
    std::unique_ptr<InProcessServer> node(const std::string& name, const std::string& db_path = "",
                                          const std::function<void(server::ServerConfig&)>& adjust = {})
    {
        return std::make_unique<InProcessServer>(
            [&](server::ServerConfig& config) {
                config.cluster.node = name;
                config.cluster.heartbeat_ms = 100;
                config.cluster.node_timeout_ms = 500;
                config.room_update_ms = 20;
                if (!db_path.empty()) config.db_path = db_path;
                if (adjust) adjust(config);
            },
            [this, name](boost::asio::io_context& io) -> std::shared_ptr<server::cluster::Bus> {
                auto bus = hub->connect(io);
                std::lock_guard lock(mutex_);
                buses_[name] = bus; // weak: the bus goes with its node's io_context, before the cluster
                return bus;
            });
    }

    // The bus of node `name`.
    std::shared_ptr<server::cluster::MemoryBus> bus_of(const std::string& name)
    {
        std::lock_guard lock(mutex_);
        auto bus = buses_.at(name).lock();
        if (!bus) throw std::logic_error("the bus of node " + name + " is gone with its node");
        return bus;
    }

private:
    std::mutex mutex_;
    std::map<std::string, std::weak_ptr<server::cluster::MemoryBus>> buses_;
};

// Three nodes sharing node one's database, as they share one PostgreSQL store in production:
// the players' sessions are the same principals everywhere.
struct ThreeNodes {
    Cluster cluster;
    std::unique_ptr<InProcessServer> one = cluster.node("n1");
    std::unique_ptr<InProcessServer> two = cluster.node("n2", one->config().db_path);
    std::unique_ptr<InProcessServer> three = cluster.node("n3", one->config().db_path);
};

// Connects `client` to `node` and says hello as the guest `nick`; answers the resume token.
inline std::string hello_at(WsTestClient& client, const InProcessServer& node, const std::string& nick)
{
    client.connect(node.port());
    return client.hello(nick);
}

// The first room_tables that lists `table`: the client's node has heard of it.
inline json room_tables_with(WsTestClient& client, std::int64_t table)
{
    return client.receive_matching(
        [table](const json& frame) {
            if (frame.value("type", "") != "room_tables") return false;
            for (const json& summary : frame.at("tables"))
                if (summary.at("table") == table) return true;
            return false;
        },
        "room_tables with table " + std::to_string(table));
}

inline json presence_with(WsTestClient& client, std::size_t count)
{
    return client.receive_matching(
        [count](const json& frame) {
            return frame.value("type", "") == "room_presence" && frame.at("member_count") == count;
        },
        "room_presence with " + std::to_string(count) + " members");
}

} // namespace rochade::test
