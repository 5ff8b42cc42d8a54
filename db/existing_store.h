// The store a server made, opened by a command-line tool (`rochade games`, `rochade admin`): the
// SQLite file or the PostgreSQL database that `--db` names, reached through the same interfaces
// the server uses (db::StoreReader, db::StoreWriter), so a tool has one code path for both
// backends and writes the same records the server writes.
//
// A tool never creates a store: a mistyped path or URL should be named, not answered with an
// empty database. It does bring an older schema up to date, as the server would at its start.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "db/records.h"
#include "db/store_error.h"
#include "db/store_reader.h"
#include "db/store_writer.h"

namespace rochade::db {

// There is no store at the location: no such file, or a PostgreSQL database without Rochade's
// schema. what() says which ("no database at 'data/x.db'").
class NoStore : public DbError {
public:
    explicit NoStore(const std::string& message) : DbError(message, StoreFailure::Unavailable) {}
};

// `location` as messages may show it: a PostgreSQL URL without its password, a path as it is.
std::string location_for_messages(std::string_view location);

class ExistingStore {
public:
    // How long reaching a PostgreSQL server may take before the tool gives up (libpq's
    // connect_timeout, per address the host name resolves to).
    static constexpr int connect_timeout_s = 5;

    // Opens the reader on `location` (a SQLite file, or a postgresql:// or postgres:// URL).
    // Throws NoStore when there is none there, DbError when it cannot be opened (Unavailable:
    // the server refused or did not answer). No message names a URL's password.
    explicit ExistingStore(std::string location);
    ~ExistingStore();
    ExistingStore(const ExistingStore&) = delete;
    ExistingStore& operator=(const ExistingStore&) = delete;

    StoreReader& reader() { return *reader_; }
    // Stores `writes` together, as one submission, and waits for them: nullopt when they are
    // durably stored, else why not (Refused: they contradict what is stored, nothing changed).
    // The writer is opened on the first call; throws DbError when it cannot be.
    std::optional<StoreError> write(std::vector<Write> writes);
    // The location for messages (location_for_messages).
    const std::string& shown() const { return shown_; }

private:
    std::string location_, shown_;
    std::unique_ptr<StoreReader> reader_;
    std::unique_ptr<StoreWriter> writer_;
};

} // namespace rochade::db
