#include "db/pg/pg.h"

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <utility>

#include <libpq-fe.h>

namespace rochade::db::pg {

namespace {

// SQLSTATE classes (PostgreSQL's appendix A) that mean "the store cannot now", not "no".
bool is_refusal(std::string_view sqlstate)
{
    // 23: integrity constraint violation; P0001: RAISE EXCEPTION (the append-only audit log).
    return sqlstate.substr(0, 2) == "23" || sqlstate == "P0001";
}

std::string shorten(std::string_view sql)
{
    constexpr std::size_t most = 160;
    return sql.size() <= most ? std::string(sql) : std::string(sql.substr(0, most)) + "...";
}

std::string trimmed(const char* message)
{
    std::string text = message ? message : "";
    while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
    return text;
}

// The passwords `url` spells, as written (percent-encoded): the one after the user name and any
// password= parameter.
std::vector<std::string> url_passwords(std::string_view url)
{
    std::vector<std::string> passwords;
    const auto scheme = url.find("://");
    if (scheme == std::string_view::npos) return passwords;
    const auto authority = scheme + 3;
    const auto end = url.find_first_of("/?", authority);
    const std::string_view host_part = url.substr(authority, end == url.npos ? url.npos : end - authority);
    if (const auto at = host_part.rfind('@'); at != host_part.npos)
        if (const auto colon = host_part.substr(0, at).find(':'); colon != host_part.npos)
            passwords.emplace_back(host_part.substr(colon + 1, at - colon - 1));
    // Also sslpassword=, which is as secret.
    const std::string_view query = end == url.npos ? std::string_view{} : url.substr(end);
    for (auto at = query.find("password="); at != query.npos; at = query.find("password=", at + 1)) {
        const auto value = at + std::string_view("password=").size();
        const auto amp = query.find('&', value);
        passwords.emplace_back(query.substr(value, amp == query.npos ? query.npos : amp - value));
    }
    return passwords;
}

// libpq's message about `url` with every password of the URL replaced by "***": libpq quotes a
// token of the URL it cannot decode ("invalid percent-encoded token: \"se%zzcret\""), and that
// token may be the password.
std::string without_passwords(std::string message, std::string_view url)
{
    for (const std::string& password : url_passwords(url)) {
        if (password.empty()) continue;
        for (auto at = message.find(password); at != std::string::npos; at = message.find(password, at + 3))
            message.replace(at, password.size(), "***");
    }
    return message;
}

} // namespace

// ---- Params ------------------------------------------------------------------------------

Params& Params::add(std::int64_t value)
{
    values_.emplace_back(std::to_string(value));
    return *this;
}

Params& Params::add(double value)
{
    char buffer[32];
    const auto [end, error] = std::to_chars(buffer, buffer + sizeof buffer, value);
    values_.emplace_back(std::string(buffer, error == std::errc() ? end : buffer));
    return *this;
}

Params& Params::add(bool value)
{
    values_.emplace_back(value ? "t" : "f");
    return *this;
}

Params& Params::add(std::string_view text)
{
    values_.emplace_back(std::string(text));
    return *this;
}

Params& Params::add(const std::optional<std::int64_t>& value)
{
    if (value) return add(*value);
    return add_null();
}

Params& Params::add_null()
{
    values_.emplace_back(std::nullopt);
    return *this;
}

// ---- Result ------------------------------------------------------------------------------

Result::~Result()
{
    if (result_) PQclear(result_);
}

Result::Result(Result&& other) noexcept : result_(std::exchange(other.result_, nullptr)) {}

Result& Result::operator=(Result&& other) noexcept
{
    if (this != &other) {
        if (result_) PQclear(result_);
        result_ = std::exchange(other.result_, nullptr);
    }
    return *this;
}

int Result::rows() const { return result_ ? PQntuples(result_) : 0; }

std::int64_t Result::affected() const
{
    const char* count = result_ ? PQcmdTuples(result_) : "";
    return *count ? std::strtoll(count, nullptr, 10) : 0;
}

bool Result::is_null(int row, int column) const { return PQgetisnull(result_, row, column) != 0; }

std::string Result::text(int row, int column) const
{
    if (is_null(row, column)) return {};
    return std::string(PQgetvalue(result_, row, column), static_cast<std::size_t>(PQgetlength(result_, row, column)));
}

std::int64_t Result::integer(int row, int column) const
{
    if (is_null(row, column)) return 0;
    return std::strtoll(PQgetvalue(result_, row, column), nullptr, 10);
}

double Result::real(int row, int column) const
{
    if (is_null(row, column)) return 0;
    return std::strtod(PQgetvalue(result_, row, column), nullptr);
}

bool Result::boolean(int row, int column) const
{
    if (is_null(row, column)) return false;
    const char first = *PQgetvalue(result_, row, column);
    return first == 't' || first == '1';
}

std::optional<std::int64_t> Result::optional_integer(int row, int column) const
{
    if (is_null(row, column)) return std::nullopt;
    return integer(row, column);
}

// ---- Connection --------------------------------------------------------------------------

Connection::Connection(const std::string& url, const ConnectOptions& options)
{
    const std::string timeout = std::to_string(options.connect_timeout_s < 2 ? 2 : options.connect_timeout_s);
    // Durability is the store's promise: synchronous_commit is set here, whatever the server's
    // default, so COMMIT returns only after the WAL is flushed.
    const std::string server_options = "-c synchronous_commit=on -c client_min_messages=warning -c statement_timeout=" +
                                       std::to_string(options.statement_timeout_ms);
    const char* keys[] = {
        "dbname", "connect_timeout", "application_name", "options", "client_encoding", "keepalives_idle", nullptr};
    const char* values[] = {
        url.c_str(), timeout.c_str(), options.application_name.c_str(), server_options.c_str(), "UTF8", "30", nullptr};
    // expand_dbname = 1: `dbname` is the URL, and the keys after it add to it.
    conn_ = PQconnectdbParams(keys, values, 1);
    if (!conn_) throw DbError("connecting to PostgreSQL failed: out of memory");
    if (PQstatus(conn_) != CONNECTION_OK) {
        const std::string message = without_passwords(trimmed(PQerrorMessage(conn_)), url);
        PQfinish(conn_);
        conn_ = nullptr;
        throw DbError("connecting to PostgreSQL failed: " + message, StoreFailure::Unavailable);
    }
    const char* host = PQhost(conn_);
    where_ = std::string(host ? host : "?") + ":" + PQport(conn_) + "/" + PQdb(conn_);
}

Connection::~Connection()
{
    if (conn_) PQfinish(conn_);
}

Connection::Connection(Connection&& other) noexcept
    : conn_(std::exchange(other.conn_, nullptr)), where_(std::move(other.where_)), prepared_(std::move(other.prepared_))
{
}

Connection& Connection::operator=(Connection&& other) noexcept
{
    if (this != &other) {
        if (conn_) PQfinish(conn_);
        conn_ = std::exchange(other.conn_, nullptr);
        where_ = std::move(other.where_);
        prepared_ = std::move(other.prepared_);
    }
    return *this;
}

void Connection::fail(std::string_view sql, pg_result* result) const
{
    StoreFailure kind = StoreFailure::Unavailable;
    std::string message;
    if (result) {
        const char* state = PQresultErrorField(result, PG_DIAG_SQLSTATE);
        if (state && is_refusal(state) && PQstatus(conn_) == CONNECTION_OK) kind = StoreFailure::Refused;
        message = trimmed(PQresultErrorMessage(result));
        PQclear(result);
    }
    if (message.empty()) message = trimmed(PQerrorMessage(conn_));
    if (PQstatus(conn_) != CONNECTION_OK) message += " (the connection is lost)";
    throw DbError("'" + shorten(sql) + "' failed on PostgreSQL " + where_ + ": " + message, kind);
}

void Connection::abandon(std::string_view sql)
{
    std::string message = trimmed(PQerrorMessage(conn_));
    // A pipeline left half-read cannot run another statement: the connection is closed, so that
    // good() says so and its owner opens a new one.
    PQfinish(conn_);
    conn_ = nullptr;
    prepared_.clear();
    throw DbError("'" + shorten(sql) + "' failed on PostgreSQL " + where_ + ": " + message +
                      " (the connection is closed)",
                  StoreFailure::Unavailable);
}

std::string Connection::exec(std::string_view sql)
{
    const std::string text(sql);
    PGresult* result = PQexec(conn_, text.c_str());
    const auto status = result ? PQresultStatus(result) : PGRES_FATAL_ERROR;
    if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) fail(sql, result);
    std::string tag = PQcmdStatus(result);
    PQclear(result);
    return tag;
}

