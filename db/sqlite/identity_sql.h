// The SQL of identity: the writer's statements for accounts, sessions and tokens, and the
// reads the server (at login and hello) and `rochade admin` need. Kept apart from the game
// writes so each file has one subject; db::SqliteWriter calls IdentityWrites inside its
// transactions, the store and the admin tool call the reads.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "db/identity_records.h"
#include "db/sqlite/sqlite.h"

namespace rochade::db {

// Prepared once per connection. Each write throws DbError when SQLite fails, and a
// RefusedWrite (a DbError) when the write contradicts what is stored.
class IdentityWrites {
public:
    explicit IdentityWrites(Database& db);

    void write(const AccountCreated& w);
    void write(const PasswordChanged& w);
    void write(const RoleChanged& w);
    void write(const ChallengePolicyChanged& w);
    void write(const SessionStarted& w);
    void write(const SessionTokenIssued& w);
    void write(const SessionTokenSpent& w);
    void write(const RetiredTokenReused& w);
    void write(const SessionTokenTouched& w);
    void write(const SessionEnded& w);
    void write(const ExpiredSessionsPruned& w);

private:
    Database& db_;
    Statement account_created_, password_changed_, role_changed_, challenge_policy_changed_;
    Statement account_tokens_deleted_, account_sessions_ended_;
    Statement session_started_, token_issued_, token_spent_, token_touched_;
    Statement session_tokens_deleted_, session_ended_;
    Statement expired_tokens_deleted_, expired_sessions_ended_, ended_sessions_tokens_deleted_;
    // Retired resume tokens (schema version 11).
    Statement session_retired_deleted_, token_retired_, retired_reused_, retired_session_live_deleted_,
        expired_retired_deleted_;
};

// A write that contradicts what is stored (a nick taken, a token spent): the store reports
// it as refused, not as the store being unavailable.
class RefusedWrite : public DbError {
public:
    explicit RefusedWrite(const std::string& message) : DbError(message, StoreFailure::Refused) {}
};

std::optional<AccountRecord> read_account(Database& db, const std::string& nick_key);
// The account whose nick has this skeleton (protocol::nick_skeleton), if one holds it.
std::optional<AccountRecord> read_account_by_skeleton(Database& db, const std::string& nick_skeleton);
std::optional<AccountRecord> read_account_by_id(Database& db, std::int64_t account_id);
// Every account, by nick key.
std::vector<AccountRecord> read_accounts(Database& db);
// The session named by a token of `kind` with this hash, if the token and its session are
// still good at `at_ms`.
std::optional<SessionRecord> read_session_token(Database& db, const std::string& hash, TokenKind kind,
                                                std::int64_t at_ms);
std::string_view role_column(Role role);

} // namespace rochade::db
