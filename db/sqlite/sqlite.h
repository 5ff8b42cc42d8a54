// A thin RAII layer over SQLite's C API: a connection, a prepared statement, a transaction.
// Only db/*.cpp include sqlite3.h; this header forward-declares the two handles so that
// nothing outside db/ sees the C API. Every failure throws DbError naming the operation, the
// SQL and SQLite's own message, so a log line says what failed and where.
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "db/store_error.h"

struct sqlite3;
struct sqlite3_stmt;

namespace rochade::db {

enum class OpenMode { ReadWriteCreate, ReadWrite, ReadOnly };

class Statement;

// One connection. Not shared between threads: each thread that needs the database opens its
// own (SQLite's WAL mode lets one writer and many readers work at once).
class Database {
public:
    // Throws DbError naming `path` when the file cannot be opened.
    Database(const std::string& path, OpenMode mode);
    ~Database();
    Database(Database&& other) noexcept;
    Database& operator=(Database&& other) noexcept;
    Database(const Database&) = delete;
    Database& operator=(const Database&) = delete;

    // Runs one or more statements that return no rows we want (DDL, pragmas, BEGIN...).
    void exec(std::string_view sql);
    Statement prepare(std::string_view sql);
    // The first column of the first row of `sql` as an integer (for PRAGMA user_version and
    // the like); nullopt when there is no row or the value is NULL.
    std::optional<std::int64_t> query_int(std::string_view sql);

    // Makes `transform` callable from this connection's SQL as `name(text)`, returning text
    // (NULL for NULL). Deterministic: the same text always gives the same result. For folding
    // that SQL cannot do itself (protocol::nick_key knows Latin letters, SQL's lower() ASCII).
    void define_text_function(const char* name, std::string (*transform)(std::string_view));

    // Rows changed by the last INSERT, UPDATE or DELETE on this connection.
    std::int64_t changes() const;
    // The row id of the last row this connection inserted into a row-id table.
    std::int64_t last_insert_rowid() const;

    // Pages this connection has written (to the WAL, in WAL mode; checkpoints not counted) and
    // page-cache misses since the previous call: what a commit costs in I/O.
    struct PageCounts {
        std::int64_t written = 0;
        std::int64_t cache_misses = 0;
    };
    PageCounts take_page_counts();

    const std::string& path() const { return path_; }
    sqlite3* handle() const { return db_; }

private:
    sqlite3* db_ = nullptr;
    std::string path_;
};

// A prepared statement, prepared once and reused: bind, step until done, reset.
// Parameter and column indexes follow SQLite: parameters from 1, columns from 0.
class Statement {
public:
    Statement(sqlite3* db, sqlite3_stmt* stmt, std::string sql);
    ~Statement();
    Statement(Statement&& other) noexcept;
    Statement& operator=(Statement&& other) noexcept;
    Statement(const Statement&) = delete;
    Statement& operator=(const Statement&) = delete;

    Statement& bind(int index, std::int64_t value);
    Statement& bind(int index, int value) { return bind(index, static_cast<std::int64_t>(value)); }
    Statement& bind(int index, double value); // a REAL (the ratings)
    Statement& bind(int index, std::string_view text);
    Statement& bind(int index, const char* text) { return bind(index, std::string_view(text)); }
    Statement& bind(int index, const std::string& text) { return bind(index, std::string_view(text)); }
    Statement& bind_null(int index);
    Statement& bind(int index, const std::optional<std::int64_t>& value);

    // Advances to the next row: true when a row is available, false when the statement is
    // done. Throws DbError (constraint violations included) naming the SQL.
    bool step();
    // step() for statements that return no rows, then reset() so the statement is ready again.
    void run();
    // Makes the statement ready to run again and clears its bindings.
    void reset();

    std::int64_t column_int(int index) const;
    double column_double(int index) const;
    std::string column_text(int index) const; // "" for NULL
    bool column_is_null(int index) const;
    std::optional<std::int64_t> column_optional_int(int index) const;

    const std::string& sql() const { return sql_; }

private:
    [[noreturn]] void fail(std::string_view operation, int code) const;

    sqlite3* db_ = nullptr;
    sqlite3_stmt* stmt_ = nullptr;
    std::string sql_;
};

// BEGIN IMMEDIATE on construction (takes the write lock at once, so a busy database fails
// here, not halfway through); ROLLBACK in the destructor unless commit() succeeded.
class Transaction {
public:
    explicit Transaction(Database& db);
    ~Transaction();
    Transaction(const Transaction&) = delete;
    Transaction& operator=(const Transaction&) = delete;

    void commit();

private:
    Database& db_;
    bool open_ = true;
};

// BEGIN (deferred) on construction: every read until the end of the scope sees one snapshot of
// the database, even while a writer commits on another connection (WAL). The destructor ends
// it with ROLLBACK: a read transaction has nothing to commit, so there is no commit() to forget,
// and an error while reading ends it the same way. Declare it before the statements it covers:
// they are then finalised before it ends.
class ReadSnapshot {
public:
    explicit ReadSnapshot(Database& db);
    ~ReadSnapshot();
    ReadSnapshot(const ReadSnapshot&) = delete;
    ReadSnapshot& operator=(const ReadSnapshot&) = delete;

private:
    Database& db_;
};

} // namespace rochade::db
