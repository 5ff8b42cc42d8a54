// db/sqlite/sqlite.h: the parts the other tests do not reach on their own (the read snapshot).
#include <catch2/catch.hpp>

#include <stdexcept>

#include "db/sqlite/sqlite.h"
#include "../temp_database.h"

using namespace rochade::db;
using rochade::db::testing::TempDatabase;

namespace {

std::int64_t rows(Database& db) { return db.query_int("SELECT COUNT(*) FROM seen").value_or(-1); }

} // namespace

TEST_CASE("a read snapshot sees one state of the database while another connection commits")
{
    TempDatabase file("sqlite-snapshot");
    Database writer(file.path(), OpenMode::ReadWriteCreate);
    writer.exec("PRAGMA journal_mode = WAL; CREATE TABLE seen (x INTEGER); INSERT INTO seen VALUES (1)");
    Database reader(file.path(), OpenMode::ReadOnly);
    {
        const ReadSnapshot snapshot(reader);
        CHECK(rows(reader) == 1); // the first read fixes the snapshot
        writer.exec("INSERT INTO seen VALUES (2)");
        CHECK(rows(reader) == 1);
    }
    CHECK(rows(reader) == 2);
}

TEST_CASE("a read snapshot ends when an error leaves its scope")
{
    TempDatabase file("sqlite-snapshot-error");
    Database db(file.path(), OpenMode::ReadWriteCreate);
    db.exec("CREATE TABLE seen (x INTEGER)");
    try {
        const ReadSnapshot snapshot(db);
        rows(db);
        throw std::runtime_error("a read failed");
    } catch (const std::runtime_error&) {
    }
    // Inside a transaction still open, BEGIN would fail ("within a transaction").
    CHECK_NOTHROW(db.exec("BEGIN"));
    db.exec("COMMIT");
}
