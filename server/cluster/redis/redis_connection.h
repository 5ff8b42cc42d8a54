// One connection to Redis, owned by the RedisClient's strand: resolve, non-blocking connect under
// connect_timeout, then up until hiredis reports it lost; after a failure or a loss it tries again
// after a backoff that doubles from reconnect_min to reconnect_max (back to the minimum once up),
// for ever until stop(). It says `up` with the live context and `down` once it is gone; what is
// sent on the connection is its owner's business.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>

#include "server/cluster/redis/redis_client.h"

struct redisAsyncContext;

namespace rochade::server::redis {

class RedisConnection {
public:
    struct Events {
        std::function<void(redisAsyncContext*)> up; // connected; called inside hiredis's connect callback
        std::function<void()> down;                 // lost (only after `up`); inside hiredis's free
    };

    RedisConnection(Strand strand, RedisEndpoint endpoint, RedisOptions options, std::string name, Events events);
    ~RedisConnection();
    RedisConnection(const RedisConnection&) = delete;
    RedisConnection& operator=(const RedisConnection&) = delete;

    // `owner` (the client that owns this connection) is held by every pending handler.
    void start(std::weak_ptr<void> owner);
    // Frees the context (hiredis then fails its pending callbacks and calls `down` if it was up) and
    // tries no more. Never from inside a hiredis callback.
    void stop();
    // The live context, or null when not connected.
    redisAsyncContext* context() const { return connected_ ? context_ : nullptr; }

private:
    void attempt();
    void connect_to(const net::ip::address& address);
    void connect_timed_out(std::uint64_t generation);
    void connected();
    void failed(const std::string& reason);
    void retry_later();

    static void connect_callback(const redisAsyncContext* context, int status);
    static void disconnect_callback(const redisAsyncContext* context, int status);

    Strand strand_;
    RedisEndpoint endpoint_;
    RedisOptions options_;
    std::string name_;
    Events events_;
    std::weak_ptr<void> owner_;
    net::ip::tcp::resolver resolver_;
    net::steady_timer timer_; // the connect timeout, then the backoff before the next attempt
    redisAsyncContext* context_ = nullptr;
    bool connected_ = false;
    bool stopped_ = false;
    bool failing_ = false;         // since the last connect: only the first failure is a warning
    std::uint64_t generation_ = 0; // of the current attempt, so that stale handlers do nothing
    std::chrono::milliseconds backoff_;
};

} // namespace rochade::server::redis
