// Reads at runtime, off the caller's thread: one thread owns a StoreReader (for SQLite, its
// own read-only connection, which WAL lets read beside the writer) and runs the jobs given to
// it, one at a time, in the order they came. Backend-neutral: it knows only the interface.
//
// A job gets the reader, does its reads, catches what they throw (db::DbError and the like)
// and hands its result back where it belongs, e.g. by posting to the asking strand; it must not
// block on anything else. A job that throws anyway is logged through `on_error` and dropped.
#pragma once

#include <condition_variable>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include "db/store_reader.h"

namespace rochade::db {

class ReadThread {
public:
    using Job = std::function<void(StoreReader&)>;

    explicit ReadThread(std::unique_ptr<StoreReader> reader, std::function<void(std::string)> on_error = {});
    // Runs the jobs still queued, then stops the thread.
    ~ReadThread();
    ReadThread(const ReadThread&) = delete;
    ReadThread& operator=(const ReadThread&) = delete;

    // Queues `work`; callable from any thread.
    void read(Job work);

private:
    void run();

    std::unique_ptr<StoreReader> reader_;
    std::function<void(std::string)> on_error_;
    std::mutex mutex_;
    std::condition_variable queued_;
    std::deque<Job> jobs_;
    bool stopping_ = false;
    std::thread thread_;
};

} // namespace rochade::db
