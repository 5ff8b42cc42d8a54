#include "server/cluster/redis/redis_connection.h"

#include <algorithm>
#include <string_view>

#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

#include <hiredis/async.h>

#include "server/cluster/redis/hiredis_asio.h"

namespace rochade::server::redis {

RedisConnection::RedisConnection(Strand strand, RedisEndpoint endpoint, RedisOptions options, std::string name,
                                 Events events)
    : strand_(strand), endpoint_(std::move(endpoint)), options_(options), name_(std::move(name)),
      events_(std::move(events)), resolver_(strand), timer_(strand), backoff_(options.reconnect_min)
{
}

RedisConnection::~RedisConnection() { stop(); }

void RedisConnection::start(std::weak_ptr<void> owner)
{
    owner_ = std::move(owner);
    attempt();
}

void RedisConnection::stop()
{
    if (stopped_) return;
    stopped_ = true;
    ++generation_;
    resolver_.cancel();
    timer_.cancel();
    if (redisAsyncContext* context = context_) {
        context_ = nullptr;
        // Runs the pending callbacks with no reply, the cleanup hook, then the disconnect callback
        // (which, seeing stopped_, only reports `down`).
        redisAsyncFree(context);
    }
    connected_ = false;
}

// One attempt: resolve (Asio's resolver, so that a host name never blocks the strand), then
// connect to one address; connect_timeout covers both.
void RedisConnection::attempt()
{
    if (stopped_) return;
    std::uint64_t generation = ++generation_;
    auto owner = owner_.lock();
    if (!owner) return;
    timer_.expires_after(options_.connect_timeout);
    timer_.async_wait([this, owner, generation](const boost::system::error_code& error) {
        if (!error) connect_timed_out(generation);
    });
    resolver_.async_resolve(endpoint_.host, std::to_string(endpoint_.port),
                            [this, owner, generation](const boost::system::error_code& error,
                                                      const net::ip::tcp::resolver::results_type& results) {
                                if (generation != generation_ || stopped_) return;
                                if (error || results.empty()) {
                                    failed("cannot resolve " + endpoint_.host + ": " + error.message());
                                    return;
                                }
                                // An IPv4 address first: "localhost" may list ::1 before
                                // 127.0.0.1, where scripts/redis.sh's Redis listens.
                                auto chosen = std::find_if(results.begin(), results.end(), [](const auto& entry) {
                                    return entry.endpoint().address().is_v4();
                                });
                                if (chosen == results.end()) chosen = results.begin();
                                connect_to(chosen->endpoint().address());
                            });
}

void RedisConnection::connect_to(const net::ip::address& address)
{
    redisAsyncContext* context = redisAsyncConnect(address.to_string().c_str(), endpoint_.port);
    if (!context) {
        failed("out of memory");
        return;
    }
    if (context->err) {
        std::string reason = context->errstr;
        redisAsyncFree(context);
        failed(reason);
        return;
    }
    // TCP keepalive (15 s idle, then 3 probes 5 s apart): a Redis whose host vanished without a
    // FIN or RST is noticed in about 30 s even on the subscription connection, which never writes.
    if (redisEnableKeepAlive(&context->c) != REDIS_OK) {
        std::string reason = context->c.errstr;
        redisAsyncFree(context);
        failed("keepalive: " + reason);
        return;
    }
    context->data = this;
    if (!attach_to_asio(context, strand_, owner_)) {
        redisAsyncFree(context);
        failed("cannot watch the socket");
        return;
    }
    context_ = context;
    redisAsyncSetConnectCallback(context, &RedisConnection::connect_callback);
    redisAsyncSetDisconnectCallback(context, &RedisConnection::disconnect_callback);
}

void RedisConnection::connect_timed_out(std::uint64_t generation)
{
    if (generation != generation_ || stopped_ || connected_) return;
    resolver_.cancel();
    if (redisAsyncContext* context = context_) {
        context_ = nullptr;
        redisAsyncFree(context); // not connected: no disconnect callback
    }
    failed("connect timed out");
}

// Inside hiredis (__redisAsyncHandleConnect): the context lives on; hiredis frees it itself after
// a failed connect.
void RedisConnection::connect_callback(const redisAsyncContext* context, int status)
{
    auto* self = static_cast<RedisConnection*>(context->data);
    if (self->context_ != context) return;
    if (status != REDIS_OK) {
        std::string reason = context->errstr;
        self->context_ = nullptr;
        self->failed(reason);
        return;
    }
    self->connected();
}

// Inside hiredis's free, after the pending callbacks ran with no reply: the context is going.
void RedisConnection::disconnect_callback(const redisAsyncContext* context, int /*status*/)
{
    auto* self = static_cast<RedisConnection*>(context->data);
    bool was_connected = self->connected_;
    std::string reason = context->err ? context->errstr : "closed";
    if (self->context_ == context) self->context_ = nullptr;
    self->connected_ = false;
    if (was_connected && self->events_.down) self->events_.down();
    if (self->stopped_) return;
    spdlog::warn("redis {}: connection to {}:{} lost ({})", self->name_, self->endpoint_.host, self->endpoint_.port,
                 reason);
    self->retry_later();
}

void RedisConnection::connected()
{
    ++generation_; // the connect timer's wake-up, if already queued, is stale now
    timer_.cancel();
    connected_ = true;
    failing_ = false;
    backoff_ = options_.reconnect_min;
    spdlog::info("redis {}: connected to {}:{}", name_, endpoint_.host, endpoint_.port);
    if (events_.up) events_.up(context_);
}

void RedisConnection::failed(const std::string& reason)
{
    if (stopped_) return;
    // The first failure of a run is worth a warning; the retries every few seconds are not.
    if (!failing_) {
        spdlog::warn("redis {}: cannot connect to {}:{} ({}); trying again", name_, endpoint_.host, endpoint_.port,
                     reason);
    } else {
        spdlog::debug("redis {}: cannot connect to {}:{} ({})", name_, endpoint_.host, endpoint_.port, reason);
    }
    failing_ = true;
    retry_later();
}

void RedisConnection::retry_later()
{
    ++generation_;
    timer_.cancel();
    auto owner = owner_.lock();
    if (!owner) return;
    timer_.expires_after(backoff_);
    backoff_ = std::min(backoff_ * 2, options_.reconnect_max);
    std::uint64_t generation = generation_;
    timer_.async_wait([this, owner, generation](const boost::system::error_code& error) {
        if (!error && generation == generation_) attempt();
    });
}

} // namespace rochade::server::redis
