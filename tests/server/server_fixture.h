// Servers for the integration tests, each on a free loopback port with a fresh database in a
// temporary directory that is removed afterwards.
//
// InProcessServer runs rochade::server::Server on a thread (limits adjustable per test).
// ChildServer runs the real `rochade serve` binary as a child process, so a test can kill -9
// it, restart it on the same database and port, or send it SIGTERM and read its exit code.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "server/config/server_config.h"
#include "server/wiring/server.h"

namespace rochade::test {

// A directory under the system temp dir, removed with everything in it on destruction.
class TempDir {
public:
    TempDir();
    ~TempDir();
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;
    const std::filesystem::path& path() const { return path_; }

private:
    std::filesystem::path path_;
};

// A port that was free a moment ago (bound to 0 and released), for servers that must keep
// their port across a restart.
std::uint16_t free_loopback_port();

class InProcessServer {
public:
    // `adjust` may change the config (limits, grace, rooms) before the server starts.
    explicit InProcessServer(const std::function<void(server::ServerConfig&)>& adjust = {});
    // One node of a cluster on the bus `bus` makes (a MemoryHub's, in tests).
    InProcessServer(const std::function<void(server::ServerConfig&)>& adjust, server::BusFactory bus);
    // Stops the server and joins its thread.
    ~InProcessServer();
    InProcessServer(const InProcessServer&) = delete;
    InProcessServer& operator=(const InProcessServer&) = delete;

    std::uint16_t port() const { return port_; }
    const server::ServerConfig& config() const { return config_; }
    // The running server, for the tests that act on its services directly (moderation).
    server::Server& server() { return *server_; }
    void stop();

private:
    TempDir dir_;
    server::ServerConfig config_;
    std::unique_ptr<server::Server> server_;
    std::thread thread_;
    std::uint16_t port_ = 0;
};

class ChildServer {
public:
    // Starts `rochade serve` (with `extra_args` after the port, address and database options)
    // and waits until /health answers; throws if it does not in time.
    // With `nofile_limit`, the child runs under that open-file limit (soft and hard, as
    // `prlimit --nofile=N:N` would set it).
    explicit ChildServer(std::vector<std::string> extra_args = {},
                         std::optional<std::uint64_t> nofile_limit = std::nullopt);
    // Kills the child (SIGKILL) if it is still running.
    ~ChildServer();
    ChildServer(const ChildServer&) = delete;
    ChildServer& operator=(const ChildServer&) = delete;

    std::uint16_t port() const { return port_; }
    const std::filesystem::path& db_path() const { return db_path_; }
    // Where the child's stdout and stderr (its log) go.
    std::filesystem::path log_path() const { return dir_.path() / "server.log"; }

    // kill -9: no chance to flush or close anything.
    void kill_hard();
    // SIGSTOP and SIGCONT: the process freezes mid-step (as a VM paused, or a long GC would), its
    // sockets open and its timers overdue when it wakes.
    void pause();
    void wake();
    // Starts the binary again on the same port and database.
    void restart();
    // Sends SIGTERM and waits (up to `timeout`) for the exit; returns the exit status, or -1
    // if it did not exit normally (killed by a signal or still running, then killed).
    int terminate(std::chrono::milliseconds timeout = std::chrono::milliseconds(5000));

private:
    void start();
    void wait_until_healthy();

    TempDir dir_;
    std::filesystem::path db_path_;
    std::vector<std::string> extra_args_;
    std::optional<std::uint64_t> nofile_limit_;
    std::uint16_t port_ = 0;
    pid_t pid_ = -1;
};

} // namespace rochade::test
