// A client's message-rate budget: a token bucket that holds at most `burst` messages and refills
// at `per_second`. A pure value with the time passed in, so tests never sleep.
#pragma once

#include <algorithm>
#include <chrono>

namespace rochade::server {

class MessageBudget {
public:
    using Clock = std::chrono::steady_clock;

    MessageBudget(double per_second, int burst, Clock::time_point now)
        : per_second_(per_second), burst_(burst), tokens_(burst), last_refill_(now)
    {
    }

    // Takes one message from the budget; false when the client has spent it (the caller
    // closes the connection).
    bool spend(Clock::time_point now)
    {
        if (now > last_refill_) {
            const double elapsed_s = std::chrono::duration<double>(now - last_refill_).count();
            tokens_ = std::min<double>(burst_, tokens_ + elapsed_s * per_second_);
            last_refill_ = now;
        }
        if (tokens_ < 1.0) return false;
        tokens_ -= 1.0;
        return true;
    }

    double per_second() const { return per_second_; }
    int burst() const { return burst_; }

private:
    double per_second_;
    int burst_;
    double tokens_;
    Clock::time_point last_refill_;
};

} // namespace rochade::server
