#include "db/pg/pg_open_challenges.h"

#include "db/pg/pg_store.h"

namespace rochade::db::pg {

namespace {

DbError open_challenge_refused(const std::string& message) { return DbError(message, StoreFailure::Refused); }

constexpr const char* open_challenge_columns =
    "token_hash, creator_nick, creator_key, creator_guest, time_control, color, rated, allowed_1, allowed_2, "
    "created_at_ms, expires_at_ms, accepted_by, accepted_at_ms, canceled_at_ms, setup";

OpenChallengeRecord read_open_challenge_row(const Result& rows, int row)
{
    OpenChallengeRecord record;
    OpenChallengeCreated& c = record.created;
    c.token_hash = rows.text(row, 0);
    c.creator_nick = rows.text(row, 1);
    c.creator_key = rows.text(row, 2);
    c.creator_guest = rows.boolean(row, 3);
    c.time_control_json = rows.text(row, 4);
    c.color = rows.text(row, 5);
    c.rated = rows.boolean(row, 6);
    for (int column : {7, 8})
        if (!rows.is_null(row, column)) c.allowed.push_back(rows.text(row, column));
    c.created_at_ms = rows.integer(row, 9);
    c.expires_at_ms = rows.integer(row, 10);
    if (!rows.is_null(row, 11)) record.accepted_by = rows.text(row, 11);
    record.accepted_at_ms = rows.optional_integer(row, 12);
    record.canceled_at_ms = rows.optional_integer(row, 13);
    c.setup_json = rows.text(row, 14);
    return record;
}

Params& add_allowed(Params& params, const std::vector<std::string>& allowed, std::size_t at)
{
    return at < allowed.size() ? params.add(allowed[at]) : params.add_null();
}

} // namespace

void write_open_challenge(Connection& c, const OpenChallengeCreated& w)
{
    if (w.allowed.size() > 2)
        throw open_challenge_refused("storing an open challenge on PostgreSQL " + c.where() +
                                     ": at most two named players, not " + std::to_string(w.allowed.size()));
    Params params;
    params.add(w.token_hash).add(w.creator_nick).add(w.creator_key).add(w.creator_guest);
    params.add(w.time_control_json).add(w.color).add(w.rated);
    add_allowed(params, w.allowed, 0);
    add_allowed(params, w.allowed, 1);
    params.add(w.created_at_ms).add(w.expires_at_ms).add(w.setup_json);
    c.run("INSERT INTO open_challenges (token_hash, creator_nick, creator_key, creator_guest, time_control, color, "
          "rated, allowed_1, allowed_2, created_at_ms, expires_at_ms, setup) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, "
          "$9, $10, $11, $12)",
          params);
}

void write_open_challenge(Connection& c, const OpenChallengeClaimed& w)
{
    const Result claimed =
        c.run("UPDATE open_challenges SET accepted_by = $2, accepted_at_ms = $3 WHERE token_hash = $1 AND "
              "accepted_by IS NULL AND canceled_at_ms IS NULL AND expires_at_ms > $3",
              Params().add(w.token_hash).add(w.accepted_by).add(w.at_ms));
    if (claimed.affected() != 1)
        throw open_challenge_refused("accepting an open challenge on PostgreSQL " + c.where() +
                                     ": unknown, used already, canceled or expired");
}

void write_open_challenge(Connection& c, const OpenChallengeCanceled& w)
{
    const Result canceled =
        c.run("UPDATE open_challenges SET canceled_at_ms = $3 WHERE token_hash = $1 AND creator_key = $2 AND "
              "accepted_by IS NULL AND canceled_at_ms IS NULL AND expires_at_ms > $3",
              Params().add(w.token_hash).add(w.creator_key).add(w.at_ms));
    if (canceled.affected() != 1)
        throw open_challenge_refused("canceling an open challenge on PostgreSQL " + c.where() +
                                     ": not the creator's, or used already, canceled or expired");
}

void write_open_challenge(Connection& c, const ExpiredOpenChallengesPruned& w)
{
    c.run("DELETE FROM open_challenges WHERE expires_at_ms <= $1", Params().add(w.at_ms));
}

std::optional<OpenChallengeRecord> read_open_challenge(Connection& c, const std::string& token_hash)
{
    const Result rows =
        c.run(std::string("SELECT ") + open_challenge_columns + " FROM open_challenges WHERE token_hash = $1",
              Params().add(token_hash));
    if (rows.rows() == 0) return std::nullopt;
    return read_open_challenge_row(rows, 0);
}

std::vector<OpenChallengeRecord> read_open_challenges_of(Connection& c, const std::string& creator_key,
                                                         std::int64_t at_ms)
{
    const Result rows = c.run(std::string("SELECT ") + open_challenge_columns +
                                  " FROM open_challenges WHERE creator_key = $1 AND expires_at_ms > $2 AND "
                                  "accepted_by IS NULL AND canceled_at_ms IS NULL ORDER BY created_at_ms, token_hash",
                              Params().add(creator_key).add(at_ms));
    std::vector<OpenChallengeRecord> records;
    for (int row = 0; row < rows.rows(); ++row) records.push_back(read_open_challenge_row(rows, row));
    return records;
}

std::optional<OpenChallengeRecord> PgStore::open_challenge(const std::string& token_hash)
{
    return reading([&](Connection& c) { return read_open_challenge(c, token_hash); });
}

std::vector<OpenChallengeRecord> PgStore::open_challenges_of(const std::string& creator_key, std::int64_t at_ms)
{
    return reading([&](Connection& c) { return read_open_challenges_of(c, creator_key, at_ms); });
}

} // namespace rochade::db::pg
