// A client of the Bot API's streamed answers (server/net/ndjson_stream.h) for the tests: a GET
// with `Authorization: Bearer <token>` on 127.0.0.1, the status and headers of the answer, then
// its chunked body decoded into NDJSON lines as they come. It can never hang a test: every wait
// has a deadline (reads are asynchronous operations run with io_context::run_one_for).
//
// next_line() returns the next non-empty line; the empty lines between them (lichess's
// keep-alive) are only counted. An answer that is no stream (an error's JSON, with a
// Content-Length) is read whole into body().
#pragma once

#include <chrono>
#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace rochade::test {

class NdjsonReader {
public:
    // Connects, sends the request and waits for the answer's header; throws naming the step
    // that failed or timed out. `token` empty: no Authorization header.
    NdjsonReader(std::uint16_t port, const std::string& target, const std::string& token,
                 std::chrono::milliseconds timeout = std::chrono::milliseconds(3000));
    ~NdjsonReader();
    NdjsonReader(const NdjsonReader&) = delete;
    NdjsonReader& operator=(const NdjsonReader&) = delete;

    int status() const;
    // The first header named `name` (case-insensitively), if any.
    std::optional<std::string> header(std::string_view name) const;
    bool chunked() const;

    // The whole body of an answer that is no stream, once it has come (or what came before the
    // deadline).
    std::string body(std::chrono::milliseconds timeout = std::chrono::milliseconds(3000));

    // The next non-empty line, parsed; nothing when none came within `timeout` or the stream
    // ended first. A line that is no JSON comes back as {"type":"<unparsable>","text":...}.
    std::optional<nlohmann::json> next_line(std::chrono::milliseconds timeout = std::chrono::milliseconds(3000));
    // The empty lines read so far.
    int keep_alive_lines() const;
    // Waits until the stream has ended (its last chunk came, or the server closed the socket);
    // false if it had not by the deadline. Lines not read yet stay readable.
    bool wait_ended(std::chrono::milliseconds timeout = std::chrono::milliseconds(3000));
    bool ended() const;

    // The client goes: the socket is closed from this side.
    void close();

private:
    struct State;
    std::unique_ptr<State> state_;
};

} // namespace rochade::test
