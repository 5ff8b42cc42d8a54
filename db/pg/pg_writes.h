// Each kind of write (db/records.h) as PostgreSQL statements, run inside the PgWriter's open
// transaction. The same meaning as db::SqliteWriter's SQL (db/sqlite/sqlite_writer.cpp, identity_sql.cpp,
// moderation_sql.cpp, rating_sql.cpp): a write that contradicts what is stored throws DbError
// Refused, a failure of the server throws DbError Unavailable.
#pragma once

#include <optional>

#include "db/pg/pg.h"
#include "db/records.h"

namespace rochade::db::pg {

// Runs `write`'s statements on `connection`, which must be inside a transaction (a refused write
// leaves it to the caller to roll back to its savepoint).
void apply_write(Connection& connection, const Write& write);

// The hot path's writes (a game's start, a move, a table event, room chat) as one statement each
// that can go in a pipeline (Connection::run_pipelined): the same SQL as apply_write's. A move's
// or a table event's INSERT must change exactly one row (`must_change_one_row`), else it was
// refused (a ply out of order, a newer owner epoch) and apply_write, run alone, says why. nullopt for every other kind of write, which reads what it
// writes against. Throws DbError (Refused) for a start that apply_write would refuse too.
struct PipelinedWrite {
    PipelinedStatement statement;
    bool must_change_one_row = false;
};
std::optional<PipelinedWrite> pipelined_write(Connection& connection, const Write& write);

} // namespace rochade::db::pg
