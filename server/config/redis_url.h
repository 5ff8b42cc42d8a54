// Where the Redis of the cluster's bus is: the one spelling configuration, the command line and
// scripts/redis.sh give it ("redis://host[:port]"). Here, apart from the Redis client
// (server/cluster/redis/), so that the configuration checks a URL without including the client.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace rochade::server {

struct RedisEndpoint {
    std::string host;
    std::uint16_t port = 6379;
};

// "redis://host:port" (port optional; also "redis://host"); nullopt with no throw for anything else.
std::optional<RedisEndpoint> parse_redis_url(std::string_view url);

} // namespace rochade::server
