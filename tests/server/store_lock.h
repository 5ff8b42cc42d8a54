// Another connection holding a SQLite store's write lock, as a backup or an admin's shell would:
// the server's writes wait, and past its busy timeout fail as unavailable, until release().
#pragma once

#include <string>

#include "db/sqlite/sqlite.h"

namespace rochade::test {

class StoreLock {
public:
    explicit StoreLock(const std::string& db) : db_(db, db::OpenMode::ReadWrite) { db_.exec("BEGIN IMMEDIATE"); }
    ~StoreLock() { release(); }
    StoreLock(const StoreLock&) = delete;
    StoreLock& operator=(const StoreLock&) = delete;
    void release()
    {
        if (held_) db_.exec("ROLLBACK");
        held_ = false;
    }

private:
    db::Database db_;
    bool held_ = true;
};

} // namespace rochade::test
