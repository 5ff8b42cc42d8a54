#include "tests/server/bots/ndjson_reader.h"

#include <array>
#include <stdexcept>

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core/string.hpp>

namespace rochade::test {

namespace asio = boost::asio;
using tcp = asio::ip::tcp;
using Clock = std::chrono::steady_clock;
using nlohmann::json;

struct NdjsonReader::State {
    asio::io_context io;
    tcp::socket socket{io};
    std::array<char, 4096> buffer{};
    bool reading = false;
    bool closed = false; // the socket ended (by either side)

    std::string raw; // bytes received and not yet decoded
    bool header_read = false;
    int status = 0;
    std::vector<std::pair<std::string, std::string>> headers;
    bool chunked = false;
    std::optional<std::size_t> content_length;

    // The chunked body: the size of the chunk being read (nothing: its size line comes next).
    std::optional<std::size_t> chunk_left;
    bool last_chunk = false;
    std::string body; // decoded, not yet split (chunked) or whole (not chunked)
    std::deque<json> lines;
    int keep_alives = 0;

    // One read is always outstanding while the socket is open, so bytes keep arriving whenever
    // the io_context runs.
    void start_read()
    {
        if (closed || reading) return;
        reading = true;
        socket.async_read_some(asio::buffer(buffer), [this](boost::system::error_code ec, std::size_t n) {
            reading = false;
            raw.append(buffer.data(), n);
            decode();
            if (ec) {
                closed = true;
                return;
            }
            start_read();
        });
    }

    template <class Done> bool run_until(Done done, Clock::time_point deadline)
    {
        while (!done()) {
            const auto now = Clock::now();
            if (now >= deadline || (closed && !reading)) return done();
            if (io.stopped()) io.restart();
            io.run_one_for(std::chrono::duration_cast<std::chrono::milliseconds>(deadline - now) +
                           std::chrono::milliseconds(1));
        }
        return true;
    }

    void decode()
    {
        if (!header_read && !read_header()) return;
        if (!chunked) {
            body += raw;
            raw.clear();
            return;
        }
        while (!last_chunk) {
            if (!chunk_left) {
                const auto end = raw.find("\r\n");
                if (end == std::string::npos) return;
                // The size in hex, perhaps with extensions after ';' (none from this server).
                const std::string size_text = raw.substr(0, raw.find_first_of(";\r"));
                chunk_left = std::stoul(size_text, nullptr, 16);
                raw.erase(0, end + 2);
                if (*chunk_left == 0) last_chunk = true; // trailers, if any, are not read
                continue;
            }
            if (raw.size() < *chunk_left + 2) return;
            body.append(raw, 0, *chunk_left);
            raw.erase(0, *chunk_left + 2);
            chunk_left.reset();
            split_lines();
        }
    }

    void split_lines()
    {
        for (auto newline = body.find('\n'); newline != std::string::npos; newline = body.find('\n')) {
            std::string line = body.substr(0, newline);
            body.erase(0, newline + 1);
            if (line.empty()) {
                ++keep_alives;
                continue;
            }
            try {
                lines.push_back(json::parse(line));
            } catch (const json::exception& e) {
                lines.push_back(json{{"type", "<unparsable>"}, {"text", line}, {"error", e.what()}});
            }
        }
    }

    bool read_header()
    {
        const auto end = raw.find("\r\n\r\n");
        if (end == std::string::npos) return false;
        const std::string head = raw.substr(0, end);
        raw.erase(0, end + 4);
        // "HTTP/1.1 200 OK"
        const auto first_space = head.find(' ');
        if (first_space == std::string::npos) throw std::runtime_error("not an HTTP answer: " + head);
        status = std::stoi(head.substr(first_space + 1, 3));
        std::size_t at = head.find("\r\n");
        while (at != std::string::npos) {
            const auto next = head.find("\r\n", at + 2);
            const std::string field =
                head.substr(at + 2, next == std::string::npos ? std::string::npos : next - at - 2);
            const auto colon = field.find(':');
            if (colon != std::string::npos) {
                std::string value = field.substr(colon + 1);
                while (!value.empty() && value.front() == ' ') value.erase(0, 1);
                headers.emplace_back(field.substr(0, colon), value);
            }
            at = next;
        }
        header_read = true;
        for (const auto& [name, value] : headers) {
            if (boost::beast::iequals(name, "Transfer-Encoding") && value.find("chunked") != std::string::npos)
                chunked = true;
            if (boost::beast::iequals(name, "Content-Length")) content_length = std::stoul(value);
        }
        return true;
    }

