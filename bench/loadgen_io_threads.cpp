#include "bench/loadgen_io_threads.h"

namespace rochade::bench {

// Concurrency hint 1: each context has one thread, so Asio queues the handlers that thread
// posts to itself without locking or waking anyone.
IoThreads::IoThreads(int threads)
{
    for (int i = 0; i < threads; ++i) contexts_.push_back(std::make_unique<net::io_context>(1));
}

IoThreads::~IoThreads() { stop(); }

void IoThreads::start()
{
    for (auto& context : contexts_) {
        guards_.push_back(net::make_work_guard(*context));
        threads_.emplace_back([&context = *context] { context.run(); });
    }
}

void IoThreads::stop()
{
    guards_.clear();
    for (auto& context : contexts_) context->stop();
    for (auto& thread : threads_) thread.join();
    threads_.clear();
}

} // namespace rochade::bench
