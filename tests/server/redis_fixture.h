// A redis-server of a test's own and the helpers the Redis client's tests share: the
// io_context on a thread, an inbox that callbacks on the client's strand fill and the test's
// thread waits on, a port where connect(2) hangs.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <filesystem>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <sys/types.h>

#include <boost/asio/executor_work_guard.hpp>

#include "server/cluster/redis/redis_client.h"

namespace rochade::test {

// Where redis-server is installed (PATH, then /usr/sbin and /sbin), if it is.
std::optional<std::string> redis_server_path();

// One redis-server of the test's own, on 127.0.0.1 only, in a temporary directory, no
// persistence. kill() is SIGKILL; start() again (after kill) uses the same port; start() while it
// runs does nothing.
class RedisServer {
public:
    explicit RedisServer(std::string binary);
    ~RedisServer();
    RedisServer(const RedisServer&) = delete;
    RedisServer& operator=(const RedisServer&) = delete;

    void start();
    void kill();
    server::RedisEndpoint endpoint() const { return server::RedisEndpoint{"127.0.0.1", port_}; }

private:
    std::string binary_;
    std::uint16_t port_;
    std::filesystem::path dir_;
    pid_t pid_ = -1;
};

// A port where connect(2) hangs: a listener with an accept queue of 0, filled by one connection
// nobody accepts, so that Linux drops every further SYN.
class SilentPort {
public:
    explicit SilentPort(std::uint16_t port);
    ~SilentPort() { close(); }
    SilentPort(const SilentPort&) = delete;
    SilentPort& operator=(const SilentPort&) = delete;
    void close();

private:
    int listener_ = -1;
    int filler_ = -1;
};

// The io_context on a thread of its own, as the server runs it.
class IoThread {
public:
    IoThread() : work_(io.get_executor()), thread_([this] { io.run(); }) {}
    ~IoThread()
    {
        work_.reset();
        io.stop();
        thread_.join();
    }
    server::net::io_context io;

private:
    server::net::executor_work_guard<server::net::io_context::executor_type> work_;
    std::thread thread_;
};

// Collects what callbacks on the strand hand over, for the test thread to wait on.
template <typename T> class Inbox {
public:
    void push(T value)
    {
        std::lock_guard lock(mutex_);
        items_.push_back(std::move(value));
        changed_.notify_all();
    }
    // Waits until `count` items arrived (or the timeout) and returns a copy of all.
    std::vector<T> wait_for(std::size_t count, std::chrono::milliseconds timeout = std::chrono::seconds(5))
    {
        std::unique_lock lock(mutex_);
        changed_.wait_for(lock, timeout, [&] { return items_.size() >= count; });
        return items_;
    }
    std::size_t size()
    {
        std::lock_guard lock(mutex_);
        return items_.size();
    }

private:
    std::mutex mutex_;
    std::condition_variable changed_;
    std::vector<T> items_;
};

} // namespace rochade::test
