// Client churn for the soak: --reconnect-fraction F --reconnect-every S makes F of
// the clients close their connection normally and connect again every S seconds, one at a
// time, evenly spread over the S seconds rather than all at once (a browser reloading, a
// phone changing networks). A player comes back with its resume token and watches its table
// again, so its game goes on; a spectator resumes, enters its room and watches again.
//
// Every client has its turn before any has a second one: tick t reconnects client
// (t * stride) mod N, with a stride coprime to N, so in N ticks each client comes once, and
// neighbours (a pairing's two players, then its spectator) are scattered over the rounds.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

namespace rochade::bench {

class WsClient;

struct ReconnectPlan {
    std::size_t per_round = 0;         // clients reconnected per round (0: no churn)
    std::chrono::nanoseconds interval; // between two reconnects: the round's length / per_round
    std::chrono::nanoseconds first;    // the first reconnect: one round after the start
};

// The plan for `clients` clients, `fraction` (0..1] of them per round of `every_s` seconds;
// at least one client a round when fraction > 0. fraction 0: per_round 0.
ReconnectPlan plan_reconnects(std::size_t clients, double fraction, double every_s);

// A step coprime to `clients` (> 0) near 0.618 of it, so that successive ticks land far apart.
std::size_t scatter_stride(std::size_t clients);

// The client reconnected at tick `tick` (0-based) among `clients` (> 0).
std::size_t reconnect_target(std::uint64_t tick, std::size_t clients);

// Runs the plan on one io_context: at each tick, asks the tick's client to reconnect (the
// client does it on its own thread). The clients must outlive the Reconnector's last tick.
class Reconnector {
public:
    Reconnector(boost::asio::io_context& io, const std::vector<std::shared_ptr<WsClient>>& clients, ReconnectPlan plan);

    void start();
    // No reconnect is asked for after this returns (a tick already running may finish).
    void stop();

private:
    void schedule();

    boost::asio::steady_timer timer_;
    const std::vector<std::shared_ptr<WsClient>>& clients_;
    const ReconnectPlan plan_;
    std::chrono::steady_clock::time_point start_;
    std::uint64_t tick_ = 0;
    std::atomic<bool> stopped_{false};
};

} // namespace rochade::bench
