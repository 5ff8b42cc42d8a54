#include "server/cluster/memory_bus.h"

#include <boost/asio/post.hpp>

namespace rochade::server::cluster {

using Clock = std::chrono::steady_clock;

std::shared_ptr<MemoryBus> MemoryHub::connect(net::io_context& io)
{
    // Each bus holds the hub, so the hub outlives its buses.
    return std::make_shared<MemoryBus>(shared_from_this(), io);
}

MemoryHub::Lease* MemoryHub::live_lease(const std::string& key, Clock::time_point now)
{
    const auto found = leases_.find(key);
    if (found == leases_.end()) return nullptr;
    if (found->second.expires <= now) {
        leases_.erase(found);
        return nullptr;
    }
    return &found->second;
}

MemoryBus::MemoryBus(std::shared_ptr<MemoryHub> hub, net::io_context& io)
    : hub_(std::move(hub)), strand_(net::make_strand(io))
{
}

template <class Work> void MemoryBus::later(Work work)
{
    net::post(strand_, [self = shared_from_this(), work = std::move(work)]() mutable { work(); });
}

void MemoryBus::publish(std::string channel, std::string message, BusDone done)
{
    std::vector<std::shared_ptr<MemoryBus>> receivers;
    {
        std::lock_guard lock(hub_->mutex_);
        if (const auto found = hub_->subscribers_.find(channel); found != hub_->subscribers_.end())
            for (const auto& weak : found->second)
                if (auto bus = weak.lock()) receivers.push_back(std::move(bus));
    }
    const auto shared = std::make_shared<const std::string>(std::move(message));
    for (const auto& bus : receivers) bus->deliver(channel, shared);
    if (done) later([done = std::move(done)] { done(std::nullopt); });
}

void MemoryBus::deliver(const std::string& channel, std::shared_ptr<const std::string> message)
{
    later([this, channel, message = std::move(message)] {
        if (const auto found = handlers_.find(channel); found != handlers_.end()) found->second(*message);
    });
}

void MemoryBus::subscribe(std::string channel, MessageHandler on_message)
{
    {
        std::lock_guard lock(hub_->mutex_);
        hub_->subscribers_[channel].insert(weak_from_this());
    }
    // Posted before any delivery the registration above lets through, so none is missed.
    later([this, channel = std::move(channel), on_message = std::move(on_message)]() mutable {
        handlers_[std::move(channel)] = std::move(on_message);
    });
}

void MemoryBus::unsubscribe(std::string channel)
{
    {
        std::lock_guard lock(hub_->mutex_);
        if (const auto found = hub_->subscribers_.find(channel); found != hub_->subscribers_.end()) {
            found->second.erase(weak_from_this());
            if (found->second.empty()) hub_->subscribers_.erase(found);
        }
    }
    later([this, channel = std::move(channel)] { handlers_.erase(channel); });
}

void MemoryBus::claim(std::string key, std::string owner, std::string value, std::chrono::milliseconds ttl,
                      std::function<void(BusResult<Claim>)> done)
{
    Claim claim;
    {
        std::lock_guard lock(hub_->mutex_);
        const auto now = Clock::now();
        auto* lease = hub_->live_lease(key, now);
        if (lease) claim.previous = lease->holder;
        if (!lease || lease->holder.owner == owner) {
            hub_->leases_[key] = MemoryHub::Lease{LeaseHolder{std::move(owner), std::move(value)}, now + ttl};
            claim.granted = true;
        }
    }
    later([done = std::move(done), claim = std::move(claim)] { done(claim); });
}

void MemoryBus::renew(std::vector<std::string> keys, std::string owner, std::chrono::milliseconds ttl,
                      std::function<void(BusResult<std::vector<std::string>>)> done)
{
    std::vector<std::string> lost;
    {
        std::lock_guard lock(hub_->mutex_);
        const auto now = Clock::now();
        for (auto& key : keys) {
            auto* lease = hub_->live_lease(key, now);
            if (lease && lease->holder.owner == owner)
                lease->expires = now + ttl;
            else
                lost.push_back(std::move(key));
        }
    }
    later([done = std::move(done), lost = std::move(lost)] { done(lost); });
}

void MemoryBus::release(std::string key, std::string owner, BusDone done)
{
    {
        std::lock_guard lock(hub_->mutex_);
        if (auto* lease = hub_->live_lease(key, Clock::now()); lease && lease->holder.owner == owner)
            hub_->leases_.erase(key);
    }
    if (done) later([done = std::move(done)] { done(std::nullopt); });
}

void MemoryBus::holder(std::string key, std::function<void(BusResult<std::optional<LeaseHolder>>)> done)
{
    std::optional<LeaseHolder> found;
    {
        std::lock_guard lock(hub_->mutex_);
        if (auto* lease = hub_->live_lease(key, Clock::now())) found = lease->holder;
    }
    later([done = std::move(done), found = std::move(found)] { done(found); });
}

void MemoryBus::on_connection_change(std::function<void(bool up)> handler)
{
    later([this, handler = std::move(handler)]() mutable { connection_handler_ = std::move(handler); });
}

} // namespace rochade::server::cluster
