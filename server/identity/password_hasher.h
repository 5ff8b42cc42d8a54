// The threads that hash and check passwords. Argon2id is meant to be slow (tens of ms and
// 19 MiB each), so it never runs on an io thread or a strand: at most `threads` hashes run at
// once, further requests wait in a bounded queue, and beyond that the caller is told to come
// back later (the `busy` error) instead of the server queueing without limit.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace rochade::identity {

class PasswordHasher {
public:
    PasswordHasher(std::size_t threads, std::size_t max_waiting);
    // Runs the jobs already queued, then joins the threads.
    ~PasswordHasher();
    PasswordHasher(const PasswordHasher&) = delete;
    PasswordHasher& operator=(const PasswordHasher&) = delete;

    // Queues `job` (which hashes or verifies and posts its answer back); false, and `job` is
    // dropped, when every thread is busy and `max_waiting` jobs wait already. Callable from any
    // thread.
    bool try_submit(std::function<void()> job);
    // Jobs queued and not yet started (for /metrics and tests).
    std::size_t waiting() const;
    // Jobs a thread is running now (for /metrics).
    std::size_t running() const;

private:
    void run();

    const std::size_t max_waiting_;
    mutable std::mutex mutex_;
    std::condition_variable queued_;
    std::deque<std::function<void()>> jobs_;
    bool stopping_ = false;
    std::size_t idle_ = 0;    // threads waiting for a job
    std::size_t running_ = 0; // threads inside a job
    std::vector<std::thread> threads_;
};

} // namespace rochade::identity
