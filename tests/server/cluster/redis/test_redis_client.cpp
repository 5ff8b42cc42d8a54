// The Redis client against a real redis-server: each test starts its own on a free loopback port
// in a temporary directory (no persistence) and kills it at the end (tests/server/redis_fixture.h).
// Without redis-server installed the tests say so and pass (scripts/install-deps.sh installs it).
#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <functional>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "server/cluster/redis/redis_client.h"
#include "tests/server/redis_fixture.h"

namespace {

using namespace rochade::server;
using namespace rochade::server::redis;
using namespace rochade::test;
using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

RedisResult run(RedisClient& client, std::vector<std::string> args)
{
    Inbox<RedisResult> inbox;
    client.command(std::move(args), [&](RedisResult result) { inbox.push(std::move(result)); });
    auto results = inbox.wait_for(1);
    REQUIRE(results.size() == 1);
    return results.front();
}

RedisReply reply_of(const RedisResult& result)
{
    if (const auto* error = std::get_if<RedisError>(&result)) FAIL("error: " << error->message);
    return std::get<RedisReply>(result);
}

bool wait_until(const std::function<bool()>& condition, std::chrono::milliseconds timeout = 5s)
{
    auto deadline = Clock::now() + timeout;
    while (!condition()) {
        if (Clock::now() > deadline) return false;
        std::this_thread::sleep_for(10ms);
    }
    return true;
}

std::shared_ptr<RedisClient> started_client(net::io_context& io, const RedisServer& redis, RedisOptions options = {})
{
    auto client = RedisClient::create(io, redis.endpoint(), options);
    client->start();
    REQUIRE(wait_until([&] { return client->connected(); }));
    return client;
}

// Publishes `message` until one subscriber received it (PUBLISH answers the number of receivers).
void publish_until_heard(RedisClient& publisher, const std::string& channel, const std::string& message)
{
    REQUIRE(wait_until([&] {
        auto result = run(publisher, {"PUBLISH", channel, message});
        auto* reply = std::get_if<RedisReply>(&result);
        return reply && reply->integer >= 1;
    }));
}

#define REQUIRE_REDIS(binary)                                                                                          \
    auto binary = redis_server_path();                                                                                 \
    if (!binary) {                                                                                                     \
        WARN("redis-server is not installed (scripts/install-deps.sh installs it): test skipped");                     \
        return;                                                                                                        \
    }

} // namespace

TEST_CASE("parse_redis_url takes redis://host with an optional port and nothing else", "[redis]")
{
    struct Case {
        std::string_view url;
        std::optional<std::pair<std::string, std::uint16_t>> expected;
    };
    const Case cases[] = {
        {"redis://127.0.0.1:6380", std::pair{"127.0.0.1", 6380}},
        {"redis://localhost", std::pair{"localhost", 6379}},
        {"redis://redis.internal:1", std::pair{"redis.internal", 1}},
        {"redis://[::1]:7000", std::pair{"::1", 7000}},
        {"redis://[::1]", std::pair{"::1", 6379}},
        {"", std::nullopt},
        {"redis://", std::nullopt},
        {"redis://:6379", std::nullopt},
        {"redis://host:", std::nullopt},
        {"redis://host:0", std::nullopt},
        {"redis://host:65536", std::nullopt},
        {"redis://host:-1", std::nullopt},
        {"redis://host:+80", std::nullopt},
        {"redis://host:80x", std::nullopt},
        {"redis://host/0", std::nullopt},
        {"redis://user:pw@host", std::nullopt},
        {"rediss://host", std::nullopt},
        {"http://host:6379", std::nullopt},
        {"REDIS://host", std::nullopt},
        {"redis://[::1", std::nullopt},
        {"redis://[::1]x", std::nullopt},
        {"host:6379", std::nullopt},
    };
    for (const Case& c : cases) {
        INFO(c.url);
        auto endpoint = parse_redis_url(c.url);
        REQUIRE(endpoint.has_value() == c.expected.has_value());
        if (endpoint) {
            CHECK(endpoint->host == c.expected->first);
            CHECK(endpoint->port == c.expected->second);
        }
    }
}

