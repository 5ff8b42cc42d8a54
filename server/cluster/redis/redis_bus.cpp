#include "server/cluster/redis/redis_bus.h"

#include <mutex>

#include <boost/asio/post.hpp>

namespace rochade::server::cluster {

namespace {

// A lease's value: its owner, a newline, what the owner wrote beside it. Owners (principals,
// node ids) never hold a newline.
LeaseHolder holder_of(const std::string& text)
{
    const auto newline = text.find('\n');
    if (newline == std::string::npos) return LeaseHolder{text, ""};
    return LeaseHolder{text.substr(0, newline), text.substr(newline + 1)};
}

// Taken when free or already the owner's, unless the guard KEYS[2] (if given) is another
// owner's; answers {granted, previous text or nothing} (the guard's text when it refused).
constexpr const char* claim_script = R"(
if KEYS[2] then
  local guard = redis.call('GET', KEYS[2])
  if guard and string.match(guard, '^[^\n]*') ~= ARGV[1] then return {0, guard} end
end
local current = redis.call('GET', KEYS[1])
if current and string.match(current, '^[^\n]*') ~= ARGV[1] then return {0, current} end
redis.call('SET', KEYS[1], ARGV[1] .. '\n' .. ARGV[2], 'PX', ARGV[3])
if current then return {1, current} end
return {1}
)";

// Extends each key its owner (ARGV[i + 1] for KEYS[i]) still holds by ARGV[1] ms; answers the
// others.
constexpr const char* renew_script = R"(
local lost = {}
for i, key in ipairs(KEYS) do
  local current = redis.call('GET', key)
  if current and string.match(current, '^[^\n]*') == ARGV[i + 1] then
    redis.call('PEXPIRE', key, ARGV[1])
  else
    table.insert(lost, key)
  end
end
return lost
)";

constexpr const char* release_script = R"(
local current = redis.call('GET', KEYS[1])
if current and string.match(current, '^[^\n]*') == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
)";

BusError bus_error(const redis::RedisError& error)
{
    return BusError{error.failure == redis::RedisFailure::Unavailable ? BusFailure::Unavailable : BusFailure::Refused,
                    "redis: " + error.message};
}

BusError unexpected_reply(const char* what) { return BusError{BusFailure::Refused, std::string("redis: ") + what}; }

} // namespace

struct RedisBus::Shared {
    std::mutex mutex;
    std::function<void(bool)> on_connection_change;
};

RedisBus::RedisBus(net::io_context& io, RedisEndpoint endpoint, redis::RedisOptions options)
    : client_(redis::RedisClient::create(io, std::move(endpoint), options)), shared_(std::make_shared<Shared>()),
      claim_(RedisScript::create(client_, claim_script)), renew_(RedisScript::create(client_, renew_script)),
      release_(RedisScript::create(client_, release_script))
{
    // Set before start(), so the first connection is reported too.
    client_->on_connection_change([shared = shared_](bool up) {
        std::function<void(bool)> handler;
        {
            std::lock_guard lock(shared->mutex);
            handler = shared->on_connection_change;
        }
        if (handler) handler(up);
    });
    client_->start();
}

RedisBus::~RedisBus() { client_->stop(); }

void RedisBus::publish(std::string channel, std::string message, BusDone done)
{
    client_->command({"PUBLISH", std::move(channel), std::move(message)},
                     [done = std::move(done)](redis::RedisResult result) {
                         if (!done) return;
                         if (const auto* error = std::get_if<redis::RedisError>(&result)) return done(bus_error(*error));
                         done(std::nullopt);
                     });
}

void RedisBus::subscribe(std::string channel, MessageHandler on_message)
{
    client_->subscribe(std::move(channel), std::move(on_message));
}

void RedisBus::unsubscribe(std::string channel) { client_->unsubscribe(std::move(channel)); }

void RedisBus::claim(std::string key, std::string owner, std::string value, std::chrono::milliseconds ttl,
                     std::function<void(BusResult<Claim>)> done)
{
    claim_unless(std::move(key), "", std::move(owner), std::move(value), ttl, std::move(done));
}

void RedisBus::claim_unless(std::string key, std::string guard, std::string owner, std::string value,
                            std::chrono::milliseconds ttl, std::function<void(BusResult<Claim>)> done)
{
    std::vector<std::string> keys{std::move(key)};
    if (!guard.empty()) keys.push_back(std::move(guard));
    claim_->run(std::move(keys), {std::move(owner), std::move(value), std::to_string(ttl.count())},
                [done = std::move(done)](redis::RedisResult result) {
                    if (const auto* error = std::get_if<redis::RedisError>(&result)) return done(bus_error(*error));
                    const auto& reply = std::get<redis::RedisReply>(result);
                    if (reply.kind != redis::RedisReply::Kind::Array || reply.elements.empty() ||
                        reply.elements[0].kind != redis::RedisReply::Kind::Integer)
                        return done(
                            unexpected_reply("the claim script answered something else than {granted, previous}"));
                    Claim claim;
                    claim.granted = reply.elements[0].integer == 1;
                    if (reply.elements.size() > 1) claim.previous = holder_of(reply.elements[1].string);
                    done(claim);
                });
}

void RedisBus::renew(std::vector<HeldLease> leases, std::chrono::milliseconds ttl,
                     std::function<void(BusResult<std::vector<std::string>>)> done)
{
    if (leases.empty()) {
        // Nothing to ask Redis; answered on the client's strand all the same.
        net::post(client_->strand(), [done = std::move(done)] { done(std::vector<std::string>{}); });
        return;
    }
    std::vector<std::string> keys, args{std::to_string(ttl.count())};
    keys.reserve(leases.size());
    args.reserve(leases.size() + 1);
    for (auto& lease : leases) {
        keys.push_back(std::move(lease.key));
        args.push_back(std::move(lease.owner));
    }
    renew_->run(std::move(keys), std::move(args), [done = std::move(done)](redis::RedisResult result) {
        if (const auto* error = std::get_if<redis::RedisError>(&result)) return done(bus_error(*error));
        const auto& reply = std::get<redis::RedisReply>(result);
        if (reply.kind != redis::RedisReply::Kind::Array)
            return done(unexpected_reply("the renew script answered something else than a list of keys"));
        std::vector<std::string> lost;
        for (const auto& element : reply.elements) lost.push_back(element.string);
        done(std::move(lost));
    });
}

void RedisBus::release(std::string key, std::string owner, BusDone done)
{
    release_->run({std::move(key)}, {std::move(owner)}, [done = std::move(done)](redis::RedisResult result) {
        if (!done) return;
        if (const auto* error = std::get_if<redis::RedisError>(&result)) return done(bus_error(*error));
        done(std::nullopt);
    });
}

void RedisBus::holder(std::string key, std::function<void(BusResult<std::optional<LeaseHolder>>)> done)
{
    client_->command({"GET", std::move(key)}, [done = std::move(done)](redis::RedisResult result) {
        if (const auto* error = std::get_if<redis::RedisError>(&result)) return done(bus_error(*error));
        const auto& reply = std::get<redis::RedisReply>(result);
        if (reply.kind == redis::RedisReply::Kind::Nil) return done(std::optional<LeaseHolder>{});
        if (reply.kind != redis::RedisReply::Kind::String)
            return done(unexpected_reply("a lease key holds something else than a string"));
        done(std::optional<LeaseHolder>(holder_of(reply.string)));
    });
}

void RedisBus::on_connection_change(std::function<void(bool up)> handler)
{
    std::lock_guard lock(shared_->mutex);
    shared_->on_connection_change = std::move(handler);
}

} // namespace rochade::server::cluster
