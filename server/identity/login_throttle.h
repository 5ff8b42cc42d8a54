// Login throttling with back-off, per key (an account's folded nick, or a client address).
// A pure value with injected time, owned by one strand.
//
// An attempt is counted when it starts (`attempt`), before its password is hashed, and stays
// counted as a failure unless it succeeds: concurrent guesses all see the ones before them, so
// thirty sent at once on thirty sockets are not all checked before the first is counted. After
// `free_failures` counted failures, each further attempt must wait: 1 s after the last one, then
// twice as long each time, at most `max_wait`. A success clears the key (`succeeded`) or takes
// back its own count (`refunded`). A key quiet for `forget_after` starts again from nothing, so an
// address shared by many (a club behind one NAT) is not locked out for ever by old typos. The
// table is bounded: when full, the entry that failed longest ago is forgotten.
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

    LoginThrottle(int free_failures, std::chrono::seconds max_wait, std::chrono::seconds forget_after = std::chrono::hours(1),
                  std::size_t max_entries = 100000);

    // How long `key` must still wait before its next attempt, or nothing when it may try now.
    std::optional<std::chrono::milliseconds> wait(const std::string& key, Clock::time_point now) const;
    // Counts an attempt as a failure from now on (call after `wait` said it may try).
    void attempt(const std::string& key, Clock::time_point now);
    // The attempt succeeded: `key` starts again from nothing.
    void succeeded(const std::string& key);
    // The attempt succeeded but `key` keeps its other failures (an address shared by several
    // accounts): one counted attempt is taken back.
    void refunded(const std::string& key);
    std::size_t size() const { return entries_.size(); }

private:
    struct Entry {
        int failures = 0;
        Clock::time_point last_failure{};
    };
    std::chrono::milliseconds backoff(int failures) const;
    bool forgotten(const Entry& entry, Clock::time_point now) const;

    int free_failures_;
    std::chrono::milliseconds max_wait_;
    std::chrono::milliseconds forget_after_;
    std::size_t max_entries_;
    std::unordered_map<std::string, Entry> entries_;
};

} // namespace rochade::identity
