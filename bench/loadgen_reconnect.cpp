#include "bench/loadgen_reconnect.h"

#include <boost/asio/post.hpp>

#include <algorithm>
#include <cmath>
#include <numeric>

#include "bench/loadgen_ws_client.h"

namespace rochade::bench {

ReconnectPlan plan_reconnects(std::size_t clients, double fraction, double every_s)
{
    ReconnectPlan plan;
    const auto round = std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::duration<double>(every_s));
    plan.first = round;
    if (clients == 0 || fraction <= 0) {
        plan.interval = round;
        return plan;
    }
    const auto wanted = static_cast<std::size_t>(std::llround(fraction * static_cast<double>(clients)));
    plan.per_round = std::clamp<std::size_t>(wanted, 1, clients);
    plan.interval = round / static_cast<std::int64_t>(plan.per_round);
    return plan;
}

std::size_t scatter_stride(std::size_t clients)
{
    std::size_t stride = std::max<std::size_t>(1, static_cast<std::size_t>(0.618 * static_cast<double>(clients)));
    while (std::gcd(stride, clients) != 1) ++stride;
    return stride;
}

std::size_t reconnect_target(std::uint64_t tick, std::size_t clients)
{
    const std::uint64_t n = clients;
    // tick mod n first: tick * stride would overflow after enough ticks.
    return static_cast<std::size_t>((tick % n) * scatter_stride(clients) % n);
}

Reconnector::Reconnector(boost::asio::io_context& io, const std::vector<std::shared_ptr<WsClient>>& clients,
                         ReconnectPlan plan)
    : timer_(io), clients_(clients), plan_(plan)
{
}

void Reconnector::start()
{
    if (plan_.per_round == 0 || clients_.empty()) return;
    start_ = std::chrono::steady_clock::now();
    boost::asio::post(timer_.get_executor(), [this] { schedule(); });
}

void Reconnector::stop()
{
    stopped_.store(true);
    boost::asio::post(timer_.get_executor(), [this] { timer_.cancel(); });
}

// Ticks are placed on the start's time line, not after the previous tick, so a late tick does
// not delay the rest.
void Reconnector::schedule()
{
    if (stopped_.load()) return;
    timer_.expires_at(start_ + plan_.first + plan_.interval * static_cast<std::int64_t>(tick_));
    timer_.async_wait([this](boost::system::error_code error) {
        if (error || stopped_.load()) return;
        clients_[reconnect_target(tick_++, clients_.size())]->reconnect();
        schedule();
    });
}

} // namespace rochade::bench
