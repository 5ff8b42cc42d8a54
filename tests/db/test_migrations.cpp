// db/sqlite.h and db/migrations.h: the RAII layer, the pragmas every connection gets, the schema
// ladder, and refusing a database from a newer Rochade.
#include <catch2/catch.hpp>

#include <functional>
#include <string>

#include "db/migrations.h"
#include "db/sqlite.h"
#include "temp_database.h"

using namespace rochade::db;
using rochade::db::testing::TempDatabase;

namespace {

bool has_object(Database& db, const std::string& type, const std::string& name)
{
    Statement query = db.prepare("SELECT COUNT(*) FROM sqlite_master WHERE type = ?1 AND name = ?2");
    query.bind(1, type).bind(2, name);
    query.step();
    return query.column_int(0) == 1;
}

std::string pragma_text(Database& db, const std::string& pragma)
{
    Statement query = db.prepare("PRAGMA " + pragma);
    REQUIRE(query.step());
    return query.column_text(0);
}

} // namespace

TEST_CASE("a new database gets the whole schema and the current user_version")
{
    TempDatabase file("migrate");
    Database db = open_migrated(file.path());
    CHECK(db.query_int("PRAGMA user_version") == schema_version());
    CHECK(schema_version() == 1);

    const struct {
        const char* type;
        const char* name;
    } objects[] = {
        {"table", "games"},
        {"table", "moves"},
        {"table", "table_events"},
        {"table", "room_chat"},
        {"table", "resume_tokens"},
        {"index", "games_unfinished"},
        {"index", "games_by_table"},
        {"index", "table_events_by_game"},
        {"index", "table_events_by_table"},
        {"index", "room_chat_by_room"},
    };
    for (const auto& object : objects) {
        INFO(object.type << " " << object.name);
        CHECK(has_object(db, object.type, object.name));
    }
}

TEST_CASE("every connection runs in WAL mode, fully synchronous, with foreign keys and a busy timeout")
{
    TempDatabase file("pragmas");
    Database db = open_migrated(file.path());
    const struct {
        const char* pragma;
        const char* value;
    } expected[] = {
        {"journal_mode", "wal"},
        {"synchronous", "2"}, // FULL
        {"foreign_keys", "1"},
        {"busy_timeout", "5000"},
    };
    for (const auto& [pragma, value] : expected) {
        INFO(pragma);
        CHECK(pragma_text(db, pragma) == value);
    }
}

TEST_CASE("migrating an up-to-date database again changes nothing")
{
    TempDatabase file("remigrate");
    {
        Database db = open_migrated(file.path());
        db.exec("INSERT INTO resume_tokens (token, nick, issued_at_ms) VALUES ('t', 'Anna', 1)");
    }
    Database db = open_migrated(file.path());
    CHECK(db.query_int("PRAGMA user_version") == schema_version());
    CHECK(db.query_int("SELECT COUNT(*) FROM resume_tokens") == 1);
}

TEST_CASE("a database from a newer Rochade is refused with a message naming both versions")
{
    TempDatabase file("newer");
    {
        Database db(file.path(), OpenMode::ReadWriteCreate);
        db.exec("PRAGMA user_version = 99");
    }
    try {
        open_migrated(file.path());
        FAIL("a version 99 database was opened");
    } catch (const DbError& error) {
        const std::string message = error.what();
        CHECK_THAT(message, Catch::Contains("schema version 99"));
        CHECK_THAT(message, Catch::Contains("newer"));
        CHECK_THAT(message, Catch::Contains(file.path()));
    }
    Database db(file.path(), OpenMode::ReadOnly);
    CHECK(db.query_int("PRAGMA user_version") == 99);
    CHECK_FALSE(has_object(db, "table", "games"));
}

