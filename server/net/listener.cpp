#include "server/net/listener.h"

#include <fcntl.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <stdexcept>

#include <spdlog/spdlog.h>

#include "server/base/metrics.h"
#include "server/net/http_session.h"
#include "server/net/refusal.h"

namespace rochade::server {

Listener::Listener(net::io_context& io, SessionServices& services, const HttpEndpoints& endpoints)
    : io_(io), services_(services), endpoints_(endpoints), acceptor_(net::make_strand(io)), retry_timer_(acceptor_.get_executor()),
      spare_descriptor_(::open("/dev/null", O_RDONLY | O_CLOEXEC))
{
}

Listener::~Listener()
{
    if (spare_descriptor_ >= 0) ::close(spare_descriptor_);
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
        const bool out_of_descriptors =
            ec == net::error::no_descriptors || (ec.category() == beast::system_category() && ec.value() == ENFILE);
        if (out_of_descriptors && refuse_with_spare_descriptor()) return accept();
        return retry_accept_later(ec);
    }
    // A move is one small frame that should leave at once, not wait for the ACK of the frame
    // before it (Nagle's algorithm with the client's delayed ACKs can hold it ~40 ms).
    beast::error_code ignored;
    socket.set_option(tcp::no_delay(true), ignored);
    const auto& limits = services_.config.limits;
    if (services_.open_sockets.load() < limits.max_connections) {
        std::make_shared<HttpSession>(std::move(socket), services_, endpoints_, SocketSlot{services_.open_sockets})->run();
    } else if (services_.refused_sockets.load() < limits.max_refused_connections) {
        services_.metrics.limit_closed(LimitClose::ServerFull);
        std::make_shared<HttpSession>(std::move(socket), services_, endpoints_, SocketSlot{services_.refused_sockets},
                                      HttpSession::OverCapacity{})
            ->run();
    } else {
        // A flood at the limit: no session, no buffer, no timer for this one.
        services_.metrics.limit_closed(LimitClose::ServerFull);
        refuse_at_once(socket.native_handle());
        socket.close(ignored);
    }
    accept();
}

bool Listener::refuse_with_spare_descriptor()
{
    if (spare_descriptor_ < 0) return false;
    ::close(spare_descriptor_);
    const int client = ::accept4(acceptor_.native_handle(), nullptr, nullptr, SOCK_NONBLOCK | SOCK_CLOEXEC);
    if (client >= 0) {
        refuse_at_once(client);
        ::close(client);
        services_.metrics.limit_closed(LimitClose::DescriptorLimit);
    }
    spare_descriptor_ = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
    const auto now = std::chrono::steady_clock::now();
    if (now - last_accept_error_log_ >= std::chrono::seconds(1)) {
        spdlog::warn("out of file descriptors on port {}: {} waiting clients answered 503 on the spare descriptor",
                     port_, accept_errors_unreported_ + 1);
        last_accept_error_log_ = now;
        accept_errors_unreported_ = 0;
    } else {
        ++accept_errors_unreported_;
    }
    // No client (the backlog emptied meanwhile), or the spare not back: wait before the next try.
    return client >= 0 && spare_descriptor_ >= 0;
}

void Listener::retry_accept_later(const beast::error_code& ec)
{
    // Out of descriptors without a spare, or another accept error: log once a second at most,
    // and wait before trying again rather than spin.
    const auto now = std::chrono::steady_clock::now();
    if (now - last_accept_error_log_ >= std::chrono::seconds(1)) {
        spdlog::warn("accept on port {} failed: {} ({} more failures since the last report); retrying in 100 ms", port_,
                     ec.message(), accept_errors_unreported_);
        last_accept_error_log_ = now;
        accept_errors_unreported_ = 0;
    } else {
        ++accept_errors_unreported_;
    }
    retry_timer_.expires_after(std::chrono::milliseconds(100));
    retry_timer_.async_wait([self = shared_from_this()](beast::error_code wait_ec) {
        if (!wait_ec && self->acceptor_.is_open()) self->accept();
    });
}

} // namespace rochade::server
