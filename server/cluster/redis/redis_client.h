// The Redis client the nodes use as their message bus: commands on one connection, pub/sub on a
// second, both driven by hiredis's asynchronous API from the client's own strand (hiredis_asio.h),
// both reconnected with backoff for ever until stop(). Every public function may be called from
// any thread; every callback runs on the client's strand, never inside hiredis (they are queued
// there and run after hiredis returned, so a callback may call anything, stop() included).
//
// Lifetime: call stop() when done. Until then a pending reconnection or command holds the client:
// one dropped while Redis is away keeps trying; one dropped while connected lives until its
// commands are answered or timed out, then frees its connections in its destructor. Stop (or
// drop) every client before its io_context is destroyed.
//
// Only this folder sees hiredis: this header names none of its types.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include <boost/asio/steady_timer.hpp>

#include "server/base/asio.h"
#include "server/config/redis_url.h"

namespace rochade::server::redis {

using Strand = net::strand<net::io_context::executor_type>;

enum class RedisFailure : std::uint8_t {
    Unavailable, // not connected, timed out, connection lost, client stopped
    Refused      // Redis answered an error reply (or the client refused the command before sending it)
};

struct RedisError {
    RedisFailure failure;
    std::string message;
};

// One reply: nil, integer, status/bulk string, or an array of replies. An error nested inside an
// array (an EXEC result) is a String holding Redis's message; only a top-level error is Refused.
struct RedisReply {
    enum class Kind : std::uint8_t { Nil, Integer, String, Array } kind = Kind::Nil;
    long long integer = 0;
    std::string string;
    std::vector<RedisReply> elements;
};

using RedisResult = std::variant<RedisReply, RedisError>;

struct RedisOptions {
    std::chrono::milliseconds connect_timeout{2000}, command_timeout{2000}, reconnect_min{100}, reconnect_max{2000};
};

class RedisConnection;

class RedisClient : public std::enable_shared_from_this<RedisClient> {
public:
    static std::shared_ptr<RedisClient> create(net::io_context& io, RedisEndpoint endpoint, RedisOptions options = {});
    ~RedisClient();
    RedisClient(const RedisClient&) = delete;
    RedisClient& operator=(const RedisClient&) = delete;

    // Connects (two connections: commands and subscriptions); reconnects with backoff for ever until stop().
    void start();
    // Closes both; pending commands get Unavailable; no callback after stop's own ones (a command
    // given after stop still gets its Unavailable). The client cannot be started again.
    void stop();
    // One command (args as binary-safe strings, e.g. {"SET","k","v","NX","PX","5000"}); `done` runs
    // exactly once, on the client's strand: the reply, a Refused error for an error reply,
    // Unavailable when not connected, timed out (command_timeout) or the connection dropped before
    // the reply. An empty command and the pub/sub commands (use subscribe) are Refused unsent.
    void command(std::vector<std::string> args, std::function<void(RedisResult)> done);
    // Messages published on `channel`, on the client's strand, in order. Kept across reconnects
    // (resubscribed). One handler per channel (a second subscribe replaces it).
    void subscribe(std::string channel, std::function<void(std::string_view message)> on_message);
    void unsubscribe(std::string channel);
    // Told on the client's strand each time both connections are up (true) and when either is
    // lost (false). The subscription connection is up once Redis confirmed every subscription.
    // Set it before start() to hear the first `true` (a handler set later hears changes only).
    void on_connection_change(std::function<void(bool up)> handler);
    bool connected() const; // any thread

    // The strand every callback runs on.
    Strand strand() const { return strand_; }

private:
    struct Pending {
        std::chrono::steady_clock::time_point deadline;
        std::function<void(RedisResult)> done;
    };

    RedisClient(net::io_context& io, RedisEndpoint endpoint, RedisOptions options);

    // Everything below runs on the strand.
    void send(std::vector<std::string> args, std::function<void(RedisResult)> done);
    void reply_arrived(std::uint64_t id, RedisResult result);
    void arm_command_timer();
    void commands_timed_out();
    void commands_up();
    void subscriptions_up();
    void subscription_event(RedisReply reply);
    void send_subscribe(const std::string& channel);
    void connection_lost();
    void report_state();
    void finish(std::function<void(RedisResult)> done, RedisResult result);
    void defer(std::function<void()> work, bool needs_client);
    void run_deferred();

    friend struct RedisClientHooks; // hiredis's callbacks, in redis_client.cpp

    Strand strand_;
    RedisOptions options_;
    std::unique_ptr<RedisConnection> commands_;
    std::unique_ptr<RedisConnection> subscriptions_;
    bool started_ = false;
    bool stopped_ = false;
    std::atomic<bool> up_{false};
    bool reported_up_ = false;

    std::uint64_t next_id_ = 1;
    std::map<std::uint64_t, Pending> pending_; // by id; ids grow with their deadlines
    net::steady_timer command_timer_;
    bool command_timer_armed_ = false;

    std::map<std::string, std::function<void(std::string_view)>, std::less<>> handlers_;
    std::set<std::string, std::less<>> unconfirmed_; // subscriptions sent since the last connect, not yet confirmed
    std::function<void(bool)> on_connection_change_;

    struct Deferred {
        std::function<void()> work;
        bool needs_client; // captures the client (dropped if it is destroyed first)
    };
    std::deque<Deferred> deferred_; // callbacks to run after hiredis returned
    bool deferred_posted_ = false;
};

} // namespace rochade::server::redis
