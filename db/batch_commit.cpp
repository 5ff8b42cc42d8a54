#include "db/batch_commit.h"

#include <exception>
#include <iostream>

namespace rochade::db {

std::function<void(std::string)> report_or_stderr(std::function<void(std::string)> report)
{
    if (report) return report;
    return [](const std::string& message) { std::cerr << "rochade db: " << message << '\n'; };
}

BatchCommitQueue::BatchCommitQueue(BatchBackend& backend, std::function<void(std::string)> on_error,
                                   WriteObserver on_done)
    : backend_(backend), on_error_(report_or_stderr(std::move(on_error))), on_done_(std::move(on_done))
{
    thread_ = std::thread([this] { run(); });
}

BatchCommitQueue::~BatchCommitQueue()
{
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    work_queued_.notify_one();
    thread_.join();
}

void BatchCommitQueue::submit(std::vector<Write> writes, WriteDone done)
{
    // Read before the lock, so the wait measured includes any wait for it.
    const auto submitted_at = on_done_ ? std::chrono::steady_clock::now() : std::chrono::steady_clock::time_point{};
    {
        std::lock_guard lock(mutex_);
        queue_.push_back(Submission{std::move(writes), std::move(done), submitted_at});
        ++submitted_;
    }
    work_queued_.notify_one();
}

void BatchCommitQueue::flush()
{
    std::unique_lock lock(mutex_);
    const std::uint64_t target = submitted_;
    work_done_.wait(lock, [&] { return finished_ >= target; });
}

void BatchCommitQueue::run()
{
    for (;;) {
        std::vector<Submission> batch;
        {
            std::unique_lock lock(mutex_);
            work_queued_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
            if (queue_.empty()) return; // stopping, and everything is written
            batch.reserve(queue_.size());
            for (auto& submission : queue_) batch.push_back(std::move(submission));
            queue_.clear();
        }
        Outcomes outcomes = backend_.write_batch(batch);
        // One clock reading per batch: its submissions all complete now.
        if (on_done_) {
            const auto completed = std::chrono::steady_clock::now();
            for (std::size_t i = 0; i < batch.size(); ++i)
                on_done_(std::chrono::duration_cast<std::chrono::nanoseconds>(completed - batch[i].submitted_at),
                         outcomes[i]);
        }
        for (std::size_t i = 0; i < batch.size(); ++i) {
            if (!batch[i].done) continue;
            try {
                batch[i].done(std::move(outcomes[i]));
            } catch (const std::exception& error) {
                on_error_(std::string("a submission's done callback threw: ") + error.what());
            }
        }
        {
            std::lock_guard lock(mutex_);
            finished_ += batch.size();
        }
        work_done_.notify_all();
    }
}

} // namespace rochade::db
