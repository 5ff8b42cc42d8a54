#include "bench/loadgen_ws_client.h"

#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>
#include <boost/beast/core/buffers_to_string.hpp>
#include <boost/beast/websocket/stream_base.hpp>

namespace rochade::bench {

WsClient::WsClient(net::io_context& io, const ServerAddress& address, LoadStats& stats)
    : executor_(io.get_executor()), socket_(executor_), address_(address), stats_(stats)
{
}

void WsClient::start(std::function<void(bool)> done)
{
    on_handshake_ = std::move(done);
    connect();
}

void WsClient::connect()
{
    auto self = shared_from_this();
    beast::get_lowest_layer(socket_).expires_after(std::chrono::seconds(30));
    beast::get_lowest_layer(socket_).async_connect(address_.endpoint, [self](beast::error_code error) {
        if (error) return self->fail("connect", error);
        beast::get_lowest_layer(self->socket_).expires_never();
        // The client side of the suggested timeouts: a handshake deadline and keep-alive pings
        // answered by Beast, so an idle spectator is not dropped by the server's idle timeout.
        self->socket_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::client));
        self->socket_.text(true);
        self->socket_.async_handshake(self->address_.host_header, self->address_.path, [self](beast::error_code error) {
            if (error) return self->fail("handshake", error);
            self->open_ = true;
            // `connected` counts clients; a connection after a reconnect counts apart.
            (self->handshakes_++ == 0 ? self->stats_.connected : self->stats_.reconnects).add();
            if (auto done = std::exchange(self->on_handshake_, nullptr)) done(true);
            self->on_open();
            self->read_next(self);
        });
    });
}

void WsClient::read_next(std::shared_ptr<WsClient> self)
{
    reading_ = true;
    socket_.async_read(read_buffer_, [self = std::move(self)](beast::error_code error, std::size_t) mutable {
        if (error) {
            self->reading_ = false;
            self->fail("read", error);
            return self->connect_again_when_idle();
        }
        WsClient& client = *self;
        client.stats_.frames_received.add();
        const auto data = client.read_buffer_.cdata();
        client.on_frame(std::string_view(static_cast<const char*>(data.data()), data.size()));
        client.read_buffer_.clear();
        client.read_next(std::move(self));
    });
}

// Most frames are sent from on_frame, already on the client's thread: they skip the hop.
void WsClient::send(std::string frame)
{
    if (executor_.running_in_this_thread()) return enqueue(std::move(frame));
    net::post(executor_,
              [self = shared_from_this(), frame = std::move(frame)]() mutable { self->enqueue(std::move(frame)); });
}

void WsClient::enqueue(std::string frame)
{
    if (!open_ || closing_) return;
    write_queue_.push_back(std::move(frame));
    if (!writing_) write_next();
}

void WsClient::write_next()
{
    if (write_queue_.empty()) {
        writing_ = false;
        if (closing_ && open_) {
            close_in_flight_ = true;
            socket_.async_close(websocket::close_code::normal, [self = shared_from_this()](beast::error_code) {
                self->open_ = false;
                self->close_in_flight_ = false;
                self->connect_again_when_idle();
            });
        }
        return;
    }
    writing_ = true;
    socket_.async_write(net::buffer(write_queue_.front()),
                        [self = shared_from_this()](beast::error_code error, std::size_t) {
                            if (error) {
                                self->writing_ = false;
                                self->fail("write", error);
                                return self->connect_again_when_idle();
                            }
                            self->write_queue_.pop_front();
                            self->write_next();
                        });
}

void WsClient::close()
{
    net::dispatch(executor_, [self = shared_from_this()] {
        if (!self->open_ || self->closing_) return;
        self->closing_ = true;
        if (!self->writing_) self->write_next();
    });
}

void WsClient::reconnect()
{
    net::dispatch(executor_, [self = shared_from_this()] {
        if (!self->open_ || self->closing_) return;
        self->closing_ = true;
        self->reconnect_pending_ = true;
        self->on_reconnecting();
        if (!self->writing_) self->write_next();
    });
}

// The old connection is done with when its read loop has ended and no write or close handler
// is still to run: only then may the stream start over (a handshake resets it).
void WsClient::connect_again_when_idle()
{
    if (!reconnect_pending_ || reading_ || writing_ || close_in_flight_) return;
    reconnect_pending_ = false;
    closing_ = false;
    open_ = false;
    write_queue_.clear();
    read_buffer_.clear();
    connect();
}

// A failure after our own close is the normal end of the connection and not counted; a close
// by the server is counted with its close code (1008: rate limit or write queue, 1001: shutdown).
void WsClient::fail(const char* what, beast::error_code error)
{
    open_ = false;
    if (auto done = std::exchange(on_handshake_, nullptr)) done(false);
    if (closing_ || error == net::error::operation_aborted) return;
    if (error == websocket::error::closed) {
        const auto& reason = socket_.reason();
        std::string key = "closed by server with code " + std::to_string(reason.code);
        if (!reason.reason.empty()) key += " (" + std::string(reason.reason.data(), reason.reason.size()) + ")";
        stats_.connection_failures.add(key);
        return;
    }
    stats_.connection_failures.add(std::string(what) + ": " + error.message());
}

} // namespace rochade::bench
