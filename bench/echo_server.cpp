// A minimal asynchronous Beast WebSocket echo server: every text frame is sent straight back.
// It does nothing a chess server does (no JSON, no rules, no database), so the round trips per
// second that bench/loadgen --echo gets from it are the ceiling of this machine's network stack
// and Beast, against which the server's move throughput is judged.
//
// usage: echo_server [--port P] [--bind ADDRESS] [--threads T]   (T = 0: one per core)
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>

#include <charconv>
#include <cstdio>
#include <iostream>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "bench/loadgen_stats.h"

namespace net = boost::asio;
namespace beast = boost::beast;
namespace websocket = boost::beast::websocket;
using tcp = net::ip::tcp;

namespace {

// One connection: upgrade, then read a frame and write it back, forever.
class EchoSession : public std::enable_shared_from_this<EchoSession> {
public:
    explicit EchoSession(tcp::socket socket) : socket_(std::move(socket)) {}

    void run()
    {
        // The same socket settings as the chess server's sessions, so the comparison is fair.
        socket_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::server));
        socket_.read_message_max(4096);
        socket_.async_accept([self = shared_from_this()](beast::error_code error) {
            if (!error) self->read_next();
        });
    }

private:
    void read_next()
    {
        socket_.async_read(buffer_, [self = shared_from_this()](beast::error_code error, std::size_t) {
            if (error) return;
            self->socket_.text(self->socket_.got_text());
            self->socket_.async_write(self->buffer_.data(), [self](beast::error_code error, std::size_t) {
                if (error) return;
                self->buffer_.consume(self->buffer_.size());
                self->read_next();
            });
        });
    }

    websocket::stream<beast::tcp_stream> socket_;
    beast::flat_buffer buffer_;
};

void accept_next(net::io_context& io, tcp::acceptor& acceptor)
{
    acceptor.async_accept(net::make_strand(io), [&io, &acceptor](beast::error_code error, tcp::socket socket) {
        if (!error) std::make_shared<EchoSession>(std::move(socket))->run();
        accept_next(io, acceptor);
    });
}

bool parse_int(const std::string& text, int& out)
{
    auto [ptr, error] = std::from_chars(text.data(), text.data() + text.size(), out);
    return error == std::errc() && ptr == text.data() + text.size();
}

} // namespace

int main(int argc, char** argv)
{
    int port = 8090;
    int threads = 0;
    std::string bind = "127.0.0.1";
    for (int i = 1; i < argc; ++i) {
        const std::string option = argv[i];
        if (i + 1 >= argc) {
            std::cerr << "echo_server: " << option << " needs a value\n";
            return 2;
        }
        const std::string value = argv[++i];
        bool ok = true;
        if (option == "--port")
            ok = parse_int(value, port) && port >= 0 && port < 65536;
        else if (option == "--threads")
            ok = parse_int(value, threads) && threads >= 0;
        else if (option == "--bind")
            bind = value;
        else {
            std::cerr << "echo_server: unknown option " << option
                      << "\nusage: echo_server [--port P] [--bind ADDRESS] [--threads T]\n";
            return 2;
        }
        if (!ok) {
            std::cerr << "echo_server: bad value for " << option << ": '" << value << "'\n";
            return 2;
        }
    }
    if (threads == 0) threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    rochade::bench::raise_open_files_limit();

    net::io_context io(threads);
    tcp::acceptor acceptor(io);
    try {
        const tcp::endpoint endpoint(net::ip::make_address(bind), static_cast<unsigned short>(port));
        acceptor.open(endpoint.protocol());
        acceptor.set_option(net::socket_base::reuse_address(true));
        acceptor.bind(endpoint);
        acceptor.listen(net::socket_base::max_listen_connections);
    } catch (const std::exception& error) {
        std::cerr << "echo_server: cannot listen on " << bind << ":" << port << ": " << error.what() << "\n";
        return 1;
    }
    // The chosen port is printed (port 0 picks a free one) so scripts can read it.
    std::cout << "echo_server listening on " << bind << ":" << acceptor.local_endpoint().port() << " with " << threads
              << " threads" << std::endl;
    accept_next(io, acceptor);

    net::signal_set signals(io, SIGINT, SIGTERM);
    signals.async_wait([&io](beast::error_code, int) { io.stop(); });

    std::vector<std::thread> workers;
    for (int i = 1; i < threads; ++i) workers.emplace_back([&io] { io.run(); });
    io.run();
    for (auto& worker : workers) worker.join();
    return 0;
}
