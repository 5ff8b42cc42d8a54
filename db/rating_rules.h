// The rating of a game at its end (docs/ratings.md), without SQL: which ends are rated, and what
// a rated end does to both players' standings and which two changes it records. Each backend
// (db/sqlite/rating_sql.cpp, db/pg/pg_writes.cpp) only reads the game's row and both standings
// in its own SQL, calls these, and writes back what they return, in the end's transaction.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>

#include "db/rating_records.h"
#include "db/records.h"
#include "rating/category.h"
#include "rating/glicko2.h"

namespace rochade::db {

// One rated game is one Glicko-2 rating period: the defaults are the rules.
inline const rating::Glicko2Config glicko2_rules{};

// Why a game started as rated cannot be ("white (ann) has no account"), or nothing when it can
// be or is not rated: a side without an account, the same account on both sides, or no category
// (an untimed control). The backend refuses the start with this reason.
std::optional<std::string> why_start_cannot_be_rated(const GameStarted& start);

// What the games table holds about a game, for rating its end.
struct GameToRate {
    bool rated = false;
    std::optional<rating::RatingCategory> category;
    std::optional<std::int64_t> white_account, black_account;
    bool public_room = false; // room > 0
};

// A game's end that is rated: its category, both accounts (white first) and white's result.
struct RatedEnd {
    std::int64_t game_id = 0;
    std::int64_t ended_at_ms = 0;
    rating::RatingCategory category = rating::RatingCategory::Blitz;
    std::array<std::int64_t, 2> accounts{}; // white, black
    rating::GameResult white_result = rating::GameResult::Draw;
    bool public_room = false;
};

// The end to rate, or nothing when `ended` is not rated: a result other than a win or a draw
// (db::white_result, db/rating_records.h), a
// game not started rated, or one without a category or two different accounts (the start refuses
// those since schema version 7; a game marked rated before it is left unrated, its end not
// refused).
std::optional<RatedEnd> rated_end(const GameEnded& ended, const GameToRate& game);

// A player's standing in one category as stored, or the initial one without a row.
struct RatingStanding {
    std::int64_t account_id = 0;
    rating::Rating value = glicko2_rules.initial;
    GameCounts all, in_public_rooms;
    std::optional<std::int64_t> last_game_at_ms; // none before the first rated game
};

// What a rated end writes: both standings after it and both changes (white first). The changes
// have no nick: the store joins it from the accounts when they are read.
struct RatedEndWrites {
    std::array<RatingStanding, 2> standings;
    std::array<RatingChange, 2> changes;
};

// Rates `end` from both players' stored standings (white first): each RD is aged by the whole
// days since the player's last rated game in the category, each player rated against the other's
// aged rating, the counts (and the public rooms' counts for a game in a public room) take the
// result, and the last game's time becomes the end's. A change's `before` is the aged rating.
RatedEndWrites rate_end(const RatedEnd& end, const std::array<RatingStanding, 2>& before);

} // namespace rochade::db