TEST_CASE("SET and GET and INCR come back as Redis answered them", "[redis]")
{
    REQUIRE_REDIS(binary);
    RedisServer redis(*binary);
    IoThread io;
    auto client = started_client(io.io, redis);

    CHECK(reply_of(run(*client, {"SET", "greeting", "hello"})).string == "OK");
    const RedisReply value = reply_of(run(*client, {"GET", "greeting"}));
    CHECK(value.kind == RedisReply::Kind::String);
    CHECK(value.string == "hello");
    CHECK(reply_of(run(*client, {"GET", "missing"})).kind == RedisReply::Kind::Nil);
    CHECK(reply_of(run(*client, {"INCR", "counter"})).integer == 1);
    const RedisReply counter = reply_of(run(*client, {"INCR", "counter"}));
    CHECK(counter.kind == RedisReply::Kind::Integer);
    CHECK(counter.integer == 2);
    CHECK(reply_of(run(*client, {"SET", "lock", "node-1", "NX", "PX", "5000"})).string == "OK");
    CHECK(reply_of(run(*client, {"SET", "lock", "node-2", "NX", "PX", "5000"})).kind == RedisReply::Kind::Nil);

    run(*client, {"RPUSH", "list", "a", "b", "c"});
    const RedisReply list = reply_of(run(*client, {"LRANGE", "list", "0", "-1"}));
    REQUIRE(list.kind == RedisReply::Kind::Array);
    REQUIRE(list.elements.size() == 3);
    CHECK(list.elements[2].string == "c");
    client->stop();
}

TEST_CASE("values are binary-safe: NUL and CR LF and every byte survive the round trip", "[redis]")
{
    REQUIRE_REDIS(binary);
    RedisServer redis(*binary);
    IoThread io;
    auto client = started_client(io.io, redis);

    std::string value;
    for (int i = 0; i < 256; ++i) value.push_back(static_cast<char>(i));
    value += std::string("\r\n$3\r\n*1\r\n\0\0", 13);
    std::string key("key\0with\r\nbytes", 15);
    CHECK(reply_of(run(*client, {"SET", key, value})).string == "OK");
    CHECK(reply_of(run(*client, {"GET", key})).string == value);
    CHECK(reply_of(run(*client, {"STRLEN", key})).integer == static_cast<long long>(value.size()));
    CHECK(reply_of(run(*client, {"SET", "empty", ""})).string == "OK");
    const RedisReply empty = reply_of(run(*client, {"GET", "empty"}));
    CHECK(empty.kind == RedisReply::Kind::String);
    CHECK(empty.string.empty());
    client->stop();
}

TEST_CASE("a 4 MiB value goes out and comes back whole (many reads and writes per command)", "[redis]")
{
    REQUIRE_REDIS(binary);
    RedisServer redis(*binary);
    IoThread io;
    auto client = started_client(io.io, redis);

    std::string value(4 << 20, '\0');
    for (std::size_t i = 0; i < value.size(); ++i) value[i] = static_cast<char>((i * 7919) >> 3);
    CHECK(reply_of(run(*client, {"SET", "big", value})).string == "OK");
    // Three at once: the replies (12 MiB) queue up in the socket behind one another.
    Inbox<RedisResult> results;
    for (int i = 0; i < 3; ++i)
        client->command({"GET", "big"}, [&](RedisResult result) { results.push(std::move(result)); });
    auto replies = results.wait_for(3);
    REQUIRE(replies.size() == 3);
    for (const auto& reply : replies) CHECK(reply_of(reply).string == value);
    client->stop();
}

