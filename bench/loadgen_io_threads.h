// The load generator's threads: one io_context per thread, each client on one of them for its
// whole life. With one io_context run by two threads, Asio's scheduler woke the idle thread to
// hand it handlers for most incoming frames: about two futex calls and two context switches per
// move, CPU taken from the server under test. Separate contexts never hand work across.
#pragma once

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>

#include <memory>
#include <thread>
#include <vector>

namespace rochade::bench {

namespace net = boost::asio;

class IoThreads {
public:
    explicit IoThreads(int threads);
    ~IoThreads();

    // The context of client (or pairing) number `index`: spread evenly over the threads.
    net::io_context& context_for(std::size_t index) { return *contexts_[index % contexts_.size()]; }
    std::size_t size() const { return contexts_.size(); }

    // Runs every context on its own thread until stop().
    void start();
    // Stops the contexts (what is still pending is dropped) and joins the threads.
    void stop();

private:
    using WorkGuard = net::executor_work_guard<net::io_context::executor_type>;
    std::vector<std::unique_ptr<net::io_context>> contexts_;
    std::vector<WorkGuard> guards_;
    std::vector<std::thread> threads_;
};

} // namespace rochade::bench