const std::string& Connection::prepared(std::string_view sql)
{
    std::string key(sql);
    auto found = prepared_.find(key);
    if (found == prepared_.end()) {
        std::string name = "rochade_" + std::to_string(prepared_.size() + 1);
        PGresult* result = PQprepare(conn_, name.c_str(), key.c_str(), 0, nullptr);
        if (!result || PQresultStatus(result) != PGRES_COMMAND_OK) fail(sql, result);
        PQclear(result);
        found = prepared_.emplace(std::move(key), std::move(name)).first;
    }
    return found->second;
}

namespace {

std::vector<const char*> values_of(const Params& params)
{
    std::vector<const char*> values(params.size());
    for (std::size_t i = 0; i < params.size(); ++i) values[i] = params[i] ? params[i]->c_str() : nullptr;
    return values;
}

} // namespace

Result Connection::run(std::string_view sql, const Params& params)
{
    const std::string& name = prepared(sql);
    const std::vector<const char*> values = values_of(params);
    PGresult* result =
        PQexecPrepared(conn_, name.c_str(), static_cast<int>(values.size()), values.data(), nullptr, nullptr, 0);
    const auto status = result ? PQresultStatus(result) : PGRES_FATAL_ERROR;
    if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) fail(sql, result);
    return Result(result);
}

