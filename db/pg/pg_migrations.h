// The PostgreSQL schema ladder, apart from SQLite's (db/sqlite/migrations.cpp): PostgreSQL's version 1
// is SQLite's version 7 (the same tables and meaning), without what only SQLite needed (moves
// are keyed by (game_id, ply) again: PostgreSQL's B-tree and WAL do not pay SQLite's page cost
// for it, and the key refuses a ply stored twice).
#pragma once

#include "db/pg/pg.h"

namespace rochade::db::pg {

// The version this code writes and reads.
int pg_schema_version();

// Brings the database up to pg_schema_version(): each rung in a transaction of its own, under a
// transaction-level advisory lock, so that several nodes starting at once migrate once (the
// others wait, then find the rung done). The version is kept in the table schema_version.
// Throws DbError when a rung fails, and refuses (DbError) a database of a newer version than
// this code knows.
void migrate(Connection& connection);
// Up to `target` only (for tests).
void migrate_to(Connection& connection, int target);

// The version stored; 0 for an empty database.
int stored_version(Connection& connection);

} // namespace rochade::db::pg
