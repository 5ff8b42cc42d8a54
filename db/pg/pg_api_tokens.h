// Bot accounts and personal API tokens on PostgreSQL (db/api_token_records.h, which says what
// each write refuses; SQLite's are in db/sqlite/api_token_sql.cpp): the writer's statements and
// the two reads.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "db/api_token_records.h"
#include "db/pg/pg.h"

namespace rochade::db::pg {

// Inside the writer's transaction; throw DbError (Refused) when the write contradicts what is
// stored, as SQLite's.
void write_api_token(Connection& c, const AccountBecameBot& w);
void write_api_token(Connection& c, const ApiTokenCreated& w);
void write_api_token(Connection& c, const ApiTokenRevoked& w);
void write_api_token(Connection& c, const ApiTokenUsed& w);

std::optional<ApiTokenRecord> read_api_token(Connection& c, const std::string& hash);
// Newest first.
std::vector<ApiTokenRecord> read_api_tokens_of(Connection& c, std::int64_t account_id);

} // namespace rochade::db::pg
