// The RAII layer over SQLite's C API. Every error message has the same shape,
// "<operation> failed on <file>: <SQLite's message> (SQL: <statement>)", so a log line is
// enough to find the statement and the database that failed.
#include "db/sqlite/sqlite.h"

#include <sqlite3.h>

#include <utility>

namespace rochade::db {

namespace {

std::string file_of(sqlite3* db)
{
    const char* name = db ? sqlite3_db_filename(db, "main") : nullptr;
    return name && *name ? name : ":memory:";
}

// A constraint (UNIQUE, CHECK, a trigger's RAISE) says the write contradicts what is stored;
// anything else (BUSY, LOCKED, FULL, IOERR, NOMEM, ...) says the store cannot do it now.
StoreFailure failure_kind(int code)
{
    return (code & 0xff) == SQLITE_CONSTRAINT ? StoreFailure::Refused : StoreFailure::Unavailable;
}

[[noreturn]] void throw_error(sqlite3* db, std::string_view operation, std::string_view sql)
{
    std::string message(operation);
    message += " failed on ";
    message += file_of(db);
    message += ": ";
    message += db ? sqlite3_errmsg(db) : "out of memory";
    if (!sql.empty()) {
        message += " (SQL: ";
        message += sql;
        message += ")";
    }
    throw DbError(message, db ? failure_kind(sqlite3_extended_errcode(db)) : StoreFailure::Unavailable);
}

int open_flags(OpenMode mode)
{
    switch (mode) {
    case OpenMode::ReadWriteCreate: return SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;
    case OpenMode::ReadWrite: return SQLITE_OPEN_READWRITE;
    case OpenMode::ReadOnly: return SQLITE_OPEN_READONLY;
    }
    return SQLITE_OPEN_READWRITE;
}

} // namespace

Database::Database(const std::string& path, OpenMode mode) : path_(path)
{
    // NOMUTEX: a connection belongs to one thread, so SQLite's per-connection mutex is waste.
    const int rc = sqlite3_open_v2(path.c_str(), &db_, open_flags(mode) | SQLITE_OPEN_NOMUTEX, nullptr);
    if (rc != SQLITE_OK) {
        std::string message = "opening database '" + path + "' failed: ";
        message += db_ ? sqlite3_errmsg(db_) : sqlite3_errstr(rc);
        sqlite3_close(db_);
        db_ = nullptr;
        throw DbError(message, StoreFailure::Unavailable);
    }
    sqlite3_extended_result_codes(db_, 1);
}

Database::~Database()
{
    // sqlite3_close_v2 defers the close if a statement is still alive, rather than failing.
    if (db_) sqlite3_close_v2(db_);
}

Database::Database(Database&& other) noexcept : db_(std::exchange(other.db_, nullptr)), path_(std::move(other.path_)) {}

Database& Database::operator=(Database&& other) noexcept
{
    if (this != &other) {
        if (db_) sqlite3_close_v2(db_);
        db_ = std::exchange(other.db_, nullptr);
        path_ = std::move(other.path_);
    }
    return *this;
}

void Database::exec(std::string_view sql)
{
    const std::string text(sql);
    if (sqlite3_exec(db_, text.c_str(), nullptr, nullptr, nullptr) != SQLITE_OK) throw_error(db_, "exec", sql);
}

Statement Database::prepare(std::string_view sql)
{
    sqlite3_stmt* stmt = nullptr;
    const int rc =
        sqlite3_prepare_v3(db_, sql.data(), static_cast<int>(sql.size()), SQLITE_PREPARE_PERSISTENT, &stmt, nullptr);
    if (rc != SQLITE_OK) throw_error(db_, "prepare", sql);
    return Statement(db_, stmt, std::string(sql));
}

namespace {

using TextTransform = std::string (*)(std::string_view);

// The C callback behind define_text_function: one text argument in, one text value out.
void call_text_function(sqlite3_context* context, int, sqlite3_value** arguments)
{
    if (sqlite3_value_type(arguments[0]) == SQLITE_NULL) return sqlite3_result_null(context);
    const auto* bytes = reinterpret_cast<const char*>(sqlite3_value_text(arguments[0]));
    const auto size = static_cast<std::size_t>(sqlite3_value_bytes(arguments[0]));
    const auto* transform = static_cast<const TextTransform*>(sqlite3_user_data(context));
    try {
        const std::string result = (*transform)(std::string_view(bytes ? bytes : "", size));
        sqlite3_result_text(context, result.data(), static_cast<int>(result.size()), SQLITE_TRANSIENT);
    } catch (const std::exception& error) {
        sqlite3_result_error(context, error.what(), -1);
    }
}

} // namespace

void Database::define_text_function(const char* name, std::string (*transform)(std::string_view))
{
    // The function pointer travels as SQLite's user data, boxed: a function pointer is not a void*.
    auto* boxed = new TextTransform(transform);
    const int rc =
        sqlite3_create_function_v2(db_, name, 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC, boxed, call_text_function, nullptr,
                                   nullptr, [](void* box) { delete static_cast<TextTransform*>(box); });
    // On failure SQLite has already called the destructor on `boxed`.
    if (rc != SQLITE_OK) throw_error(db_, "create_function", name);
}

std::optional<std::int64_t> Database::query_int(std::string_view sql)
{
    Statement statement = prepare(sql);
    if (!statement.step() || statement.column_is_null(0)) return std::nullopt;
    return statement.column_int(0);
}

std::int64_t Database::changes() const { return sqlite3_changes64(db_); }

std::int64_t Database::last_insert_rowid() const { return sqlite3_last_insert_rowid(db_); }

Database::PageCounts Database::take_page_counts()
{
    // resetFlag = 1: each call counts from the previous one. These two counters cannot fail on
    // an open connection; the highwater value is meaningless for them.
    int written = 0, misses = 0, highwater = 0;
    sqlite3_db_status(db_, SQLITE_DBSTATUS_CACHE_WRITE, &written, &highwater, 1);
    sqlite3_db_status(db_, SQLITE_DBSTATUS_CACHE_MISS, &misses, &highwater, 1);
    return {written, misses};
}

Statement::Statement(sqlite3* db, sqlite3_stmt* stmt, std::string sql) : db_(db), stmt_(stmt), sql_(std::move(sql)) {}

Statement::~Statement() { sqlite3_finalize(stmt_); }

Statement::Statement(Statement&& other) noexcept
    : db_(other.db_), stmt_(std::exchange(other.stmt_, nullptr)), sql_(std::move(other.sql_))
{
}

Statement& Statement::operator=(Statement&& other) noexcept
{
    if (this != &other) {
        sqlite3_finalize(stmt_);
        db_ = other.db_;
        stmt_ = std::exchange(other.stmt_, nullptr);
        sql_ = std::move(other.sql_);
    }
    return *this;
}

void Statement::fail(std::string_view operation, int) const { throw_error(db_, operation, sql_); }

Statement& Statement::bind(int index, std::int64_t value)
{
    const int rc = sqlite3_bind_int64(stmt_, index, value);
    if (rc != SQLITE_OK) fail("bind #" + std::to_string(index), rc);
    return *this;
}

Statement& Statement::bind(int index, double value)
{
    const int rc = sqlite3_bind_double(stmt_, index, value);
    if (rc != SQLITE_OK) fail("bind #" + std::to_string(index), rc);
    return *this;
}

Statement& Statement::bind(int index, std::string_view text)
{
    // SQLITE_TRANSIENT: SQLite copies the text, so the caller's string may die before step().
    const int rc = sqlite3_bind_text64(stmt_, index, text.data(), text.size(), SQLITE_TRANSIENT, SQLITE_UTF8);
    if (rc != SQLITE_OK) fail("bind #" + std::to_string(index), rc);
    return *this;
}

Statement& Statement::bind_null(int index)
{
    const int rc = sqlite3_bind_null(stmt_, index);
    if (rc != SQLITE_OK) fail("bind #" + std::to_string(index), rc);
    return *this;
}

Statement& Statement::bind(int index, const std::optional<std::int64_t>& value)
{
    return value ? bind(index, *value) : bind_null(index);
}

bool Statement::step()
{
    const int rc = sqlite3_step(stmt_);
    if (rc == SQLITE_ROW) return true;
    if (rc == SQLITE_DONE) return false;
    // Reset so the statement is usable again; the error message survives the reset.
    const std::string message = sqlite3_errmsg(db_);
    sqlite3_reset(stmt_);
    throw DbError("step failed on " + file_of(db_) + ": " + message + " (SQL: " + sql_ + ")", failure_kind(rc));
}

void Statement::run()
{
    try {
        while (step()) {
        }
    } catch (...) {
        sqlite3_clear_bindings(stmt_);
        throw;
    }
    reset();
}

void Statement::reset()
{
    sqlite3_reset(stmt_);
    sqlite3_clear_bindings(stmt_);
}

std::int64_t Statement::column_int(int index) const { return sqlite3_column_int64(stmt_, index); }

double Statement::column_double(int index) const { return sqlite3_column_double(stmt_, index); }

std::string Statement::column_text(int index) const
{
    const auto* text = sqlite3_column_text(stmt_, index);
    if (!text) return {};
    return std::string(reinterpret_cast<const char*>(text),
                       static_cast<std::size_t>(sqlite3_column_bytes(stmt_, index)));
}

bool Statement::column_is_null(int index) const { return sqlite3_column_type(stmt_, index) == SQLITE_NULL; }

std::optional<std::int64_t> Statement::column_optional_int(int index) const
{
    if (column_is_null(index)) return std::nullopt;
    return column_int(index);
}

Transaction::Transaction(Database& db) : db_(db) { db_.exec("BEGIN IMMEDIATE"); }

Transaction::~Transaction()
{
    if (!open_) return;
    // A destructor must not throw; a failed ROLLBACK leaves SQLite to roll back on close.
    sqlite3_exec(db_.handle(), "ROLLBACK", nullptr, nullptr, nullptr);
}

void Transaction::commit()
{
    db_.exec("COMMIT");
    open_ = false;
}

ReadSnapshot::ReadSnapshot(Database& db) : db_(db) { db_.exec("BEGIN"); }

// As in ~Transaction: a destructor must not throw, and a read transaction left open by a failed
// ROLLBACK is ended when the connection closes.
ReadSnapshot::~ReadSnapshot() { sqlite3_exec(db_.handle(), "ROLLBACK", nullptr, nullptr, nullptr); }

} // namespace rochade::db
