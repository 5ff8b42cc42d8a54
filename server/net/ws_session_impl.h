// The WebSocket session's code, for any stream under the WebSocket layer. Included by
// ws_session.cpp, which instantiates it for the server's TCP stream, and by
// tests/server/net/beast_test_stream_layer.h, for the tests that run it over Beast's in-memory
// test stream (the fuzz target tests/fuzz/fuzz_websocket.cpp and
// tests/server/net/test_ws_session_stream.cpp). Nothing else includes it.
#pragma once

#include "server/net/ws_session.h"

#include <algorithm>
#include <utility>

#include <spdlog/fmt/fmt.h>
#include <spdlog/spdlog.h>

#include "protocol/encode.h"
#include "protocol/utf8.h"
#include "server/base/metrics.h"

namespace rochade::server {

namespace ws_session_detail {

// Time the client gets to finish a close we started before its socket is closed under it.
inline constexpr std::chrono::seconds close_grace{3};
inline constexpr std::chrono::seconds handshake_timeout{10};
// A message buffer that grew past this is given back after the message, to keep idle
// connections small.
inline constexpr std::size_t idle_buffer_bytes = 8 * 1024;
// RFC 6455 allows at most 123 bytes of reason in a close frame.
inline constexpr std::size_t max_close_reason = 123;
// The most a frame's header can take from a client (2 bytes, an 8-byte length, the mask), and
// the largest control frame (125 bytes of payload).
inline constexpr double frame_header_bytes = 14;
inline constexpr double control_frame_bytes = 131;

inline websocket::close_reason make_close_reason(websocket::close_code code, std::string reason)
{
    if (reason.size() > max_close_reason) reason.resize(max_close_reason);
    return websocket::close_reason(code, reason);
}

inline std::string describe(const websocket::close_reason& reason)
{
    std::string text = "code " + std::to_string(reason.code);
    if (!reason.reason.empty()) text += " \"" + std::string(reason.reason.c_str()) + "\"";
    return text;
}

} // namespace ws_session_detail

template <class NextLayer>
BasicWsSession<NextLayer>::BasicWsSession(NextLayer&& stream, SessionServices& services, SocketSlot slot)
    : ws_(std::move(stream)), services_(services), slot_(std::move(slot)), id_(services.next_connection_id()),
      budget_(services.config.limits.messages_per_second, services.config.limits.message_burst,
              std::chrono::steady_clock::now()),
      control_budget_(services.config.limits.control_frames_per_second, services.config.limits.control_frame_burst,
                      std::chrono::steady_clock::now()),
      close_deadline_(ws_.get_executor()), idle_check_(ws_.get_executor())
{
    const auto peer = WsLowestLayer<NextLayer>::peer(ws_.next_layer());
    ip_address_ = peer.ip_address;
    remote_address_ = peer.remote_address;
}

template <class NextLayer> void BasicWsSession<NextLayer>::set_forwarded_client(const std::string& client_ip)
{
    remote_address_ = client_ip + " (via " + remote_address_ + ")";
    ip_address_ = client_ip;
}

template <class NextLayer> void BasicWsSession<NextLayer>::start(http::request<http::string_body> upgrade_request)
{
    using namespace ws_session_detail;
    // Beast's own timeouts for the handshake and the closing handshake; the idle timeout is the
    // session's watchdog (arm_idle_check), which also hears control frames.
    websocket::stream_base::timeout timeouts{};
    timeouts.handshake_timeout = handshake_timeout;
    timeouts.idle_timeout = websocket::stream_base::none();
    timeouts.keep_alive_pings = false;
    ws_.set_option(timeouts);
    // The callback lives in ws_, which this session owns.
    ws_.control_callback([this](websocket::frame_type kind, beast::string_view) { on_control_frame(kind); });
    // The bytes a client may send: what its message and control budgets allow at the largest
    // frames. Only a client that sends what no budget accounts for (empty fragments) runs out.
    const auto& limits = services_.config.limits;
    const double message_bytes = double(limits.max_message_bytes) + frame_header_bytes;
    WsLowestLayer<NextLayer>::arm_read_budget(
        ws_.next_layer(),
        limits.messages_per_second * message_bytes + limits.control_frames_per_second * control_frame_bytes,
        limits.message_burst * message_bytes + limits.control_frame_burst * control_frame_bytes, [this] {
            close_over_budget(LimitClose::ReadRate, "read rate exceeded",
                              "sent more bytes than its message and control-frame budgets allow");
        });
    // No version in the Server header: it tells a scanner which bugs to try.
    ws_.set_option(websocket::stream_base::decorator(
        [](websocket::response_type& response) { response.set(http::field::server, "Rochade"); }));
    // The size limit is enforced in on_read, which reads at most one byte past it, so that the
    // close frame can say what the limit is (Beast's own check closes without a reason).
    ws_.read_message_max(0);
    // Frames are small: one write per frame straight from the shared string, no copy into a
    // fragmenting buffer.
    ws_.auto_fragment(false);
    ws_.text(true);
    ws_.async_accept(upgrade_request, beast::bind_front_handler(&BasicWsSession::on_accept, this->shared_from_this()));
}

template <class NextLayer> void BasicWsSession<NextLayer>::send(std::shared_ptr<const std::string> frame)
{
    net::dispatch(ws_.get_executor(), [self = this->shared_from_this(), frame = std::move(frame)]() mutable {
        self->enqueue(std::move(frame));
    });
}

template <class NextLayer>
void BasicWsSession<NextLayer>::send_error(const std::optional<protocol::RequestId>& id, protocol::ErrorCode code,
                                           std::string_view message)
{
    services_.metrics.error_sent(code);
    send(protocol::encode_error(id, code, message));
}

template <class NextLayer>
void BasicWsSession<NextLayer>::send_error(const std::optional<protocol::RequestId>& id, protocol::ErrorCode code,
                                           std::string_view message, const protocol::ErrorSanction& sanction)
{
    services_.metrics.error_sent(code);
    send(protocol::encode_error(id, code, message, sanction));
}

template <class NextLayer> void BasicWsSession<NextLayer>::close(CloseCode code, std::string reason)
{
    net::dispatch(ws_.get_executor(), [self = this->shared_from_this(), code, reason = std::move(reason)]() mutable {
        self->request_close(code, std::move(reason));
    });
}

template <class NextLayer> void BasicWsSession<NextLayer>::post(std::function<void()> work)
{
    net::post(ws_.get_executor(), std::move(work));
}

template <class NextLayer> void BasicWsSession<NextLayer>::on_accept(beast::error_code ec)
{
    if (ec) {
        spdlog::debug("websocket handshake from {} failed: {}", remote_address_, ec.message());
        return;
    }
    opened_ = true;
    opened_at_ = std::chrono::steady_clock::now();
    spdlog::info("connection {} open from {}", id_, remote_address_);
    services_.sessions.add(this->shared_from_this());
    services_.handler.on_open(this->shared_from_this());
    // Registered before this check, so a shutdown that began meanwhile either found this
    // session in the registry or is seen here.
    if (services_.shutting_down) request_close(CloseCode::GoingAway, "server shutting down");
    last_heard_ = opened_at_;
    arm_idle_check(last_heard_ + std::chrono::milliseconds(services_.config.limits.idle_timeout_ms / 2));
    read();
}

template <class NextLayer> void BasicWsSession<NextLayer>::arm_idle_check(std::chrono::steady_clock::time_point at)
{
    idle_check_.expires_at(at);
    idle_check_.async_wait(beast::bind_front_handler(&BasicWsSession::on_idle_check, this->shared_from_this()));
}

// Whether this silence was asked about already is read from the times rather than kept in a
// flag: a pong (or any frame) moves last_heard_ past pinged_at_ wherever in the cycle it
// arrives, so a peer that answers every ping is asked again in its next silence and never
// closed, however the checks fall against its answers.
template <class NextLayer> void BasicWsSession<NextLayer>::on_idle_check(beast::error_code ec)
{
    if (ec || ended_) return;
    const auto idle_timeout = std::chrono::milliseconds(services_.config.limits.idle_timeout_ms);
    const auto now = std::chrono::steady_clock::now();
    if (now - last_heard_ < idle_timeout / 2) return arm_idle_check(last_heard_ + idle_timeout / 2);
    const bool pinged_since_heard = pinged_at_ > last_heard_;
    if (!pinged_since_heard) {
        // Half the timeout in silence: ask. Any frame back (the pong) counts as heard.
        // A ping still being written (the peer does not read) or a close under way asks as well.
        pinged_at_ = now;
        if (!ping_in_flight_ && !pending_close_) {
            ping_in_flight_ = true;
            ws_.async_ping({}, [self = this->shared_from_this()](beast::error_code) { self->ping_in_flight_ = false; });
        }
    }
    // The peer gets at least half the timeout to answer, even when this check ran late.
    const auto answer_deadline = std::max(last_heard_ + idle_timeout, pinged_at_ + idle_timeout / 2);
    if (now < answer_deadline) return arm_idle_check(answer_deadline);
    // Silent for the whole timeout and no answer to the ping: the read fails once the socket is
    // closed, and ends the session.
    idle_timed_out_ = true;
    beast::get_lowest_layer(ws_).close();
}

template <class NextLayer> void BasicWsSession<NextLayer>::on_control_frame(websocket::frame_type kind)
{
    const auto now = std::chrono::steady_clock::now();
    last_heard_ = now;
    // A close frame ends the connection anyway; pings and pongs each cost a wake-up (a ping
    // also a pong), so a client that floods them is closed like one that floods messages.
    if (kind == websocket::frame_type::close || control_budget_.spend(now)) return;
    const auto& limits = services_.config.limits;
    close_over_budget(LimitClose::ControlRate, "control frame rate exceeded",
                      "sent pings or pongs over " + std::to_string(limits.control_frame_burst) + " at once and " +
                          fmt::format("{:g}", limits.control_frames_per_second) + " per second");
}

// Called from inside a read (Beast's control callback, the stream's rate policy), where the
// stream may not be used: the close is posted to run after the read's handler.
template <class NextLayer>
void BasicWsSession<NextLayer>::close_over_budget(LimitClose limit, std::string reason, std::string what)
{
    if (over_budget_) return;
    over_budget_ = true;
    spdlog::warn("connection {} from {} {}; closing with 1008", id_, remote_address_, what);
    services_.metrics.limit_closed(limit);
    net::post(ws_.get_executor(), [self = this->shared_from_this(), reason = std::move(reason)]() mutable {
        self->drop(websocket::close_code::policy_error, std::move(reason));
    });
}

template <class NextLayer> void BasicWsSession<NextLayer>::read()
{
    const std::size_t limit = services_.config.limits.max_message_bytes;
    ws_.async_read_some(
        message_, limit + 1 - message_.size(),
        net::bind_cancellation_slot(read_cancel_.slot(),
                                    beast::bind_front_handler(&BasicWsSession::on_read, this->shared_from_this())));
}

template <class NextLayer> void BasicWsSession<NextLayer>::on_read(beast::error_code ec, std::size_t)
{
    if (ec) {
        if (ec == websocket::error::closed)
            return finish("closed by the client with " + ws_session_detail::describe(ws_.reason()));
        if (idle_timed_out_)
            return finish("idle timeout: nothing heard for " + std::to_string(services_.config.limits.idle_timeout_ms) +
                          " ms, not even a pong");
        if (ec == beast::error::timeout) return finish("closing handshake timeout");
        return finish("read failed: " + ec.message());
    }
    last_heard_ = std::chrono::steady_clock::now();
    if (ended_ || pending_close_) return; // closing: Beast's close reads the rest
    const std::size_t limit = services_.config.limits.max_message_bytes;
    if (ws_.got_binary())
        return drop(websocket::close_code::unknown_data, "binary frames are not accepted: send JSON text frames");
    if (message_.size() > limit) {
        services_.metrics.limit_closed(LimitClose::MessageSize);
        return drop(websocket::close_code::too_big, "message over " + std::to_string(limit) + " bytes");
    }
    if (!ws_.is_message_done()) return read();
    // Beast checks UTF-8 as frames arrive but skips the end-of-message check when the final
    // frame is empty, so a message cut inside a code point would pass: checked whole here.
    const auto text = message_.cdata();
    if (!protocol::is_valid_utf8(std::string_view(static_cast<const char*>(text.data()), text.size())))
        return drop(websocket::close_code::bad_payload, "text message is not valid UTF-8");
    deliver_message();
    if (!pending_close_) read();
}

template <class NextLayer> void BasicWsSession<NextLayer>::deliver_message()
{
    const auto& limits = services_.config.limits;
    if (!budget_.spend(last_heard_)) { // the time on_read just took
        services_.metrics.limit_closed(LimitClose::MessageRate);
        services_.metrics.error_sent(protocol::ErrorCode::RateLimited);
        enqueue(std::make_shared<const std::string>(protocol::encode_error(
            std::nullopt, protocol::ErrorCode::RateLimited,
            "over the message rate limit of " + std::to_string(limits.message_burst) + " messages at once and " +
                fmt::format("{:g}", limits.messages_per_second) + " per second; closing")));
        request_close(CloseCode::PolicyViolation, "message rate exceeded");
        return;
    }
    const auto data = message_.cdata();
    services_.handler.on_message(this->shared_from_this(),
                                 std::string_view(static_cast<const char*>(data.data()), data.size()));
    message_.consume(message_.size());
    if (message_.capacity() > ws_session_detail::idle_buffer_bytes) message_.shrink_to_fit();
}

template <class NextLayer> void BasicWsSession<NextLayer>::enqueue(std::shared_ptr<const std::string> frame)
{
    if (ended_ || pending_close_ || !opened_) return;
    const auto& limits = services_.config.limits;
    if (queue_.size() >= limits.write_queue_max_frames ||
        queued_bytes_ + frame->size() > limits.write_queue_max_bytes) {
        spdlog::warn("connection {} from {} does not read: {} frames, {} bytes queued", id_, remote_address_,
                     queue_.size(), queued_bytes_);
        services_.metrics.limit_closed(LimitClose::NotReading);
        return drop(websocket::close_code::policy_error, "not reading");
    }
    queued_bytes_ += frame->size();
    queue_.push_back(std::move(frame));
    if (!writing_) write_next();
}

template <class NextLayer> void BasicWsSession<NextLayer>::write_next()
{
    writing_ = true;
    ws_.async_write(net::buffer(*queue_.front()),
                    beast::bind_front_handler(&BasicWsSession::on_write, this->shared_from_this()));
}

template <class NextLayer> void BasicWsSession<NextLayer>::on_write(beast::error_code ec, std::size_t)
{
    writing_ = false;
    queued_bytes_ -= queue_.front()->size();
    queue_.pop_front();
    if (ended_ || ec) {
        queue_.clear();
        queued_bytes_ = 0;
        // The read side sees the broken socket and ends the session.
        if (ec && !ended_) beast::get_lowest_layer(ws_).close();
        return;
    }
    if (!queue_.empty()) return write_next();
    if (pending_close_ && !close_started_) start_close();
}

template <class NextLayer> void BasicWsSession<NextLayer>::request_close(CloseCode code, std::string reason)
{
    request_close(websocket::close_code(static_cast<std::uint16_t>(code)), std::move(reason));
}

template <class NextLayer> void BasicWsSession<NextLayer>::request_close(websocket::close_code code, std::string reason)
{
    if (ended_ || pending_close_) return;
    pending_close_ = ws_session_detail::make_close_reason(code, std::move(reason));
    close_deadline_.expires_after(ws_session_detail::close_grace);
    close_deadline_.async_wait(beast::bind_front_handler(&BasicWsSession::on_close_deadline, this->shared_from_this()));
    if (!writing_) start_close();
}

// Closing the socket ends whatever waits on it. But Beast 1.81 has a wait that no socket ends:
// when the client's bytes fail the protocol (a reserved opcode, say) while our close holds the
// write block, the read holds the read block and waits for the write block, and the close,
// its frame sent, waits for the read block. Found by fuzz_websocket (a ping flood's 1008, then
// a bad frame). Both waits end on a terminal cancellation, with operation_aborted: on_read or
// on_closed then finishes the session.
template <class NextLayer> void BasicWsSession<NextLayer>::on_close_deadline(beast::error_code ec)
{
    if (ec || ended_) return;
    spdlog::info("connection {} from {} did not complete the close in time", id_, remote_address_);
    read_cancel_.emit(net::cancellation_type::terminal);
    close_cancel_.emit(net::cancellation_type::terminal);
    beast::get_lowest_layer(ws_).close();
}

template <class NextLayer> void BasicWsSession<NextLayer>::drop(websocket::close_code code, std::string reason)
{
    // Keep only the frame being written: its buffer is in use until its write completes.
    const std::size_t keep = writing_ ? 1 : 0;
    while (queue_.size() > keep) {
        queued_bytes_ -= queue_.back()->size();
        queue_.pop_back();
    }
    request_close(code, std::move(reason));
}

template <class NextLayer> void BasicWsSession<NextLayer>::start_close()
{
    close_started_ = true;
    ws_.async_close(*pending_close_, net::bind_cancellation_slot(close_cancel_.slot(),
                                                                 beast::bind_front_handler(&BasicWsSession::on_closed,
                                                                                           this->shared_from_this())));
}

template <class NextLayer> void BasicWsSession<NextLayer>::on_closed(beast::error_code ec)
{
    if (ec) return finish("close failed: " + ec.message());
    finish("closed");
}

template <class NextLayer> void BasicWsSession<NextLayer>::finish(const std::string& why)
{
    if (ended_) return;
    ended_ = true;
    finished_.store(true, std::memory_order_release);
    close_deadline_.cancel();
    idle_check_.cancel();
    if (!writing_) {
        queue_.clear();
        queued_bytes_ = 0;
    }
    if (!opened_) return;
    const std::string reason =
        pending_close_ ? "closed by the server with " + ws_session_detail::describe(*pending_close_) : why;
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - opened_at_).count();
    spdlog::info("connection {} from {} closed after {:.1f} s: {}", id_, remote_address_, seconds, reason);
    services_.sessions.remove(id_);
    services_.handler.on_close(this->shared_from_this());
}

} // namespace rochade::server
