// The rows of bot accounts and personal API tokens (issue 29 §3): an account that became a bot,
// and the tokens a player makes for a program to act for him over HTTP. Plain values, no SQL
// types. As with session tokens, only a token's hash is ever stored (64 hex digits, BLAKE2b-256
// of the token): the store never sees a token, so a copy of the database acts for nobody.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "protocol/role.h"

namespace rochade::db {

// ---- writes -----------------------------------------------------------------------------

// The account becomes a bot account for good (lichess's BOT title). Refused when there is no
// such account, when it is a bot already, or when it has played a game (the account of either
// seat of any stored game, finished or not): a bot's games are all a program's, so an account
// with a human's games stays human. Its sessions stay (its owner keeps the account page, for the
// tokens); the game socket refuses a bot's hello (SessionRecord::bot).
struct AccountBecameBot {
    std::int64_t account_id = 0;
    std::int64_t at_ms = 0;
};

// A new personal API token of the account. Refused when there is no such account, when a token
// with this hash is stored already, or when a scope is empty or holds a space (the scopes are
// stored as one text, separated by spaces, and must read back as they were given).
struct ApiTokenCreated {
    std::string hash;
    std::int64_t account_id = 0;
    std::string description;         // the owner's name for it ("my bot on the laptop")
    std::vector<std::string> scopes; // what it may do: "bot:play", "challenge:write", ...
    std::int64_t created_at_ms = 0;
};

// The owner deletes the token. Refused when no token with this hash belongs to `account_id`, so
// one player cannot revoke another's token (and learns nothing of it).
struct ApiTokenRevoked {
    std::string hash;
    std::int64_t account_id = 0;
    std::int64_t at_ms = 0;
};

// A request came with the token: its last use moves to `at_ms` (never back: two nodes' uses
// may be stored out of order). Refused when no token has this hash.
struct ApiTokenUsed {
    std::string hash;
    std::int64_t at_ms = 0;
};

// ---- reads ------------------------------------------------------------------------------

// A token with its owner as he is now (a token acts with the account's role and bot flag of the
// moment it is used, not of the moment it was made).
struct ApiTokenRecord {
    std::string hash;
    std::int64_t account_id = 0;
    std::string nick; // the account's
    protocol::Role role = protocol::Role::Player;
    bool bot = false; // the account's
    std::string description;
    std::vector<std::string> scopes;
    std::int64_t created_at_ms = 0;
    std::optional<std::int64_t> last_used_at_ms; // empty until its first use
};

// The stored text of the scopes, "bot:play challenge:write", and back (an empty text is no
// scope). Both backends store and read them through these.
std::string scopes_text(const std::vector<std::string>& scopes);
std::vector<std::string> parse_scopes(std::string_view text);
// Whether `scopes` reads back from scopes_text as itself: no scope empty or holding a space.
bool scopes_storable(const std::vector<std::string>& scopes);

} // namespace rochade::db
