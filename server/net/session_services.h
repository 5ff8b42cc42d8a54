// What every network session shares: the configuration, the router that receives the frames,
// the registry of live WebSocket sessions, the metrics (for /health and /metrics; the sessions
// count their limit closes and error frames there), the trusted proxies whose X-Forwarded-For
// names the client, and the count of open sockets that the listener holds against
// ConnectionLimits::max_connections. Built once by the Server, complete; the sessions hold it by
// reference and the Server outlives them. What the HTTP session hands requests to is
// HttpEndpoints (net/http_endpoints.h).
#pragma once

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>

#include "server/clients/connection.h"
#include "server/config/server_config.h"
#include "server/clients/session_registry.h"
#include "server/config/trusted_proxies.h"

namespace rochade::server {

struct Metrics;
struct SessionServices {
    const ServerConfig& config;
    ConnectionHandler& handler;
    Metrics& metrics;
    SessionRegistry& sessions;
    std::chrono::steady_clock::time_point started_at = std::chrono::steady_clock::now();
    std::atomic<std::size_t> open_sockets{0};
    // Sockets past max_connections whose HTTP session is answering 503 (max_refused_connections).
    std::atomic<std::size_t> refused_sockets{0};
    std::atomic<std::uint64_t> last_connection_id{0};
    std::atomic<bool> shutting_down{false}; // new WebSocket sessions close at once with 1001

    // config.trusted_proxies, ready to match peers against.
    const TrustedProxies trusted_proxies{config.trusted_proxies};

    std::uint64_t next_connection_id() { return ++last_connection_id; }
};

// One accepted socket counted against max_connections (or, answered 503, against
// max_refused_connections) for as long as the slot lives; it moves from the HTTP session to the
// WebSocket session on upgrade.
class SocketSlot {
public:
    SocketSlot() = default;
    explicit SocketSlot(std::atomic<std::size_t>& open_sockets) : open_sockets_(&open_sockets) { ++*open_sockets_; }
    SocketSlot(SocketSlot&& other) noexcept : open_sockets_(other.open_sockets_) { other.open_sockets_ = nullptr; }
    SocketSlot& operator=(SocketSlot&& other) noexcept
    {
        if (this != &other) {
            release();
            open_sockets_ = other.open_sockets_;
            other.open_sockets_ = nullptr;
        }
        return *this;
    }
    ~SocketSlot() { release(); }

private:
    void release()
    {
        if (open_sockets_) --*open_sockets_;
        open_sockets_ = nullptr;
    }
    std::atomic<std::size_t>* open_sockets_ = nullptr;
};

} // namespace rochade::server