TEST_CASE("an error reply is Refused with Redis's message and the connection goes on", "[redis]")
{
    REQUIRE_REDIS(binary);
    RedisServer redis(*binary);
    IoThread io;
    auto client = started_client(io.io, redis);

    run(*client, {"SET", "text", "not a number"});
    auto result = run(*client, {"INCR", "text"});
    REQUIRE(std::holds_alternative<RedisError>(result));
    CHECK(std::get<RedisError>(result).failure == RedisFailure::Refused);
    CHECK(std::get<RedisError>(result).message == "ERR value is not an integer or out of range");

    auto unknown = run(*client, {"NO-SUCH-COMMAND"});
    REQUIRE(std::holds_alternative<RedisError>(unknown));
    CHECK(std::get<RedisError>(unknown).failure == RedisFailure::Refused);
    CHECK_THAT(std::get<RedisError>(unknown).message, Catch::StartsWith("ERR unknown command"));

    // Refused before sending: what would turn the command connection into a subscriber.
    auto subscribe = run(*client, {"subscribe", "x"});
    REQUIRE(std::holds_alternative<RedisError>(subscribe));
    CHECK(std::get<RedisError>(subscribe).failure == RedisFailure::Refused);
    CHECK(std::get<RedisError>(run(*client, {})).failure == RedisFailure::Refused);

    CHECK(reply_of(run(*client, {"PING"})).string == "PONG");
    client->stop();
}

TEST_CASE("pub/sub across two clients: 1000 messages arrive in order", "[redis]")
{
    REQUIRE_REDIS(binary);
    RedisServer redis(*binary);
    IoThread io;
    auto subscriber = RedisClient::create(io.io, redis.endpoint());
    Inbox<std::string> received;
    Inbox<std::string> other;
    // Subscribed before start: on_connection_change(true) comes once Redis confirmed it.
    subscriber->subscribe("moves", [&](std::string_view message) { received.push(std::string(message)); });
    Inbox<bool> changes;
    subscriber->on_connection_change([&](bool up) { changes.push(up); });
    subscriber->start();
    REQUIRE(changes.wait_for(1) == std::vector<bool>{true});
    // Subscribed while up: confirmed when a publish reaches it.
    subscriber->subscribe("chat", [&](std::string_view message) { other.push(std::string(message)); });

    auto publisher = started_client(io.io, redis);
    publish_until_heard(*publisher, "chat", "probe");
    Inbox<RedisResult> published;
    for (int i = 0; i < 1000; ++i)
        publisher->command({"PUBLISH", "moves", "move " + std::to_string(i)},
                           [&](RedisResult result) { published.push(std::move(result)); });
    auto replies = published.wait_for(1000);
    REQUIRE(replies.size() == 1000);
    for (const auto& reply : replies) CHECK(reply_of(reply).integer == 1);

    auto messages = received.wait_for(1000);
    REQUIRE(messages.size() == 1000);
    for (int i = 0; i < 1000; ++i) REQUIRE(messages[static_cast<std::size_t>(i)] == "move " + std::to_string(i));
    CHECK(other.wait_for(1).front() == "probe");
    subscriber->stop();
    publisher->stop();
}

TEST_CASE("unsubscribe stops delivery and a second subscribe replaces the handler", "[redis]")
{
    REQUIRE_REDIS(binary);
    RedisServer redis(*binary);
    IoThread io;
    auto subscriber = started_client(io.io, redis);
    auto publisher = started_client(io.io, redis);

    Inbox<std::string> first;
    Inbox<std::string> second;
    subscriber->subscribe("room", [&](std::string_view message) { first.push(std::string(message)); });
    publish_until_heard(*publisher, "room", "one");
    REQUIRE(first.wait_for(1).size() >= 1);
    subscriber->subscribe("room", [&](std::string_view message) { second.push(std::string(message)); });
    std::size_t first_count = first.size();
    // The replacement is made on the strand: after a command's answer came back, it is in place.
    run(*subscriber, {"PING"});
    publish_until_heard(*publisher, "room", "two");
    CHECK(second.wait_for(1).front() == "two");
    CHECK(first.size() == first_count);

    subscriber->unsubscribe("room");
    REQUIRE(wait_until([&] {
        auto result = run(*publisher, {"PUBLISH", "room", "ignored"});
        return reply_of(result).integer == 0;
    }));
    std::size_t second_count = second.size();
    run(*publisher, {"PUBLISH", "room", "after"});
    std::this_thread::sleep_for(200ms);
    CHECK(second.size() == second_count);
    CHECK(subscriber->connected());
    subscriber->stop();
    publisher->stop();
}

