// Three `rochade serve` processes on one Redis and one store, for the tests of faults across
// nodes (test_cluster_nodes.cpp, test_chaos.cpp), and what those tests ask of them.
#pragma once

#include <catch2/catch.hpp>

#include <chrono>
#include <deque>
#include <fstream>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "db/pg/pg.h"
#include "db/pg/postgres_store.h"
#include "db/sqlite/sqlite.h"
#include "tests/server/bus_relay.h"
#include "tests/server/redis_fixture.h"
#include "tests/server/server_fixture.h"
#include "tests/server/ws_test_client.h"

namespace rochade::test {

using namespace std::chrono_literals;

inline bool lists_table(const json& frame, std::int64_t table)
{
    if (frame.value("type", "") != "room_tables") return false;
    for (const json& summary : frame.at("tables"))
        if (summary.at("table") == table) return true;
    return false;
}

// Redis and three `rochade serve` nodes on it and on `store`, with short heartbeats so that a
// node killed or paused is given up within two seconds. `redis` is empty when redis-server is
// not installed (the test is skipped with a warning).
struct ThreeProcesses {
    // With `relay_first`, node one reaches Redis through `relay`, which a test can cut.
    // `more_config`: further members of the nodes' configuration file ("\"pool_wave_ms\": 200").
    explicit ThreeProcesses(const std::string& store, bool relay_first = false, const std::string& more_config = "")
    {
        const auto redis_binary = test::redis_server_path();
        if (!redis_binary) {
            WARN("redis-server is not installed: the multi-node test is skipped (scripts/install-deps.sh installs "
                 "it)");
            return;
        }
        redis = std::make_unique<test::RedisServer>(*redis_binary); // started by its constructor
        const auto config = dir.path() / "cluster.json";
        std::ofstream(config) << R"({"cluster": {"heartbeat_ms": 200, "node_timeout_ms": 1500})"
                              << (more_config.empty() ? "" : ", " + more_config) << "}";
        const std::string bus = "redis://127.0.0.1:" + std::to_string(redis->endpoint().port);
        auto node = [&](const std::string& name, const std::string& via) {
            return std::make_unique<ChildServer>(
                std::vector<std::string>{"--config", config.string(), "--db", store, "--bus", via, "--node", name});
        };
        if (relay_first) relay = std::make_unique<BusRelay>(redis->endpoint().port);
        one = node("n1", relay ? "redis://127.0.0.1:" + std::to_string(relay->port()) : bus);
        two = node("n2", bus);
        three = node("n3", bus);
    }
    std::unique_ptr<test::RedisServer> redis;
    std::unique_ptr<BusRelay> relay;
    test::TempDir dir;
    std::unique_ptr<ChildServer> one, two, three;
};

// One number from the store `store` (a file or a postgresql:// URL).
inline std::int64_t store_count(const std::string& store, const std::string& sql)
{
    if (db::is_postgres_url(store)) {
        db::pg::Connection connection(store, db::pg::ConnectOptions{});
        return connection.query_int(sql).value_or(-1);
    }
    db::Database reader(store, db::OpenMode::ReadOnly);
    return reader.query_int(sql).value_or(-1);
}

// The stored moves (ply -> uci) of the game at `table`, in one query.
inline std::map<int, std::string> stored_moves(const std::string& store, std::int64_t table)
{
    const std::string sql = "SELECT ply, uci FROM moves WHERE game_id = (SELECT id FROM games WHERE table_id = " +
                            std::to_string(table) + ")";
    std::map<int, std::string> moves;
    if (db::is_postgres_url(store)) {
        db::pg::Connection connection(store, db::pg::ConnectOptions{});
        const db::pg::Result rows = connection.run(sql);
        for (int row = 0; row < rows.rows(); ++row) moves[std::stoi(rows.text(row, 0))] = rows.text(row, 1);
        return moves;
    }
    db::Database reader(store, db::OpenMode::ReadOnly);
    db::Statement rows = reader.prepare(sql);
    while (rows.step()) moves[static_cast<int>(rows.column_int(0))] = rows.column_text(1);
    return moves;
}

// Resumes `token` on `port` until hello_ok names `table` (a node has taken it over); the
// client is left connected and `token` is the last one handed out.
inline std::unique_ptr<WsTestClient> resume_to_table(std::uint16_t port, std::string& token, std::int64_t table)
{
    for (int attempt = 0; attempt < 100; ++attempt) {
        auto client = std::make_unique<WsTestClient>();
        client->connect(port);
        json hello;
        try {
            hello = client->request({{"type", "hello"}, {"resume_token", token}});
        } catch (const std::exception&) {
            // No answer in time (a node stalled: on one SQLite file a paused node may hold the
            // write lock). The same token again: a token spent with its answer lost is retired,
            // not dead (db/identity_records.h).
            std::this_thread::sleep_for(100ms);
            continue;
        }
        if (hello.value("code", "") == "busy") { // the node's bus is back in a moment; nothing was spent
            std::this_thread::sleep_for(100ms);
            continue;
        }
        if (hello.value("type", "") != "hello_ok") throw std::runtime_error("resume refused: " + hello.dump());
        token = hello.at("resume_token").get<std::string>();
        if (hello.at("tables") == json::array({table})) return client;
        client->close();
        std::this_thread::sleep_for(100ms);
    }
    throw std::runtime_error("no node took table " + std::to_string(table) + " over");
}

// The last `lines` lines of each node's log, named: what a failing multi-node test prints, since
// the nodes' logs are in temporary directories gone after the run.
inline std::string log_tails(const std::vector<std::pair<std::string, const ChildServer&>>& nodes,
                             std::size_t lines = 40)
{
    std::string out;
    for (const auto& [name, node] : nodes) {
        std::ifstream log(node.log_path());
        std::deque<std::string> tail;
        for (std::string line; std::getline(log, line);) {
            tail.push_back(std::move(line));
            if (tail.size() > lines) tail.pop_front();
        }
        out += "--- the last " + std::to_string(tail.size()) + " lines of " + name + "'s log\n";
        for (const auto& line : tail) out += line + "\n";
    }
    return out;
}

inline std::vector<std::string> sans_of(const json& state)
{
    std::vector<std::string> sans;
    for (const json& move : state.at("moves")) sans.push_back(move.at("san").get<std::string>());
    return sans;
}

} // namespace rochade::test
