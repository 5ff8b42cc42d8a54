// The one place that builds PostgreSQL's implementations of the store interfaces (db/pg/), as
// db/sqlite/sqlite_store.h builds SQLite's, so that the composition root (server/wiring/server.cpp) names no
// PostgreSQL class and never sees libpq.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "db/store_reader.h"
#include "db/store_writer.h"

namespace rochade::db {

struct PostgresOptions {
    // How long opening a connection may take before the store counts as unavailable (seconds).
    int connect_timeout_s = 5;
    // The server-side limit of every statement (a lock waited on, say), in ms.
    int statement_timeout_ms = 30000;
    // Told about every failed write, besides the submission's own callback (default: stderr).
    std::function<void(std::string)> on_error;
    // Told of every submission as it completes (db/store_writer.h); none by default.
    WriteObserver on_done;
};

// Whether `location` names a PostgreSQL database (postgresql:// or postgres://) rather than a
// SQLite file.
bool is_postgres_url(std::string_view location);
// The URL without its password, for logs and messages ("postgresql://user@host/db").
std::string postgres_url_for_log(std::string_view url);

// The group-commit writer on the database at `url`, migrating its schema if needed. Throws
// db::DbError (Unavailable when the server cannot be reached) without the URL's password.
std::unique_ptr<StoreWriter> open_postgres_writer(const std::string& url, PostgresOptions options = {});
// A reader on its own connection; the schema must be at this version (open the writer first).
std::unique_ptr<StoreReader> open_postgres_reader(const std::string& url, const PostgresOptions& options = {});

} // namespace rochade::db
