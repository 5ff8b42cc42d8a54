// The write side of the store, as the server sees it: ordered submissions of backend-neutral
// records (db/records.h), each completed exactly once with success or an error. db::SqliteWriter
// (SQLite, group commit) and db::pg::PgWriter (PostgreSQL) implement it.
#pragma once

#include <chrono>
#include <functional>
#include <optional>
#include <vector>

#include "db/records.h"
#include "db/store_error.h"

namespace rochade::db {

// Called exactly once per submission, on the store's own thread: nullopt when the writes are
// durably stored, else why not (and then none of them is). It must only hand work off (post);
// it must not block or call flush().
using WriteDone = std::function<void(std::optional<StoreError>)>;

// Told of every submission just before its `done` runs, on the store's thread: how long it
// waited since submit() and its error, if any. For the server's metrics (commit latency, store
// errors); it must only count. A store takes one when it is built (db/sqlite/sqlite_store.h).
using WriteObserver = std::function<void(std::chrono::nanoseconds waited, const std::optional<StoreError>& error)>;

class StoreWriter {
public:
    virtual ~StoreWriter() = default;

    // Queues writes that are stored together or not at all. Callable from any thread.
    // Submissions are stored in the order they were queued, and `done` runs in that order.
    //
    // A move (MovePlayed) is refused unless its ply is exactly one more than its game's last
    // stored ply: so once a move failed, the moves submitted after it for the same game fail
    // too, and the stored plies never have a gap.
    virtual void submit(std::vector<Write> writes, WriteDone done) = 0;
    // Without a callback: for writes nobody waits for (tools, tests).
    void submit(std::vector<Write> writes) { submit(std::move(writes), WriteDone{}); }
    void submit(Write write, WriteDone done = {})
    {
        std::vector<Write> writes;
        writes.push_back(std::move(write));
        submit(std::move(writes), std::move(done));
    }
    // Blocks until every submission queued before the call has completed and its `done` has
    // run. Not from a `done` callback (that runs on the store's thread, which would wait for
    // itself).
    virtual void flush() = 0;
};

} // namespace rochade::db
