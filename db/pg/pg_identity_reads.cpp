// The read side on PostgreSQL, identity's part: accounts, and the sessions their tokens name
// (a live token, or a resume token retired a moment ago). Apart from db/pg/pg_store.cpp, which
// reads the games, the moderation records and the ratings, so that each file has one subject.
#include "db/pg/pg_store.h"

#include "protocol/role.h"

namespace rochade::db::pg {

namespace {

Role role_from_text(const std::string& text) { return protocol::parse_role(text).value_or(Role::Player); }

constexpr const char* account_columns = "id, nick, nick_key, password_hash, role, created_at_ms, challenge_policy, bot";

AccountRecord read_account_row(const Result& rows, int row)
{
    AccountRecord account;
    account.id = rows.integer(row, 0);
    account.nick = rows.text(row, 1);
    account.nick_key = rows.text(row, 2);
    account.password_hash = rows.text(row, 3);
    account.role = role_from_text(rows.text(row, 4));
    account.created_at_ms = rows.integer(row, 5);
    account.challenge_policy =
        protocol::challenge_policy_from_name(rows.text(row, 6)).value_or(protocol::ChallengePolicy::Everyone);
    account.bot = rows.boolean(row, 7);
    return account;
}

} // namespace

std::optional<AccountRecord> PgStore::read_account(Connection& c, const std::string& nick_key)
{
    const Result rows =
        c.run(std::string("SELECT ") + account_columns + " FROM accounts WHERE nick_key = $1", Params().add(nick_key));
    if (rows.rows() == 0) return std::nullopt;
    return read_account_row(rows, 0);
}

std::optional<AccountRecord> PgStore::account(const std::string& nick_key)
{
    return reading([&](Connection& c) { return read_account(c, nick_key); });
}

std::optional<AccountRecord> PgStore::account_by_skeleton(const std::string& nick_skeleton)
{
    return reading([&](Connection& c) -> std::optional<AccountRecord> {
        const Result rows = c.run(std::string("SELECT ") + account_columns + " FROM accounts WHERE nick_skeleton = $1",
                                  Params().add(nick_skeleton));
        if (rows.rows() == 0) return std::nullopt;
        return read_account_row(rows, 0);
    });
}

std::vector<AccountRecord> PgStore::accounts()
{
    return reading([](Connection& c) {
        // COLLATE "C": byte order, as SQLite sorts, whatever the database's collation.
        const Result rows =
            c.run(std::string("SELECT ") + account_columns + " FROM accounts ORDER BY nick_key COLLATE \"C\"");
        std::vector<AccountRecord> accounts;
        for (int i = 0; i < rows.rows(); ++i) accounts.push_back(read_account_row(rows, i));
        return accounts;
    });
}

namespace {

// The first row of a token query: session id, account, nick, role, the token's expiry, the
// session's, and whether the account is a bot's.
SessionRecord read_session_row(const Result& rows)
{
    SessionRecord session;
    session.session_id = rows.integer(0, 0);
    session.account_id = rows.optional_integer(0, 1);
    session.nick = rows.text(0, 2);
    session.role = role_from_text(rows.text(0, 3));
    session.expires_at_ms = rows.integer(0, 4);
    session.session_expires_at_ms = rows.integer(0, 5);
    session.bot = rows.boolean(0, 6);
    return session;
}

} // namespace

std::optional<SessionRecord> PgStore::session_by_token(const std::string& token_hash, TokenKind kind,
                                                       std::int64_t at_ms)
{
    return reading([&](Connection& c) -> std::optional<SessionRecord> {
        const Result rows = c.run(
            "SELECT s.id, s.account_id, COALESCE(a.nick, s.nick), COALESCE(a.role, 'player'), t.expires_at_ms, "
            "s.expires_at_ms, COALESCE(a.bot, false) FROM session_tokens t JOIN sessions s ON s.id = t.session_id "
            "LEFT JOIN accounts a ON a.id = s.account_id "
            "WHERE t.hash = $1 AND t.kind = $2 AND t.expires_at_ms > $3 AND s.ended_at_ms IS NULL AND "
            "s.expires_at_ms > $3",
            Params().add(token_hash).add(static_cast<int>(kind)).add(at_ms));
        if (rows.rows() == 0) {
            if (kind != TokenKind::Resume) return std::nullopt;
            // A resume token spent within its grace (schema version 5).
            const Result retired = c.run(
                "SELECT s.id, s.account_id, COALESCE(a.nick, s.nick), COALESCE(a.role, 'player'), r.until_ms, "
                "s.expires_at_ms, COALESCE(a.bot, false) FROM retired_tokens r JOIN sessions s ON s.id = r.session_id "
                "LEFT JOIN accounts a ON a.id = s.account_id "
                "WHERE r.hash = $1 AND r.until_ms > $2 AND s.ended_at_ms IS NULL AND s.expires_at_ms > $2",
                Params().add(token_hash).add(at_ms));
            if (retired.rows() == 0) return std::nullopt;
            SessionRecord session = read_session_row(retired);
            session.retired = true;
            return session;
        }
        return read_session_row(rows);
    });
}

} // namespace rochade::db::pg
