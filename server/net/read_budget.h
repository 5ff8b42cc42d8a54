// A Beast rate policy for a WebSocket's TCP stream that counts the bytes read against a token
// bucket and reports, once, when a client has sent more than its message and control-frame
// budgets could ever need. It never throttles (reads are not delayed, no timer runs).
//
// Why the bytes: Beast reassembles a message inside one read, so the frames of a message never
// reach the session. A client sending empty continuation frames (6 bytes each) makes the
// server parse frame after frame without a message ever completing; the bytes are the one
// thing that flood cannot avoid spending.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <functional>
#include <limits>

#include <boost/beast/core/rate_policy.hpp>

namespace rochade::server {

class ReadBudget {
public:
    using Clock = std::chrono::steady_clock;

    // `on_exceeded` is called once, from inside the read, when the bucket runs dry; it must
    // not touch the stream (post the close instead).
    void arm(double bytes_per_second, double burst_bytes, std::function<void()> on_exceeded)
    {
        bytes_per_second_ = bytes_per_second;
        burst_bytes_ = burst_bytes;
        tokens_ = burst_bytes;
        last_refill_ = Clock::now();
        on_exceeded_ = std::move(on_exceeded);
    }

private:
    friend class boost::beast::rate_policy_access;

    static constexpr std::size_t unlimited = (std::numeric_limits<std::size_t>::max)();

    std::size_t available_read_bytes() const noexcept { return unlimited; }
    std::size_t available_write_bytes() const noexcept { return unlimited; }
    void transfer_write_bytes(std::size_t) const noexcept {}
    void on_timer() const noexcept {}

    void transfer_read_bytes(std::size_t bytes)
    {
        if (!on_exceeded_) return; // not armed, or reported already
        const auto now = Clock::now();
        const double elapsed_s = std::chrono::duration<double>(now - last_refill_).count();
        tokens_ = std::min(burst_bytes_, tokens_ + elapsed_s * bytes_per_second_) - double(bytes);
        last_refill_ = now;
        if (tokens_ >= 0) return;
        auto report = std::move(on_exceeded_);
        on_exceeded_ = nullptr;
        report();
    }

    double bytes_per_second_ = 0;
    double burst_bytes_ = 0;
    double tokens_ = 0;
    Clock::time_point last_refill_{};
    std::function<void()> on_exceeded_;
};

} // namespace rochade::server
