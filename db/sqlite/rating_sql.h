// The SQL of ratings (docs/ratings.md): the writer's side, which checks a rated game's
// start and rates its end inside the transaction that records it, and the reads of profiles,
// histories, leaderboards and a game's changes. Kept apart from the game, identity and
// moderation SQL so each file has one subject; db::SqliteWriter calls RatingWrites, db::SqliteReader the reads.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "db/rating_records.h"
#include "db/rating_rules.h"
#include "db/records.h"
#include "db/sqlite/sqlite.h"
#include "db/store_reader.h"

namespace rochade::db {

// Prepared once per writer connection. Each call throws DbError when SQLite fails.
class RatingWrites {
public:
    explicit RatingWrites(Database& db);

    // Throws DbError (Refused) naming why when `start` is rated but cannot be
    // (db::why_start_cannot_be_rated).
    void check_start(const GameStarted& start);

    // Rates the game whose end `ended` has just been recorded, if it is rated and ended with a
    // result (db/rating_rules.h decides whether and how): both players' rows are read, and both
    // rows and both rating_changes rows written. Call in the transaction that records the end,
    // after it, so that a failure rolls back both.
    void rate_ended_game(const GameEnded& ended);

private:
    RatingStanding read_standing(std::int64_t account_id, rating::RatingCategory category);
    void write_standing(const RatingStanding& standing, rating::RatingCategory category);
    void write_change(const RatingChange& change);

    Database& db_;
    Statement game_, standing_, standing_written_, change_inserted_;
};

// The reads behind StoreReader's player, rating_history, leaderboard and rating_changes.
// read_rating_history and read_leaderboard throw DbError (Refused) for a limit out of range;
// read_player reads twice, so call it inside a ReadSnapshot.
std::optional<PlayerRecord> read_player(Database& db, const std::string& nick_key);
std::vector<RatingPoint> read_rating_history(Database& db, std::int64_t account_id, rating::RatingCategory category,
                                             int limit);
std::vector<StoredRating> read_leaderboard(Database& db, rating::RatingCategory category, double max_rd, int limit);
std::vector<RatingChange> read_rating_changes(Database& db, std::int64_t game_id);
// The changes of several games in one query (a page of summaries), by game id, white first.
std::unordered_map<std::int64_t, std::vector<RatingChange>>
read_rating_changes_of(Database& db, const std::vector<std::int64_t>& game_ids);

// The category as the games, ratings and rating_changes tables spell it, and back; a column
// holding anything else (none can: a CHECK refuses it) reads as nothing.
std::optional<rating::RatingCategory> category_column(const Statement& row, int index);

} // namespace rochade::db
