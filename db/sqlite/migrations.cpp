// The schema ladder's runner (migrations.h); the rungs themselves are in schema_rungs.cpp and
// schema_rung_data.cpp.
#include "db/sqlite/migrations.h"

#include <string>

#include "db/sqlite/schema_ladder.h"

namespace rochade::db {

namespace {

int user_version(Database& db) { return static_cast<int>(db.query_int("PRAGMA user_version").value_or(0)); }

} // namespace

int schema_version() { return static_cast<int>(schema_rungs().size()); }

void configure_connection(Database& db, int busy_timeout_ms)
{
    // busy_timeout first: the journal_mode change itself may have to wait for another connection.
    // PRAGMA does not take parameters; the value is an integer.
    db.exec("PRAGMA busy_timeout = " + std::to_string(busy_timeout_ms));
    db.exec("PRAGMA journal_mode = WAL");
    db.exec("PRAGMA synchronous = FULL");
    db.exec("PRAGMA foreign_keys = ON");
}

void migrate(Database& db) { migrate_to(db, schema_version()); }

void migrate_to(Database& db, int target)
{
    if (target < 1 || target > schema_version())
        throw DbError("no schema version " + std::to_string(target) + " to migrate '" + db.path() +
                      "' to; this Rochade knows 1 to " + std::to_string(schema_version()));
    // Checked before and again inside the transaction: another process may have migrated the
    // file between the two reads, and BEGIN IMMEDIATE makes the second read authoritative.
    auto refuse_if_newer = [&](int found) {
        if (found > schema_version())
            throw DbError("database '" + db.path() + "' has schema version " + std::to_string(found) +
                          ", newer than this Rochade knows (" + std::to_string(schema_version()) +
                          "); refusing to open it. Use a newer Rochade or another --db file.");
    };
    refuse_if_newer(user_version(db));
    if (user_version(db) >= target) return;

    Transaction transaction(db);
    const int found = user_version(db);
    refuse_if_newer(found);
    for (int version = found + 1; version <= target; ++version) {
        try {
            db.exec(schema_rungs()[static_cast<std::size_t>(version - 1)]);
            complete_schema_rung(db, version);
        } catch (const DbError& error) {
            throw DbError("migrating '" + db.path() + "' to schema version " + std::to_string(version) +
                          " failed: " + error.what());
        }
    }
    // PRAGMA does not take parameters; the value is our own integer.
    if (found < target) db.exec("PRAGMA user_version = " + std::to_string(target));
    transaction.commit();
}

Database open_migrated(const std::string& path, int busy_timeout_ms)
{
    Database db(path, OpenMode::ReadWriteCreate);
    configure_connection(db, busy_timeout_ms);
    migrate(db);
    return db;
}

} // namespace rochade::db