TEST_CASE("Redis killed: commands fail Unavailable at once. Restarted: the client reconnects and resubscribes",
          "[redis]")
{
    REQUIRE_REDIS(binary);
    RedisServer redis(*binary);
    IoThread io;
    RedisOptions options;
    options.reconnect_min = 50ms;
    options.reconnect_max = 200ms;
    options.command_timeout = 10s; // so that a quick Unavailable below is the connection's doing
    auto subscriber = RedisClient::create(io.io, redis.endpoint(), options);
    Inbox<bool> changes;
    Inbox<std::string> received;
    subscriber->on_connection_change([&](bool up) { changes.push(up); });
    subscriber->subscribe("events", [&](std::string_view message) { received.push(std::string(message)); });
    subscriber->start();
    REQUIRE(changes.wait_for(1) == std::vector<bool>{true});

    // A command Redis holds (BLPOP on an empty list) is pending when Redis dies.
    Inbox<RedisResult> pending;
    subscriber->command({"BLPOP", "nothing", "0"}, [&](RedisResult result) { pending.push(std::move(result)); });
    std::this_thread::sleep_for(200ms); // the BLPOP is at Redis (a PING would wait behind it)
    auto killed_at = Clock::now();
    redis.kill();

    auto failed = pending.wait_for(1);
    REQUIRE(failed.size() == 1);
    CHECK(Clock::now() - killed_at < 2s);
    REQUIRE(std::holds_alternative<RedisError>(failed.front()));
    CHECK(std::get<RedisError>(failed.front()).failure == RedisFailure::Unavailable);
    REQUIRE(changes.wait_for(2) == std::vector<bool>{true, false});
    CHECK_FALSE(subscriber->connected());

    auto asked_at = Clock::now();
    auto refused = run(*subscriber, {"GET", "k"});
    CHECK(Clock::now() - asked_at < 1s);
    REQUIRE(std::holds_alternative<RedisError>(refused));
    CHECK(std::get<RedisError>(refused).failure == RedisFailure::Unavailable);
    std::this_thread::sleep_for(300ms); // a few failed attempts with the backoff
    CHECK(changes.size() == 2);

    redis.start();
    REQUIRE(changes.wait_for(3, 10s) == std::vector<bool>{true, false, true});
    CHECK(subscriber->connected());
    auto publisher = started_client(io.io, redis);
    // on_connection_change(true) comes after the resubscription is confirmed: the first publish is heard.
    CHECK(reply_of(run(*publisher, {"PUBLISH", "events", "after restart"})).integer == 1);
    CHECK(received.wait_for(1).front() == "after restart");
    CHECK(reply_of(run(*subscriber, {"SET", "k", "v"})).string == "OK");
    subscriber->stop();
    publisher->stop();
}

TEST_CASE("a client started before Redis connects once it is there", "[redis]")
{
    REQUIRE_REDIS(binary);
    RedisServer redis(*binary);
    redis.kill();
    IoThread io;
    RedisOptions options;
    options.reconnect_min = 20ms;
    options.reconnect_max = 100ms;
    auto client = RedisClient::create(io.io, redis.endpoint(), options);
    client->start();
    std::this_thread::sleep_for(200ms);
    CHECK_FALSE(client->connected());
    CHECK(std::get<RedisError>(run(*client, {"PING"})).failure == RedisFailure::Unavailable);
    redis.start();
    REQUIRE(wait_until([&] { return client->connected(); }));
    CHECK(reply_of(run(*client, {"PING"})).string == "PONG");
    client->stop();
}