TEST_CASE("a migration that fails leaves the database at its old version, with nothing half-made")
{
    TempDatabase file("failed-migration");
    {
        // A stray table in the way of rung 1: its CREATE TABLE fails after earlier statements ran.
        Database db(file.path(), OpenMode::ReadWriteCreate);
        db.exec("CREATE TABLE resume_tokens (x)");
    }
    Database db(file.path(), OpenMode::ReadWrite);
    configure_connection(db);
    try {
        migrate(db);
        FAIL("migration succeeded over a conflicting table");
    } catch (const DbError& error) {
        CHECK_THAT(std::string(error.what()), Catch::Contains("schema version 1"));
        CHECK_THAT(std::string(error.what()), Catch::Contains("already exists"));
    }
    CHECK(db.query_int("PRAGMA user_version") == 0);
    CHECK_FALSE(has_object(db, "table", "games"));
    CHECK_FALSE(has_object(db, "table", "moves"));
}

TEST_CASE("statements bind, step and read integers, text and NULL; reset makes them reusable")
{
    Database db(":memory:", OpenMode::ReadWriteCreate);
    db.exec("CREATE TABLE t (i INTEGER, s TEXT, n INTEGER)");
    Statement insert = db.prepare("INSERT INTO t VALUES (?1, ?2, ?3)");
    insert.bind(1, std::int64_t{1} << 40).bind(2, "Gästezimmer").bind_null(3).run();
    insert.bind(1, -7).bind(2, std::string("")).bind(3, std::optional<std::int64_t>{5}).run();
    CHECK(db.changes() == 1);

    Statement select = db.prepare("SELECT i, s, n FROM t ORDER BY i");
    REQUIRE(select.step());
    CHECK(select.column_int(0) == -7);
    CHECK(select.column_text(1).empty());
    CHECK(select.column_optional_int(2) == 5);
    REQUIRE(select.step());
    CHECK(select.column_int(0) == (std::int64_t{1} << 40));
    CHECK(select.column_text(1) == "Gästezimmer");
    CHECK(select.column_is_null(2));
    CHECK(select.column_optional_int(2) == std::nullopt);
    CHECK_FALSE(select.step());
    select.reset();
    CHECK(select.step());
}

TEST_CASE("errors name the operation, the SQL and SQLite's message")
{
    Database db(":memory:", OpenMode::ReadWriteCreate);
    db.exec("CREATE TABLE t (k INTEGER PRIMARY KEY)");
    db.exec("INSERT INTO t VALUES (1)");

    const struct {
        const char* what;
        std::function<void()> action;
        const char* operation;
        const char* sqlite_says;
    } cases[] = {
        {"bad syntax", [&] { db.prepare("SELEC 1"); }, "prepare", "syntax error"},
        {"unknown table", [&] { db.exec("DELETE FROM nowhere"); }, "exec", "no such table"},
        {"duplicate key", [&] { db.prepare("INSERT INTO t VALUES (1)").run(); }, "step", "UNIQUE constraint"},
    };
    for (const auto& c : cases) {
        INFO(c.what);
        try {
            c.action();
            FAIL("no error");
        } catch (const DbError& error) {
            const std::string message = error.what();
            CHECK_THAT(message, Catch::StartsWith(c.operation));
            CHECK_THAT(message, Catch::Contains(c.sqlite_says));
            CHECK_THAT(message, Catch::Contains("SQL: "));
        }
    }
    CHECK_THROWS_WITH(Database("/nonexistent-dir/x.db", OpenMode::ReadWrite), Catch::Contains("/nonexistent-dir/x.db"));
}

TEST_CASE("a transaction rolls back unless committed")
{
    Database db(":memory:", OpenMode::ReadWriteCreate);
    db.exec("CREATE TABLE t (k INTEGER)");
    {
        Transaction transaction(db);
        db.exec("INSERT INTO t VALUES (1)");
    }
    CHECK(db.query_int("SELECT COUNT(*) FROM t") == 0);
    {
        Transaction transaction(db);
        db.exec("INSERT INTO t VALUES (2)");
        transaction.commit();
    }
    CHECK(db.query_int("SELECT COUNT(*) FROM t") == 1);
}

TEST_CASE("foreign keys are enforced: a move needs its game")
{
    TempDatabase file("fk");
    Database db = open_migrated(file.path());
    CHECK_THROWS_WITH(db.exec("INSERT INTO moves VALUES (42, 1, 1, 'e2e4', 'e4', 0, 0, 0)"),
                      Catch::Contains("FOREIGN KEY"));
}
