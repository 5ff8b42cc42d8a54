// A TCP relay between one node and its Redis that a test can cut and heal: a network partition
// of that node from the bus while its players stay connected to it. While cut, every relayed
// connection is closed and new ones are closed as they come; healed, it relays again.
#pragma once

#include <atomic>
#include <cstdint>
#include <thread>
#include <utility>
#include <vector>

namespace rochade::test {

class BusRelay {
public:
    // Listens on an ephemeral port of 127.0.0.1 and relays to 127.0.0.1:`target_port`.
    explicit BusRelay(std::uint16_t target_port);
    ~BusRelay();
    BusRelay(const BusRelay&) = delete;
    BusRelay& operator=(const BusRelay&) = delete;

    std::uint16_t port() const { return port_; }
    void cut(bool cut) { cut_ = cut; }

private:
    void run();

    int listener_ = -1;
    std::uint16_t port_ = 0, target_port_ = 0;
    std::atomic<bool> cut_{false}, stop_{false};
    std::vector<std::pair<int, int>> pairs_; // (from the node, to Redis); only on the thread
    std::thread thread_;
};

} // namespace rochade::test
