// The cluster's bus on Redis (--bus redis://host:port): channels are Redis pub/sub, leases are
// Redis keys with a PX time whose value is "owner\nvalue", claimed, renewed and released by small
// Lua scripts so that each check-and-set is one atomic step on the server (run by EVALSHA,
// redis_script.h). Built on
// redis::RedisClient (server/cluster/redis/redis_client.h), whose strand runs every callback.
#pragma once

#include <memory>

#include "server/cluster/redis/redis_client.h"
#include "server/cluster/bus.h"
#include "server/cluster/redis/redis_script.h"

namespace rochade::server::cluster {

class RedisBus final : public Bus {
public:
    // Starts the client: it connects, and reconnects for ever until the bus is destroyed.
    RedisBus(net::io_context& io, RedisEndpoint endpoint, redis::RedisOptions options = {});
    ~RedisBus() override;
    RedisBus(const RedisBus&) = delete;
    RedisBus& operator=(const RedisBus&) = delete;

    void publish(std::string channel, std::string message, BusDone done = {}) override;
    void subscribe(std::string channel, MessageHandler on_message) override;
    void unsubscribe(std::string channel) override;
    void claim(std::string key, std::string owner, std::string value, std::chrono::milliseconds ttl,
               std::function<void(BusResult<Claim>)> done) override;
    void claim_unless(std::string key, std::string guard, std::string owner, std::string value,
                      std::chrono::milliseconds ttl, std::function<void(BusResult<Claim>)> done) override;
    void renew(std::vector<HeldLease> leases, std::chrono::milliseconds ttl,
               std::function<void(BusResult<std::vector<std::string>>)> done) override;
    void release(std::string key, std::string owner, BusDone done = {}) override;
    void holder(std::string key, std::function<void(BusResult<std::optional<LeaseHolder>>)> done) override;
    void on_connection_change(std::function<void(bool up)> handler) override;

private:
    struct Shared; // the handler, shared with the client's callback
    std::shared_ptr<redis::RedisClient> client_;
    std::shared_ptr<Shared> shared_;
    // The leases' Lua scripts, run by EVALSHA (redis_script.h).
    std::shared_ptr<RedisScript> claim_, renew_, release_;
};

} // namespace rochade::server::cluster
