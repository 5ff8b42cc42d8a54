// The cluster's bus seam (server/cluster/bus.h) kept by both implementations alike: MemoryBus,
// which the in-process cluster tests run on, and RedisBus against a redis-server of the test's
// own. Leases are granted, refused, renewed in one batch of several owners, released and
// expired the same way on both; on Redis the lease scripts run by EVALSHA, and a Redis that
// forgot them (SCRIPT FLUSH, a restart) is answered all the same.
#include <catch2/catch.hpp>

#include <future>
#include <thread>

#include "server/cluster/memory_bus.h"
#include "server/cluster/redis/redis_bus.h"
#include "tests/server/redis_fixture.h"

using namespace rochade;
using namespace rochade::server::cluster;
using namespace std::chrono_literals;
using rochade::test::IoThread;

namespace {

template <class T> T wait_future(std::future<T> future)
{
    REQUIRE(future.wait_for(5s) == std::future_status::ready);
    return future.get();
}

Claim claim(Bus& bus, const std::string& key, const std::string& owner, std::chrono::milliseconds ttl)
{
    std::promise<BusResult<Claim>> done;
    bus.claim(key, owner, "node-" + owner, ttl, [&](BusResult<Claim> result) { done.set_value(std::move(result)); });
    auto result = wait_future(done.get_future());
    if (const auto* error = std::get_if<BusError>(&result)) FAIL("claim failed: " << error->message);
    return std::get<Claim>(result);
}

Claim claim_unless(Bus& bus, const std::string& key, const std::string& guard, const std::string& owner)
{
    std::promise<BusResult<Claim>> done;
    bus.claim_unless(key, guard, owner, "node-" + owner, 10s,
                     [&](BusResult<Claim> result) { done.set_value(std::move(result)); });
    auto result = wait_future(done.get_future());
    if (const auto* error = std::get_if<BusError>(&result)) FAIL("claim_unless failed: " << error->message);
    return std::get<Claim>(result);
}

std::vector<std::string> renew(Bus& bus, std::vector<HeldLease> leases, std::chrono::milliseconds ttl)
{
    std::promise<BusResult<std::vector<std::string>>> done;
    bus.renew(std::move(leases), ttl, [&](auto result) { done.set_value(std::move(result)); });
    auto result = wait_future(done.get_future());
    if (const auto* error = std::get_if<BusError>(&result)) FAIL("renew failed: " << error->message);
    auto lost = std::get<std::vector<std::string>>(result);
    std::sort(lost.begin(), lost.end());
    return lost;
}

void release(Bus& bus, const std::string& key, const std::string& owner)
{
    std::promise<std::optional<BusError>> done;
    bus.release(key, owner, [&](auto error) { done.set_value(error); });
    REQUIRE_FALSE(wait_future(done.get_future()));
}

std::optional<LeaseHolder> holder_of(Bus& bus, const std::string& key)
{
    std::promise<BusResult<std::optional<LeaseHolder>>> done;
    bus.holder(key, [&](auto result) { done.set_value(std::move(result)); });
    auto result = wait_future(done.get_future());
    if (const auto* error = std::get_if<BusError>(&result)) FAIL("holder failed: " << error->message);
    return std::get<std::optional<LeaseHolder>>(result);
}

// What every Bus promises about leases; `one` and `two` are two nodes' buses on one hub or Redis.
void check_leases(Bus& one, Bus& two)
{
    const auto first = claim(one, "k", "a", 10s);
    CHECK(first.granted);
    CHECK_FALSE(first.previous);
    const auto refused = claim(two, "k", "b", 10s);
    CHECK_FALSE(refused.granted);
    CHECK(refused.previous == LeaseHolder{"a", "node-a"});
    CHECK(holder_of(two, "k") == LeaseHolder{"a", "node-a"});
    CHECK(claim(two, "k", "a", 10s).granted); // the same owner again, from another node

    // One renewal for leases of several owners: each is renewed only for its own owner.
    CHECK(claim(one, "n:anna", "a17", 10s).granted);
    CHECK(claim(one, "t:5", "node1", 10s).granted);
    CHECK(claim(two, "t:6", "node2", 10s).granted);
    CHECK(renew(one, {{"k", "a"}, {"n:anna", "a17"}, {"t:5", "node1"}, {"t:6", "node1"}, {"never", "a"}}, 10s) ==
          std::vector<std::string>{"never", "t:6"});
    CHECK(holder_of(one, "t:6") == LeaseHolder{"node2", "node-node2"}); // a refused renewal leaves it alone
    CHECK(renew(one, {}, 10s).empty());

    // A renewal extends the lease: past its first ttl it is still held.
    CHECK(claim(one, "extended", "a", 400ms).granted);
    CHECK(renew(one, {{"extended", "a"}}, 10s).empty());
    std::this_thread::sleep_for(600ms);
    CHECK(holder_of(two, "extended") == LeaseHolder{"a", "node-a"});

    release(two, "k", "b"); // not b's: stays
    CHECK(holder_of(one, "k"));
    release(one, "k", "a");
    CHECK_FALSE(holder_of(one, "k"));

    // A guard held by another owner refuses the claim and names its holder; the guard's own
    // owner, or a free guard, lets it through.
    CHECK(claim(one, "held:bert", "g5", 10s).granted);
    const auto guarded = claim_unless(two, "nick:bert", "held:bert", "g9");
    CHECK_FALSE(guarded.granted);
    CHECK(guarded.previous == LeaseHolder{"g5", "node-g5"});
    CHECK_FALSE(holder_of(one, "nick:bert"));
    CHECK(claim_unless(two, "nick:bert", "held:bert", "g5").granted);
    CHECK(claim_unless(two, "nick:anna", "held:anna", "g9").granted);
    CHECK_FALSE(claim_unless(one, "nick:anna", "held:anna", "g7").granted); // the nick itself is g9's

    CHECK(claim(one, "short", "a", 100ms).granted);
    std::this_thread::sleep_for(300ms);
    CHECK_FALSE(holder_of(two, "short"));
    CHECK(renew(one, {{"short", "a"}}, 10s) == std::vector<std::string>{"short"});
    CHECK(claim(two, "short", "b", 10s).granted);
}

long long evalsha_calls(server::redis::RedisClient& client)
{
    std::promise<server::redis::RedisResult> done;
    client.command({"INFO", "commandstats"},
                   [&](server::redis::RedisResult result) { done.set_value(std::move(result)); });
    const auto result = wait_future(done.get_future());
    const auto* reply = std::get_if<server::redis::RedisReply>(&result);
    REQUIRE(reply);
    const auto at = reply->string.find("cmdstat_evalsha:calls=");
    if (at == std::string::npos) return 0;
    return std::stoll(reply->string.substr(at + std::string("cmdstat_evalsha:calls=").size()));
}

// Until the bus answers (a RedisBus connects after its construction).
void wait_until_answering(Bus& bus)
{
    for (int attempt = 0; attempt < 250; ++attempt) {
        std::promise<bool> answered;
        bus.holder("probe", [&](auto result) { answered.set_value(!std::holds_alternative<BusError>(result)); });
        if (wait_future(answered.get_future())) return;
        std::this_thread::sleep_for(20ms);
    }
    FAIL("the bus never answered");
}

} // namespace

