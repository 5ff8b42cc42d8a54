// Quick pairing across the nodes of a cluster (test::Cluster on a MemoryBus): one node at a time
// pairs (the holder of the "pools" lease), players on every node are paired with each other,
// and the counts are the cluster's. The faults an operator meets: the pairing node cut off from
// the bus past its lease (a pause, as the bus sees it) and back, the pairing node gone, the bus's
// leases lost (a Redis restarted empty), and players racing in and out of the pools while the
// authority changes hands: nobody is ever paired twice, and whoever can be paired is.
#include <chrono>
#include <map>
#include <set>
#include <string>
#include <thread>

#include <catch2/catch.hpp>

#include "tests/server/cluster_fixture.h"
#include "tests/server/pools/pool_steps.h"

using namespace rochade;
using namespace rochade::test;
using namespace std::chrono_literals;

namespace {

const std::string authority_lease = "rochade:role:pools";

void quick_waves(server::ServerConfig& config) { config.pool_wave_ms = 200; }

struct PoolNodes {
    Cluster cluster;
    std::unique_ptr<InProcessServer> one = cluster.node("n1", "", quick_waves);
    std::unique_ptr<InProcessServer> two = cluster.node("n2", one->config().db_path, quick_waves);
    std::unique_ptr<InProcessServer> three = cluster.node("n3", one->config().db_path, quick_waves);

    // The node that pairs, once one does.
    std::string authority(std::chrono::milliseconds within = 5s)
    {
        const auto until = std::chrono::steady_clock::now() + within;
        while (std::chrono::steady_clock::now() < until) {
            if (auto owner = cluster.hub->lease_owner(authority_lease)) return *owner;
            std::this_thread::sleep_for(20ms);
        }
        FAIL("no node holds the pools' lease");
        return {};
    }
    // Waits until a node other than `old` holds the lease.
    std::string authority_other_than(const std::string& old, std::chrono::milliseconds within = 5s)
    {
        const auto until = std::chrono::steady_clock::now() + within;
        while (std::chrono::steady_clock::now() < until) {
            if (auto owner = cluster.hub->lease_owner(authority_lease); owner && *owner != old) return *owner;
            std::this_thread::sleep_for(20ms);
        }
        FAIL("the pools' lease stayed with " + old);
        return {};
    }
    std::vector<std::string> other_than(const std::string& name) const
    {
        std::vector<std::string> others;
        for (const char* other : {"n1", "n2", "n3"})
            if (other != name) others.push_back(other);
        return others;
    }
    InProcessServer& node(const std::string& name) { return name == "n1" ? *one : name == "n2" ? *two : *three; }
};

json counts_matching(WsTestClient& client, const std::string& pool, std::size_t waiting, std::size_t running)
{
    return client.receive_matching(
        [&](const json& frame) {
            if (frame.value("type", "") != "pools") return false;
            for (const auto& count : frame.at("pools"))
                if (count.at("pool") == pool)
                    return count.at("waiting") == waiting && count.at("games_running") == running;
            return false;
        },
        "pools with " + std::to_string(waiting) + " waiting and " + std::to_string(running) + " running in " + pool);
}

} // namespace

TEST_CASE("pools across nodes: players on two nodes are paired, and every node shows the cluster's counts",
          "[server][cluster][pools]")
{
    PoolNodes nodes;
    const std::string authority = nodes.authority();
    WsTestClient anna, bert, visitor;
    hello_at(anna, *nodes.two, "Anna");
    hello_at(bert, *nodes.three, "Bert");
    visitor.connect(nodes.one->port());
    REQUIRE(visitor.request({{"type", "list_pools"}}).at("type") == "ok");

    CHECK(join_pool(anna, "1+0").at("type") == "ok");
    counts_matching(visitor, "1+0", 1, 0);
    CHECK(join_pool(bert, "1+0").at("type") == "ok");
    const std::int64_t table = paired_together(anna, bert);
    // The game runs on one node, and the visitor on a third sees it counted.
    counts_matching(visitor, "1+0", 0, 1);
    CHECK(table > 0);
    CHECK(!authority.empty());
}

