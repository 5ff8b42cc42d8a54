// What the nodes of a Rochade cluster share, as the cluster layer sees it: channels to publish
// on and subscribe to, and leases (a key held by one owner until it stops renewing it). Redis
// provides both (server/cluster/redis/redis_bus.h); MemoryBus (memory_bus.h) provides them inside one
// process, so that the cluster layer's tests run several nodes without a Redis server.
//
// Every callback runs on the bus's own strand, never inside the call that registered it; it
// must only hand work off (post to its owner's strand). Every `done` runs exactly once.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace rochade::server::cluster {

enum class BusFailure : std::uint8_t {
    Unavailable, // not connected, timed out, or the connection dropped before the answer
    Refused,     // the bus answered with an error
};

struct BusError {
    BusFailure failure = BusFailure::Unavailable;
    std::string message; // what failed, for logs and the client's error
};

// A value or the reason there is none.
template <class T> using BusResult = std::variant<T, BusError>;

using BusDone = std::function<void(std::optional<BusError>)>;
using MessageHandler = std::function<void(std::string_view message)>;

// Who holds a lease, and what they wrote beside it (a node id, for a nick's lease).
struct LeaseHolder {
    std::string owner;
    std::string value;
    friend bool operator==(const LeaseHolder&, const LeaseHolder&) = default;
};

// A lease as its owner renews it.
struct HeldLease {
    std::string key;
    std::string owner;
};

// What claim() found: whether `owner` holds the lease now, and who held it before (nobody when
// it was free or had expired).
struct Claim {
    bool granted = false;
    std::optional<LeaseHolder> previous;
};

class Bus {
public:
    virtual ~Bus() = default;

    // Sends `message` to every subscriber of `channel` on every node, this one included. Messages
    // published by one node on one channel arrive in the order published. `done` (optional) is
    // told once the bus took it: not that anyone received it.
    virtual void publish(std::string channel, std::string message, BusDone done = {}) = 0;
    // One handler per channel (a second subscribe replaces it). Kept while the bus reconnects.
    virtual void subscribe(std::string channel, MessageHandler on_message) = 0;
    virtual void unsubscribe(std::string channel) = 0;

    // Takes the lease `key` for `owner` for `ttl`, writing `value` beside it: granted when the
    // lease is free (never taken, released or expired) or `owner` holds it already (then the
    // value is replaced and the ttl starts again). Refused leases are left as they are.
    virtual void claim(std::string key, std::string owner, std::string value, std::chrono::milliseconds ttl,
                       std::function<void(BusResult<Claim>)> done) = 0;
    // As claim(), and refused also while `guard` is a lease of another owner (who is then
    // `previous`): a nick is not granted to a new player while it is held for a seated one.
    virtual void claim_unless(std::string key, std::string guard, std::string owner, std::string value,
                              std::chrono::milliseconds ttl, std::function<void(BusResult<Claim>)> done) = 0;
    // Extends each lease its owner still holds by `ttl`, all in one step (a node renews everything
    // it holds at once: its tables and the nicks of its players); `done` gets the keys whose owner
    // no longer holds them (expired, or taken by another owner meanwhile).
    virtual void renew(std::vector<HeldLease> leases, std::chrono::milliseconds ttl,
                       std::function<void(BusResult<std::vector<std::string>>)> done) = 0;
    // Frees `key` if `owner` holds it; another owner's lease is left alone.
    virtual void release(std::string key, std::string owner, BusDone done = {}) = 0;
    // Who holds `key` now, if anyone.
    virtual void holder(std::string key, std::function<void(BusResult<std::optional<LeaseHolder>>)> done) = 0;

    // Told each time the bus is reachable again after it was lost (true) and when it is lost
    // (false), so that a node can announce again what it owns.
    virtual void on_connection_change(std::function<void(bool up)> handler) = 0;
};

} // namespace rochade::server::cluster
