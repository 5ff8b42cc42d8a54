// How a store operation failed, in terms the server can act on without knowing the backend.
// SQLite (db/sqlite/sqlite.cpp) and PostgreSQL (db/pg/pg.cpp) classify their own errors into these
// kinds; the message says what failed and where, for the log and for the client's error text.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>

#include "engine/expected.h"

namespace rochade::db {

enum class StoreFailure : std::uint8_t {
    // The store cannot write or read now: a lock held past the busy timeout, a full disk, an
    // I/O error. Nothing was stored; the same write may succeed later.
    Unavailable,
    // The write contradicts what is stored: a unique constraint, a ply out of order, a
    // conditional update that matched no row. Trying again will not help.
    Refused,
    // A write for a game whose stored owner epoch is newer than the writer's (db/records.h,
    // GameClaimed): another node has taken the game over. The writer must stop playing it.
    Superseded,
};

struct StoreError {
    StoreFailure kind = StoreFailure::Unavailable;
    std::string message;
};

constexpr std::string_view store_failure_name(StoreFailure kind)
{
    switch (kind) {
    case StoreFailure::Refused: return "refused";
    case StoreFailure::Superseded: return "superseded";
    case StoreFailure::Unavailable: break;
    }
    return "unavailable";
}

// What a read (db/store_reader.h) or a backend's own call throws when the store fails: the
// kind and the message of a StoreError. Reads throw DbError only inside the read thread's jobs:
// the read thread (db/read_thread.h, ReadThread::read) turns it into a StoreError, the value a
// write reports too, so the server handles both alike and catches no read's exception itself.
// Only the server's start-up reads (before it listens) and the command-line tools let it
// propagate, to stop with its message.
class DbError : public std::runtime_error {
public:
    explicit DbError(const std::string& message, StoreFailure kind = StoreFailure::Unavailable)
        : std::runtime_error(message), kind_(kind)
    {
    }
    StoreFailure kind() const { return kind_; }
    StoreError error() const { return StoreError{kind_, what()}; }

private:
    StoreFailure kind_;
};

// The value a stored text names (parse_score(text, "games.result of game 7"), ...), or a DbError
// with the parse's message, which names the text and where it was read: a row no reader can
// understand stops the read rather than passing for some other value.
template <class T> T stored_value(Expected<T, std::string> parsed)
{
    if (!parsed) throw DbError(parsed.error());
    return std::move(parsed).value();
}

} // namespace rochade::db
