#include "db/sqlite/sqlite_store.h"

#include "db/sqlite/sqlite_reader.h"
#include "db/sqlite/sqlite_writer.h"

namespace rochade::db {

std::unique_ptr<StoreWriter> open_sqlite_writer(const std::string& path, SqliteOptions options)
{
    WriterTuning tuning;
    tuning.busy_timeout_ms = options.busy_timeout_ms;
    return std::make_unique<SqliteWriter>(path, std::move(options.on_error), tuning, std::move(options.on_done));
}

std::unique_ptr<StoreReader> open_sqlite_reader(const std::string& path, const SqliteOptions&)
{
    return std::make_unique<SqliteReader>(path, OpenMode::ReadOnly);
}

} // namespace rochade::db