std::vector<Result> Connection::run_pipelined(const std::vector<PipelinedStatement>& statements)
{
    // Prepared first, one round trip each but only once per connection.
    std::vector<const std::string*> names;
    names.reserve(statements.size());
    for (const PipelinedStatement& statement : statements) names.push_back(&prepared(statement.sql));
    // At most this many statements before the answers are read: the server's answers then fit in
    // the socket's buffers, so neither side waits for the other to read (libpq's documented
    // pipeline deadlock).
    constexpr std::size_t chunk = 500;
    std::vector<Result> results;
    results.reserve(statements.size());
    for (std::size_t first = 0; first < statements.size(); first += chunk) {
        const std::size_t last = std::min(statements.size(), first + chunk);
        if (PQenterPipelineMode(conn_) != 1) abandon("(entering pipeline mode)");
        for (std::size_t i = first; i < last; ++i) {
            const std::vector<const char*> values = values_of(statements[i].params);
            if (PQsendQueryPrepared(conn_, names[i]->c_str(), static_cast<int>(values.size()), values.data(), nullptr,
                                    nullptr, 0) != 1)
                abandon(statements[i].sql);
        }
        if (PQpipelineSync(conn_) != 1) abandon("(pipeline sync)");
        // Every answer is read before a failure is thrown, so the connection leaves pipeline
        // mode usable.
        std::optional<std::size_t> failed;
        PGresult* failure = nullptr;
        for (std::size_t i = first; i < last; ++i) {
            PGresult* result = PQgetResult(conn_);
            if (!result) {
                // The connection is gone: no more answers come.
                if (failure) PQclear(failure);
                abandon(statements[i].sql);
            }
            const auto status = PQresultStatus(result);
            if (status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK) {
                results.emplace_back(result);
            } else {
                if (!failed && status != PGRES_PIPELINE_ABORTED) {
                    failed = i;
                    failure = result;
                } else {
                    PQclear(result);
                }
                results.emplace_back();
            }
            // Each statement's answers end with a null.
            while (PGresult* extra = PQgetResult(conn_)) PQclear(extra);
        }
        PGresult* sync = PQgetResult(conn_);
        const bool synced = sync && PQresultStatus(sync) == PGRES_PIPELINE_SYNC;
        if (sync) PQclear(sync);
        const bool left = PQexitPipelineMode(conn_) == 1;
        if (!synced || !left) {
            if (failure) PQclear(failure);
            abandon("(leaving pipeline mode)");
        }
        if (failed) fail(statements[*failed].sql, failure);
    }
    return results;
}

