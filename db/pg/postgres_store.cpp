#include "db/pg/postgres_store.h"

#include "db/pg/pg_store.h"
#include "db/pg/pg_writer.h"

namespace rochade::db {

namespace {

pg::ConnectOptions connect_options(const PostgresOptions& options)
{
    pg::ConnectOptions connect;
    connect.connect_timeout_s = options.connect_timeout_s;
    connect.statement_timeout_ms = options.statement_timeout_ms;
    return connect;
}

} // namespace

bool is_postgres_url(std::string_view location)
{
    return location.starts_with("postgresql://") || location.starts_with("postgres://");
}

std::string postgres_url_for_log(std::string_view url) { return pg::url_without_password(url); }

std::unique_ptr<StoreWriter> open_postgres_writer(const std::string& url, PostgresOptions options)
{
    pg::PgWriterOptions writer;
    writer.connect = connect_options(options);
    writer.on_error = std::move(options.on_error);
    writer.on_done = std::move(options.on_done);
    return std::make_unique<pg::PgWriter>(url, std::move(writer));
}

std::unique_ptr<StoreReader> open_postgres_reader(const std::string& url, const PostgresOptions& options)
{
    return std::make_unique<pg::PgStore>(url, connect_options(options));
}

} // namespace rochade::db
