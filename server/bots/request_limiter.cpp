#include "server/bots/request_limiter.h"

namespace rochade::server::bots {

std::optional<int> RequestLimiter::take(const std::string& key, Clock::time_point now)
{
    constexpr auto minute = std::chrono::minutes(1);
    std::lock_guard lock(mutex_);
    if (windows_.size() > prune_above)
        std::erase_if(windows_, [now, minute](const auto& entry) { return now - entry.second.started >= minute; });
    auto& window = windows_[key];
    if (window.requests == 0 || now - window.started >= minute) window = Window{now, 0};
    if (window.requests >= per_minute_) {
        const auto left = std::chrono::ceil<std::chrono::seconds>(window.started + minute - now).count();
        return static_cast<int>(left < 1 ? 1 : left);
    }
    ++window.requests;
    return std::nullopt;
}

} // namespace rochade::server::bots
