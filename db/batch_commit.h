// The group commit both writers share, apart from their SQL: db::SqliteWriter (SQLite, db/sqlite/sqlite_writer.cpp)
// and pg::PgWriter (PostgreSQL, db/pg/pg_writer.cpp). One thread takes everything queued since
// its last commit and hands it to the backend as one batch; then it completes each submission in
// submission order, the WriteObserver first, then its `done`. And the last rung of both writers'
// retry ladder (retry_alone). What stays in each backend is how a batch is written: SQLite's
// savepoint per submission, PostgreSQL's pipelines, reconnects and lost connections.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "db/records.h"
#include "db/store_writer.h"

namespace rochade::db {

struct Submission {
    std::vector<Write> writes;
    WriteDone done;
    std::chrono::steady_clock::time_point submitted_at; // only when there is an observer
};

// What became of each submission of a batch, in order: nullopt when it is durably stored.
using Outcomes = std::vector<std::optional<StoreError>>;

// `report`, or a line on stderr when it is empty: the writers' default for on_error.
std::function<void(std::string)> report_or_stderr(std::function<void(std::string)> report);

// A backend's part: writes one batch and says what became of each submission. Called on the
// commit thread only, one batch at a time.
class BatchBackend {
public:
    virtual ~BatchBackend() = default;
    virtual Outcomes write_batch(const std::vector<Submission>& batch) = 0;
};

// The queue and the thread that owns the backend's connection. The queue's mutex is its only lock.
class BatchCommitQueue {
public:
    // Starts the thread. `backend` must outlive the queue. `on_error` hears of a `done` that
    // threw; `on_done`, if set, of every submission just before its `done` runs.
    BatchCommitQueue(BatchBackend& backend, std::function<void(std::string)> on_error, WriteObserver on_done);
    // Commits everything queued, then stops the thread.
    ~BatchCommitQueue();
    BatchCommitQueue(const BatchCommitQueue&) = delete;
    BatchCommitQueue& operator=(const BatchCommitQueue&) = delete;

    void submit(std::vector<Write> writes, WriteDone done);
    // Blocks until every submission queued before the call has completed and its `done` has run.
    void flush();

private:
    void run();

    BatchBackend& backend_;
    const std::function<void(std::string)> on_error_;
    const WriteObserver on_done_;

    std::mutex mutex_;
    std::condition_variable work_queued_;
    std::condition_variable work_done_;
    std::deque<Submission> queue_;
    std::uint64_t submitted_ = 0; // submissions ever queued
    std::uint64_t finished_ = 0;  // submissions committed or reported failed
    bool stopping_ = false;
    std::thread thread_; // last: started when everything above is ready
};

// The last rung of both writers' retry ladder, for a batch whose transaction failed as a whole
// (a trigger that rolls it back, a lock or statement timeout): once more together; if that fails
// too, one submission may be poisoning the batch, so each is tried in a transaction of its own and
// only those that fail are lost. Once `down(error)` says the store itself is down, the rest fail
// untried (each try could wait a timeout again).
//
// `commit(submissions, error)` writes `submissions` in one transaction: their outcomes, or nullopt
// and `error` when the transaction failed as a whole.
template <class Commit, class Down>
Outcomes retry_alone(const std::vector<const Submission*>& all, Commit&& commit, Down&& down, StoreError& error,
                     const std::function<void(std::string)>& on_error)
{
    if (auto retried = commit(all, error)) return std::move(*retried);
    on_error("group commit of " + std::to_string(all.size()) +
             " submissions failed twice; committing them one by one: " + error.message);
    Outcomes outcomes(all.size());
    std::optional<StoreError> unavailable;
    for (std::size_t i = 0; i < all.size(); ++i) {
        if (unavailable) {
            outcomes[i] = unavailable;
        } else if (auto alone = commit(std::vector<const Submission*>{all[i]}, error)) {
            outcomes[i] = std::move((*alone)[0]);
        } else {
            on_error("a submission of " + std::to_string(all[i]->writes.size()) + " writes is lost: " + error.message);
            outcomes[i] = error;
            if (down(error)) unavailable = error;
        }
    }
    return outcomes;
}

} // namespace rochade::db