    bool stream_ended() const { return last_chunk || closed; }
};

NdjsonReader::NdjsonReader(std::uint16_t port, const std::string& target, const std::string& token,
                           std::chrono::milliseconds timeout)
    : state_(std::make_unique<State>())
{
    auto& s = *state_;
    const auto deadline = Clock::now() + timeout;
    bool done = false;
    boost::system::error_code error;
    s.socket.async_connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port), [&](boost::system::error_code ec) {
        error = ec;
        done = true;
    });
    if (!s.run_until([&] { return done; }, deadline) || error)
        throw std::runtime_error("connect to 127.0.0.1:" + std::to_string(port) +
                                 " failed: " + (done ? error.message() : "timeout"));
    std::string request = "GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(port) + "\r\n";
    if (!token.empty()) request += "Authorization: Bearer " + token + "\r\n";
    request += "Accept: application/x-ndjson\r\n\r\n";
    done = false;
    asio::async_write(s.socket, asio::buffer(request), [&](boost::system::error_code ec, std::size_t) {
        error = ec;
        done = true;
    });
    if (!s.run_until([&] { return done; }, deadline) || error)
        throw std::runtime_error("GET " + target +
                                 ": the request could not be sent: " + (done ? error.message() : "timeout"));
    s.start_read();
    if (!s.run_until([&] { return s.header_read; }, deadline))
        throw std::runtime_error("GET " + target + ": no answer's header within " + std::to_string(timeout.count()) +
                                 " ms" + (s.closed ? " (the server closed the connection)" : ""));
}

NdjsonReader::~NdjsonReader()
{
    boost::system::error_code ignored;
    state_->socket.close(ignored);
}

int NdjsonReader::status() const { return state_->status; }

std::optional<std::string> NdjsonReader::header(std::string_view name) const
{
    for (const auto& [key, value] : state_->headers)
        if (boost::beast::iequals(key, name)) return value;
    return std::nullopt;
}

bool NdjsonReader::chunked() const { return state_->chunked; }

std::string NdjsonReader::body(std::chrono::milliseconds timeout)
{
    auto& s = *state_;
    s.run_until([&] { return s.closed || (s.content_length && s.body.size() >= *s.content_length) || s.last_chunk; },
                Clock::now() + timeout);
    return s.body;
}

std::optional<json> NdjsonReader::next_line(std::chrono::milliseconds timeout)
{
    auto& s = *state_;
    s.run_until([&] { return !s.lines.empty() || s.stream_ended(); }, Clock::now() + timeout);
    if (s.lines.empty()) return std::nullopt;
    json line = std::move(s.lines.front());
    s.lines.pop_front();
    return line;
}

int NdjsonReader::keep_alive_lines() const { return state_->keep_alives; }

bool NdjsonReader::wait_ended(std::chrono::milliseconds timeout)
{
    auto& s = *state_;
    return s.run_until([&] { return s.stream_ended(); }, Clock::now() + timeout);
}

bool NdjsonReader::ended() const { return state_->stream_ended(); }

void NdjsonReader::close()
{
    auto& s = *state_;
    boost::system::error_code ignored;
    s.socket.shutdown(tcp::socket::shutdown_both, ignored);
    s.socket.close(ignored);
    s.closed = true;
    // The outstanding read completes (aborted) here, so nothing refers to the socket later.
    s.run_until([&] { return !s.reading; }, Clock::now() + std::chrono::milliseconds(500));
}

} // namespace rochade::test