TEST_CASE("the bus's leases on MemoryBus: granted, refused, renewed in one batch, released, expired", "[cluster]")
{
    IoThread thread;
    auto hub = std::make_shared<MemoryHub>();
    auto one = hub->connect(thread.io), two = hub->connect(thread.io);
    check_leases(*one, *two);
}

TEST_CASE("the bus's leases on Redis: the same, by EVALSHA, and after Redis forgot the scripts", "[cluster][redis]")
{
    const auto binary = test::redis_server_path();
    if (!binary) {
        WARN("redis-server is not installed (scripts/install-deps.sh installs it): test skipped");
        return;
    }
    test::RedisServer redis(*binary);
    redis.start();
    IoThread thread;
    RedisBus one(thread.io, redis.endpoint()), two(thread.io, redis.endpoint());
    auto admin = server::redis::RedisClient::create(thread.io, redis.endpoint());
    admin->start();
    wait_until_answering(one);
    wait_until_answering(two);
    check_leases(one, two);

    // The scripts were loaded once and run by their SHA1 since.
    const auto by_sha = evalsha_calls(*admin);
    CHECK(by_sha > 0);
    std::promise<server::redis::RedisResult> flushed;
    admin->command({"SCRIPT", "FLUSH"}, [&](server::redis::RedisResult result) { flushed.set_value(std::move(result)); });
    REQUIRE(std::holds_alternative<server::redis::RedisReply>(wait_future(flushed.get_future())));
    // Redis answers NOSCRIPT to the SHA1: the bus sends the script whole, and loads it again.
    CHECK(claim(one, "after-flush", "a", 10s).granted);
    CHECK_FALSE(claim(two, "after-flush", "b", 10s).granted);
    CHECK(renew(one, {{"after-flush", "a"}, {"gone", "a"}}, 10s) == std::vector<std::string>{"gone"});
    for (int i = 0; i < 50 && evalsha_calls(*admin) == by_sha; ++i) {
        CHECK(renew(two, {{"after-flush", "a"}}, 10s).empty());
        std::this_thread::sleep_for(20ms);
    }
    CHECK(evalsha_calls(*admin) > by_sha);
    admin->stop();
}
