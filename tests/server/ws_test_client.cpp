#include "tests/server/ws_test_client.h"

#include <stdexcept>

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core/buffers_to_string.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>

namespace rochade::test {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;
using Clock = std::chrono::steady_clock;

struct WsTestClient::State {
    asio::io_context io;
    websocket::stream<beast::tcp_stream> ws{io};
    beast::flat_buffer buffer;
    std::deque<json> inbox;
    std::chrono::milliseconds timeout;
    bool open = false;
    bool reading = false;
    std::optional<CloseInfo> closed;
    std::int64_t next_id = 1;

    explicit State(std::chrono::milliseconds t) : timeout(t) {}

    // One read is always outstanding while the connection is open, so frames keep arriving
    // into the inbox (and pings get answered) whenever the io_context runs.
    void start_read()
    {
        if (!open || reading) return;
        reading = true;
        ws.async_read(buffer, [this](beast::error_code ec, std::size_t) {
            reading = false;
            if (ec) {
                open = false;
                CloseInfo info;
                if (ec == websocket::error::closed) {
                    info.code = static_cast<std::uint16_t>(ws.reason().code);
                    info.reason = std::string(ws.reason().reason.c_str());
                } else {
                    info.reason = ec.message();
                }
                closed = info;
                return;
            }
            std::string text = beast::buffers_to_string(buffer.data());
            buffer.consume(buffer.size());
            try {
                inbox.push_back(json::parse(text));
            } catch (const json::exception& e) {
                inbox.push_back(json{{"type", "<unparsable>"}, {"text", text}, {"error", e.what()}});
            }
            start_read();
        });
    }

    // Runs handlers until `done()` or the deadline; returns done().
    template <class Done> bool run_until(Done done, Clock::time_point deadline)
    {
        while (!done()) {
            auto now = Clock::now();
            if (now >= deadline) return false;
            if (io.stopped()) io.restart();
            io.run_one_for(std::chrono::duration_cast<std::chrono::milliseconds>(deadline - now) + 1ms);
        }
        return true;
    }

