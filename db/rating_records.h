// Ratings as the store keeps them: one row per account and category, and one change
// per player and rated game. Plain values; db/rating_rules.h computes what a rated end writes,
// each backend (db/sqlite/rating_sql.cpp, db/pg/pg_writes.cpp) turns them into SQL.
//
// The store applies a rated game's rating changes itself, inside the transaction that records
// the game's end (db::GameEnded of a game started with GameStarted::rated): both players' rows
// are read, aged and rated with rating/glicko2.h and written back with the two changes, so after
// a crash a finished rated game has its changes and an unfinished one has none, and a second end
// of the same game is refused rather than rated twice. The writer's one thread (and, on
// PostgreSQL, the transaction's row locks) is what serialises two games of the same player.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/outcome.h"
#include "rating/category.h"
#include "rating/glicko2.h"

namespace rochade::db {

// White's result for the rating, or nothing for a game that is not rated (Unfinished: aborted).
constexpr std::optional<rating::GameResult> white_result(Score score)
{
    switch (score) {
    case Score::WhiteWins: return rating::GameResult::Win;
    case Score::BlackWins: return rating::GameResult::Loss;
    case Score::Draw: return rating::GameResult::Draw;
    case Score::Unfinished: break;
    }
    return std::nullopt;
}

// Rated games in one category and their results, from the player's side.
struct GameCounts {
    int games = 0, wins = 0, draws = 0, losses = 0;

    void add(rating::GameResult result)
    {
        ++games;
        if (result == rating::GameResult::Win) ++wins;
        if (result == rating::GameResult::Draw) ++draws;
        if (result == rating::GameResult::Loss) ++losses;
    }
    bool operator==(const GameCounts&) const = default;
};

// A player's standing in one category. A player without a rated game in a category has no row;
// readers show rating::Glicko2Config{}.initial for it.
struct StoredRating {
    std::int64_t account_id = 0;
    std::string nick; // the account's nick, as registered
    rating::RatingCategory category = rating::RatingCategory::Blitz;
    rating::Rating value; // as after the last rated game: RD not aged since
    // Every rated game, secret rooms' included: what the rating is made of. For the store and
    // the admin, never for a public page.
    GameCounts all;
    // The rated games played in public rooms (room > 0): the counts public pages show, so that
    // they reveal no secret room's game (docs/ratings.md, "Secret rooms").
    GameCounts in_public_rooms;
    std::int64_t last_game_at_ms = 0; // the last rated game's end (wall-clock Unix ms)
};

// What one rated game did to one player's rating.
struct RatingChange {
    std::int64_t game_id = 0;
    std::int64_t account_id = 0;
    std::string nick;
    bool white = false; // the side the player had
    rating::RatingCategory category = rating::RatingCategory::Blitz;
    // The rating the game was rated from: RD already aged by the idle days (so the change can be
    // recomputed from these values alone with rating::rate_game).
    rating::Rating before;
    rating::Rating after;
    std::int64_t at_ms = 0; // the game's end
};

// One point of a rating history (the profile's chart): the rating after a rated game.
struct RatingPoint {
    std::int64_t game_id = 0;
    std::int64_t at_ms = 0;
    rating::Rating after;
    // Played in a public room (room > 0): a public page may name the game. A secret room's game
    // changes the rating like any other, but its id is never shown (docs/ratings.md).
    bool public_room = true;
};

inline constexpr int max_history_points = 1000; // per category, the newest
inline constexpr int max_leaderboard_rows = 200;

} // namespace rochade::db
