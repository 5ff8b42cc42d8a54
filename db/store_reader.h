// The read side of the store, as the server sees it: synchronous reads of backend-neutral
// records, answered on the calling thread. db::SqliteReader (SQLite) implements it. The server calls
// it directly only at start-up, before it accepts connections; at runtime it reads through a
// db::ReadThread (db/read_thread.h), never on an io thread or a table's strand.
//
// Every read throws db::DbError (a std::runtime_error with a StoreFailure kind) naming what
// failed and where.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "db/game_query.h"
#include "db/rating_records.h"
#include "db/records.h"

namespace rochade::db {

// One line of the admin's list of games.
struct GameSummary {
    std::int64_t game_id = 0;
    std::int64_t table_id = 0;
    std::int64_t room = 0;
    std::string white, black;
    std::string time_control_json;
    std::int64_t started_at_ms = 0;
    std::optional<std::int64_t> ended_at_ms; // empty while the game is unfinished
    std::optional<Score> result;             // empty while unfinished
    std::optional<Termination> termination;  // empty while unfinished
    std::int64_t moves = 0;                  // plies stored
    bool rated = false;
    std::optional<rating::RatingCategory> category;
    // A finished rated game's changes (RatingChange::white tells whose); empty otherwise.
    std::vector<RatingChange> rating_changes;
};

// One page of a search: its games, newest first, and where the next page starts (empty on the
// last page).
struct GamePage {
    std::vector<GameSummary> games;
    std::optional<GameCursor> next_page;
};

// Everything stored about one game.
struct GameLog {
    GameStarted start;
    std::optional<GameEnded> end;
    std::vector<MovePlayed> moves;                 // by ply
    std::vector<TableEvent> events;                // this game's table events, by seq
    std::vector<RatingChange> rating_changes = {}; // a finished rated game's two, white first
    std::optional<GameAnalysisRecord> analysis = {}; // a finished game's server analysis, once asked for
};

// A registered player as the public sees them: the account and its ratings.
struct PlayerRecord {
    AccountRecord account;
    std::vector<StoredRating> ratings; // the categories with a rated game, in category order
};

class StoreReader {
public:
    virtual ~StoreReader() = default;

    // Games with no end row, each with its moves by ply and its table's highest event seq.
    virtual std::vector<UnfinishedGame> unfinished_games() = 0;
    // One of them, as stored now (read again after a node claimed it); nullopt when no game
    // without an end has this id.
    virtual std::optional<UnfinishedGame> unfinished_game(std::int64_t game_id) = 0;
    // The most recent games first (by id), at most `limit`.
    virtual std::vector<GameSummary> recent_games(int limit = 50) = 0;
    // The games that match every filter of `query`, newest first (by started_at_ms, then id), at
    // most query.limit, from below query.after. Throws DbError (Refused) for a limit outside
    // min_page_games..max_page_games.
    virtual GamePage find_games(const GameQuery& query) = 0;
    // nullopt when no game has this id.
    virtual std::optional<GameLog> game_log(std::int64_t game_id) = 0;
    // The first id of kind `name` ("table", "game") not reserved yet (IdBlockReserved); 1 when
    // none was ever reserved.
    virtual std::int64_t next_free_id(std::string_view name) = 0;

    // The account whose folded nick is `nick_key`, if one is registered.
    virtual std::optional<AccountRecord> account(const std::string& nick_key) = 0;
    // The account whose nick looks like one with this skeleton (protocol::nick_skeleton: "admın"
    // finds "admin"), if one is registered. Accounts that looked alike before schema version 8
    // (SQLite; 2 on PostgreSQL) are found through the oldest of them.
    virtual std::optional<AccountRecord> account_by_skeleton(const std::string& nick_skeleton) = 0;
    // Every account, by folded nick (byte order, on both backends): for `rochade admin list-users`.
    virtual std::vector<AccountRecord> accounts() = 0;
    // The session named by a token of `kind` whose hash is `token_hash`, if the token and the
    // session are still good at `at_ms` (wall-clock Unix ms).
    virtual std::optional<SessionRecord> session_by_token(const std::string& token_hash, TokenKind kind,
                                                          std::int64_t at_ms) = 0;

    // The sanctions in force at `at_ms` (wall-clock Unix ms): for good, or ending after it.
    virtual std::vector<SanctionRecord> sanctions(std::int64_t at_ms) = 0;
    // The audit log, newest first, filtered and paged by id. Throws DbError (Refused) for a
    // limit outside min_page_rows..max_page_rows.
    virtual AuditPage audit_log(const AuditQuery& query) = 0;
    // Room and table chat, newest first, filtered and paged by a cursor (ChatPage::next_page).
    // Throws DbError (Refused) for a limit outside min_page_rows..max_page_rows or a cursor that
    // is not one of find_chat's.
    virtual ChatPage find_chat(const ChatQuery& query) = 0;

    // Ratings. The account whose folded nick is `nick_key`, with its ratings.
    virtual std::optional<PlayerRecord> player(const std::string& nick_key) = 0;
    // The account's rating after each of its rated games in `category`, oldest first: the newest
    // `limit` (at most max_history_points; more is refused, DbError Refused).
    virtual std::vector<RatingPoint> rating_history(std::int64_t account_id, rating::RatingCategory category,
                                                    int limit) = 0;
    // The best ratings of `category` whose stored RD is at most `max_rd`, highest first (ties: the
    // earlier last game first), at most `limit` (1..max_leaderboard_rows, else DbError Refused).
    virtual std::vector<StoredRating> leaderboard(rating::RatingCategory category, double max_rd, int limit) = 0;
    // The changes a rated game made, white first; empty for a casual or unfinished game.
    virtual std::vector<RatingChange> rating_changes(std::int64_t game_id) = 0;

    // Open challenges (db/open_challenge_records.h). The link whose token hashes to
    // `token_hash`, in whatever state it is (used, canceled and expired ones too, until pruned).
    virtual std::optional<OpenChallengeRecord> open_challenge(const std::string& token_hash) = 0;
    // The links of the creator whose folded nick is `creator_key` that stand at `at_ms`, oldest
    // first.
    virtual std::vector<OpenChallengeRecord> open_challenges_of(const std::string& creator_key, std::int64_t at_ms) = 0;

    // Tournaments (db/tournament_records.h). Every tournament, newest first.
    virtual std::vector<TournamentRecord> tournaments() = 0;
    // One tournament with its players by entry and its rounds with their boards; nullopt when
    // no tournament has this id.
    virtual std::optional<TournamentLog> tournament(std::int64_t tournament_id) = 0;

    // Personal API tokens (db/api_token_records.h). The token whose hash is `token_hash`, with its
    // owner's nick, role and bot flag as they are now; nullopt when none (never made, or revoked).
    virtual std::optional<ApiTokenRecord> api_token(const std::string& token_hash) = 0;
    // The account's tokens, newest first (by created_at_ms, then hash).
    virtual std::vector<ApiTokenRecord> api_tokens_of(std::int64_t account_id) = 0;
};

} // namespace rochade::db