TEST_CASE("a command past command_timeout is Unavailable and its late reply does not call done again", "[redis]")
{
    REQUIRE_REDIS(binary);
    RedisServer redis(*binary);
    IoThread io;
    RedisOptions options;
    options.command_timeout = 200ms;
    auto client = started_client(io.io, redis, options);

    // DEBUG SLEEP 1 holds the whole server for a second, then answers OK, late.
    std::atomic<int> calls{0};
    Inbox<RedisResult> results;
    auto sent_at = Clock::now();
    client->command({"DEBUG", "SLEEP", "1"}, [&](RedisResult result) {
        ++calls;
        results.push(std::move(result));
    });
    auto first = results.wait_for(1);
    REQUIRE(first.size() == 1);
    auto waited = Clock::now() - sent_at;
    CHECK(waited >= 190ms);
    CHECK(waited < 900ms);
    REQUIRE(std::holds_alternative<RedisError>(first.front()));
    CHECK(std::get<RedisError>(first.front()).failure == RedisFailure::Unavailable);

    // After the late reply came (Redis wakes up at 1 s), the connection still works and done
    // was called once.
    std::this_thread::sleep_for(1200ms);
    CHECK(reply_of(run(*client, {"PING"})).string == "PONG");
    CHECK(calls == 1);
    client->stop();
}

TEST_CASE("stop() with pending commands: each done runs exactly once with Unavailable", "[redis]")
{
    REQUIRE_REDIS(binary);
    RedisServer redis(*binary);
    IoThread io;
    auto client = started_client(io.io, redis);
    Inbox<bool> changes;
    client->on_connection_change([&](bool up) { changes.push(up); });

    constexpr int count = 5;
    std::atomic<int> calls[count] = {};
    Inbox<RedisResult> results;
    for (int i = 0; i < count; ++i)
        client->command({"BLPOP", "list-" + std::to_string(i), "0"}, [&, i](RedisResult result) {
            ++calls[i];
            results.push(std::move(result));
        });
    std::this_thread::sleep_for(200ms); // all at Redis, waiting (a PING would wait behind them)
    client->stop();
    auto done = results.wait_for(count);
    REQUIRE(done.size() == count);
    for (const auto& result : done) {
        REQUIRE(std::holds_alternative<RedisError>(result));
        CHECK(std::get<RedisError>(result).failure == RedisFailure::Unavailable);
    }
    // After stop: a command still gets its done (Unavailable), nothing else is told.
    auto after = run(*client, {"PING"});
    CHECK(std::get<RedisError>(after).failure == RedisFailure::Unavailable);
    std::this_thread::sleep_for(100ms);
    for (const auto& call : calls) CHECK(call == 1);
    CHECK(changes.size() == 0);
    CHECK_FALSE(client->connected());
}

TEST_CASE("a client dropped without stop(): pending commands answered once and then its connections freed", "[redis]")
{
    REQUIRE_REDIS(binary);
    RedisServer redis(*binary);
    IoThread io;
    auto observer = started_client(io.io, redis);
    auto clients_at_redis = [&] {
        auto info = reply_of(run(*observer, {"INFO", "clients"})).string;
        auto at = info.find("connected_clients:");
        return at == std::string::npos ? -1 : std::stoi(info.substr(at + 18));
    };
    REQUIRE(clients_at_redis() == 2);

    // Idle: dropped on this thread, its destructor frees both connections at once.
    auto idle = started_client(io.io, redis);
    REQUIRE(clients_at_redis() == 4);
    idle.reset();
    CHECK(wait_until([&] { return clients_at_redis() == 2; }));

    // With a command at Redis: the command's timeout holds the client, answers it, then lets go.
    auto busy = started_client(io.io, redis);
    Inbox<RedisResult> results;
    busy->command({"BLPOP", "never", "0"}, [&](RedisResult result) { results.push(std::move(result)); });
    std::this_thread::sleep_for(200ms);
    busy.reset();
    auto done = results.wait_for(1);
    REQUIRE(done.size() == 1);
    CHECK(std::get<RedisError>(done.front()).failure == RedisFailure::Unavailable);
    CHECK(wait_until([&] { return clients_at_redis() == 2; }));
    std::this_thread::sleep_for(100ms);
    CHECK(results.size() == 1);
    observer->stop();
}

