// Login throttling with back-off, per key (an account's folded nick, or a client address).
// A pure value with injected time, owned by one strand. After `free_failures` failed logins in
// a row, each further attempt must wait: 1 s after the first over the limit, then twice as
// long each time, at most `max_wait`. A success clears the key. The table is bounded: when
// full, the entry that failed longest ago is forgotten.
#pragma once

#include <chrono>
#include <cstddef>
#include <optional>
#include <string>
#include <unordered_map>

namespace rochade::identity {

class LoginThrottle {
public:
    using Clock = std::chrono::steady_clock;

    LoginThrottle(int free_failures, std::chrono::seconds max_wait, std::size_t max_entries = 100000);

    // How long `key` must still wait before its next attempt, or nothing when it may try now.
    std::optional<std::chrono::milliseconds> wait(const std::string& key, Clock::time_point now) const;
    void failed(const std::string& key, Clock::time_point now);
    void succeeded(const std::string& key);
    std::size_t size() const { return entries_.size(); }

private:
    struct Entry {
        int failures = 0;
        Clock::time_point last_failure{};
    };
    std::chrono::milliseconds backoff(int failures) const;

    int free_failures_;
    std::chrono::milliseconds max_wait_;
    std::size_t max_entries_;
    std::unordered_map<std::string, Entry> entries_;
};

} // namespace rochade::identity
