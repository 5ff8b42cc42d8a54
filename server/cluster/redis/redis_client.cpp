// The client: commands and their timeouts on the command connection, subscriptions and their
// messages on the subscription connection, and the one "both up" state. Everything runs on the
// strand. hiredis calls in through RedisClientHooks; what it hands over is copied at once and the
// user's callbacks are queued (defer) to run after hiredis returned.
#include "server/cluster/redis/redis_client.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <string_view>

#include <boost/asio/post.hpp>

#include <hiredis/async.h>

#include "server/cluster/redis/redis_connection.h"
#include "server/cluster/redis/redis_reply.h"

namespace rochade::server::redis {

struct RedisClientHooks {
    // What a command's privdata points to: its client and id. Freed by the one call hiredis makes
    // per command (with the reply, or with null when the context is freed first).
    struct Cell {
        RedisClient* client;
        std::uint64_t id;
    };

    static void reply(redisAsyncContext* /*context*/, void* reply, void* privdata)
    {
        std::unique_ptr<Cell> cell(static_cast<Cell*>(privdata));
        cell->client->reply_arrived(cell->id, copy_reply(static_cast<const redisReply*>(reply)));
    }

    // Every pub/sub reply of the subscription connection (privdata: the client): confirmations
    // and messages; null when the context is being freed.
    static void subscription(redisAsyncContext* /*context*/, void* reply, void* privdata)
    {
        if (!reply) return;
        static_cast<RedisClient*>(privdata)->subscription_event(copy_value(*static_cast<const redisReply*>(reply)));
    }
};

namespace {

std::string lower(std::string_view text)
{
    std::string result(text);
    std::transform(result.begin(), result.end(), result.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return result;
}

// Commands that would turn the command connection into a subscriber (or a monitor) in hiredis's
// bookkeeping; they belong to subscribe().
bool changes_connection_mode(std::string_view name)
{
    std::string command = lower(name);
    return command == "subscribe" || command == "psubscribe" || command == "unsubscribe" || command == "punsubscribe" ||
           command == "monitor";
}

// Sends args with hiredis's binary-safe argv form.
int send_argv(redisAsyncContext* context, redisCallbackFn* callback, void* privdata,
              const std::vector<std::string>& args)
{
    std::vector<const char*> argv;
    std::vector<std::size_t> lengths;
    argv.reserve(args.size());
    lengths.reserve(args.size());
    for (const std::string& arg : args) {
        argv.push_back(arg.data());
        lengths.push_back(arg.size());
    }
    return redisAsyncCommandArgv(context, callback, privdata, static_cast<int>(args.size()), argv.data(),
                                 lengths.data());
}

} // namespace

std::shared_ptr<RedisClient> RedisClient::create(net::io_context& io, RedisEndpoint endpoint, RedisOptions options)
{
    return std::shared_ptr<RedisClient>(new RedisClient(io, std::move(endpoint), options));
}

RedisClient::RedisClient(net::io_context& io, RedisEndpoint endpoint, RedisOptions options)
    : strand_(net::make_strand(io)), options_(options), command_timer_(strand_)
{
    commands_ = std::make_unique<RedisConnection>(
        strand_, endpoint, options, "commands",
        RedisConnection::Events{[this](redisAsyncContext*) { commands_up(); }, [this] { connection_lost(); }});
    subscriptions_ = std::make_unique<RedisConnection>(
        strand_, endpoint, options, "subscriptions",
        RedisConnection::Events{[this](redisAsyncContext*) { subscriptions_up(); }, [this] { connection_lost(); }});
}

// Reached only when no handler holds the client any more; the contexts are freed here, and the
// callbacks that freeing produces (pending commands' Unavailable) are posted to the strand.
RedisClient::~RedisClient()
{
    stopped_ = true;
    commands_->stop();
    subscriptions_->stop();
    for (auto& [id, pending] : pending_) {
        net::post(strand_, [done = std::move(pending.done)]() mutable {
            done(RedisError{RedisFailure::Unavailable, "client destroyed"});
        });
    }
    for (auto& item : deferred_)
        if (!item.needs_client) net::post(strand_, std::move(item.work));
}

void RedisClient::start()
{
    net::post(strand_, [self = shared_from_this()] {
        if (self->started_ || self->stopped_) return;
        self->started_ = true;
        self->commands_->start(self);
        self->subscriptions_->start(self);
    });
}

void RedisClient::stop()
{
    net::post(strand_, [self = shared_from_this()] {
        if (self->stopped_) return;
        self->stopped_ = true;
        self->commands_->stop();
        self->subscriptions_->stop();
        auto pending = std::move(self->pending_);
        self->pending_.clear();
        for (auto& [id, command] : pending)
            self->finish(std::move(command.done), RedisError{RedisFailure::Unavailable, "client stopped"});
        self->command_timer_.cancel();
        self->up_ = false;
        self->reported_up_ = false;
    });
}

void RedisClient::command(std::vector<std::string> args, std::function<void(RedisResult)> done)
{
    net::post(strand_, [self = shared_from_this(), args = std::move(args), done = std::move(done)]() mutable {
        self->send(std::move(args), std::move(done));
    });
}

void RedisClient::subscribe(std::string channel, std::function<void(std::string_view)> on_message)
{
    net::post(strand_,
              [self = shared_from_this(), channel = std::move(channel), on_message = std::move(on_message)]() mutable {
                  bool known = self->handlers_.count(channel) != 0;
                  self->handlers_[channel] = std::move(on_message);
                  if (!known && !self->stopped_) self->send_subscribe(channel);
              });
}

void RedisClient::unsubscribe(std::string channel)
{
    net::post(strand_, [self = shared_from_this(), channel = std::move(channel)] {
        if (self->handlers_.erase(channel) == 0 || self->stopped_) return;
        self->unconfirmed_.erase(channel);
        if (redisAsyncContext* context = self->subscriptions_->context())
            send_argv(context, nullptr, nullptr, {"UNSUBSCRIBE", channel});
        self->report_state(); // the last unconfirmed subscription may have been this one
    });
}

void RedisClient::on_connection_change(std::function<void(bool up)> handler)
{
    net::post(strand_, [self = shared_from_this(), handler = std::move(handler)]() mutable {
        self->on_connection_change_ = std::move(handler);
    });
}

bool RedisClient::connected() const { return up_.load(std::memory_order_acquire); }

void RedisClient::send(std::vector<std::string> args, std::function<void(RedisResult)> done)
{
    if (args.empty()) return finish(std::move(done), RedisError{RedisFailure::Refused, "empty command"});
    if (changes_connection_mode(args.front()))
        return finish(std::move(done), RedisError{RedisFailure::Refused, args.front() + ": use subscribe()"});
    redisAsyncContext* context = stopped_ ? nullptr : commands_->context();
    if (!context) return finish(std::move(done), RedisError{RedisFailure::Unavailable, "not connected to Redis"});

    std::uint64_t id = next_id_++;
    auto* cell = new RedisClientHooks::Cell{this, id};
    if (send_argv(context, &RedisClientHooks::reply, cell, args) != REDIS_OK) {
        delete cell;
        return finish(std::move(done), RedisError{RedisFailure::Unavailable, "connection closing"});
    }
    pending_.emplace(id, Pending{std::chrono::steady_clock::now() + options_.command_timeout, std::move(done)});
    arm_command_timer();
}

// Inside hiredis: a reply for a command that timed out (or that stop() already answered) is
// dropped here, so `done` runs once.
void RedisClient::reply_arrived(std::uint64_t id, RedisResult result)
{
    auto found = pending_.find(id);
    if (found == pending_.end()) return;
    auto done = std::move(found->second.done);
    pending_.erase(found);
    finish(std::move(done), std::move(result));
}

// One timer for all commands: they share one timeout and are sent in id order, so the first
// pending one always has the earliest deadline.
void RedisClient::arm_command_timer()
{
    if (command_timer_armed_ || pending_.empty()) return;
    command_timer_armed_ = true;
    command_timer_.expires_at(pending_.begin()->second.deadline);
    command_timer_.async_wait([self = shared_from_this()](const boost::system::error_code&) {
        self->command_timer_armed_ = false;
        if (!self->stopped_) self->commands_timed_out();
    });
}

void RedisClient::commands_timed_out()
{
    auto now = std::chrono::steady_clock::now();
    while (!pending_.empty() && pending_.begin()->second.deadline <= now) {
        auto done = std::move(pending_.begin()->second.done);
        pending_.erase(pending_.begin());
        finish(std::move(done), RedisError{RedisFailure::Unavailable, "timed out"});
    }
    arm_command_timer();
}

// Inside hiredis's connect callback.
void RedisClient::commands_up()
{
    if (stopped_) return;
    report_state();
}

// Inside hiredis's connect callback: every channel again, in one SUBSCRIBE. The connection counts
// as up once Redis confirmed them all, so that a message published after on_connection_change(true)
// is not missed.
void RedisClient::subscriptions_up()
{
    if (stopped_) return;
    unconfirmed_.clear();
    redisAsyncContext* context = subscriptions_->context();
    if (!handlers_.empty()) {
        std::vector<std::string> args{"SUBSCRIBE"};
        for (const auto& [channel, handler] : handlers_) {
            args.push_back(channel);
            unconfirmed_.insert(channel);
        }
        send_argv(context, &RedisClientHooks::subscription, this, args);
    }
    report_state();
}

void RedisClient::send_subscribe(const std::string& channel)
{
    redisAsyncContext* context = subscriptions_->context();
    if (!context) return; // sent with the others when the connection is up
    send_argv(context, &RedisClientHooks::subscription, this, {"SUBSCRIBE", channel});
}

// Inside hiredis (reading): ["subscribe", channel, count], ["message", channel, payload], ...
void RedisClient::subscription_event(RedisReply reply)
{
    if (reply.kind != RedisReply::Kind::Array || reply.elements.size() < 3) return;
    const std::string& kind = reply.elements[0].string;
    const std::string& channel = reply.elements[1].string;
    if (kind == "subscribe") {
        if (unconfirmed_.erase(channel) != 0) report_state();
    } else if (kind == "message") {
        defer(
            [this, channel, message = std::move(reply.elements[2].string)] {
                if (stopped_) return;
                auto handler = handlers_.find(channel);
                if (handler != handlers_.end() && handler->second) handler->second(message);
            },
            true);
    }
}

// Inside hiredis's free (the connection's `down`): its pending commands were answered just before.
void RedisClient::connection_lost()
{
    if (!subscriptions_->context()) unconfirmed_.clear();
    report_state();
}

// Compares "both up" with what was last told and tells the change.
void RedisClient::report_state()
{
    bool up = !stopped_ && commands_->context() && subscriptions_->context() && unconfirmed_.empty();
    up_.store(up, std::memory_order_release);
    if (up == reported_up_ || stopped_) return;
    reported_up_ = up;
    defer(
        [this, up] {
            if (!stopped_ && on_connection_change_) on_connection_change_(up);
        },
        true);
}

void RedisClient::finish(std::function<void(RedisResult)> done, RedisResult result)
{
    auto work = [done = std::move(done), result = std::move(result)]() mutable {
        if (done) done(std::move(result));
    };
    defer(std::move(work), false);
}

// User callbacks never run inside hiredis: they wait here for the strand's next turn, in order.
void RedisClient::defer(std::function<void()> work, bool needs_client)
{
    deferred_.push_back(Deferred{std::move(work), needs_client});
    if (deferred_posted_) return;
    auto self = weak_from_this().lock();
    if (!self) return; // in the destructor, which posts what is left
    deferred_posted_ = true;
    net::post(strand_, [self] { self->run_deferred(); });
}

void RedisClient::run_deferred()
{
    deferred_posted_ = false;
    auto batch = std::move(deferred_);
    deferred_.clear();
    for (auto& item : batch) item.work();
}

} // namespace rochade::server::redis
