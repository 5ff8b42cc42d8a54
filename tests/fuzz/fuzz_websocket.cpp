// The WebSocket session itself (server/net/ws_session_impl.h, the code the server runs over TCP),
// instantiated over Beast's in-memory test stream and fed a client's raw bytes, as Beast's own
// fuzzers feed its stream. The input is either a whole client conversation starting with the
// HTTP upgrade ("GET ..."), or, for any other first byte, only the frames after a fixed valid
// upgrade. The bytes are all there at once; when the session has read what it can, the client
// end is closed (end of stream), so every session ends.
//
// Behind the session is a small handler in place of the router: it decodes each message with
// protocol::decode and answers, sometimes with a burst of frames (so the write-queue limit,
// set low here, is met) and, for logout, with a close. Properties beyond "no crash":
// - the server writes an HTTP response, then (after a 101) only well-formed server frames:
//   unmasked, final, no reserved bits, text or control opcodes, control payloads of at most 125
//   bytes, every text frame a JSON document, no frame cut short;
// - at most one close frame, and nothing after it; its code is one the server or Beast sends,
//   or the client's own echoed back (then a code RFC 6455 allows on the wire);
// - the handler sees on_open once, messages only between on_open and on_close, each within
//   max_message_bytes and valid UTF-8, and on_close exactly once (never without on_open);
// - the session leaves the registry.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "fuzz_check.h"
#include "protocol/decode.h"
#include "server/net/ws_session.h"
#include "tests/server/net/beast_test_stream_layer.h"
#include "valid_utf8.h"

namespace rochade::server {
template class BasicWsSession<beast::test::stream>;
} // namespace rochade::server

using namespace rochade;
using namespace rochade::server;

namespace {

using FuzzSession = BasicWsSession<beast::test::stream>;

constexpr std::size_t write_queue_frames = 8;

// The router's place: decodes and answers, and keeps the order of the calls for the checks.
class EchoHandler final : public ConnectionHandler {
public:
    explicit EchoHandler(std::size_t max_message_bytes) : max_message_bytes_(max_message_bytes) {}

    void on_open(const std::shared_ptr<Connection>&) override
    {
        FUZZ_CHECK(opens == 0 && closes == 0);
        ++opens;
    }

    void on_message(const std::shared_ptr<Connection>& connection, std::string_view text) override
    {
        FUZZ_CHECK(opens == 1 && closes == 0);
        FUZZ_CHECK(text.size() <= max_message_bytes_);
        FUZZ_CHECK(valid_utf8(text));
        const auto request = protocol::decode(text);
        if (!request) return connection->send_error(std::nullopt, request.error().code, request.error().message);
        if (std::holds_alternative<protocol::Logout>(request->message))
            return connection->close(CloseCode::Normal, "logged out");
        // A burst as long as the message's tail says: long ones overflow the write queue.
        const std::size_t frames = 1 + text.size() % (2 * write_queue_frames);
        for (std::size_t i = 0; i < frames; ++i) connection->send(std::string(R"({"type":"pong"})"));
    }

    void on_close(const std::shared_ptr<Connection>&) override
    {
        FUZZ_CHECK(opens == 1 && closes == 0);
        ++closes;
    }

