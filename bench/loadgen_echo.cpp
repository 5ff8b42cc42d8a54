#include "bench/loadgen_echo.h"

#include <boost/asio/steady_timer.hpp>

#include <chrono>
#include <random>

namespace rochade::bench {
namespace {

using SteadyClock = std::chrono::steady_clock;

// One connection doing round trips: one frame in flight at a time.
class EchoClient final : public WsClient {
public:
    EchoClient(net::io_context& io, const ServerAddress& address, LoadStats& stats, const LoadgenOptions& options,
               std::uint64_t seed)
        : WsClient(io, address, stats), options_(options), timer_(executor()), random_(seed)
    {
        // A frame shaped like a small protocol message, padded to the requested size.
        frame_ = "{\"type\":\"ping\",\"id\":1,\"pad\":\"\"}";
        if (options.echo_payload_bytes > static_cast<int>(frame_.size()))
            frame_.insert(frame_.size() - 2, std::string(options.echo_payload_bytes - frame_.size(), 'x'));
    }

protected:
    void on_open() override
    {
        if (options_.rate <= 0) return send_now();
        // Spread the clients' first frames over one period so they do not arrive together.
        const double period_s = 1.0 / options_.rate;
        next_due_ = SteadyClock::now() +
                    std::chrono::duration_cast<SteadyClock::duration>(
                        std::chrono::duration<double>(std::uniform_real_distribution<double>(0, period_s)(random_)));
        send_when_due();
    }

    void on_frame(std::string_view) override
    {
        if (stats().measuring.load()) {
            stats().round_trips.add();
            stats().latency.record(
                std::chrono::duration_cast<std::chrono::microseconds>(SteadyClock::now() - sent_at_).count());
        }
        if (options_.rate <= 0) return send_now();
        next_due_ = std::max(next_due_ + std::chrono::duration_cast<SteadyClock::duration>(
                                             std::chrono::duration<double>(1.0 / options_.rate)),
                             SteadyClock::now());
        send_when_due();
    }

private:
    void send_now()
    {
        sent_at_ = SteadyClock::now();
        send(frame_);
    }

    void send_when_due()
    {
        timer_.expires_at(next_due_);
        timer_.async_wait(
            [self = std::static_pointer_cast<EchoClient>(shared_from_this())](boost::system::error_code error) {
                if (!error) self->send_now();
            });
    }

    const LoadgenOptions& options_;
    net::steady_timer timer_;
    std::mt19937_64 random_;
    std::string frame_;
    SteadyClock::time_point sent_at_;
    SteadyClock::time_point next_due_;
};

} // namespace

EchoLoad::EchoLoad(IoThreads& threads, const ServerAddress& address, const LoadgenOptions& options, LoadStats& stats)
    : options_(options), stats_(stats)
{
    for (int i = 0; i < options.clients; ++i)
        clients_.push_back(
            std::make_shared<EchoClient>(threads.context_for(i), address, stats, options, 0x9e3779b97f4a7c15ULL + i));
}

void EchoLoad::start()
{
    for (int i = 0; i < options_.connect_concurrency; ++i) connect_next();
}

void EchoLoad::connect_next()
{
    const std::size_t index = next_to_connect_.fetch_add(1);
    if (index >= clients_.size()) return;
    clients_[index]->start([this](bool) { connect_next(); });
}

bool EchoLoad::ramp_done() const
{
    return stats_.connected.load() + stats_.connection_failures.total() >= static_cast<std::int64_t>(clients_.size());
}

void EchoLoad::close_all()
{
    for (auto& client : clients_) client->close();
}

} // namespace rochade::bench
