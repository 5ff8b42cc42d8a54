// One WebSocket connection: the bytes and the limits, nothing of the protocol. It enforces the
// message size (close 1009), text frames only (close 1003), the message-rate budget (an
// error frame, then close 1008), a budget for the client's pings and pongs and one for the bytes
// it sends (close 1008), the idle timeout with pings (its own watchdog timer) and a bounded
// write queue (a client that does not read is closed with 1008). Complete text
// messages go to the ConnectionHandler (the router) in order, on this session's strand.
//
// The handler sees on_open after the handshake, then on_message for each message, then
// on_close exactly once when the session ends for any reason. A session whose handshake fails
// never reaches the handler.
//
// The session is a template over the stream under the WebSocket layer: the server runs it over
// TCP (WsSession, instantiated once in ws_session.cpp), the fuzz target fuzz_websocket over
// Beast's in-memory test stream, so the code fuzzed is the code that serves. What differs
// between streams (the peer's address, the byte budget on reads) is WsLowestLayer's.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "server/base/metrics.h"
#include <boost/asio/bind_cancellation_slot.hpp>
#include <boost/asio/cancellation_signal.hpp>

#include "server/net/beast.h"
#include "server/net/message_budget.h"
#include "server/net/read_budget.h"
#include "server/net/session_services.h"

namespace rochade::server {

// The server's stream: TCP, with the byte budget on reads as its rate policy.
using TcpWsStream = beast::basic_stream<tcp, net::any_io_executor, ReadBudget>;

// What a session needs of its stream beyond reading and writing; specialised per stream.
template <class NextLayer> struct WsLowestLayer;

template <> struct WsLowestLayer<TcpWsStream> {
    static PeerAddress peer(TcpWsStream& stream)
    {
        beast::error_code ec;
        const auto endpoint = stream.socket().remote_endpoint(ec);
        if (ec) return {"unknown", "unknown"};
        const auto ip = endpoint.address().to_string();
        return {ip, ip + ":" + std::to_string(endpoint.port())};
    }
    static void arm_read_budget(TcpWsStream& stream, double bytes_per_second, double burst_bytes,
                                std::function<void()> on_exceeded)
    {
        stream.rate_policy().arm(bytes_per_second, burst_bytes, std::move(on_exceeded));
    }
};

template <class NextLayer>
class BasicWsSession final : public Connection, public std::enable_shared_from_this<BasicWsSession<NextLayer>> {
public:
    BasicWsSession(NextLayer&& stream, SessionServices& services, SocketSlot slot);

    // The client a trusted proxy named for this connection (X-Forwarded-For), which replaces the
    // socket's peer in ip_address() and is named with it in remote_address(). Before start().
    void set_forwarded_client(const std::string& client_ip);
    // Answers the upgrade request and starts reading.
    void start(http::request<http::string_body> upgrade_request);

    void send(std::shared_ptr<const std::string> frame) override;
    using Connection::send;
    void send_error(const std::optional<protocol::RequestId>& id, protocol::ErrorCode code,
                    std::string_view message) override;
    void send_error(const std::optional<protocol::RequestId>& id, protocol::ErrorCode code, std::string_view message,
                    const protocol::ErrorSanction& sanction) override;
    void close(CloseCode code, std::string reason) override;
    void post(std::function<void()> work) override;
    bool is_open() const override { return !finished_.load(std::memory_order_acquire); }
    std::uint64_t id() const override { return id_; }
    const std::string& remote_address() const override { return remote_address_; }
    const std::string& ip_address() const override { return ip_address_; }

private:
    void on_accept(beast::error_code ec);
    void read();
    void on_read(beast::error_code ec, std::size_t bytes);
    void deliver_message();
    void enqueue(std::shared_ptr<const std::string> frame);
    void write_next();
    void on_write(beast::error_code ec, std::size_t bytes);
    // Closes after the frames already queued.
    void request_close(CloseCode code, std::string reason);
    void request_close(websocket::close_code code, std::string reason);
    // Closes now: the queued frames that are not yet being written are dropped.
    void drop(websocket::close_code code, std::string reason);
    void start_close();
    void on_closed(beast::error_code ec);
    // The session's one end: deregisters, tells the handler, logs.
    void finish(const std::string& why);
    // The idle watchdog: a ping after half the idle timeout without a frame from the client,
    // the connection closed after the whole of it if that ping is not answered (and not before
    // half the timeout has passed since the ping). Beast's own idle timeout does the same but
    // re-arms its timer on every read (a cancel and a new wait, about 3 % of the server's CPU
    // at the peak); this one wakes once per half timeout and compares with last_heard_.
    void arm_idle_check(std::chrono::steady_clock::time_point at);
    void on_idle_check(beast::error_code ec);
    // From Beast's control callback, inside a read: counts a ping or pong against its budget.
    void on_control_frame(websocket::frame_type kind);
    // Counts the close, logs `what` and closes with 1008 and `reason`, once.
    void close_over_budget(LimitClose limit, std::string reason, std::string what);
    // The close was not completed in close_grace: ends the read and the close however they wait.
    void on_close_deadline(beast::error_code ec);

    websocket::stream<NextLayer> ws_;
    beast::flat_buffer message_;
    SessionServices& services_;
    SocketSlot slot_;
    const std::uint64_t id_;
    std::string remote_address_;
    std::string ip_address_;
    MessageBudget budget_;
    MessageBudget control_budget_; // pings and pongs from the client
    bool over_budget_ = false;     // a budget ran out and its close is posted
    std::chrono::steady_clock::time_point opened_at_;

    std::deque<std::shared_ptr<const std::string>> queue_; // front() is being written when writing_
    std::size_t queued_bytes_ = 0;
    bool writing_ = false;

    std::optional<websocket::close_reason> pending_close_; // the close we send when the queue is done
    bool close_started_ = false;
    bool opened_ = false;               // on_open was called
    bool ended_ = false;                // on_close was called
    std::atomic<bool> finished_{false}; // ended_, for other threads (is_open)
    // A close the client does not complete (it does not read, or does not answer the close
    // frame) ends with the socket closed at this deadline.
    net::steady_timer close_deadline_;
    // Bound to the read and to the close; the close deadline emits both. Beast 1.81 can leave
    // them waiting on each other for ever, and a closed socket does not wake them (see
    // on_close_deadline).
    net::cancellation_signal read_cancel_;
    net::cancellation_signal close_cancel_;
    net::steady_timer idle_check_;
    std::chrono::steady_clock::time_point last_heard_; // the last frame or control frame read
    // The last time the watchdog asked; later than last_heard_ while that ping is unanswered.
    std::chrono::steady_clock::time_point pinged_at_{};
    bool ping_in_flight_ = false;
    bool idle_timed_out_ = false;
};

using WsSession = BasicWsSession<TcpWsStream>;
extern template class BasicWsSession<TcpWsStream>;

} // namespace rochade::server
