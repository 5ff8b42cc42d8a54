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
    explicit Writer(const std::string& path, std::function<void(std::string)> on_error = {});
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
