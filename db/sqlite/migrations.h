// The schema, as a ladder of migrations keyed by PRAGMA user_version: version N of the schema
// is what migrations 1..N leave behind. Opening a database runs the missing rungs in one
// transaction, so a crash mid-upgrade leaves the old version intact. A database written by a
// newer Rochade (user_version above what this code knows) is refused rather than guessed at.
#pragma once

#include <string>

#include "db/sqlite/sqlite.h"

namespace rochade::db {

// How long a connection waits for another one's lock before its statement fails (SQLITE_BUSY).
inline constexpr int default_busy_timeout_ms = 5000;

// The schema version this code writes and understands.
int schema_version();

// Sets the per-connection pragmas every Rochade connection uses: WAL journal, synchronous=FULL
// (a committed move survives power loss), foreign keys on, and the busy timeout.
void configure_connection(Database& db, int busy_timeout_ms = default_busy_timeout_ms);

// Brings the database to schema_version(); throws DbError naming the file and both versions
// when the file's version is newer than this code knows.
void migrate(Database& db);

// Runs the rungs up to `version` only (1..schema_version(); a database already there or past
// it is left as it is). For tests and benchmarks that need a database as an older Rochade
// left it; the server and the tools always use migrate().
void migrate_to(Database& db, int version);

// Opens `path` for writing (creating it), configures the connection and migrates it.
Database open_migrated(const std::string& path, int busy_timeout_ms = default_busy_timeout_ms);

} // namespace rochade::db
