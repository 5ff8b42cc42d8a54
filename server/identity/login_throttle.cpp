#include "server/identity/login_throttle.h"

#include <algorithm>

namespace rochade::identity {

LoginThrottle::LoginThrottle(int free_failures, std::chrono::seconds max_wait, std::chrono::seconds forget_after,
                             std::size_t max_entries)
    : free_failures_(free_failures), max_wait_(max_wait), forget_after_(forget_after),
      max_entries_(std::max<std::size_t>(max_entries, 1))
{
}

std::chrono::milliseconds LoginThrottle::backoff(int failures) const
{
    // `free_failures` failures cost nothing; the attempt after them waits 1 s.
    const int over = failures - free_failures_ + 1;
    if (over <= 0) return std::chrono::milliseconds(0);
    // 1 s, 2 s, 4 s, ... capped; the shift is capped too so it cannot overflow.
    const auto wait = std::chrono::milliseconds(1000LL << std::min(over - 1, 20));
    return std::min(wait, max_wait_);
}

bool LoginThrottle::forgotten(const Entry& entry, Clock::time_point now) const
{
    return now - entry.last_failure >= forget_after_;
}

std::optional<std::chrono::milliseconds> LoginThrottle::wait(const std::string& key, Clock::time_point now) const
{
    const auto found = entries_.find(key);
    if (found == entries_.end() || forgotten(found->second, now)) return std::nullopt;
    const auto until = found->second.last_failure + backoff(found->second.failures);
    if (now >= until) return std::nullopt;
    return std::chrono::ceil<std::chrono::milliseconds>(until - now);
}

void LoginThrottle::attempt(const std::string& key, Clock::time_point now)
{
    auto found = entries_.find(key);
    if (found == entries_.end()) {
        if (entries_.size() >= max_entries_) {
            const auto oldest = std::min_element(entries_.begin(), entries_.end(), [](const auto& a, const auto& b) {
                return a.second.last_failure < b.second.last_failure;
            });
            entries_.erase(oldest);
        }
        found = entries_.emplace(key, Entry{}).first;
    } else if (forgotten(found->second, now)) {
        found->second.failures = 0;
    }
    ++found->second.failures;
    found->second.last_failure = now;
}

void LoginThrottle::succeeded(const std::string& key) { entries_.erase(key); }

void LoginThrottle::refunded(const std::string& key)
{
    const auto found = entries_.find(key);
    if (found == entries_.end()) return;
    if (--found->second.failures <= 0) entries_.erase(found);
}

} // namespace rochade::identity
