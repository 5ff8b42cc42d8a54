// A streamed HTTP answer of newline-delimited JSON (the Bot API's event and game streams,
// server/bots/): the response header with chunked transfer coding, then each pushed line as one
// chunk, an empty line every few seconds when nothing else was sent (lichess's keep-alive, which
// also finds a client that left), until finish() or the client goes. It takes over the HTTP
// session's socket and its place under max_connections, as a WebSocket session does.
//
// Bounded: a client that does not read (over max_queued_bytes waiting, or a write that takes more
// than write_timeout) is dropped, never buffered without end.
#pragma once

#include <array>
#include <atomic>
#include <chrono>
#include <deque>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "server/api/line_stream.h"
#include "server/net/beast.h"
#include "server/net/session_services.h"

namespace rochade::server {

class NdjsonStream final : public LineStream, public std::enable_shared_from_this<NdjsonStream> {
public:
    static constexpr std::chrono::seconds keep_alive_every{5};
    static constexpr std::chrono::seconds keep_alive_tick{1};
    static constexpr std::chrono::seconds write_timeout{30};
    static constexpr std::size_t max_queued_bytes = 1024 * 1024;

    NdjsonStream(beast::tcp_stream&& stream, SocketSlot slot);

    // Writes the header (HTTP version `version`), then hands the writing end to `opened` and
    // starts the keep-alive and the watch for the client's leaving.
    void start(unsigned version, std::function<void(std::shared_ptr<LineStream>)> opened);

    void push(std::string line) override;
    void finish() override;
    bool is_open() const override { return open_; }
    void when_ended(std::function<void()> ended) override;

private:
    void on_header(beast::error_code ec);
    void write_next();
    void on_write(beast::error_code ec);
    void arm_keep_alive();
    void watch_peer();
    void end();

    beast::tcp_stream stream_;
    SocketSlot slot_;
    net::steady_timer keep_alive_;
    http::response<http::empty_body> header_;
    http::response_serializer<http::empty_body> serializer_{header_};
    std::function<void(std::shared_ptr<LineStream>)> opened_;
    std::vector<std::function<void()>> ended_;
    // Lines (with their newline) waiting, the front one being written while writing_.
    std::deque<std::string> queue_;
    std::size_t queued_bytes_ = 0;
    bool header_written_ = false;
    bool writing_ = false;
    bool finishing_ = false;
    std::chrono::steady_clock::time_point last_write_ = std::chrono::steady_clock::now();
    std::atomic<bool> open_{true};
    std::array<char, 512> peer_bytes_{};
};

} // namespace rochade::server
