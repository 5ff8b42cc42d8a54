#include "server/listener.h"

#include <stdexcept>

#include <spdlog/spdlog.h>

#include "server/http_session.h"
#include "server/metrics.h"

namespace rochade::server {

Listener::Listener(net::io_context& io, SessionServices& services)
    : io_(io), services_(services), acceptor_(net::make_strand(io)), retry_timer_(acceptor_.get_executor())
{
}

void Listener::open(const std::string& address, std::uint16_t port)
{
    const auto where = [&] { return address + " port " + std::to_string(port); };
    beast::error_code ec;
    const auto ip = net::ip::make_address(address, ec);
    if (ec) throw std::runtime_error("bind address '" + address + "' is not an IP address: " + ec.message());
    const tcp::endpoint endpoint{ip, port};
    acceptor_.open(endpoint.protocol(), ec);
    if (!ec) acceptor_.set_option(net::socket_base::reuse_address(true), ec);
    if (!ec) acceptor_.bind(endpoint, ec);
    if (!ec) acceptor_.listen(net::socket_base::max_listen_connections, ec);
    if (ec) throw std::runtime_error("cannot listen on " + where() + ": " + ec.message());
    port_ = acceptor_.local_endpoint().port();
}

void Listener::start()
{
    net::dispatch(acceptor_.get_executor(), [self = shared_from_this()] { self->accept(); });
}

void Listener::stop()
{
    net::dispatch(acceptor_.get_executor(), [self = shared_from_this()] {
        beast::error_code ignored;
        self->acceptor_.close(ignored);
        self->retry_timer_.cancel();
    });
}

void Listener::accept()
{
    // Each connection gets its own strand: its handlers never run concurrently, and different
    // connections run on different threads.
    acceptor_.async_accept(net::make_strand(io_), beast::bind_front_handler(&Listener::on_accept, shared_from_this()));
}

void Listener::on_accept(beast::error_code ec, tcp::socket socket)
{
    if (!acceptor_.is_open()) return;
    if (ec) {
        // Out of descriptors, accept fails at once for as long as the backlog is full: log once
        // a second at most, and wait before trying again rather than spin.
        const auto now = std::chrono::steady_clock::now();
        if (now - last_accept_error_log_ >= std::chrono::seconds(1)) {
            spdlog::warn("accept on port {} failed: {} ({} more failures since the last report); retrying in 100 ms",
                         port_, ec.message(), accept_errors_unreported_);
            last_accept_error_log_ = now;
            accept_errors_unreported_ = 0;
        } else {
            ++accept_errors_unreported_;
        }
        retry_timer_.expires_after(std::chrono::milliseconds(100));
        retry_timer_.async_wait([self = shared_from_this()](beast::error_code wait_ec) {
            if (!wait_ec && self->acceptor_.is_open()) self->accept();
        });
        return;
    }
    // A move is one small frame that should leave at once, not wait for the ACK of the frame
    // before it (Nagle's algorithm with the client's delayed ACKs can hold it ~40 ms).
    beast::error_code ignored;
    socket.set_option(tcp::no_delay(true), ignored);
    if (services_.open_sockets.load() >= services_.config.limits.max_connections) {
        services_.metrics.limit_closed(LimitClose::ServerFull);
        std::make_shared<HttpSession>(std::move(socket), services_, SocketSlot{}, HttpSession::OverCapacity{})->run();
    } else {
        std::make_shared<HttpSession>(std::move(socket), services_, SocketSlot{services_.open_sockets})->run();
    }
    accept();
}

} // namespace rochade::server