std::optional<std::int64_t> Connection::query_int(std::string_view sql, const Params& params)
{
    Result result = run(sql, params);
    if (result.rows() == 0) return std::nullopt;
    return result.optional_integer(0, 0);
}

bool Connection::good() const { return conn_ && PQstatus(conn_) == CONNECTION_OK; }

bool Connection::alive()
{
    if (!good()) return false;
    // Only between statements: nothing of ours is pending, so anything read is the server's
    // own notice (a termination), and a closed socket turns the status bad.
    // Twice: the first read may take the server's last message, the second then meets the
    // closed socket (libpq reads once per call).
    for (int read = 0; read < 2; ++read)
        if (PQconsumeInput(conn_) != 1) return false;
    while (PGnotify* notice = PQnotifies(conn_)) PQfreemem(notice);
    return good();
}

int Connection::backend_pid() const { return conn_ ? PQbackendPID(conn_) : 0; }

// ---- Transaction -------------------------------------------------------------------------

Transaction::Transaction(Connection& connection) : connection_(connection) { connection_.exec("BEGIN"); }

Transaction::~Transaction()
{
    if (!open_) return;
    try {
        if (connection_.good()) connection_.exec("ROLLBACK");
    } catch (const DbError&) {
        // The session is gone or broken; the server rolls it back itself.
    }
}

void Transaction::commit()
{
    // PostgreSQL answers COMMIT of a transaction that failed with ROLLBACK, not an error.
    const std::string tag = connection_.exec("COMMIT");
    open_ = false;
    if (tag != "COMMIT")
        throw DbError("COMMIT on PostgreSQL " + connection_.where() + " rolled back: the transaction had failed");
}

std::string url_without_password(std::string_view url)
{
    const auto scheme = url.find("://");
    if (scheme == std::string_view::npos) return std::string(url);
    const auto authority = scheme + 3;
    const auto end = url.find_first_of("/?", authority);
    const std::string_view host_part =
        url.substr(authority, end == std::string_view::npos ? url.npos : end - authority);
    std::string cleaned(url.substr(0, authority));
    const auto at = host_part.rfind('@');
    const auto colon = at == std::string_view::npos ? at : host_part.substr(0, at).find(':');
    if (colon == std::string_view::npos) {
        cleaned += host_part;
    } else {
        cleaned += host_part.substr(0, colon);
        cleaned += host_part.substr(at);
    }
    if (end == std::string_view::npos) return cleaned;
    // The rest, without a password=... parameter of the query (libpq takes one there too).
    const std::string_view rest = url.substr(end);
    const auto query = rest.find('?');
    cleaned += rest.substr(0, query);
    if (query == std::string_view::npos) return cleaned;
    std::string_view parameters = rest.substr(query + 1);
    char separator = '?';
    while (!parameters.empty()) {
        const auto amp = parameters.find('&');
        const std::string_view parameter = parameters.substr(0, amp);
        if (!parameter.starts_with("password=")) {
            cleaned += separator;
            cleaned += parameter;
            separator = '&';
        }
        parameters = amp == std::string_view::npos ? std::string_view{} : parameters.substr(amp + 1);
    }
    return cleaned;
}

} // namespace rochade::db::pg
