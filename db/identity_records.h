// The rows of identity: accounts, sessions and the hashes of their tokens. Plain values, no
// SQL types. Token hashes are 64 hex digits (BLAKE2b-256); no record ever holds a token or a
// password, only their hashes.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "protocol/challenge.h"
#include "protocol/role.h"

namespace rochade::db {

using protocol::Role;

// A resume token is spent by the hello that uses it; a cookie token names a browser's session
// until it expires or the session ends.
enum class TokenKind : std::uint8_t { Resume = 1, Cookie = 2 };

// ---- writes -----------------------------------------------------------------------------

// Refused when an account holds the nick key already, or the nick's skeleton (a look-alike nick:
// protocol::nick_skeleton, which the store computes from `nick`).
struct AccountCreated {
    std::string nick, nick_key, password_hash;
    Role role = Role::Player;
    std::int64_t at_ms = 0;
};

// Also ends every session of the account and deletes their tokens: a new password logs
// everyone out. Refused when there is no such account.
struct PasswordChanged {
    std::int64_t account_id = 0;
    std::string password_hash;
    std::int64_t at_ms = 0;
};

// The account's challenge setting (from whom it takes challenges). Refused when there is no
// such account.
struct ChallengePolicyChanged {
    std::int64_t account_id = 0;
    protocol::ChallengePolicy policy = protocol::ChallengePolicy::Everyone;
};

// Refused when there is no such account.
struct RoleChanged {
    std::int64_t account_id = 0;
    Role role = Role::Player;
};

struct SessionStarted {
    std::int64_t session_id = 0;            // from the 'session' id block
    std::optional<std::int64_t> account_id; // empty for a guest
    std::string nick;
    std::int64_t created_at_ms = 0;
    std::int64_t expires_at_ms = 0; // absolute: no token of the session outlives it
};

struct SessionTokenIssued {
    std::string hash;
    std::int64_t session_id = 0;
    TokenKind kind = TokenKind::Resume;
    std::int64_t issued_at_ms = 0;
    std::int64_t expires_at_ms = 0;
};

// Deletes the token if it is still good at `at_ms`; Refused when it is not (unknown, spent
// already, expired, or its session ended), so one token resumes one connection, once. With
// `retired_until_ms` after `at_ms`, the spent token is kept as retired until then (the session's
// older retired token goes): a client whose hello_ok was lost with its node (killed or paused
// after the admission) may resume once more with it (RetiredTokenReused) instead of being locked
// out, as long as no later token of the session was spent.
struct SessionTokenSpent {
    std::string hash;
    std::int64_t at_ms = 0;
    std::int64_t retired_until_ms = 0;
};

// A retired resume token (SessionTokenSpent) used again within its time: the session's live
// resume tokens (the successor whose answer was lost) are deleted, and the write that follows
// issues the next. Refused when the token is not retired or its time is over.
struct RetiredTokenReused {
    std::string hash;
    std::int64_t at_ms = 0;
};

// A cookie token used again: its idle expiry moves to `expires_at_ms`.
struct SessionTokenTouched {
    std::string hash;
    std::int64_t at_ms = 0;
    std::int64_t expires_at_ms = 0;
};

// Logout: the session ends and its tokens are deleted.
struct SessionEnded {
    std::int64_t session_id = 0;
    std::int64_t at_ms = 0;
};

// Deletes every token expired at `at_ms` and ends the sessions past their absolute expiry.
struct ExpiredSessionsPruned {
    std::int64_t at_ms = 0;
};

// ---- reads ------------------------------------------------------------------------------

struct AccountRecord {
    std::int64_t id = 0;
    std::string nick, nick_key, password_hash;
    Role role = Role::Player;
    std::int64_t created_at_ms = 0;
    protocol::ChallengePolicy challenge_policy = protocol::ChallengePolicy::Everyone; // schema version 14
    bool bot = false; // a bot account (db::AccountBecameBot; schema version 21)
};

// A token that is good at the time asked, with the session it names.
struct SessionRecord {
    std::int64_t session_id = 0;
    std::optional<std::int64_t> account_id;
    std::string nick; // the account's nick, or the guest's
    Role role = Role::Player;
    std::int64_t expires_at_ms = 0;         // the token's
    std::int64_t session_expires_at_ms = 0; // the session's absolute expiry
    bool retired = false; // a resume token spent within its grace (SessionTokenSpent)
    bool bot = false;     // the session's account is a bot account (schema version 21)
};

} // namespace rochade::db