TEST_CASE("commands from several threads at once: each answered once", "[redis]")
{
    REQUIRE_REDIS(binary);
    RedisServer redis(*binary);
    IoThread io;
    auto client = started_client(io.io, redis);

    constexpr int threads = 4;
    constexpr int per_thread = 250;
    Inbox<long long> counts;
    std::vector<std::thread> senders;
    for (int t = 0; t < threads; ++t)
        senders.emplace_back([&] {
            for (int i = 0; i < per_thread; ++i)
                client->command({"INCR", "shared"}, [&](RedisResult result) {
                    // No Catch2 assertion off the test's thread: an error counts as -1.
                    auto* reply = std::get_if<RedisReply>(&result);
                    counts.push(reply ? reply->integer : -1);
                });
        });
    for (auto& sender : senders) sender.join();
    auto answers = counts.wait_for(threads * per_thread);
    REQUIRE(answers.size() == threads * per_thread);
    // Answered on one strand in the order Redis counted.
    for (std::size_t i = 0; i < answers.size(); ++i) CHECK(answers[i] == static_cast<long long>(i) + 1);
    client->stop();
}

TEST_CASE("callbacks may call the client: stop() from a done and a command from a message handler", "[redis]")
{
    REQUIRE_REDIS(binary);
    RedisServer redis(*binary);
    IoThread io;
    auto subscriber = RedisClient::create(io.io, redis.endpoint());
    Inbox<bool> changes;
    subscriber->on_connection_change([&](bool up) { changes.push(up); });
    subscriber->subscribe("echo", [&](std::string_view message) {
        subscriber->command({"RPUSH", "echoed", std::string(message)}, [](RedisResult) {});
    });
    subscriber->start();
    REQUIRE(changes.wait_for(1) == std::vector<bool>{true});

    auto publisher = started_client(io.io, redis);
    CHECK(reply_of(run(*publisher, {"PUBLISH", "echo", "hello"})).integer == 1);
    REQUIRE(wait_until([&] { return reply_of(run(*publisher, {"LLEN", "echoed"})).integer == 1; }));

    // The first reply's done stops the client while the second command is still at Redis.
    Inbox<std::string> order;
    subscriber->command({"PING"}, [&](RedisResult result) {
        auto* reply = std::get_if<RedisReply>(&result);
        order.push(reply ? reply->string : "error");
        subscriber->stop();
    });
    subscriber->command({"BLPOP", "nothing", "0"}, [&](RedisResult result) {
        order.push(std::holds_alternative<RedisError>(result) ? "unavailable" : "reply");
    });
    CHECK(order.wait_for(2) == std::vector<std::string>{"PONG", "unavailable"});
    std::this_thread::sleep_for(100ms);
    CHECK(order.size() == 2);
    CHECK(changes.size() == 1); // stop() tells nothing
    publisher->stop();
}

TEST_CASE("a host name is resolved without blocking the strand (localhost: its IPv4 address)", "[redis]")
{
    REQUIRE_REDIS(binary);
    RedisServer redis(*binary);
    IoThread io;
    auto endpoint = parse_redis_url("redis://localhost:" + std::to_string(redis.endpoint().port));
    REQUIRE(endpoint);
    auto client = RedisClient::create(io.io, *endpoint);
    client->start();
    REQUIRE(wait_until([&] { return client->connected(); }));
    CHECK(reply_of(run(*client, {"PING"})).string == "PONG");
    client->stop();
}

