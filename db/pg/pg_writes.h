// Each kind of write (db/records.h) as PostgreSQL statements, run inside the PgWriter's open
// transaction. The same meaning as db::Writer's SQL (db/writer.cpp, identity_sql.cpp,
// moderation_sql.cpp, rating_sql.cpp): a write that contradicts what is stored throws DbError
// Refused, a failure of the server throws DbError Unavailable.
#pragma once

#include "db/pg/pg.h"
#include "db/records.h"

namespace rochade::db::pg {

// Runs `write`'s statements on `connection`, which must be inside a transaction (a refused write
// leaves it to the caller to roll back to its savepoint).
void apply_write(Connection& connection, const Write& write);

} // namespace rochade::db::pg