    int opens = 0;
    int closes = 0;

private:
    std::size_t max_message_bytes_;
};

// Reads the upgrade request at the start of `input` with HttpSession's limits; the rest is
// what the client sends after it. Nothing when the request does not parse or is no upgrade.
std::optional<http::request<http::string_body>> read_upgrade(std::string_view& input)
{
    http::request_parser<http::string_body> parser;
    parser.header_limit(8 * 1024);
    parser.body_limit(1024);
    parser.eager(true);
    beast::error_code ec;
    while (!parser.is_done()) {
        const std::size_t used = parser.put(net::buffer(input.data(), input.size()), ec);
        input.remove_prefix(used);
        if (ec || used == 0) return std::nullopt;
    }
    if (!websocket::is_upgrade(parser.get())) return std::nullopt;
    return parser.release();
}

std::uint64_t read_big_endian(std::string_view bytes)
{
    std::uint64_t value = 0;
    for (const char byte : bytes) value = (value << 8) | static_cast<unsigned char>(byte);
    return value;
}

// The frames the server wrote after its 101, checked one by one (RFC 6455 section 5.2).
void check_server_frames(std::string_view output)
{
    bool closed = false;
    while (!output.empty()) {
        FUZZ_CHECK(!closed); // nothing after the close frame
        FUZZ_CHECK(output.size() >= 2);
        const auto first = static_cast<unsigned char>(output[0]);
        const auto second = static_cast<unsigned char>(output[1]);
        FUZZ_CHECK((first & 0x80) != 0);  // final: the server never fragments
        FUZZ_CHECK((first & 0x70) == 0);  // no reserved bits (no extensions negotiated)
        FUZZ_CHECK((second & 0x80) == 0); // a server never masks
        const int opcode = first & 0x0F;
        FUZZ_CHECK(opcode == 0x1 || opcode == 0x8 || opcode == 0x9 || opcode == 0xA);
        std::size_t header = 2;
        std::uint64_t length = second & 0x7F;
        if (length == 126) {
            FUZZ_CHECK(output.size() >= 4);
            length = read_big_endian(output.substr(2, 2));
            header = 4;
        } else if (length == 127) {
            FUZZ_CHECK(output.size() >= 10);
            length = read_big_endian(output.substr(2, 8));
            header = 10;
        }
        FUZZ_CHECK(output.size() - header >= length); // no frame cut short
        const std::string_view payload = output.substr(header, length);
        output.remove_prefix(header + length);
        if (opcode == 0x1) {
            FUZZ_CHECK(nlohmann::json::accept(payload));
            continue;
        }
        FUZZ_CHECK(payload.size() <= 125);
        if (opcode != 0x8) continue;
        closed = true;
        FUZZ_CHECK(payload.size() != 1);
        if (payload.empty()) continue;
        const auto code = read_big_endian(payload.substr(0, 2));
        // Ours: normal (logout), going away, binary frames, policy (rates, a full write queue),
        // too big; Beast's protocol error and bad UTF-8; or, answering the client's close, its
        // code echoed, which Beast accepts when RFC 6455 does not reserve it (it also takes
        // codes from 5000 up, which the RFC leaves undefined: harmless, they are only echoed).
        const bool sent_by_server = code == 1000 || code == 1001 || code == 1002 || code == 1003 || code == 1007 ||
                                    code == 1008 || code == 1009;
        const bool echoed = (code >= 1010 && code <= 1013) || code >= 3000;
        FUZZ_CHECK(sent_by_server || echoed);
        FUZZ_CHECK(valid_utf8(payload.substr(2)));
    }
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***)
{
    spdlog::set_level(spdlog::level::off);
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    std::string_view input(reinterpret_cast<const char*>(data), size);
    auto request = input.starts_with("GET ") ? read_upgrade(input) : std::optional(test_stream_upgrade_request());
    if (!request) return 0;

    static const ServerConfig config = [] {
        ServerConfig value;
        value.limits.write_queue_max_frames = write_queue_frames;
        value.limits.write_queue_max_bytes = 4096;
        return value;
    }();
    static Metrics metrics;
    EchoHandler handler(config.limits.max_message_bytes);
    // No APIs, no hasher: the session needs none of them.
    SessionRegistry sessions;
    SessionServices services{config, handler, metrics, sessions};

    net::io_context io;
    beast::test::stream server_end(io);
    beast::test::stream client_end(io);
    server_end.connect(client_end);
    server_end.append(input);
    {
        auto session = std::make_shared<FuzzSession>(std::move(server_end), services, SocketSlot{});
        session->start(std::move(*request));
    }
    // Everything the session can do with the bytes it has, then the end of the stream.
    while (io.poll() != 0) {
    }
    const std::string before_end = client_end.str();
    client_end.close();
    io.run();
    const std::string output = client_end.str();
    FUZZ_CHECK(output.starts_with(before_end));

    FUZZ_CHECK(handler.closes == handler.opens);
    FUZZ_CHECK(services.sessions.size() == 0);
    const auto end_of_header = output.find("\r\n\r\n");
    if (handler.opens == 0) return 0; // a refused handshake: Beast's own answer
    FUZZ_CHECK(output.starts_with("HTTP/1.1 101 "));
    FUZZ_CHECK(end_of_header != std::string::npos);
    check_server_frames(std::string_view(output).substr(end_of_header + 4));
    return 0;
}