TEST_CASE("a connect that hangs is given up after connect_timeout and tried again", "[redis]")
{
    REQUIRE_REDIS(binary);
    RedisServer redis(*binary);
    redis.kill();
    SilentPort silent(redis.endpoint().port);
    IoThread io;
    RedisOptions options;
    options.connect_timeout = 200ms;
    options.reconnect_min = 50ms;
    options.reconnect_max = 100ms;
    auto client = RedisClient::create(io.io, redis.endpoint(), options);
    client->start();
    std::this_thread::sleep_for(1s); // several attempts, each given up after 200 ms
    CHECK_FALSE(client->connected());
    auto asked_at = Clock::now();
    CHECK(std::get<RedisError>(run(*client, {"PING"})).failure == RedisFailure::Unavailable);
    CHECK(Clock::now() - asked_at < 500ms);

    silent.close();
    redis.start();
    // A fresh attempt within connect_timeout + reconnect_max, not the kernel's next SYN
    // retransmission of one hung connect (1, 3, 7 s after it began).
    auto started_at = Clock::now();
    REQUIRE(wait_until([&] { return client->connected(); }));
    CHECK(Clock::now() - started_at < 1500ms);
    client->stop();
}

TEST_CASE("five restarts of Redis: each time the client comes back with its subscriptions", "[redis]")
{
    REQUIRE_REDIS(binary);
    RedisServer redis(*binary);
    IoThread io;
    RedisOptions options;
    options.reconnect_min = 20ms;
    options.reconnect_max = 100ms;
    auto subscriber = RedisClient::create(io.io, redis.endpoint(), options);
    Inbox<bool> changes;
    Inbox<std::string> received;
    subscriber->on_connection_change([&](bool up) { changes.push(up); });
    subscriber->subscribe("a", [&](std::string_view message) { received.push("a:" + std::string(message)); });
    subscriber->subscribe("b", [&](std::string_view message) { received.push("b:" + std::string(message)); });
    subscriber->start();
    REQUIRE(changes.wait_for(1).size() == 1);

    for (int round = 1; round <= 5; ++round) {
        INFO("round " << round);
        redis.kill();
        REQUIRE(changes.wait_for(std::size_t(2 * round)).size() == std::size_t(2 * round));
        redis.start();
        REQUIRE(changes.wait_for(std::size_t(2 * round + 1), 10s).size() == std::size_t(2 * round + 1));
        auto publisher = started_client(io.io, redis, options);
        CHECK(reply_of(run(*publisher, {"PUBLISH", "a", std::to_string(round)})).integer == 1);
        CHECK(reply_of(run(*publisher, {"PUBLISH", "b", std::to_string(round)})).integer == 1);
        auto messages = received.wait_for(std::size_t(2 * round));
        REQUIRE(messages.size() == std::size_t(2 * round));
        CHECK(messages[std::size_t(2 * round - 2)] == "a:" + std::to_string(round));
        CHECK(messages[std::size_t(2 * round - 1)] == "b:" + std::to_string(round));
        publisher->stop();
    }
    auto told = changes.wait_for(11);
    for (std::size_t i = 0; i < told.size(); ++i) CHECK(told[i] == (i % 2 == 0));
    subscriber->stop();
}

TEST_CASE("only the subscription connection killed: false then true and the messages come again", "[redis]")
{
    REQUIRE_REDIS(binary);
    RedisServer redis(*binary);
    IoThread io;
    RedisOptions options;
    options.reconnect_min = 20ms;
    auto subscriber = RedisClient::create(io.io, redis.endpoint(), options);
    Inbox<bool> changes;
    Inbox<std::string> received;
    subscriber->on_connection_change([&](bool up) { changes.push(up); });
    subscriber->subscribe("tables", [&](std::string_view message) { received.push(std::string(message)); });
    subscriber->start();
    REQUIRE(changes.wait_for(1) == std::vector<bool>{true});

    // The observer subscribes to nothing, so only the subscriber's second connection is in pub/sub mode.
    auto observer = started_client(io.io, redis);
    CHECK(reply_of(run(*observer, {"CLIENT", "KILL", "TYPE", "pubsub"})).integer == 1);
    REQUIRE(changes.wait_for(3) == std::vector<bool>{true, false, true});
    // The command connection stayed up all along.
    CHECK(reply_of(run(*subscriber, {"PING"})).string == "PONG");
    CHECK(reply_of(run(*observer, {"PUBLISH", "tables", "t1"})).integer == 1);
    CHECK(received.wait_for(1).front() == "t1");
    subscriber->stop();
    observer->stop();
}
