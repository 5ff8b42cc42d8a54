// A synchronous WebSocket client for the integration tests: it drives the real server over a
// loopback socket and can never hang a test, because every wait has a deadline (reads are
// asynchronous operations run with io_context::run_one_for, never a blocking call).
//
// Frames arrive into an inbox. receive() takes the oldest; receive_until() looks for the first
// frame of a given type (and table) and leaves the others in the inbox for later checks, since
// the server interleaves room events, table events and replies.
#pragma once

#include <chrono>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace rochade::test {

using json = nlohmann::json;
using namespace std::chrono_literals;

// How the server closed the connection (RFC 6455 close frame), as the client saw it.
struct CloseInfo {
    std::uint16_t code = 0; // 0: the socket ended without a close frame
    std::string reason;
};

class WsTestClient {
public:
    explicit WsTestClient(std::chrono::milliseconds timeout = 3000ms);
    ~WsTestClient();
    WsTestClient(const WsTestClient&) = delete;
    WsTestClient& operator=(const WsTestClient&) = delete;

    // Connects and performs the WebSocket handshake, then waits for the welcome frame and
    // returns it (it is not left in the inbox). Throws naming the step that failed.
    json connect(std::uint16_t port, const std::string& path = "/ws");
    // The same with extra handshake headers (Origin, Cookie, X-Forwarded-For), as a browser or a
    // proxy sends them; a name given twice is sent as two header fields.
    json connect_with(std::uint16_t port, const std::vector<std::pair<std::string, std::string>>& headers);

    void send(const json& message);
    void send_text(std::string text); // raw text, for malformed input

    // Sends `message` with a fresh integer id and returns the reply that echoes it (a
    // specific reply, ok or error); other frames stay in the inbox.
    json request(json message);

    // The oldest unread frame; throws when none arrives within the timeout.
    json receive();
    // Like receive(), but returns nothing instead of throwing after `wait`.
    std::optional<json> try_receive(std::chrono::milliseconds wait);
    // The first frame whose "type" is `type` (and whose "table" is `table`, if given).
    json receive_until(std::string_view type, std::optional<std::int64_t> table = std::nullopt);
    // The first frame for which `match` is true; `what` names it in the timeout message.
    json receive_matching(const std::function<bool(const json&)>& match, const std::string& what);
    // The first error frame; fails (throws) unless its code is `code`.
    json expect_error(std::string_view code);
    // Waits `wait` and returns every frame that arrived meanwhile (and all unread ones).
    std::deque<json> drain(std::chrono::milliseconds wait = 100ms);

    // hello(nick): returns the resume token from hello_ok. Throws on an error reply.
    std::string hello(const std::string& nick);
    // hello with a resume token; returns the full hello_ok.
    json resume(const std::string& token);

    // Sends a normal close (1000), with `reason` if given, and waits for the server's answer.
    void close(std::string_view reason = {});
    // Drops the TCP connection without a close frame (a crashed or unplugged client).
    void drop();
    // Waits for the server to close the connection and returns how. Unread frames stay
    // readable; throws when the connection is still open after the timeout.
    CloseInfo wait_closed();
    bool is_open() const;
    // Sends up to `count` pings as fast as it can, stopping once the server has closed the
    // connection (a rate limit).
    void flood_pings(int count);
    // Sends up to `count` WebSocket ping frames, `gap` apart, stopping once the server has
    // closed the connection (the control-frame budget).
    void send_control_pings(int count, std::chrono::milliseconds gap = 0ms);
    // Writes, straight onto the socket, the first fragment of a text message and then `count`
    // empty, masked continuation frames that never finish it (FIN=0, opcode 0, no payload);
    // stops quietly when the server has closed the socket.
    void send_empty_fragments(int count);
    // Writes `frames`, raw WebSocket frames as a client would put them on the wire (masked),
    // straight onto the socket.
    void send_raw_frames(const std::string& frames);
    const std::optional<CloseInfo>& closed_by_server() const;

    const std::deque<json>& inbox() const;
    void set_timeout(std::chrono::milliseconds timeout);

private:
    struct State;
    std::unique_ptr<State> state_;
};

struct HttpReply {
    int status = 0;
    std::string body;
    std::vector<std::pair<std::string, std::string>> headers; // name (as sent), value

    // The first header named `name` (case-insensitively), if any.
    std::optional<std::string> header(std::string_view name) const;
};
// A plain HTTP/1.1 GET on 127.0.0.1:port with a deadline; throws if nothing answers in time.
HttpReply http_get(std::uint16_t port, const std::string& target, std::chrono::milliseconds timeout = 3000ms);
// Any request: method, target, headers and body (a JSON body wants Content-Type set by the caller).
HttpReply http_request(std::uint16_t port, const std::string& method, const std::string& target,
                       const std::vector<std::pair<std::string, std::string>>& headers = {},
                       const std::string& body = "", std::chrono::milliseconds timeout = 3000ms);
// The same to another address of this host (a peer that is not loopback).
HttpReply http_request_to(const std::string& address, std::uint16_t port, const std::string& method,
                          const std::string& target,
                          const std::vector<std::pair<std::string, std::string>>& headers = {},
                          const std::string& body = "", std::chrono::milliseconds timeout = 3000ms);

} // namespace rochade::test
