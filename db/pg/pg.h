// A thin RAII layer over libpq, PostgreSQL's C client library, in the style of db/sqlite/sqlite.h: a
// connection, a result, a transaction. Only db/pg/*.cpp include libpq-fe.h; this header
// forward-declares libpq's two handles. Every failure throws db::DbError naming the statement
// and PostgreSQL's own message: a lost or refused connection (and every error of SQLSTATE class
// 08, 53, 57 or 58) is StoreFailure::Unavailable, a constraint violation (class 23) is Refused.
//
// Values go to the server only as parameters ($1, $2, ...) in text form; no value is ever
// spliced into SQL.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "db/store_error.h" // db::DbError, the one error type of both backends

struct pg_conn;
struct pg_result;

namespace rochade::db::pg {

struct ConnectOptions {
    // libpq's connect_timeout: how long opening the connection may take (whole seconds, at
    // least 2 as libpq wants).
    int connect_timeout_s = 5;
    // The server's statement_timeout for every statement of the connection; a statement that
    // waits longer (on a lock, say) fails as Unavailable instead of hanging the writer.
    int statement_timeout_ms = 30000;
    // Also sent to the server as application_name (pg_stat_activity shows it).
    std::string application_name = "rochade";
};

// The parameters of one statement, in order: $1 is the first added.
class Params {
public:
    Params& add(std::int64_t value);
    Params& add(int value) { return add(static_cast<std::int64_t>(value)); }
    Params& add(double value); // shortest text that reads back to the same double
    Params& add(bool value);
    Params& add(std::string_view text);
    Params& add(const char* text) { return add(std::string_view(text)); }
    Params& add(const std::string& text) { return add(std::string_view(text)); }
    Params& add(const std::optional<std::int64_t>& value);
    Params& add_null();

    std::size_t size() const { return values_.size(); }
    const std::optional<std::string>& operator[](std::size_t i) const { return values_[i]; }

private:
    std::vector<std::optional<std::string>> values_;
};

// The rows of one statement's answer, in text form. Rows and columns from 0.
class Result {
public:
    explicit Result(pg_result* result = nullptr) : result_(result) {}
    ~Result();
    Result(Result&& other) noexcept;
    Result& operator=(Result&& other) noexcept;
    Result(const Result&) = delete;
    Result& operator=(const Result&) = delete;

    int rows() const;
    // Rows changed by an INSERT, UPDATE or DELETE.
    std::int64_t affected() const;
    bool is_null(int row, int column) const;
    std::string text(int row, int column) const; // "" for NULL
    std::int64_t integer(int row, int column) const;
    double real(int row, int column) const;
    bool boolean(int row, int column) const;
    std::optional<std::int64_t> optional_integer(int row, int column) const;

private:
    pg_result* result_ = nullptr;
};

// One statement of a pipeline (Connection::run_pipelined).
struct PipelinedStatement {
    std::string_view sql;
    Params params;
};

// One connection, used by one thread at a time (the writer's, or a reader's).
class Connection {
public:
    // Throws DbError (Unavailable) with libpq's message when the server cannot be reached; the
    // message never contains the URL (it may hold a password).
    Connection(const std::string& url, const ConnectOptions& options);
    ~Connection();
    Connection(Connection&& other) noexcept;
    Connection& operator=(Connection&& other) noexcept;
    Connection(const Connection&) = delete;
    Connection& operator=(const Connection&) = delete;

    // Runs `sql` (one or more statements, no parameters: DDL, BEGIN, SET); returns the last
    // one's command tag ("COMMIT", or "ROLLBACK" for a COMMIT of a failed transaction).
    std::string exec(std::string_view sql);
    // Runs one statement with parameters. Prepared on its first use on this connection and
    // reused after, by its text.
    Result run(std::string_view sql, const Params& params = {});
    // Runs `statements` in order in libpq's pipeline mode: all are sent before the first answer
    // is read, so they cost one round trip together instead of one each. The results in order;
    // throws DbError for the first statement that failed (the server skipped the rest, and an
    // open transaction is left aborted: the caller rolls it back).
    std::vector<Result> run_pipelined(const std::vector<PipelinedStatement>& statements);
    // The first column of the first row as an integer; nullopt for no row or NULL.
    std::optional<std::int64_t> query_int(std::string_view sql, const Params& params = {});

    // Whether libpq still believes the connection is up (it learns otherwise from a failure).
    bool good() const;
    // good(), after reading whatever the server sent meanwhile without waiting: a server that
    // shut down or ended this session says so before it closes the socket, so an idle
    // connection's loss is found here rather than by the next statement.
    bool alive();
    // The server process of this connection (for pg_terminate_backend in tests).
    int backend_pid() const;
    // Where the connection goes, without user or password: "host:port/dbname", for messages.
    const std::string& where() const { return where_; }

private:
    [[noreturn]] void fail(std::string_view sql, pg_result* result) const;
    // Closes the connection and throws DbError (Unavailable): for a pipeline that broke.
    [[noreturn]] void abandon(std::string_view sql);
    // The name of `sql`'s prepared statement, preparing it on first use.
    const std::string& prepared(std::string_view sql);

    pg_conn* conn_ = nullptr;
    std::string where_;
    std::unordered_map<std::string, std::string> prepared_; // SQL -> statement name
};

// BEGIN on construction; ROLLBACK in the destructor unless commit() succeeded. A rollback that
// fails (the connection is gone) is swallowed: the server rolls back a lost session itself.
class Transaction {
public:
    explicit Transaction(Connection& connection);
    ~Transaction();
    Transaction(const Transaction&) = delete;
    Transaction& operator=(const Transaction&) = delete;
    void commit();

private:
    Connection& connection_;
    bool open_ = true;
};

// "postgresql://user:secret@host/db" -> "postgresql://user@host/db": for logs.
std::string url_without_password(std::string_view url);

} // namespace rochade::db::pg
