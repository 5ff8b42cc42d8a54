// The read side of the database, SQLite's db::StoreReader: what the server needs at start-up
// (games to restore, resume tokens, the next free ids) and what an admin reads (recent games,
// a search of the games, one game's full log). It has its own connection, so reading never waits on the writer's
// thread (WAL mode lets readers and the writer work at once).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "db/records.h"
#include "db/sqlite/sqlite.h"
#include "db/store_reader.h"

namespace rochade::db {

class SqliteReader final : public StoreReader {
public:
    // Opens the database at `path`; throws DbError. ReadWriteCreate creates and migrates it if
    // needed; ReadOnly (the server's runtime reads) opens an existing database of this schema
    // version and never writes.
    explicit SqliteReader(const std::string& path, OpenMode mode = OpenMode::ReadWriteCreate);
    ~SqliteReader() override;
    SqliteReader(const SqliteReader&) = delete;
    SqliteReader& operator=(const SqliteReader&) = delete;

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

    // The highest ids stored, 0 when there is none yet (the admin's view; the server takes its
    // ids from next_free_id).
    std::int64_t max_game_id();
    std::int64_t max_table_id();

private:
    // The games without an end, or only `only` among them.
    std::vector<UnfinishedGame> read_unfinished(std::optional<std::int64_t> only);
    struct Connection;
    std::unique_ptr<Connection> connection_;
};

} // namespace rochade::db
