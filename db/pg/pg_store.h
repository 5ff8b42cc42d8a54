// PostgreSQL's implementation of db::StoreReader: the same reads with the same meaning as
// db::SqliteReader (db/sqlite/sqlite_reader.h), on a connection of its own. Each read that takes several statements
// runs in one REPEATABLE READ transaction, so it sees one snapshot while writers commit.
//
// A read that meets a lost connection runs once more on a new one (reads change nothing); only
// if that fails too does it throw DbError Unavailable.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "db/pg/pg.h"
#include "db/store_reader.h"

namespace rochade::db::pg {

class PgStore final : public StoreReader {
public:
    // Connects to `url`, whose schema must be at this code's version (the writer migrates it);
    // throws DbError otherwise.
    PgStore(const std::string& url, ConnectOptions options);
    ~PgStore() override;
    PgStore(const PgStore&) = delete;
    PgStore& operator=(const PgStore&) = delete;

    std::vector<UnfinishedGame> unfinished_games() override;
    std::optional<UnfinishedGame> unfinished_game(std::int64_t game_id) override;
    std::vector<GameSummary> recent_games(int limit = 50) override;
    GamePage find_games(const GameQuery& query) override;
    std::optional<GameLog> game_log(std::int64_t game_id) override;
    std::int64_t next_free_id(std::string_view name) override;
    std::optional<AccountRecord> account(const std::string& nick_key) override;
    std::optional<AccountRecord> account_by_skeleton(const std::string& nick_skeleton) override;
    std::vector<AccountRecord> accounts() override;
    std::optional<SessionRecord> session_by_token(const std::string& token_hash, TokenKind kind,
                                                  std::int64_t at_ms) override;
    std::vector<SanctionRecord> sanctions(std::int64_t at_ms) override;
    AuditPage audit_log(const AuditQuery& query) override;
    ChatPage find_chat(const ChatQuery& query) override;
    std::optional<PlayerRecord> player(const std::string& nick_key) override;
    std::vector<RatingPoint> rating_history(std::int64_t account_id, rating::RatingCategory category,
                                            int limit) override;
    std::vector<StoredRating> leaderboard(rating::RatingCategory category, double max_rd, int limit) override;
    std::vector<RatingChange> rating_changes(std::int64_t game_id) override;
    std::optional<OpenChallengeRecord> open_challenge(const std::string& token_hash) override;
    std::vector<OpenChallengeRecord> open_challenges_of(const std::string& creator_key, std::int64_t at_ms) override;
    std::vector<TournamentRecord> tournaments() override;
    std::optional<TournamentLog> tournament(std::int64_t tournament_id) override;
    std::optional<ApiTokenRecord> api_token(const std::string& token_hash) override;
    std::vector<ApiTokenRecord> api_tokens_of(std::int64_t account_id) override;

private:
    // The games without an end, or only `only` among them.
    std::vector<UnfinishedGame> read_unfinished(std::optional<std::int64_t> only);
    // The connection, opened anew when the last one was lost.
    Connection& connection();
    // read(connection()), once more on a new connection if the first one was lost.
    // The account whose folded nick is `nick_key` (db/pg/pg_identity_reads.cpp); for the account
    // reads and a player's profile.
    static std::optional<AccountRecord> read_account(Connection& c, const std::string& nick_key);
    // Runs `read` on the connection (db/pg/pg_store.h, below the class).
    template <typename Read> auto reading(Read read);

    std::string url_;
    ConnectOptions options_;
    std::optional<Connection> connection_;
};

// Reads change nothing, so one that met a lost connection runs once more on a new one: a server
// restarted since the last read costs no error. Any other failure is the read's.
template <typename Read> auto PgStore::reading(Read read)
{
    try {
        return read(connection());
    } catch (const DbError&) {
        if (connection_ && connection_->good()) throw;
    }
    return read(connection());
}

} // namespace rochade::db::pg
