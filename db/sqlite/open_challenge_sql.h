// The SQL of open challenges (db/open_challenge_records.h): the writer's statements, and the
// reads of a link and of a creator's standing links. db::SqliteWriter calls OpenChallengeWrites
// inside its transactions, db::SqliteReader the reads.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "db/open_challenge_records.h"
#include "db/sqlite/sqlite.h"

namespace rochade::db {

// Prepared once per connection. Each write throws DbError when SQLite fails, and RefusedWrite
// (db/sqlite/identity_sql.h) when it contradicts what is stored.
class OpenChallengeWrites {
public:
    explicit OpenChallengeWrites(Database& db);

    void write(const OpenChallengeCreated& w);
    void write(const OpenChallengeClaimed& w);
    void write(const OpenChallengeCanceled& w);
    void write(const ExpiredOpenChallengesPruned& w);

private:
    Database& db_;
    Statement created_, claimed_, canceled_, pruned_;
};

std::optional<OpenChallengeRecord> read_open_challenge(Database& db, const std::string& token_hash);
std::vector<OpenChallengeRecord> read_open_challenges_of(Database& db, const std::string& creator_key,
                                                         std::int64_t at_ms);

} // namespace rochade::db
