// Connections from one address that have not said who they are yet, counted against
// player_limits.connections_per_address_before_hello: an address cannot hold thousands of
// anonymous sockets open (each costs memory and a descriptor) while identified players are not
// limited this way. A mutex guards only the counts; a slot gives its place back when it is
// destroyed or released (the connection identified itself or closed).
#pragma once

#include <cstddef>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

namespace rochade::server {

class AddressSlots : public std::enable_shared_from_this<AddressSlots> {
public:
    class Slot {
    public:
        Slot() = default;
        Slot(std::shared_ptr<AddressSlots> owner, std::string address)
            : owner_(std::move(owner)), address_(std::move(address))
        {
        }
        Slot(Slot&& other) noexcept = default;
        Slot& operator=(Slot&& other) noexcept
        {
            if (this != &other) {
                release();
                owner_ = std::move(other.owner_);
                address_ = std::move(other.address_);
            }
            return *this;
        }
        Slot(const Slot&) = delete;
        Slot& operator=(const Slot&) = delete;
        ~Slot() { release(); }
        void release()
        {
            if (owner_) owner_->give_back(address_);
            owner_.reset();
        }
        explicit operator bool() const { return owner_ != nullptr; }

    private:
        std::shared_ptr<AddressSlots> owner_;
        std::string address_;
    };

    explicit AddressSlots(std::size_t per_address) : per_address_(per_address) {}

    // A slot for `address`, or an empty one when the address holds its limit already.
    Slot take(const std::string& address)
    {
        std::lock_guard lock(mutex_);
        auto& count = counts_[address];
        if (count >= per_address_) return {};
        ++count;
        return Slot(shared_from_this(), address);
    }

    std::size_t held(const std::string& address) const
    {
        std::lock_guard lock(mutex_);
        const auto found = counts_.find(address);
        return found == counts_.end() ? 0 : found->second;
    }

private:
    void give_back(const std::string& address)
    {
        std::lock_guard lock(mutex_);
        const auto found = counts_.find(address);
        if (found == counts_.end()) return;
        if (--found->second == 0) counts_.erase(found);
    }

    const std::size_t per_address_;
    mutable std::mutex mutex_;
    std::unordered_map<std::string, std::size_t> counts_;
};

} // namespace rochade::server
