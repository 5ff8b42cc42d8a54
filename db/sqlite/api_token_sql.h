// The SQL of bot accounts and personal API tokens (db/api_token_records.h): the writer's
// statements, and the reads of a token and of an account's tokens. db::SqliteWriter calls
// ApiTokenWrites inside its transactions, db::SqliteReader the reads.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "db/api_token_records.h"
#include "db/sqlite/sqlite.h"

namespace rochade::db {

// Prepared once per connection. Each write throws DbError when SQLite fails, and RefusedWrite
// (db/sqlite/identity_sql.h) when it contradicts what is stored.
class ApiTokenWrites {
public:
    explicit ApiTokenWrites(Database& db);

    void write(const AccountBecameBot& w);
    void write(const ApiTokenCreated& w);
    void write(const ApiTokenRevoked& w);
    void write(const ApiTokenUsed& w);

private:
    Database& db_;
    Statement account_bot_, account_seated_, became_bot_;
    Statement token_stored_, created_, revoked_, used_;
};

std::optional<ApiTokenRecord> read_api_token(Database& db, const std::string& hash);
// Newest first.
std::vector<ApiTokenRecord> read_api_tokens_of(Database& db, std::int64_t account_id);

} // namespace rochade::db
