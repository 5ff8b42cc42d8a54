// One WebSocket client connection of the load generator: connect, upgrade, then read frames
// until closed, with a write queue so a sender never has two writes in flight. Everything a
// client does runs on the one thread of its io_context (IoThreads), which serialises it as a
// strand would, without a strand's queue and lock per handler; derived classes (players,
// spectators, echo clients) react to `on_open` and `on_frame` there and send with `send`.
#pragma once

#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/basic_stream.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/websocket/stream.hpp>

#include <deque>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "bench/loadgen_stats.h"

namespace rochade::bench {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace websocket = boost::beast::websocket;
using tcp = net::ip::tcp;

struct ServerAddress {
    tcp::endpoint endpoint;
    std::string host_header; // "127.0.0.1:8080"
    std::string path;        // "/ws"
};

class WsClient : public std::enable_shared_from_this<WsClient> {
public:
    WsClient(net::io_context& io, const ServerAddress& address, LoadStats& stats);
    virtual ~WsClient() = default;

    // Connects and upgrades; `done(ok)` is called once, on the client's thread, when the
    // handshake finished or failed (the connect pacer uses it to start the next one).
    void start(std::function<void(bool)> done);
    // Queues a text frame; safe from any thread.
    void send(std::string frame);
    // Sends a close frame (1000) after the queued writes; safe from any thread.
    void close();
    // Closes like close(), then, once the old connection's last handler has run, connects and
    // upgrades again on the same stream (Beast resets it at the handshake); on_open and the
    // frames follow as for the first connection. Safe from any thread; ignored unless open.
    void reconnect();
    bool is_open() const { return open_; }

protected:
    virtual void on_open() = 0;
    virtual void on_frame(std::string_view text) = 0;
    // Called on the client's thread when reconnect() begins to close (frames may still arrive
    // until the close is done; nothing can be sent any more).
    virtual void on_reconnecting() {}
    // True from close() or reconnect() until the connection is closed (or connected again).
    bool closing() const { return closing_; }
    // Must belong to an io_context that one thread runs (IoThreads).
    using Executor = net::io_context::executor_type;
    const Executor& executor() const { return executor_; }
    LoadStats& stats() { return stats_; }

private:
    void connect();
    // Connects again when a reconnect is pending and no read, write or close is in flight.
    void connect_again_when_idle();
    // `self` keeps the client alive while a read is in flight and is handed on to the next read.
    void read_next(std::shared_ptr<WsClient> self);
    void enqueue(std::string frame);
    void write_next();
    void fail(const char* what, beast::error_code error);

    Executor executor_;
    // The stream's executor is the concrete executor type rather than the type-erased
    // any_io_executor of beast::tcp_stream: each read and write of a frame goes through it
    // several times, and the type erasure was ~5 % of the load generator's CPU at peak.
    websocket::stream<beast::basic_stream<tcp, Executor>> socket_;
    const ServerAddress& address_;
    LoadStats& stats_;
    beast::flat_buffer read_buffer_;
    std::deque<std::string> write_queue_;
    std::function<void(bool)> on_handshake_;
    bool open_ = false;
    bool writing_ = false;
    bool closing_ = false;
    bool reading_ = false;
    bool close_in_flight_ = false;
    bool reconnect_pending_ = false;
    int handshakes_ = 0;
};

} // namespace rochade::bench
