// Accepts TCP connections on the bind address and port and hands each socket, on its own
// strand, to an HTTP session. Past ConnectionLimits::max_connections open sockets, the new
// connection still gets an HTTP session, one that answers 503 and closes.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "server/beast.h"
#include "server/session_services.h"

namespace rochade::server {

class Listener : public std::enable_shared_from_this<Listener> {
public:
    Listener(net::io_context& io, SessionServices& services);

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

    net::io_context& io_;
    SessionServices& services_;
    tcp::acceptor acceptor_;
    // Waits a moment after an accept error such as "too many open files", rather than spin.
    net::steady_timer retry_timer_;
    std::chrono::steady_clock::time_point last_accept_error_log_{};
    std::size_t accept_errors_unreported_ = 0;
    std::uint16_t port_ = 0;
};

} // namespace rochade::server
