// The WebSocket session over Beast's in-memory test stream, for orders of events that a socket
// cannot be made to keep: there, a write completes at once and the session's handlers run in
// the order they were posted.
#include <chrono>
#include <memory>
#include <string>
#include <string_view>

#include <catch2/catch.hpp>

#include "protocol/decode.h"
#include "server/net/ws_session.h"
#include "tests/server/net/beast_test_stream_layer.h"

namespace rochade::server {
template class BasicWsSession<beast::test::stream>;
} // namespace rochade::server

using namespace rochade::server;

namespace {

using StreamSession = BasicWsSession<beast::test::stream>;

// The router's place, as fuzz_websocket's: decodes each message and answers an error with one
// frame, anything else with a burst as long as the message's tail says, written at once.
class AnsweringHandler final : public ConnectionHandler {
public:
    void on_open(const std::shared_ptr<Connection>&) override { ++opens; }
    void on_message(const std::shared_ptr<Connection>& connection, std::string_view text) override
    {
        const auto request = rochade::protocol::decode(text);
        if (!request) return connection->send_error(std::nullopt, request.error().code, request.error().message);
        for (std::size_t i = 0; i <= text.size() % 16; ++i) connection->send(std::string(R"({"type":"pong"})"));
    }
    void on_close(const std::shared_ptr<Connection>&) override { ++closes; }

    int opens = 0;
    int closes = 0;
};

std::string from_hex(std::string_view hex)
{
    std::string bytes;
    for (std::size_t i = 0; i + 1 < hex.size(); i += 2)
        bytes += static_cast<char>(std::stoi(std::string(hex.substr(i, 2)), nullptr, 16));
    return bytes;
}

// tests/fuzz/corpus/websocket/ping-flood-then-reserved-opcode, the input fuzz_websocket found,
// minimized by libFuzzer: masked pings and pongs past the control budget, a short text message
// among them, and frames with reserved opcodes (0x0F at offset 0x73).
constexpr std::string_view found_input =
    "8a8a8a8a8a8a8a8a8a8a8a19000000898989898989898989898989898989898989898989898989898989898989898989"
    "89898989898989898989898989898989898989898989898989898989898989898a8a01000000000000008a8a8a8a8a8a"
    "8a8a8a8a8a8a8a8a8a8a8a8a8a8a8a8a8a8a8a0f0000008a8a8a8a8a8a8a8a8a89898989898989898989898989898989"
    "898989898989898989898989898989898989898a8a8a3d8a8a8a8a8a8a8a3c7f8989898a8a8a7f898989898a8a8a8a8a"
    "8a8a8a8a8a8a3c7f8989898989898989898989898a8a8a8a8a8a8a8a8a8a8a8a8a8a8a948a8a8a8a8a8a8a8a8a7fff08"
    "8a8a8a8a8a8a8a8a8a7f8a8a8a8a8a8a8a8a8a8a8a8a8a8a8a8a8a3d8a8a8a8a8a8a8a3c7f8989898989898989898989"
    "898a8a8a8a8a8a8a8a8a8a8a8a8a8a8a948a8a8a8a7f898a8a8a8a8a8a8a8a8a8a8a8a8a8a8a948a8a8a8a7f";

} // namespace

TEST_CASE("a session whose close meets a frame that fails the protocol still ends", "[server][connection][hardening]")
{
    // Found by fuzz_websocket. The ping flood's 1008 close waits for the answer to a message to
    // be written, then takes Beast's write block and sends its frame; the read issued after that
    // message starts on the bytes already read, finds a reserved opcode and, to send a close of
    // its own, waits for the write block while holding the read block, which the close waits
    // for. Over TCP the socket's own pace keeps the two apart; the test stream, which completes
    // a write at once, keeps the fuzzer's order. Beast 1.81 leaves
    // both waiting for ever, and closing the socket does not wake them: the session never ended
    // (its player stayed connected, its memory held). The close deadline now cancels both.
    ServerConfig config; // the fuzz target's limits
    config.limits.write_queue_max_frames = 8;
    config.limits.write_queue_max_bytes = 4096;
    Metrics metrics;
    AnsweringHandler handler;
    SessionRegistry sessions;
    SessionServices services{config, handler, metrics, sessions};

    net::io_context io;
    beast::test::stream server_end(io);
    beast::test::stream client_end(io);
    server_end.connect(client_end);
    server_end.append(from_hex(found_input));
    std::make_shared<StreamSession>(std::move(server_end), services, SocketSlot{})
        ->start(test_stream_upgrade_request());
    while (io.poll() != 0) {
    }
    client_end.close(); // the client never answers the close
    // The close deadline is 3 s; a session that is still there at 10 s waits for ever.
    io.run_for(std::chrono::seconds(10));

    CHECK(handler.opens == 1);
    CHECK(handler.closes == 1);
    CHECK(sessions.size() == 0);
    CHECK(io.stopped()); // nothing left waiting
    const std::string output = client_end.str();
    CHECK(output.find("control frame rate exceeded") != std::string::npos);
}
