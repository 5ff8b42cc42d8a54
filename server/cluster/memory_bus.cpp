#include "server/cluster/memory_bus.h"

#include <utility>

#include <boost/asio/post.hpp>

namespace rochade::server::cluster {

using Clock = std::chrono::steady_clock;

std::shared_ptr<MemoryBus> MemoryHub::connect(net::io_context& io)
{
    // Each bus holds the hub, so the hub outlives its buses.
    return std::make_shared<MemoryBus>(shared_from_this(), io);
}

std::uint64_t MemoryHub::published_on(const std::string& channel)
{
    std::lock_guard lock(mutex_);
    const auto found = published_.find(channel);
    return found == published_.end() ? 0 : found->second;
}

std::uint64_t MemoryHub::holder_lookups()
{
    std::lock_guard lock(mutex_);
    return holder_lookups_;
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

MemoryBus::~MemoryBus()
{
    // Out of every channel before any member goes: a publisher holding the hub's mutex may be
    // delivering to this bus right now, and does so to a whole object.
    std::lock_guard lock(hub_->mutex_);
    for (auto it = hub_->subscribers_.begin(); it != hub_->subscribers_.end();) {
        it->second.erase(this);
        it = it->second.empty() ? hub_->subscribers_.erase(it) : std::next(it);
    }
}

MemoryBus::MemoryBus(std::shared_ptr<MemoryHub> hub, net::io_context& io)
    : hub_(std::move(hub)), strand_(net::make_strand(io))
{
}

template <class Work> void MemoryBus::later(Work work)
{
    net::post(strand_, [self = shared_from_this(), work = std::move(work)]() mutable { work(); });
}

namespace {

BusError cut_error() { return BusError{BusFailure::Unavailable, "memory bus: cut off"}; }

} // namespace

std::optional<std::string> MemoryHub::lease_owner(const std::string& key)
{
    std::lock_guard lock(mutex_);
    if (auto* lease = live_lease(key, Clock::now())) return lease->holder.owner;
    return std::nullopt;
}

void MemoryHub::forget_leases()
{
    std::lock_guard lock(mutex_);
    leases_.clear();
}

void MemoryBus::cut_off(bool cut)
{
    if (cut_.exchange(cut) == cut) return;
    later([this, cut] {
        if (connection_handler_) connection_handler_(!cut);
    });
}

void MemoryBus::publish(std::string channel, std::string message, BusDone done)
{
    if (cut_) {
        if (done) later([done = std::move(done)] { done(cut_error()); });
        return;
    }
    const auto shared = std::make_shared<const std::string>(std::move(message));
    {
        // Delivered under the mutex: each subscriber is alive while it is held (subscribers_),
        // and delivering only posts to the subscriber's strand.
        std::lock_guard lock(hub_->mutex_);
        ++hub_->published_[channel];
        if (const auto found = hub_->subscribers_.find(channel); found != hub_->subscribers_.end())
            for (MemoryBus* bus : found->second) bus->deliver(channel, shared);
    }
    if (done) later([done = std::move(done)] { done(std::nullopt); });
}

void MemoryBus::hold_deliveries(bool held)
{
    later([this, held] {
        holding_ = held;
        if (held) return;
        auto waiting = std::exchange(held_, {});
        for (const auto& [channel, message] : waiting)
            if (const auto found = handlers_.find(channel); found != handlers_.end()) found->second(*message);
    });
}

void MemoryBus::deliver(const std::string& channel, std::shared_ptr<const std::string> message)
{
    // Weak: the bus may be on its way out (its destructor waits for the hub's mutex, which the
    // publisher holds), and then the message is dropped, as Redis drops it for a gone client.
    net::post(strand_, [weak = weak_from_this(), channel, message = std::move(message)] {
        const auto self = weak.lock();
        if (!self || self->cut_) return;
        if (self->holding_) {
            self->held_.emplace_back(channel, message);
            return;
        }
        if (const auto found = self->handlers_.find(channel); found != self->handlers_.end()) found->second(*message);
    });
}

void MemoryBus::subscribe(std::string channel, MessageHandler on_message)
{
    {
        std::lock_guard lock(hub_->mutex_);
        hub_->subscribers_[channel].insert(this);
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
            found->second.erase(this);
            if (found->second.empty()) hub_->subscribers_.erase(found);
        }
    }
    later([this, channel = std::move(channel)] { handlers_.erase(channel); });
}

void MemoryBus::claim(std::string key, std::string owner, std::string value, std::chrono::milliseconds ttl,
                      std::function<void(BusResult<Claim>)> done)
{
    claim_unless(std::move(key), "", std::move(owner), std::move(value), ttl, std::move(done));
}

void MemoryBus::claim_unless(std::string key, std::string guard, std::string owner, std::string value,
                             std::chrono::milliseconds ttl, std::function<void(BusResult<Claim>)> done)
{
    if (cut_) return later([done = std::move(done)] { done(cut_error()); });
    Claim claim;
    {
        std::lock_guard lock(hub_->mutex_);
        const auto now = Clock::now();
        auto* guarding = guard.empty() ? nullptr : hub_->live_lease(guard, now);
        auto* lease = hub_->live_lease(key, now);
        if (guarding && guarding->holder.owner != owner) {
            claim.previous = guarding->holder;
        } else {
            if (lease) claim.previous = lease->holder;
            if (!lease || lease->holder.owner == owner) {
                hub_->leases_[key] = MemoryHub::Lease{LeaseHolder{std::move(owner), std::move(value)}, now + ttl};
                claim.granted = true;
            }
        }
    }
    later([done = std::move(done), claim = std::move(claim)] { done(claim); });
}

void MemoryBus::renew(std::vector<HeldLease> leases, std::chrono::milliseconds ttl,
                      std::function<void(BusResult<std::vector<std::string>>)> done)
{
    if (cut_) return later([done = std::move(done)] { done(cut_error()); });
    std::vector<std::string> lost;
    {
        std::lock_guard lock(hub_->mutex_);
        const auto now = Clock::now();
        for (auto& held : leases) {
            auto* lease = hub_->live_lease(held.key, now);
            if (lease && lease->holder.owner == held.owner)
                lease->expires = now + ttl;
            else
                lost.push_back(std::move(held.key));
        }
    }
    later([done = std::move(done), lost = std::move(lost)] { done(lost); });
}

void MemoryBus::release(std::string key, std::string owner, BusDone done)
{
    if (cut_) {
        if (done) later([done = std::move(done)] { done(cut_error()); });
        return;
    }
    {
        std::lock_guard lock(hub_->mutex_);
        if (auto* lease = hub_->live_lease(key, Clock::now()); lease && lease->holder.owner == owner)
            hub_->leases_.erase(key);
    }
    if (done) later([done = std::move(done)] { done(std::nullopt); });
}

void MemoryBus::holder(std::string key, std::function<void(BusResult<std::optional<LeaseHolder>>)> done)
{
    if (cut_) return later([done = std::move(done)] { done(cut_error()); });
    std::optional<LeaseHolder> found;
    {
        std::lock_guard lock(hub_->mutex_);
        ++hub_->holder_lookups_;
        if (auto* lease = hub_->live_lease(key, Clock::now())) found = lease->holder;
    }
    later([done = std::move(done), found = std::move(found)] { done(found); });
}

void MemoryBus::on_connection_change(std::function<void(bool up)> handler)
{
    later([this, handler = std::move(handler)]() mutable { connection_handler_ = std::move(handler); });
}

} // namespace rochade::server::cluster
