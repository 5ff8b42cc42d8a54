// The whole server in one object: the database, the router, the listener and the threads that
// run them. `rochade serve` builds one and calls run(); integration tests build one on port 0,
// run it on a thread, wait_until_listening(), drive it with WebSocket clients, then stop().
//
// No Asio or Beast in this header (the state lives behind a pointer), so tests and tools that
// include it compile quickly.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>

#include "server/config/server_config.h"

namespace boost::asio {
class io_context;
} // namespace boost::asio

namespace rochade::server {

class Moderation;
namespace cluster {
class Bus;
} // namespace cluster

// Makes the bus this server shares with the other nodes of its cluster, on the server's
// io_context (server/cluster/bus.h). Tests pass one that makes MemoryBus objects on one hub.
using BusFactory = std::function<std::shared_ptr<cluster::Bus>(boost::asio::io_context&)>;

class Server {
public:
    // Nothing is opened yet; run() does the work. With `handle_signals`, SIGINT and SIGTERM
    // call stop() (the `rochade serve` case; tests pass false).
    explicit Server(ServerConfig config, bool handle_signals = true);
    // One node of a cluster: its lobby shows the players, chat and tables of the other nodes on
    // the same bus (the node's id is config.cluster.node, or "host:port").
    Server(ServerConfig config, bool handle_signals, BusFactory bus);
    // Stops the server if it is still running (and waits for run() to return).
    ~Server();
    Server(const Server&) = delete;
    Server& operator=(const Server&) = delete;

    // Blocks: opens the database (creating the parent directory of config.db_path), restores
    // the games that were running, listens, runs the io_context on config.threads threads
    // (0: one per hardware thread) and returns after stop() has finished. Throws
    // std::runtime_error naming what failed when it cannot start (database, bind address, port).
    // Call once.
    void run();

    // Thread-safe and idempotent; also callable before run() or after it returned, and from a
    // handler on the server's own threads. It only asks and returns at once; run() then stops
    // accepting, stops the game side (router.shut_down()), closes every session with 1001
    // "server shutting down", waits up to 2 s for the closing handshakes, commits everything
    // queued in the database writer, stops the threads and returns.
    void stop();

    // Blocks until the listener accepts connections and returns the bound port (the real one
    // when config.port is 0). Rethrows the start-up error if run() failed before listening.
    std::uint16_t wait_until_listening();
    // The bound port once listening, 0 before.
    std::uint16_t port() const;

    const ServerConfig& config() const;

    // The moderation service (server/moderation/moderation.h) while the server listens, else nullptr; the
    // tests and the admin API act through it. Valid until stop() is asked.
    Moderation* moderation() const;

private:
    struct State;
    std::unique_ptr<State> state_;
};

} // namespace rochade::server