TEST_CASE("pools across nodes: the pairing node cut off past its lease pairs nobody, another pairs everyone",
          "[server][cluster][pools]")
{
    PoolNodes nodes;
    const std::string first = nodes.authority();
    // Players on the two other nodes, and one on the cut-off node who waits there meanwhile.
    const auto others = nodes.other_than(first);
    WsTestClient anna, bert, cora, dora;
    hello_at(anna, nodes.node(others[0]), "Anna");
    hello_at(bert, nodes.node(others[1]), "Bert");
    hello_at(cora, nodes.node(first), "Cora");
    hello_at(dora, nodes.node(others[0]), "Dora");
    CHECK(join_pool(cora, "3+0").at("type") == "ok");
    CHECK(join_pool(anna, "1+0").at("type") == "ok");

    nodes.cluster.bus_of(first)->cut_off(true);
    const std::string second = nodes.authority_other_than(first);
    CHECK(second != first);
    CHECK(join_pool(bert, "1+0").at("type") == "ok");
    paired_together(anna, bert);

    // Dora joins 3+0, where Cora waits on the cut-off node: nobody pairs them while it is cut off
    // (the new authority never heard of Cora; the old one may not pair).
    CHECK(join_pool(dora, "3+0").at("type") == "ok");
    for (const json& frame : dora.drain(800ms)) CHECK(frame.value("type", "") != "pool_left");

    // Back on the bus: the old authority steps down, its node's roster reaches the new one, and
    // Cora and Dora are paired, once.
    nodes.cluster.bus_of(first)->cut_off(false);
    paired_together(cora, dora);
    CHECK(nodes.authority() == second);
    for (WsTestClient* player : {&anna, &bert, &cora, &dora})
        for (const json& frame : player->drain(600ms)) CHECK(frame.value("type", "") != "pool_left");
}

TEST_CASE("pools across nodes: the pairing node gone, the others take over with the players who wait",
          "[server][cluster][pools]")
{
    PoolNodes nodes;
    const std::string first = nodes.authority();
    const auto others = nodes.other_than(first);
    WsTestClient anna, bert;
    hello_at(anna, nodes.node(others[0]), "Anna");
    hello_at(bert, nodes.node(others[1]), "Bert");
    CHECK(join_pool(anna, "5+3").at("type") == "ok");
    // The pairing node stops as a killed one would: cut off first, so that its lease is not
    // released but expires. (Stopped, not destroyed: the others share its database file.)
    nodes.cluster.bus_of(first)->cut_off(true);
    nodes.node(first).stop();
    nodes.authority_other_than(first);
    CHECK(join_pool(bert, "5+3").at("type") == "ok");
    paired_together(anna, bert);
}

TEST_CASE("pools across nodes: the bus's leases lost (Redis restarted empty): the waits are told again, pairing "
          "goes on",
          "[server][cluster][pools]")
{
    PoolNodes nodes;
    nodes.authority();
    WsTestClient anna, bert;
    hello_at(anna, *nodes.two, "Anna");
    hello_at(bert, *nodes.three, "Bert");
    CHECK(join_pool(anna, "10+0").at("type") == "ok");
    std::this_thread::sleep_for(300ms);
    nodes.cluster.hub->forget_leases();
    // A node takes the free lease, starts afresh and asks every node for its roster.
    nodes.authority();
    CHECK(join_pool(bert, "10+0").at("type") == "ok");
    paired_together(anna, bert);
}

TEST_CASE("pools across nodes: players racing in and out while the pairing node changes are paired once each",
          "[server][cluster][pools]")
{
    PoolNodes nodes;
    const std::string first = nodes.authority();
    constexpr int player_count = 12;
    std::vector<std::unique_ptr<WsTestClient>> players;
    const char* node_names[] = {"n1", "n2", "n3"};
    for (int i = 0; i < player_count; ++i) {
        auto client = std::make_unique<WsTestClient>(8000ms);
        hello_at(*client, nodes.node(node_names[i % 3]), "Racer" + std::to_string(i));
        players.push_back(std::move(client));
    }
    // Everyone joins 2+1; every third leaves at once and joins again; meanwhile the authority is
    // cut off and comes back.
    for (int i = 0; i < player_count; ++i) players[i]->send({{"type", "join_pool"}, {"pool", "2+1"}});
    for (int i = 0; i < player_count; i += 3) {
        players[i]->send({{"type", "leave_pool"}});
        players[i]->send({{"type", "join_pool"}, {"pool", "2+1"}});
    }
    nodes.cluster.bus_of(first)->cut_off(true);
    std::this_thread::sleep_for(900ms);
    nodes.cluster.bus_of(first)->cut_off(false);

    // Each player is paired exactly once (all twelve can be), and the tables pair them two by two.
    std::map<std::int64_t, int> seats;
    for (auto& player : players) {
        const json paired = player->receive_matching(
            [](const json& frame) {
                return frame.value("type", "") == "pool_left" && frame.value("reason", "") == "paired";
            },
            "pool_left paired");
        ++seats[paired.at("table").get<std::int64_t>()];
    }
    CHECK(seats.size() == player_count / 2);
    for (const auto& [table, count] : seats) CHECK(count == 2);
    std::this_thread::sleep_for(800ms);
    for (auto& player : players)
        for (const json& frame : player->drain(50ms))
            CHECK_FALSE((frame.value("type", "") == "pool_left" && frame.value("reason", "") == "paired"));
}