    std::string describe_inbox() const
    {
        std::string text;
        for (const auto& frame : inbox) text += "\n  " + frame.dump();
        if (closed) text += "\n  (closed by server: " + std::to_string(closed->code) + " " + closed->reason + ")";
        return text.empty() ? " (nothing)" : text;
    }
};

WsTestClient::WsTestClient(std::chrono::milliseconds timeout) : state_(std::make_unique<State>(timeout)) {}

WsTestClient::~WsTestClient()
{
    beast::error_code ignored;
    beast::get_lowest_layer(state_->ws).socket().close(ignored);
}

json WsTestClient::connect_with(std::uint16_t port, const std::vector<std::pair<std::string, std::string>>& headers)
{
    state_->ws.set_option(websocket::stream_base::decorator([headers](websocket::request_type& request) {
        // insert, not set: a name given twice is sent as two fields (X-Forwarded-For).
        for (const auto& [name, value] : headers) request.insert(name, value);
    }));
    return connect(port);
}

json WsTestClient::connect(std::uint16_t port, const std::string& path)
{
    auto& s = *state_;
    auto deadline = Clock::now() + s.timeout;
    bool done = false;
    beast::error_code error;
    tcp::endpoint endpoint(asio::ip::make_address("127.0.0.1"), port);
    beast::get_lowest_layer(s.ws).async_connect(endpoint, [&](beast::error_code ec) {
        error = ec;
        done = true;
    });
    if (!s.run_until([&] { return done; }, deadline) || error)
        throw std::runtime_error("connect to 127.0.0.1:" + std::to_string(port) +
                                 " failed: " + (done ? error.message() : "timeout"));
    done = false;
    websocket::response_type response;
    s.ws.async_handshake(response, "127.0.0.1:" + std::to_string(port), path, [&](beast::error_code ec) {
        error = ec;
        done = true;
    });
    if (!s.run_until([&] { return done; }, deadline) || error)
        throw std::runtime_error("WebSocket handshake on " + path + " failed: HTTP " +
                                 std::to_string(response.result_int()) + ": " + (done ? error.message() : "timeout"));
    s.open = true;
    s.start_read();
    return receive_until("welcome");
}

void WsTestClient::send_text(std::string text)
{
    auto& s = *state_;
    if (!s.open) throw std::runtime_error("send on a closed connection: " + text.substr(0, 200));
    bool done = false;
    beast::error_code error;
    auto payload = std::make_shared<std::string>(std::move(text));
    s.ws.text(true);
    s.ws.async_write(asio::buffer(*payload), [&, payload](beast::error_code ec, std::size_t) {
        error = ec;
        done = true;
    });
    // The write completes even when the server closes meanwhile (with an error we ignore
    // here: the close is observed by the reader).
    if (!s.run_until([&] { return done; }, Clock::now() + s.timeout))
        throw std::runtime_error("send timed out: " + payload->substr(0, 200));
}

void WsTestClient::send(const json& message) { send_text(message.dump()); }

json WsTestClient::request(json message)
{
    auto id = state_->next_id++;
    message["id"] = id;
    send(message);
    auto& s = *state_;
    auto deadline = Clock::now() + s.timeout;
    while (true) {
        for (auto it = s.inbox.begin(); it != s.inbox.end(); ++it) {
            if (it->contains("id") && (*it)["id"] == id) {
                json reply = *it;
                s.inbox.erase(it);
                return reply;
            }
        }
        auto size = s.inbox.size();
        s.start_read();
        if (!s.run_until([&] { return s.inbox.size() != size || s.closed; }, deadline) || s.closed)
            throw std::runtime_error("no reply to " + message.dump() + "; inbox:" + s.describe_inbox());
    }
}

std::optional<json> WsTestClient::try_receive(std::chrono::milliseconds wait)
{
    auto& s = *state_;
    s.start_read();
    s.run_until([&] { return !s.inbox.empty() || s.closed; }, Clock::now() + wait);
    if (s.inbox.empty()) return std::nullopt;
    json frame = std::move(s.inbox.front());
    s.inbox.pop_front();
    return frame;
}

json WsTestClient::receive()
{
    if (auto frame = try_receive(state_->timeout)) return *frame;
    throw std::runtime_error("no frame within " + std::to_string(state_->timeout.count()) + " ms" +
                             (state_->closed ? "; closed by server " + std::to_string(state_->closed->code) : ""));
}

json WsTestClient::receive_until(std::string_view type, std::optional<std::int64_t> table)
{
    return receive_matching(
        [&](const json& frame) {
            if (frame.value("type", "") != type) return false;
            if (!table) return true;
            return frame.contains("table") && frame["table"].is_number_integer() && frame["table"] == *table;
        },
        "'" + std::string(type) + "' frame" + (table ? " for table " + std::to_string(*table) : std::string()));
}

json WsTestClient::receive_matching(const std::function<bool(const json&)>& matches, const std::string& what)
{
    auto& s = *state_;
    auto deadline = Clock::now() + s.timeout;
    while (true) {
        for (auto it = s.inbox.begin(); it != s.inbox.end(); ++it) {
            if (matches(*it)) {
                json frame = *it;
                s.inbox.erase(it);
                return frame;
            }
        }
        auto size = s.inbox.size();
        s.start_read();
        if (!s.run_until([&] { return s.inbox.size() != size || s.closed; }, deadline) ||
            (s.closed && s.inbox.size() == size))
            throw std::runtime_error("no " + what + " arrived; inbox:" + s.describe_inbox());
    }
}

json WsTestClient::expect_error(std::string_view code)
{
    json error = receive_until("error");
    if (error.value("code", "") != code)
        throw std::runtime_error("expected error " + std::string(code) + ", got " + error.dump());
    return error;
}

std::deque<json> WsTestClient::drain(std::chrono::milliseconds wait)
{
    auto& s = *state_;
    s.start_read();
    s.run_until([] { return false; }, Clock::now() + wait);
    std::deque<json> frames;
    frames.swap(s.inbox);
    return frames;
}

std::string WsTestClient::hello(const std::string& nick)
{
    json reply = request({{"type", "hello"}, {"nick", nick}});
    if (reply.value("type", "") != "hello_ok") throw std::runtime_error("hello " + nick + " refused: " + reply.dump());
    return reply.at("resume_token").get<std::string>();
}

json WsTestClient::resume(const std::string& token)
{
    json reply = request({{"type", "hello"}, {"resume_token", token}});
    if (reply.value("type", "") != "hello_ok") throw std::runtime_error("resume refused: " + reply.dump());
    return reply;
}

void WsTestClient::close(std::string_view reason)
{
    auto& s = *state_;
    if (!s.open) return;
    bool done = false;
    websocket::close_reason why(websocket::close_code::normal);
    why.reason.assign(reason.data(), reason.size());
    s.ws.async_close(why, [&](beast::error_code) { done = true; });
    s.run_until([&] { return done && !s.reading; }, Clock::now() + s.timeout);
    s.open = false;
}

void WsTestClient::drop()
{
    beast::error_code ignored;
    auto& socket = beast::get_lowest_layer(state_->ws).socket();
    socket.shutdown(tcp::socket::shutdown_both, ignored);
    socket.close(ignored);
    state_->open = false;
    // Let the cancelled read finish so no handler refers to a closed socket later.
    state_->run_until([&] { return !state_->reading; }, Clock::now() + 1s);
}

CloseInfo WsTestClient::wait_closed()
{
    auto& s = *state_;
    s.start_read();
    if (!s.run_until([&] { return s.closed.has_value(); }, Clock::now() + s.timeout))
        throw std::runtime_error("the server did not close the connection; inbox:" + s.describe_inbox());
    return *s.closed;
}

bool WsTestClient::is_open() const { return state_->open; }
const std::optional<CloseInfo>& WsTestClient::closed_by_server() const { return state_->closed; }
const std::deque<json>& WsTestClient::inbox() const { return state_->inbox; }
void WsTestClient::set_timeout(std::chrono::milliseconds timeout) { state_->timeout = timeout; }

std::optional<std::string> HttpReply::header(std::string_view name) const
{
    for (const auto& [key, value] : headers)
        if (beast::iequals(key, name)) return value;
    return std::nullopt;
}

HttpReply http_request(std::uint16_t port, const std::string& method, const std::string& target,
                       const std::vector<std::pair<std::string, std::string>>& headers, const std::string& body,
                       std::chrono::milliseconds timeout)
{
    return http_request_to("127.0.0.1", port, method, target, headers, body, timeout);
}

HttpReply http_request_to(const std::string& address, std::uint16_t port, const std::string& method,
                          const std::string& target, const std::vector<std::pair<std::string, std::string>>& headers,
                          const std::string& body, std::chrono::milliseconds timeout)
{
    namespace http = beast::http;
    asio::io_context io;
    beast::tcp_stream stream(io);
    beast::flat_buffer buffer;
    http::request<http::string_body> request{http::string_to_verb(method), target, 11};
    request.set(http::field::host, address + ":" + std::to_string(port));
    request.set(http::field::connection, "close");
    for (const auto& [name, value] : headers) request.insert(name, value); // a name twice: two fields
    request.body() = body;
    request.prepare_payload();
    http::response_parser<http::string_body> parser;
    // A reply to HEAD announces a Content-Length but carries no body.
    parser.skip(request.method() == http::verb::head);
    beast::error_code error;
    // tcp_stream's deadline covers every step, so io.run() cannot block for longer.
    stream.expires_after(timeout);
    stream.async_connect(tcp::endpoint(asio::ip::make_address(address), port), [&](beast::error_code ec) {
        if ((error = ec)) return;
        http::async_write(stream, request, [&](beast::error_code ec2, std::size_t) {
            if ((error = ec2)) return;
            http::async_read(stream, buffer, parser, [&](beast::error_code ec3, std::size_t) { error = ec3; });
        });
    });
    io.run();
    if (error)
        throw std::runtime_error(method + " " + target + " on port " + std::to_string(port) + ": " + error.message());
    const auto& response = parser.get();
    HttpReply reply{static_cast<int>(response.result_int()), response.body(), {}};
    for (const auto& field : response)
        reply.headers.emplace_back(std::string(field.name_string()), std::string(field.value()));
    return reply;
}

HttpReply http_get(std::uint16_t port, const std::string& target, std::chrono::milliseconds timeout)
{
    return http_request(port, "GET", target, {}, "", timeout);
}

void WsTestClient::flood_pings(int count)
{
    for (int i = 0; i < count && is_open(); ++i) {
        try {
            send({{"type", "ping"}});
        } catch (const std::exception&) {
            break; // the server closed the connection while we were still flooding
        }
    }
}

void WsTestClient::send_control_pings(int count, std::chrono::milliseconds gap)
{
    auto& s = *state_;
    for (int i = 0; i < count && s.open; ++i) {
        bool done = false;
        beast::error_code error;
        s.ws.async_ping({}, [&](beast::error_code ec) {
            error = ec;
            done = true;
        });
        if (!s.run_until([&] { return done; }, Clock::now() + s.timeout) || error) return;
        if (gap > 0ms) s.run_until([] { return false; }, Clock::now() + gap);
    }
}

void WsTestClient::send_empty_fragments(int count)
{
    // A client's frames are masked (RFC 6455 5.3); a zero mask keeps the payload as written.
    std::string frames = {'\x01', '\x81', 0, 0, 0, 0, '{'}; // text, FIN=0, one byte
    const char empty_continuation[] = {'\x00', '\x80', 0, 0, 0, 0};
    frames.reserve(frames.size() + std::size_t(count) * sizeof empty_continuation);
    for (int i = 0; i < count; ++i) frames.append(empty_continuation, sizeof empty_continuation);
    send_raw_frames(frames);
}

void WsTestClient::send_raw_frames(const std::string& frames)
{
    auto& s = *state_;
    bool done = false;
    asio::async_write(beast::get_lowest_layer(s.ws).socket(), asio::buffer(frames),
                      [&](beast::error_code, std::size_t) { done = true; });
    s.run_until([&] { return done; }, Clock::now() + s.timeout);
}

} // namespace rochade::test
