#include "db/sqlite/api_token_sql.h"

#include "db/sqlite/identity_sql.h"
#include "protocol/role.h"

namespace rochade::db {

namespace {

// A token joined with its owner, as both reads select it.
constexpr const char* api_token_select =
    "SELECT t.hash, t.account_id, a.nick, a.role, a.bot, t.description, t.scopes, t.created_at_ms, "
    "t.last_used_at_ms FROM api_tokens t JOIN accounts a ON a.id = t.account_id";

ApiTokenRecord read_api_token_row(const Statement& row)
{
    ApiTokenRecord token;
    token.hash = row.column_text(0);
    token.account_id = row.column_int(1);
    token.nick = row.column_text(2);
    token.role = protocol::parse_role(row.column_text(3)).value_or(protocol::Role::Player);
    token.bot = row.column_int(4) != 0;
    token.description = row.column_text(5);
    token.scopes = parse_scopes(row.column_text(6));
    token.created_at_ms = row.column_int(7);
    token.last_used_at_ms = row.column_optional_int(8);
    return token;
}

// Steps `query` once and resets it, so that a refusal thrown after it leaves the prepared
// statement ready for the next write: whether it had a row, and its first column's integer.
std::optional<std::int64_t> first_int(Statement& query)
{
    std::optional<std::int64_t> value;
    if (query.step()) value = query.column_int(0);
    query.reset();
    return value;
}

} // namespace

ApiTokenWrites::ApiTokenWrites(Database& db)
    : db_(db), account_bot_(db.prepare("SELECT bot FROM accounts WHERE id = ?1")),
      // Two probes of the seats' indexes (schema version 21), not one OR that would scan the games.
      account_seated_(db.prepare("SELECT EXISTS (SELECT 1 FROM games WHERE white_account = ?1) OR "
                                 "EXISTS (SELECT 1 FROM games WHERE black_account = ?1)")),
      became_bot_(db.prepare("UPDATE accounts SET bot = 1 WHERE id = ?1")),

      token_stored_(db.prepare("SELECT 1 FROM api_tokens WHERE hash = ?1")),
      created_(db.prepare("INSERT INTO api_tokens (hash, account_id, description, scopes, created_at_ms) "
                          "VALUES (?1, ?2, ?3, ?4, ?5)")),
      revoked_(db.prepare("DELETE FROM api_tokens WHERE hash = ?1 AND account_id = ?2")),
      // Never back: two nodes' uses of one token may reach the store out of order.
      used_(db.prepare("UPDATE api_tokens SET last_used_at_ms = MAX(COALESCE(last_used_at_ms, ?2), ?2) "
                       "WHERE hash = ?1"))
{
}

void ApiTokenWrites::write(const AccountBecameBot& w)
{
    const std::string doing = "making account " + std::to_string(w.account_id) + " a bot on " + db_.path();
    const auto bot = first_int(account_bot_.bind(1, w.account_id));
    if (!bot) throw RefusedWrite(doing + ": no such account");
    if (*bot != 0) throw RefusedWrite(doing + ": it is a bot already");
    if (first_int(account_seated_.bind(1, w.account_id)).value_or(0) != 0)
        throw RefusedWrite(doing + ": it has played games");
    became_bot_.bind(1, w.account_id).run();
}

void ApiTokenWrites::write(const ApiTokenCreated& w)
{
    const std::string doing = "storing an API token of account " + std::to_string(w.account_id) + " on " + db_.path();
    if (!scopes_storable(w.scopes)) throw RefusedWrite(doing + ": a scope is empty or holds a space");
    if (!first_int(account_bot_.bind(1, w.account_id))) throw RefusedWrite(doing + ": no such account");
    if (first_int(token_stored_.bind(1, w.hash))) throw RefusedWrite(doing + ": a token with this hash is stored");
    created_.bind(1, w.hash).bind(2, w.account_id).bind(3, w.description).bind(4, scopes_text(w.scopes));
    created_.bind(5, w.created_at_ms).run();
}

void ApiTokenWrites::write(const ApiTokenRevoked& w)
{
    revoked_.bind(1, w.hash).bind(2, w.account_id).run();
    if (db_.changes() != 1)
        throw RefusedWrite("revoking an API token of account " + std::to_string(w.account_id) + " on " + db_.path() +
                           ": the account has no such token");
}

void ApiTokenWrites::write(const ApiTokenUsed& w)
{
    used_.bind(1, w.hash).bind(2, w.at_ms).run();
    if (db_.changes() != 1) throw RefusedWrite("using an API token on " + db_.path() + ": no such token");
}

std::optional<ApiTokenRecord> read_api_token(Database& db, const std::string& hash)
{
    Statement query = db.prepare(std::string(api_token_select) + " WHERE t.hash = ?1");
    query.bind(1, hash);
    if (!query.step()) return std::nullopt;
    return read_api_token_row(query);
}

std::vector<ApiTokenRecord> read_api_tokens_of(Database& db, std::int64_t account_id)
{
    Statement query = db.prepare(std::string(api_token_select) +
                                 " WHERE t.account_id = ?1 ORDER BY t.created_at_ms DESC, t.hash DESC");
    query.bind(1, account_id);
    std::vector<ApiTokenRecord> tokens;
    while (query.step()) tokens.push_back(read_api_token_row(query));
    return tokens;
}

} // namespace rochade::db
