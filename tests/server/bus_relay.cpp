#include "tests/server/bus_relay.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <stdexcept>
#include <tuple>

namespace rochade::test {

namespace {

sockaddr_in loopback(std::uint16_t port)
{
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    address.sin_port = htons(port);
    return address;
}

// Writes all of `data` to `fd`; false when the peer is gone.
bool write_all(int fd, const char* data, ssize_t size)
{
    while (size > 0) {
        const ssize_t written = ::send(fd, data, std::size_t(size), MSG_NOSIGNAL);
        if (written <= 0) return false;
        data += written;
        size -= written;
    }
    return true;
}

} // namespace

BusRelay::BusRelay(std::uint16_t target_port) : target_port_(target_port)
{
    // Close-on-exec: the nodes are forked after it, and a copy of a relayed socket in a node would
    // keep the connection open after the relay closed its own.
    listener_ = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    int on = 1;
    ::setsockopt(listener_, SOL_SOCKET, SO_REUSEADDR, &on, sizeof on);
    sockaddr_in address = loopback(0);
    if (::bind(listener_, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0 || ::listen(listener_, 16) != 0)
        throw std::runtime_error("the bus relay cannot listen");
    socklen_t length = sizeof address;
    ::getsockname(listener_, reinterpret_cast<sockaddr*>(&address), &length);
    port_ = ntohs(address.sin_port);
    thread_ = std::thread([this] { run(); });
}

BusRelay::~BusRelay()
{
    stop_ = true;
    thread_.join();
    for (const auto& [node, redis] : pairs_) {
        ::close(node);
        ::close(redis);
    }
    ::close(listener_);
}

void BusRelay::run()
{
    std::vector<char> buffer(64 * 1024);
    while (!stop_) {
        if (cut_) {
            for (const auto& [node, redis] : pairs_) {
                ::close(node);
                ::close(redis);
            }
            pairs_.clear();
        }
        std::vector<pollfd> watched{{listener_, POLLIN, 0}};
        for (const auto& [node, redis] : pairs_) {
            watched.push_back({node, POLLIN, 0});
            watched.push_back({redis, POLLIN, 0});
        }
        if (::poll(watched.data(), watched.size(), 20) <= 0) continue;
        std::vector<std::pair<int, int>> fresh; // polled from the next round on
        if (watched[0].revents & POLLIN) {
            const int node = ::accept4(listener_, nullptr, nullptr, SOCK_CLOEXEC);
            if (node >= 0 && cut_) {
                ::close(node);
            } else if (node >= 0) {
                const int redis = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
                sockaddr_in target = loopback(target_port_);
                if (::connect(redis, reinterpret_cast<sockaddr*>(&target), sizeof target) == 0) {
                    fresh.emplace_back(node, redis);
                } else {
                    ::close(node);
                    ::close(redis);
                }
            }
        }
        std::vector<std::pair<int, int>> alive;
        for (std::size_t i = 0; i < pairs_.size(); ++i) {
            const auto [node, redis] = pairs_[i];
            bool open = true;
            for (const auto& [from, to, slot] : {std::tuple{node, redis, 1 + 2 * i}, std::tuple{redis, node, 2 + 2 * i}}) {
                if (!open || !(watched[slot].revents & (POLLIN | POLLHUP | POLLERR))) continue;
                const ssize_t got = ::recv(from, buffer.data(), buffer.size(), 0);
                open = got > 0 && write_all(to, buffer.data(), got);
            }
            if (open) {
                alive.emplace_back(node, redis);
            } else {
                ::close(node);
                ::close(redis);
            }
        }
        alive.insert(alive.end(), fresh.begin(), fresh.end());
        pairs_ = std::move(alive);
    }
}

} // namespace rochade::test
