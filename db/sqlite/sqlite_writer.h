// The one writer of the database: a thread that owns a SQLite connection and commits what it
// is given in batches (group commit); SQLite's implementation of db::StoreWriter. A move is
// acknowledged to players only from its `done` callback, so whatever a client saw is on disk.
//
// Batching: the thread takes everything queued since its last commit and writes it in one
// transaction, so under load one fsync carries many moves and durability does not cap
// throughput; when idle, a single write is committed at once.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "db/sqlite/migrations.h"
#include "db/records.h"
#include "db/store_writer.h"

namespace rochade::db {

class BatchCommitQueue;

struct WriterStats {
    std::uint64_t transactions = 0;
    std::uint64_t writes = 0;
    std::uint64_t pages_written = 0; // WAL frames written by the writer's transactions
    std::uint64_t cache_misses = 0;  // pages the writer had to read from the file
};

// The writer connection's page cache and checkpoint interval. The defaults are what the server
// runs with; bench/db_write_bench compares others (docs/performance.md, "Durable writes").
struct WriterTuning {
    // PRAGMA cache_size = -cache_kib. SQLite's default, 2,000 KiB, is smaller than the pages
    // 1,000 long games write to (a leaf of the moves index each), and each miss is a pread.
    // 8 MiB holds them. Not more: at every commit SQLite 3.40 scans its page
    // cache's hash table (perf: under sqlite3PagerCommitPhaseTwo), and at 32 MiB that scan cost
    // more CPU per move than the cache saved.
    int cache_kib = 8192;
    // PRAGMA wal_autocheckpoint: a commit that leaves the WAL longer than this many pages
    // copies it into the database file. SQLite's default is 1,000 pages; at 10,000 a page that
    // is written over and over (the moves table's last page, a running game's index leaf) is
    // copied once per 10,000 frames instead of ten times. The WAL grows to ~40 MiB for it.
    int wal_autocheckpoint_pages = 10000;
    // PRAGMA busy_timeout: how long a transaction waits for another connection's lock before it
    // fails as StoreFailure::Unavailable. Tests shorten it.
    int busy_timeout_ms = default_busy_timeout_ms;
};

class SqliteWriter final : public StoreWriter {
public:
    // Opens (creating and migrating) the database at `path`; throws std::runtime_error naming
    // the file and SQLite's message when it cannot.
    //
    // A submission whose writes fail (a duplicate ply or a gap, an unknown game) is rolled back
    // alone: its `done` gets StoreFailure::Refused. A batch whose transaction fails (a lock held
    // past the busy timeout, a full disk, an I/O error) is retried once, then committed one
    // submission per transaction, so that a poisoned submission costs only itself; once a
    // submission alone fails as Unavailable, the rest of the batch fails with it untried (the
    // store is down, and each try could wait the busy timeout again). Every failed submission's
    // `done` gets the error, and `on_error` (default: a line on stderr) is told too; the writer
    // goes on with the next batch. `on_done`, when given, is told of each submission (its wait
    // since submit() and its outcome) just before its `done` runs.
    explicit SqliteWriter(const std::string& path, std::function<void(std::string)> on_error = {}, WriterTuning tuning = {},
                    WriteObserver on_done = {});
    // Commits everything queued, then stops the thread.
    ~SqliteWriter() override;
    SqliteWriter(const SqliteWriter&) = delete;
    SqliteWriter& operator=(const SqliteWriter&) = delete;

    using StoreWriter::submit;
    void submit(std::vector<Write> writes, WriteDone done) override;
    void flush() override;
    WriterStats stats() const;

    // For tests: a full disk. From the next batch on, the connection's file may not grow past
    // `pages` pages (PRAGMA max_page_count), so writes that need more fail with SQLITE_FULL;
    // 0 lifts the limit again.
    void limit_pages(std::int64_t pages);

private:
    struct State;
    std::unique_ptr<State> state_;
    std::unique_ptr<BatchCommitQueue> queue_; // its thread writes through state_
};

} // namespace rochade::db
