// A Lua script run on Redis by its SHA1 (EVALSHA) rather than sent whole each time (EVAL): the
// leases' scripts run many times a second on a busy cluster, and EVAL makes Redis hash the text
// on every call. The SHA1 is Redis's own answer to SCRIPT LOAD, asked once. Until it is known,
// and whenever Redis answers NOSCRIPT (a Redis that restarted, or SCRIPT FLUSH), the call goes
// as EVAL, which works always, and the script is loaded again.
#pragma once

#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "server/cluster/redis/redis_client.h"

namespace rochade::server::cluster {

class RedisScript final : public std::enable_shared_from_this<RedisScript> {
public:
    static std::shared_ptr<RedisScript> create(std::shared_ptr<redis::RedisClient> client, std::string text);

    // Runs the script with KEYS `keys` and ARGV `args`; `done` gets Redis's answer, once.
    void run(std::vector<std::string> keys, std::vector<std::string> args, std::function<void(redis::RedisResult)> done);

    // The SHA1 Redis gave, empty until SCRIPT LOAD answered (for tests).
    std::string sha() const;

private:
    RedisScript(std::shared_ptr<redis::RedisClient> client, std::string text);
    void eval(std::vector<std::string> keys, std::vector<std::string> args, std::function<void(redis::RedisResult)> done);
    void load();

    const std::shared_ptr<redis::RedisClient> client_;
    const std::string text_;
    mutable std::mutex mutex_;
    std::string sha_;      // under the mutex
    bool loading_ = false; // a SCRIPT LOAD is on its way; under the mutex
};

} // namespace rochade::server::cluster
