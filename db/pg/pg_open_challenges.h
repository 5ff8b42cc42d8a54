// Open challenges on PostgreSQL (db/open_challenge_records.h; SQLite's are in
// db/sqlite/open_challenge_sql.cpp): the writer's statements and the two reads.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "db/open_challenge_records.h"
#include "db/pg/pg.h"

namespace rochade::db::pg {

// Inside the writer's transaction; throw DbError (Refused) when the write contradicts what is
// stored, as SQLite's.
void write_open_challenge(Connection& c, const OpenChallengeCreated& w);
void write_open_challenge(Connection& c, const OpenChallengeClaimed& w);
void write_open_challenge(Connection& c, const OpenChallengeCanceled& w);
void write_open_challenge(Connection& c, const ExpiredOpenChallengesPruned& w);

std::optional<OpenChallengeRecord> read_open_challenge(Connection& c, const std::string& token_hash);
std::vector<OpenChallengeRecord> read_open_challenges_of(Connection& c, const std::string& creator_key,
                                                         std::int64_t at_ms);

} // namespace rochade::db::pg
