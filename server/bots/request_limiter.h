// The Bot API's request budget (issue 29 §3: "rate-limited, 429 with a retry time"): at most a
// number of requests per minute for each key (a token's hash; a client address), counted in
// fixed one-minute windows. Thread-safe: the HTTP sessions of many connections ask at once.
#pragma once

#include <chrono>
#include <cstddef>
#include <map>
#include <mutex>
#include <optional>
#include <string>

namespace rochade::server::bots {

class RequestLimiter {
public:
    using Clock = std::chrono::steady_clock;

    explicit RequestLimiter(int per_minute) : per_minute_(per_minute) {}

    // Counts a request of `key` at `now`: nothing when it is within the budget, else the whole
    // seconds until the window ends (at least 1), for Retry-After.
    std::optional<int> take(const std::string& key, Clock::time_point now = Clock::now());

private:
    struct Window {
        Clock::time_point started;
        int requests = 0;
    };
    // Windows are forgotten once over, when the map has grown past this many keys.
    static constexpr std::size_t prune_above = 4096;

    const int per_minute_;
    std::mutex mutex_;
    std::map<std::string, Window> windows_;
};

} // namespace rochade::server::bots
