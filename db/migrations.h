// The schema, as a ladder of migrations keyed by PRAGMA user_version: version N of the schema
// is what migrations 1..N leave behind. Opening a database runs the missing rungs in one
// transaction, so a crash mid-upgrade leaves the old version intact. A database written by a
// newer Rochade (user_version above what this code knows) is refused rather than guessed at.
#pragma once

#include <string>

#include "db/sqlite.h"

namespace rochade::db {

// The schema version this code writes and understands.
int schema_version();

// Sets the per-connection pragmas every Rochade connection uses: WAL journal, synchronous=FULL
// (a committed move survives power loss), foreign keys on, busy_timeout 5000 ms.
void configure_connection(Database& db);

// Brings the database to schema_version(); throws DbError naming the file and both versions
// when the file's version is newer than this code knows.
void migrate(Database& db);

// Runs the rungs up to `version` only (1..schema_version(); a database already there or past
// it is left as it is). For tests and benchmarks that need a database as an older Rochade
// left it; the server and the tools always use migrate().
void migrate_to(Database& db, int version);

// Opens `path` for writing (creating it), configures the connection and migrates it.
Database open_migrated(const std::string& path);

} // namespace rochade::db
