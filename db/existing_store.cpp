#include "db/existing_store.h"

#include <filesystem>

#include "db/pg/pg.h"
#include "db/pg/pg_migrations.h"
#include "db/pg/postgres_store.h"
#include "db/sqlite/sqlite_store.h"
#include "db/sqlite/sqlite_reader.h"

namespace rochade::db {

namespace {

// The tool reports every failed write itself, from the submission's outcome; the writers'
// default (a line on stderr) would say it twice.
void ignore_error(const std::string&) {}

PostgresOptions tool_postgres_options()
{
    PostgresOptions options;
    options.connect_timeout_s = ExistingStore::connect_timeout_s;
    options.on_error = ignore_error;
    return options;
}

// The reader on a PostgreSQL database that has Rochade's schema, brought up to this version
// first. A database without the schema is NoStore: creating it is the server's job, and an
// empty database is more likely a wrong name in the URL.
std::unique_ptr<StoreReader> open_postgres(const std::string& url, const std::string& shown)
{
    {
        pg::ConnectOptions options;
        options.connect_timeout_s = ExistingStore::connect_timeout_s;
        options.application_name = "rochade tool";
        pg::Connection connection(url, options);
        if (pg::stored_version(connection) == 0)
            throw NoStore("no Rochade database at '" + shown + "': the database " + connection.where() +
                          " has no Rochade tables");
        pg::migrate(connection);
    }
    return open_postgres_reader(url, tool_postgres_options());
}

std::unique_ptr<StoreReader> open_sqlite(const std::string& path)
{
    // Opening a missing file would create an empty database.
    if (!std::filesystem::exists(path)) throw NoStore("no database at '" + path + "'");
    return std::make_unique<SqliteReader>(path); // migrates an older file, as the server would
}

} // namespace

std::string location_for_messages(std::string_view location)
{
    return is_postgres_url(location) ? postgres_url_for_log(location) : std::string(location);
}

ExistingStore::ExistingStore(std::string location)
    : location_(std::move(location)), shown_(location_for_messages(location_))
{
    if (!is_postgres_url(location_)) {
        reader_ = open_sqlite(location_);
        return;
    }
    try {
        reader_ = open_postgres(location_, shown_);
    } catch (const NoStore&) {
        throw;
    } catch (const DbError& error) {
        throw DbError("cannot open '" + shown_ + "': " + error.what(), error.kind());
    }
}

ExistingStore::~ExistingStore() = default;

std::optional<StoreError> ExistingStore::write(std::vector<Write> writes)
{
    if (!writer_) {
        if (is_postgres_url(location_)) {
            writer_ = open_postgres_writer(location_, tool_postgres_options());
        } else {
            SqliteOptions options;
            options.on_error = ignore_error;
            writer_ = open_sqlite_writer(location_, std::move(options));
        }
    }
    std::optional<StoreError> outcome;
    writer_->submit(std::move(writes), [&outcome](std::optional<StoreError> error) { outcome = std::move(error); });
    writer_->flush(); // returns after the submission's `done` ran
    return outcome;
}

} // namespace rochade::db
