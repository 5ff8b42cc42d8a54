#include "db/pg/pg_api_tokens.h"

#include "db/pg/pg_store.h"
#include "protocol/role.h"

namespace rochade::db::pg {

namespace {

DbError api_token_refused(const std::string& message) { return DbError(message, StoreFailure::Refused); }

// A token joined with its owner, as both reads select it.
constexpr const char* api_token_select =
    "SELECT t.hash, t.account_id, a.nick, a.role, a.bot, t.description, t.scopes, t.created_at_ms, "
    "t.last_used_at_ms FROM api_tokens t JOIN accounts a ON a.id = t.account_id";

ApiTokenRecord read_api_token_row(const Result& rows, int row)
{
    ApiTokenRecord token;
    token.hash = rows.text(row, 0);
    token.account_id = rows.integer(row, 1);
    token.nick = rows.text(row, 2);
    token.role = protocol::parse_role(rows.text(row, 3)).value_or(protocol::Role::Player);
    token.bot = rows.boolean(row, 4);
    token.description = rows.text(row, 5);
    token.scopes = parse_scopes(rows.text(row, 6));
    token.created_at_ms = rows.integer(row, 7);
    token.last_used_at_ms = rows.optional_integer(row, 8);
    return token;
}

} // namespace

// The account's row is locked FOR UPDATE before its games are looked at: a game that another
// node is storing for it holds the row FOR KEY SHARE (the seat's foreign key) until it commits,
// so this waits for that game and then sees it. Without the lock both could commit, and a bot
// would have a human's game.
void write_api_token(Connection& c, const AccountBecameBot& w)
{
    const std::string doing = "making account " + std::to_string(w.account_id) + " a bot on PostgreSQL " + c.where();
    const Result account = c.run("SELECT bot FROM accounts WHERE id = $1 FOR UPDATE", Params().add(w.account_id));
    if (account.rows() == 0) throw api_token_refused(doing + ": no such account");
    if (account.boolean(0, 0)) throw api_token_refused(doing + ": it is a bot already");
    const Result seated = c.run("SELECT EXISTS (SELECT 1 FROM games WHERE white_account = $1) OR "
                                "EXISTS (SELECT 1 FROM games WHERE black_account = $1)",
                                Params().add(w.account_id));
    if (seated.boolean(0, 0)) throw api_token_refused(doing + ": it has played games");
    c.run("UPDATE accounts SET bot = true WHERE id = $1", Params().add(w.account_id));
}

void write_api_token(Connection& c, const ApiTokenCreated& w)
{
    const std::string doing =
        "storing an API token of account " + std::to_string(w.account_id) + " on PostgreSQL " + c.where();
    if (!scopes_storable(w.scopes)) throw api_token_refused(doing + ": a scope is empty or holds a space");
    if (c.run("SELECT 1 FROM accounts WHERE id = $1", Params().add(w.account_id)).rows() == 0)
        throw api_token_refused(doing + ": no such account");
    const Result inserted = c.run(
        "INSERT INTO api_tokens (hash, account_id, description, scopes, created_at_ms) "
        "VALUES ($1, $2, $3, $4, $5) ON CONFLICT (hash) DO NOTHING",
        Params().add(w.hash).add(w.account_id).add(w.description).add(scopes_text(w.scopes)).add(w.created_at_ms));
    if (inserted.affected() != 1) throw api_token_refused(doing + ": a token with this hash is stored");
}

void write_api_token(Connection& c, const ApiTokenRevoked& w)
{
    const Result deleted =
        c.run("DELETE FROM api_tokens WHERE hash = $1 AND account_id = $2", Params().add(w.hash).add(w.account_id));
    if (deleted.affected() != 1)
        throw api_token_refused("revoking an API token of account " + std::to_string(w.account_id) + " on PostgreSQL " +
                                c.where() + ": the account has no such token");
}

// Never back: two nodes' uses of one token may reach the store out of order (GREATEST skips
// the NULL of a token never used).
void write_api_token(Connection& c, const ApiTokenUsed& w)
{
    const Result used = c.run("UPDATE api_tokens SET last_used_at_ms = GREATEST(last_used_at_ms, $2) WHERE hash = $1",
                              Params().add(w.hash).add(w.at_ms));
    if (used.affected() != 1)
        throw api_token_refused("using an API token on PostgreSQL " + c.where() + ": no such token");
}

std::optional<ApiTokenRecord> read_api_token(Connection& c, const std::string& hash)
{
    const Result rows = c.run(std::string(api_token_select) + " WHERE t.hash = $1", Params().add(hash));
    if (rows.rows() == 0) return std::nullopt;
    return read_api_token_row(rows, 0);
}

std::vector<ApiTokenRecord> read_api_tokens_of(Connection& c, std::int64_t account_id)
{
    // COLLATE "C": the hashes in byte order, as SQLite breaks a tie.
    const Result rows = c.run(std::string(api_token_select) +
                                  " WHERE t.account_id = $1 ORDER BY t.created_at_ms DESC, t.hash COLLATE \"C\" DESC",
                              Params().add(account_id));
    std::vector<ApiTokenRecord> tokens;
    for (int row = 0; row < rows.rows(); ++row) tokens.push_back(read_api_token_row(rows, row));
    return tokens;
}

std::optional<ApiTokenRecord> PgStore::api_token(const std::string& token_hash)
{
    return reading([&](Connection& c) { return read_api_token(c, token_hash); });
}

std::vector<ApiTokenRecord> PgStore::api_tokens_of(std::int64_t account_id)
{
    return reading([&](Connection& c) { return read_api_tokens_of(c, account_id); });
}

} // namespace rochade::db::pg
