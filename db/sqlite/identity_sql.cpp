#include "db/sqlite/identity_sql.h"

#include <vector>

#include "protocol/nick.h"

namespace rochade::db {

namespace {

Role role_from_column(const std::string& text) { return protocol::parse_role(text).value_or(Role::Player); }

AccountRecord read_account_row(const Statement& row)
{
    AccountRecord account;
    account.id = row.column_int(0);
    account.nick = row.column_text(1);
    account.nick_key = row.column_text(2);
    account.password_hash = row.column_text(3);
    account.role = role_from_column(row.column_text(4));
    account.created_at_ms = row.column_int(5);
    account.challenge_policy =
        protocol::challenge_policy_from_name(row.column_text(6)).value_or(protocol::ChallengePolicy::Everyone);
    account.bot = row.column_int(7) != 0;
    return account;
}

constexpr const char* account_columns = "id, nick, nick_key, password_hash, role, created_at_ms, challenge_policy, bot";

} // namespace

std::string_view role_column(Role role) { return protocol::role_name(role); }

IdentityWrites::IdentityWrites(Database& db)
    : db_(db),
      account_created_(db.prepare("INSERT INTO accounts (nick, nick_key, nick_skeleton, password_hash, role, "
                                  "created_at_ms, password_changed_at_ms) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6)")),
      password_changed_(
          db.prepare("UPDATE accounts SET password_hash = ?2, password_changed_at_ms = ?3 WHERE id = ?1")),
      role_changed_(db.prepare("UPDATE accounts SET role = ?2 WHERE id = ?1")),
      challenge_policy_changed_(db.prepare("UPDATE accounts SET challenge_policy = ?2 WHERE id = ?1")),
      account_tokens_deleted_(
          db.prepare("DELETE FROM session_tokens WHERE session_id IN (SELECT id FROM sessions WHERE account_id = ?1)")),
      account_sessions_ended_(
          db.prepare("UPDATE sessions SET ended_at_ms = ?2 WHERE account_id = ?1 AND ended_at_ms IS NULL")),
      session_started_(db.prepare("INSERT INTO sessions (id, account_id, nick, created_at_ms, expires_at_ms) "
                                  "VALUES (?1, ?2, ?3, ?4, ?5)")),
      token_issued_(db.prepare("INSERT INTO session_tokens (hash, session_id, kind, issued_at_ms, last_used_at_ms, "
                               "expires_at_ms) VALUES (?1, ?2, ?3, ?4, ?4, ?5)")),
      token_spent_(db.prepare("DELETE FROM session_tokens WHERE hash = ?1 AND kind = 1 AND expires_at_ms > ?2 AND "
                              "session_id IN (SELECT id FROM sessions WHERE ended_at_ms IS NULL AND "
                              "expires_at_ms > ?2)")),
      token_touched_(db.prepare("UPDATE session_tokens SET last_used_at_ms = ?2, expires_at_ms = ?3 "
                                "WHERE hash = ?1 AND expires_at_ms > ?2")),
      session_tokens_deleted_(db.prepare("DELETE FROM session_tokens WHERE session_id = ?1")),
      session_ended_(db.prepare("UPDATE sessions SET ended_at_ms = ?2 WHERE id = ?1 AND ended_at_ms IS NULL")),
      expired_tokens_deleted_(db.prepare("DELETE FROM session_tokens WHERE expires_at_ms <= ?1")),
      expired_sessions_ended_(
          db.prepare("UPDATE sessions SET ended_at_ms = ?1 WHERE ended_at_ms IS NULL AND expires_at_ms <= ?1")),
      ended_sessions_tokens_deleted_(db.prepare(
          "DELETE FROM session_tokens WHERE session_id IN (SELECT id FROM sessions WHERE ended_at_ms IS NOT NULL)")),
      session_retired_deleted_(db.prepare("DELETE FROM retired_tokens WHERE session_id = ?1")),
      token_retired_(db.prepare("INSERT INTO retired_tokens (hash, session_id, until_ms) SELECT hash, session_id, ?2 "
                                "FROM session_tokens WHERE hash = ?1 AND kind = 1")),
      retired_reused_(db.prepare("SELECT r.session_id FROM retired_tokens r JOIN sessions s ON s.id = r.session_id "
                                 "WHERE r.hash = ?1 AND r.until_ms > ?2 AND s.ended_at_ms IS NULL AND "
                                 "s.expires_at_ms > ?2")),
      retired_session_live_deleted_(db.prepare("DELETE FROM session_tokens WHERE session_id = ?1 AND kind = 1")),
      expired_retired_deleted_(db.prepare("DELETE FROM retired_tokens WHERE until_ms <= ?1 OR session_id IN "
                                          "(SELECT id FROM sessions WHERE ended_at_ms IS NOT NULL)"))
{
}

void IdentityWrites::write(const AccountCreated& w)
{
    // The unique nick_key and nick_skeleton are the arbiters: two registrations of one nick, or of
    // two look-alikes ("admin", "admın"), cannot both pass. The store computes the skeleton itself,
    // so no caller can leave it out.
    const std::string skeleton = protocol::nick_skeleton(w.nick);
    try {
        account_created_.bind(1, w.nick).bind(2, w.nick_key).bind(3, skeleton).bind(4, w.password_hash);
        account_created_.bind(5, role_column(w.role)).bind(6, w.at_ms).run();
    } catch (const DbError&) {
        if (read_account(db_, w.nick_key))
            throw RefusedWrite("creating account '" + w.nick + "' on " + db_.path() + ": the nick is registered");
        if (const auto look_alike = read_account_by_skeleton(db_, skeleton))
            throw RefusedWrite("creating account '" + w.nick + "' on " + db_.path() +
                               ": the nick is too similar to the registered nick '" + look_alike->nick + "'");
        throw;
    }
    // A registered nick ends every guest session that held it or a look-alike (a guest away with a
    // resume token or a cookie would otherwise come back under the account's nick, or next to it).
    // Guests' nicks are stored as typed and reduced here; registrations are rare enough for the scan.
    std::vector<std::int64_t> guest_sessions;
    Statement live = db_.prepare("SELECT id, nick FROM sessions WHERE account_id IS NULL AND ended_at_ms IS NULL");
    while (live.step())
        if (protocol::nick_skeleton(live.column_text(1)) == skeleton) guest_sessions.push_back(live.column_int(0));
    for (const std::int64_t session : guest_sessions) {
        session_tokens_deleted_.bind(1, session).run();
        session_ended_.bind(1, session).bind(2, w.at_ms).run();
    }
}

void IdentityWrites::write(const PasswordChanged& w)
{
    password_changed_.bind(1, w.account_id).bind(2, w.password_hash).bind(3, w.at_ms).run();
    if (db_.changes() != 1)
        throw RefusedWrite("changing the password of account " + std::to_string(w.account_id) + " on " + db_.path() +
                           ": no such account");
    account_tokens_deleted_.bind(1, w.account_id).run();
    account_sessions_ended_.bind(1, w.account_id).bind(2, w.at_ms).run();
}

void IdentityWrites::write(const RoleChanged& w)
{
    role_changed_.bind(1, w.account_id).bind(2, role_column(w.role)).run();
    if (db_.changes() != 1)
        throw RefusedWrite("changing the role of account " + std::to_string(w.account_id) + " on " + db_.path() +
                           ": no such account");
}

void IdentityWrites::write(const ChallengePolicyChanged& w)
{
    challenge_policy_changed_.bind(1, w.account_id).bind(2, protocol::challenge_policy_name(w.policy)).run();
    if (db_.changes() != 1)
        throw RefusedWrite("changing the challenge setting of account " + std::to_string(w.account_id) + " on " +
                           db_.path() + ": no such account");
}

void IdentityWrites::write(const SessionStarted& w)
{
    session_started_.bind(1, w.session_id).bind(2, w.account_id).bind(3, w.nick);
    session_started_.bind(4, w.created_at_ms).bind(5, w.expires_at_ms).run();
}

void IdentityWrites::write(const SessionTokenIssued& w)
{
    token_issued_.bind(1, w.hash).bind(2, w.session_id).bind(3, static_cast<int>(w.kind));
    token_issued_.bind(4, w.issued_at_ms).bind(5, w.expires_at_ms).run();
}

void IdentityWrites::write(const SessionTokenSpent& w)
{
    if (w.retired_until_ms > w.at_ms) {
        // The session's older retired token goes: a later token of it is spent now.
        Statement session = db_.prepare("SELECT session_id FROM session_tokens WHERE hash = ?1");
        session.bind(1, w.hash);
        if (session.step()) session_retired_deleted_.bind(1, session.column_int(0)).run();
        token_retired_.bind(1, w.hash).bind(2, w.retired_until_ms).run();
    }
    token_spent_.bind(1, w.hash).bind(2, w.at_ms).run();
    if (db_.changes() != 1)
        throw RefusedWrite("spending a resume token on " + db_.path() + ": unknown, spent already or expired");
}

void IdentityWrites::write(const RetiredTokenReused& w)
{
    retired_reused_.bind(1, w.hash).bind(2, w.at_ms);
    const bool found = retired_reused_.step();
    const std::int64_t session_id = found ? retired_reused_.column_int(0) : 0;
    retired_reused_.reset();
    if (!found)
        throw RefusedWrite("resuming with a retired token on " + db_.path() +
                           ": unknown, its time is over, or a later token was used");
    retired_session_live_deleted_.bind(1, session_id).run(); // the successor whose answer was lost
}

void IdentityWrites::write(const SessionTokenTouched& w)
{
    token_touched_.bind(1, w.hash).bind(2, w.at_ms).bind(3, w.expires_at_ms).run();
}

void IdentityWrites::write(const SessionEnded& w)
{
    session_tokens_deleted_.bind(1, w.session_id).run();
    session_retired_deleted_.bind(1, w.session_id).run();
    session_ended_.bind(1, w.session_id).bind(2, w.at_ms).run();
}

void IdentityWrites::write(const ExpiredSessionsPruned& w)
{
    expired_tokens_deleted_.bind(1, w.at_ms).run();
    expired_sessions_ended_.bind(1, w.at_ms).run();
    ended_sessions_tokens_deleted_.run();
    expired_retired_deleted_.bind(1, w.at_ms).run();
}

std::optional<AccountRecord> read_account(Database& db, const std::string& nick_key)
{
    Statement query = db.prepare(std::string("SELECT ") + account_columns + " FROM accounts WHERE nick_key = ?1");
    query.bind(1, nick_key);
    if (!query.step()) return std::nullopt;
    return read_account_row(query);
}

std::optional<AccountRecord> read_account_by_skeleton(Database& db, const std::string& nick_skeleton)
{
    Statement query = db.prepare(std::string("SELECT ") + account_columns + " FROM accounts WHERE nick_skeleton = ?1");
    query.bind(1, nick_skeleton);
    if (!query.step()) return std::nullopt;
    return read_account_row(query);
}

std::optional<AccountRecord> read_account_by_id(Database& db, std::int64_t account_id)
{
    Statement query = db.prepare(std::string("SELECT ") + account_columns + " FROM accounts WHERE id = ?1");
    query.bind(1, account_id);
    if (!query.step()) return std::nullopt;
    return read_account_row(query);
}

std::vector<AccountRecord> read_accounts(Database& db)
{
    Statement query = db.prepare(std::string("SELECT ") + account_columns + " FROM accounts ORDER BY nick_key");
    std::vector<AccountRecord> accounts;
    while (query.step()) accounts.push_back(read_account_row(query));
    return accounts;
}

namespace {

// The columns both token queries select: session id, account, nick, role, the token's expiry,
// the session's, and whether the account is a bot's.
SessionRecord read_session_row(const Statement& row)
{
    SessionRecord session;
    session.session_id = row.column_int(0);
    session.account_id = row.column_optional_int(1);
    session.nick = row.column_text(2);
    session.role = role_from_column(row.column_text(3));
    session.expires_at_ms = row.column_int(4);
    session.session_expires_at_ms = row.column_int(5);
    session.bot = row.column_int(6) != 0;
    return session;
}

} // namespace

std::optional<SessionRecord> read_session_token(Database& db, const std::string& hash, TokenKind kind,
                                                std::int64_t at_ms)
{
    Statement query =
        db.prepare("SELECT s.id, s.account_id, COALESCE(a.nick, s.nick), COALESCE(a.role, 'player'), t.expires_at_ms, "
                   "s.expires_at_ms, COALESCE(a.bot, 0) FROM session_tokens t JOIN sessions s ON s.id = t.session_id "
                   "LEFT JOIN accounts a ON a.id = s.account_id "
                   "WHERE t.hash = ?1 AND t.kind = ?2 AND t.expires_at_ms > ?3 AND s.ended_at_ms IS NULL AND "
                   "s.expires_at_ms > ?3");
    query.bind(1, hash).bind(2, static_cast<int>(kind)).bind(3, at_ms);
    if (!query.step()) {
        if (kind != TokenKind::Resume) return std::nullopt;
        // A resume token spent within its grace (schema version 11).
        Statement retired = db.prepare(
            "SELECT s.id, s.account_id, COALESCE(a.nick, s.nick), COALESCE(a.role, 'player'), r.until_ms, "
            "s.expires_at_ms, COALESCE(a.bot, 0) FROM retired_tokens r JOIN sessions s ON s.id = r.session_id "
            "LEFT JOIN accounts a ON a.id = s.account_id "
            "WHERE r.hash = ?1 AND r.until_ms > ?2 AND s.ended_at_ms IS NULL AND s.expires_at_ms > ?2");
        retired.bind(1, hash).bind(2, at_ms);
        if (!retired.step()) return std::nullopt;
        SessionRecord session = read_session_row(retired);
        session.retired = true;
        return session;
    }
    return read_session_row(query);
}

} // namespace rochade::db
