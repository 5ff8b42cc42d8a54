// The one place that builds SQLite's implementations of the store interfaces, so that the
// composition root (server/wiring/server.cpp) names no SQLite class; db/pg/postgres_store.h is
// PostgreSQL's.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "db/store_reader.h"
#include "db/store_writer.h"

namespace rochade::db {

struct SqliteOptions {
    // How long a write or read waits for another connection's lock before it fails
    // (StoreFailure::Unavailable).
    int busy_timeout_ms = 5000; // db/sqlite/migrations.h default_busy_timeout_ms
    // Told about every failed write, besides the submission's own callback (default: stderr).
    std::function<void(std::string)> on_error;
    // Told of every submission as it completes (db/store_writer.h); none by default.
    WriteObserver on_done;
};

// The group-commit writer on `path`, creating and migrating the database if needed. Throws
// std::runtime_error (db::DbError) naming the file when it cannot.
std::unique_ptr<StoreWriter> open_sqlite_writer(const std::string& path, SqliteOptions options = {});
// A read-only connection to the database at `path`, which must exist at this schema version
// (open the writer first).
std::unique_ptr<StoreReader> open_sqlite_reader(const std::string& path, const SqliteOptions& options = {});

} // namespace rochade::db
