#include "db/read_thread.h"

#include <exception>
#include <iostream>
#include <utility>

namespace rochade::db {

ReadThread::ReadThread(std::unique_ptr<StoreReader> reader, std::function<void(std::string)> on_error)
    : reader_(std::move(reader)), on_error_(on_error ? std::move(on_error) : [](std::string message) {
          std::cerr << "rochade db: " << message << '\n';
      })
{
    thread_ = std::thread([this] { run(); });
}

ReadThread::~ReadThread()
{
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    queued_.notify_one();
    thread_.join();
}

// Not a DbError: a bug or a resource running out (std::bad_alloc) rather than the store saying
// no. Whether the store holds the answer is unknown, so it is Unavailable, as a write that met it.
StoreError ReadThread::unexpected_read_error(const std::exception& error)
{
    return StoreError{StoreFailure::Unavailable, error.what()};
}

void ReadThread::queue(Job job)
{
    {
        std::lock_guard lock(mutex_);
        jobs_.push_back(std::move(job));
    }
    queued_.notify_one();
}

void ReadThread::run()
{
    for (;;) {
        Job job;
        {
            std::unique_lock lock(mutex_);
            queued_.wait(lock, [this] { return stopping_ || !jobs_.empty(); });
            if (jobs_.empty()) return; // stopping, and every job ran
            job = std::move(jobs_.front());
            jobs_.pop_front();
        }
        try {
            job(*reader_);
        } catch (const std::exception& error) {
            on_error_(std::string("a read's done threw: ") + error.what());
        }
    }
}

} // namespace rochade::db
