// The one writer of the database: a thread that owns a SQLite connection and commits what it
// is given in batches (group commit). A move is acknowledged to players only from its
// `on_committed` callback, so whatever a client saw is on disk.
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

#include "db/records.h"

namespace rochade::db {

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
};

class Writer {
public:
    // Opens (creating and migrating) the database at `path`; throws std::runtime_error naming
    // the file and SQLite's message when it cannot.
    //
    // A submission whose writes fail (a duplicate ply, an unknown game) is rolled back alone.
    // A batch whose transaction fails is retried once, then committed one submission per
    // transaction. Nothing is thrown away in silence: `on_error` (default: a line on stderr)
    // is told what failed, the failed submissions' callbacks are NOT run (their writes are not
    // on disk, so nobody may be told they are), and the writer goes on with the next batch.
    explicit Writer(const std::string& path, std::function<void(std::string)> on_error = {}, WriterTuning tuning = {});
    // Commits everything queued, then stops the thread.
    ~Writer();
    Writer(const Writer&) = delete;
    Writer& operator=(const Writer&) = delete;

    // Queues writes that commit together, in order. Callable from any thread. `on_committed`
    // runs on the writer's thread after the commit; it must only hand work off (post).
    void submit(std::vector<Write> writes, std::function<void()> on_committed = {});
    void submit(Write write, std::function<void()> on_committed = {});
    // Blocks until everything submitted before the call is committed (or, if it failed,
    // reported through on_error) and its callbacks have run. Must not be called from an
    // on_committed callback: that runs on the writer's thread, which would wait for itself.
    void flush();
    WriterStats stats() const;

private:
    struct State;
    std::unique_ptr<State> state_;
};

} // namespace rochade::db
