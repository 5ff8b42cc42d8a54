#include "db/sqlite/open_challenge_sql.h"

#include "db/sqlite/identity_sql.h"

namespace rochade::db {

namespace {

constexpr const char* open_challenge_columns =
    "token_hash, creator_nick, creator_key, creator_guest, time_control, color, rated, allowed_1, allowed_2, "
    "created_at_ms, expires_at_ms, accepted_by, accepted_at_ms, canceled_at_ms, setup";

OpenChallengeRecord read_open_challenge_row(const Statement& row)
{
    OpenChallengeRecord record;
    OpenChallengeCreated& c = record.created;
    c.token_hash = row.column_text(0);
    c.creator_nick = row.column_text(1);
    c.creator_key = row.column_text(2);
    c.creator_guest = row.column_int(3) != 0;
    c.time_control_json = row.column_text(4);
    c.color = row.column_text(5);
    c.rated = row.column_int(6) != 0;
    for (int column : {7, 8})
        if (!row.column_is_null(column)) c.allowed.push_back(row.column_text(column));
    c.created_at_ms = row.column_int(9);
    c.expires_at_ms = row.column_int(10);
    if (!row.column_is_null(11)) record.accepted_by = row.column_text(11);
    record.accepted_at_ms = row.column_optional_int(12);
    record.canceled_at_ms = row.column_optional_int(13);
    c.setup_json = row.column_text(14);
    return record;
}

void bind_optional_text(Statement& statement, int index, const std::vector<std::string>& values, std::size_t at)
{
    if (at < values.size())
        statement.bind(index, values[at]);
    else
        statement.bind_null(index);
}

} // namespace

OpenChallengeWrites::OpenChallengeWrites(Database& db)
    : db_(db),
      created_(db.prepare("INSERT INTO open_challenges (token_hash, creator_nick, creator_key, creator_guest, "
                          "time_control, color, rated, allowed_1, allowed_2, created_at_ms, expires_at_ms, setup) "
                          "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)")),
      claimed_(db.prepare("UPDATE open_challenges SET accepted_by = ?2, accepted_at_ms = ?3 WHERE token_hash = ?1 "
                          "AND accepted_by IS NULL AND canceled_at_ms IS NULL AND expires_at_ms > ?3")),
      canceled_(db.prepare("UPDATE open_challenges SET canceled_at_ms = ?3 WHERE token_hash = ?1 AND "
                           "creator_key = ?2 AND accepted_by IS NULL AND canceled_at_ms IS NULL AND "
                           "expires_at_ms > ?3")),
      pruned_(db.prepare("DELETE FROM open_challenges WHERE expires_at_ms <= ?1"))
{
}

void OpenChallengeWrites::write(const OpenChallengeCreated& w)
{
    if (w.allowed.size() > 2)
        throw RefusedWrite("storing an open challenge on " + db_.path() + ": at most two named players, not " +
                           std::to_string(w.allowed.size()));
    created_.bind(1, w.token_hash).bind(2, w.creator_nick).bind(3, w.creator_key).bind(4, w.creator_guest ? 1 : 0);
    created_.bind(5, w.time_control_json).bind(6, w.color).bind(7, w.rated ? 1 : 0);
    bind_optional_text(created_, 8, w.allowed, 0);
    bind_optional_text(created_, 9, w.allowed, 1);
    created_.bind(10, w.created_at_ms).bind(11, w.expires_at_ms).bind(12, w.setup_json).run();
}

void OpenChallengeWrites::write(const OpenChallengeClaimed& w)
{
    claimed_.bind(1, w.token_hash).bind(2, w.accepted_by).bind(3, w.at_ms).run();
    if (db_.changes() != 1)
        throw RefusedWrite("accepting an open challenge on " + db_.path() +
                           ": unknown, used already, canceled or expired");
}

void OpenChallengeWrites::write(const OpenChallengeCanceled& w)
{
    canceled_.bind(1, w.token_hash).bind(2, w.creator_key).bind(3, w.at_ms).run();
    if (db_.changes() != 1)
        throw RefusedWrite("canceling an open challenge on " + db_.path() +
                           ": not the creator's, or used already, canceled or expired");
}

void OpenChallengeWrites::write(const ExpiredOpenChallengesPruned& w) { pruned_.bind(1, w.at_ms).run(); }

std::optional<OpenChallengeRecord> read_open_challenge(Database& db, const std::string& token_hash)
{
    Statement row =
        db.prepare(std::string("SELECT ") + open_challenge_columns + " FROM open_challenges WHERE token_hash = ?1");
    row.bind(1, token_hash);
    if (!row.step()) return std::nullopt;
    return read_open_challenge_row(row);
}

std::vector<OpenChallengeRecord> read_open_challenges_of(Database& db, const std::string& creator_key,
                                                         std::int64_t at_ms)
{
    Statement rows = db.prepare(std::string("SELECT ") + open_challenge_columns +
                                " FROM open_challenges WHERE creator_key = ?1 AND expires_at_ms > ?2 AND "
                                "accepted_by IS NULL AND canceled_at_ms IS NULL ORDER BY created_at_ms, token_hash");
    rows.bind(1, creator_key).bind(2, at_ms);
    std::vector<OpenChallengeRecord> records;
    while (rows.step()) records.push_back(read_open_challenge_row(rows));
    return records;
}

} // namespace rochade::db
