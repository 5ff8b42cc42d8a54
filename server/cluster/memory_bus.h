// The bus inside one process: several MemoryBus objects on one MemoryHub behave as nodes sharing
// one Redis, so the cluster layer's tests run three nodes in one test without a Redis server.
// Leases expire by the steady clock like Redis keys with a PX time.
#pragma once

#include <atomic>
#include <chrono>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "server/base/asio.h"
#include "server/cluster/bus.h"

namespace rochade::server::cluster {

class MemoryBus;

// The shared part: channels and leases. A mutex guards both; it is held only to copy a list of
// subscribers or to read and write one lease, never while a handler runs.
class MemoryHub : public std::enable_shared_from_this<MemoryHub> {
public:
    // Makes a bus for a node whose callbacks run on `io`. The hub must be owned by a shared_ptr.
    std::shared_ptr<MemoryBus> connect(net::io_context& io);

    // What the nodes asked of the hub, for tests that count the bus's work: messages published
    // on `channel`, and lease holders looked up.
    std::uint64_t published_on(const std::string& channel);
    std::uint64_t holder_lookups();
    // Who holds the lease `key` now (tests that check which node plays a role).
    std::optional<std::string> lease_owner(const std::string& key);
    // Every lease is gone at once, as from a Redis that restarted without its data (tests).
    void forget_leases();

private:
    friend class MemoryBus;
    struct Lease {
        LeaseHolder holder;
        std::chrono::steady_clock::time_point expires;
    };

    // Leases past their time are dropped as they are looked at. Under the mutex.
    Lease* live_lease(const std::string& key, std::chrono::steady_clock::time_point now);

    std::mutex mutex_;
    // By channel. Plain pointers, never owners: a bus takes itself out under the mutex when it is
    // destroyed (~MemoryBus), so a bus found here is alive while the mutex is held, and a
    // publisher never holds a reference that could outlive the bus's own io_context (the last
    // reference dropped on another node's thread would destroy its strand after its io_context).
    std::map<std::string, std::set<MemoryBus*>> subscribers_;
    std::map<std::string, Lease> leases_;
    std::map<std::string, std::uint64_t> published_;
    std::uint64_t holder_lookups_ = 0;
};

class MemoryBus final : public Bus, public std::enable_shared_from_this<MemoryBus> {
public:
    MemoryBus(std::shared_ptr<MemoryHub> hub, net::io_context& io);
    ~MemoryBus() override;
    MemoryBus(const MemoryBus&) = delete;
    MemoryBus& operator=(const MemoryBus&) = delete;

    void publish(std::string channel, std::string message, BusDone done = {}) override;
    void subscribe(std::string channel, MessageHandler on_message) override;
    void unsubscribe(std::string channel) override;
    void claim(std::string key, std::string owner, std::string value, std::chrono::milliseconds ttl,
               std::function<void(BusResult<Claim>)> done) override;
    void claim_unless(std::string key, std::string guard, std::string owner, std::string value,
                      std::chrono::milliseconds ttl, std::function<void(BusResult<Claim>)> done) override;
    void renew(std::vector<HeldLease> leases, std::chrono::milliseconds ttl,
               std::function<void(BusResult<std::vector<std::string>>)> done) override;
    void release(std::string key, std::string owner, BusDone done = {}) override;
    void holder(std::string key, std::function<void(BusResult<std::optional<LeaseHolder>>)> done) override;
    void on_connection_change(std::function<void(bool up)> handler) override;

    // For tests of a node cut off from the bus (a network partition): while cut, every call is
    // answered Unavailable, nothing it publishes reaches anyone and nothing reaches it; the
    // connection handler hears false, and true when the cut ends.
    void cut_off(bool cut);
    // For tests that need the news to come late (after what a client did on this node
    // meanwhile): while held, the messages that reach this bus wait, in order, and go to their
    // handlers when the hold ends. Leases are not held, nor what this bus publishes.
    void hold_deliveries(bool held);

private:
    // Runs `work` on this bus's strand.
    template <class Work> void later(Work work);
    void deliver(const std::string& channel, std::shared_ptr<const std::string> message);

    std::shared_ptr<MemoryHub> hub_;
    net::strand<net::io_context::executor_type> strand_;
    std::map<std::string, MessageHandler> handlers_; // on the strand
    std::function<void(bool)> connection_handler_;
    std::atomic<bool> cut_{false};
    // On the strand: whether deliveries are held, and those held (channel, message), in order.
    bool holding_ = false;
    std::vector<std::pair<std::string, std::shared_ptr<const std::string>>> held_;
};

} // namespace rochade::server::cluster
