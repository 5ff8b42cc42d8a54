// PostgreSQL's implementation of db::StoreWriter, with db::SqliteWriter's promises (db/sqlite/sqlite_writer.h):
// one thread owns one connection and commits everything queued since its last commit in one
// transaction (group commit across games), with synchronous_commit on, so a `done` without an
// error means the writes are durable on the server; a refused submission (a ply that is not its
// game's next, a nick taken) is rolled back alone: the batch is then written again with a
// SAVEPOINT per submission (db/pg/pg_writer.cpp).
//
// A lost connection (the server restarted, a network cut, a backend terminated) fails every
// submission of the batch that met it with StoreFailure::Unavailable, at once: the writer does
// not wait for the server. The next batch opens a new connection (connect_timeout bounds the
// wait); until one opens, each batch fails as Unavailable. No submission is left without its
// `done`. A connection that died while idle is replaced before a batch uses it (the server's
// goodbye is read first, or the batch's BEGIN fails before anything of it was sent), so a
// server restarted between two batches fails none. A COMMIT whose answer is lost with the connection is reported
// Unavailable although the server may have committed it: the same ambiguity as any client of any database has, and the
// same as a crash of the server between its fsync and the reply.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "db/pg/pg.h"
#include "db/store_writer.h"

namespace rochade::db {
class BatchCommitQueue;
}

namespace rochade::db::pg {

struct PgWriterOptions {
    ConnectOptions connect;
    // Told about every failed write, besides the submission's own callback (default: stderr).
    std::function<void(std::string)> on_error;
    WriteObserver on_done;
};

class PgWriter final : public StoreWriter {
public:
    // Connects to `url` and brings its schema up to date (db/pg/pg_migrations.h); throws DbError
    // (never naming the URL's password) when it cannot.
    PgWriter(const std::string& url, PgWriterOptions options);
    // Commits everything queued, then stops the thread.
    ~PgWriter() override;
    PgWriter(const PgWriter&) = delete;
    PgWriter& operator=(const PgWriter&) = delete;

    using StoreWriter::submit;
    void submit(std::vector<Write> writes, WriteDone done) override;
    void flush() override;

    // For tests: the server process of the writer's connection now (0 while it has none).
    int backend_pid() const;

private:
    struct State;
    std::unique_ptr<State> state_;
    std::unique_ptr<BatchCommitQueue> queue_; // its thread writes through state_
};

} // namespace rochade::db::pg
