// Accepts TCP connections on the bind address and port and hands each socket, on its own
// strand, to an HTTP session. Past ConnectionLimits::max_connections open sockets, the new
// connection still gets an HTTP session, one that answers 503 and closes; past
// max_refused_connections of those at once, it gets a fixed 503 and is closed at once
// (refuse_at_once). Out of descriptors (EMFILE), accept would fail for as long as the backlog
// is full and every client in it would hang: the listener keeps a spare descriptor (/dev/null),
// gives it up to accept one waiting client, answers it 503, closes it and takes the spare back.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "server/net/beast.h"
#include "server/net/http_endpoints.h"
#include "server/net/session_services.h"

namespace rochade::server {

class Listener : public std::enable_shared_from_this<Listener> {
public:
    Listener(net::io_context& io, SessionServices& services, const HttpEndpoints& endpoints);
    ~Listener();
    Listener(const Listener&) = delete;
    Listener& operator=(const Listener&) = delete;

    // Binds and listens (port 0: an ephemeral port). Throws std::runtime_error naming the
    // address, the port and the system's message when it cannot.
    void open(const std::string& address, std::uint16_t port);
    // The bound port after open().
    std::uint16_t port() const { return port_; }
    // Starts the accept loop.
    void start();
    // Stops accepting; callable from any thread.
    void stop();

private:
    void accept();
    void on_accept(beast::error_code ec, tcp::socket socket);
    // At EMFILE: the spare descriptor makes room for one accept, whose socket is refused.
    // False when there was no spare or no client to accept.
    bool refuse_with_spare_descriptor();
    void retry_accept_later(const beast::error_code& ec);

    net::io_context& io_;
    SessionServices& services_;
    const HttpEndpoints& endpoints_;
    tcp::acceptor acceptor_;
    // Waits a moment after an accept error such as "too many open files", rather than spin.
    net::steady_timer retry_timer_;
    std::chrono::steady_clock::time_point last_accept_error_log_{};
    std::size_t accept_errors_unreported_ = 0;
    std::uint16_t port_ = 0;
    int spare_descriptor_ = -1; // /dev/null, held to be closed when accept runs out of descriptors
};

} // namespace rochade::server
