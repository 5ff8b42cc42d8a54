// A search of the stored games (the admin's game logs): typed filters, a page size and a
// cursor, answered by StoreReader::find_games newest first. Plain values: no SQL, no SQLite.
//
// Paging is by key, not by offset: a page ends at a game, and the next page starts below that
// game's (started_at_ms, game_id). Games stored meanwhile do not shift later pages, and no game
// is read twice or missed while the pages are read.
#pragma once

#include <cstdint>
#include <ctime>
#include <optional>
#include <string>
#include <string_view>

#include "engine/outcome.h"
#include "rating/category.h"

namespace rochade::db {

enum class GameState : std::uint8_t { Running, Finished };

// The side GameQuery::player had, and how the game ended for them (a player browsing
// their own games).
enum class PlayerColour : std::uint8_t { White, Black };
enum class PlayerOutcome : std::uint8_t { Won, Drawn, Lost };

// The score a game has when the player on `colour` had `outcome` (Won as Black: 0-1).
constexpr Score score_for(PlayerOutcome outcome, PlayerColour colour)
{
    if (outcome == PlayerOutcome::Drawn) return Score::Draw;
    return (outcome == PlayerOutcome::Won) == (colour == PlayerColour::White) ? Score::WhiteWins : Score::BlackWins;
}

// Where the next page starts: below this game in the order (started_at_ms, game_id) descending.
// Spelled "STARTED_MS_GAMEID" ("1700000000000_42") for the command line.
struct GameCursor {
    std::int64_t started_at_ms = 0;
    std::int64_t game_id = 0;
    friend bool operator==(const GameCursor&, const GameCursor&) = default;
};

std::string cursor_text(const GameCursor& cursor);
std::optional<GameCursor> parse_cursor(std::string_view text);

// "YYYY-MM-DD" as the Unix ms of that day's first moment in UTC; nothing for other text or a day
// the calendar lacks ("2024-02-30"). The searches' date filters take whole UTC days.
std::optional<std::int64_t> parse_utc_day(std::string_view text);
inline constexpr std::int64_t utc_day_ms = 86400000;
// Wall-clock Unix milliseconds as UTC calendar parts (for the dates the logs and the PGN print).
std::tm utc_parts(std::int64_t unix_ms);

inline constexpr int min_page_games = 1;
inline constexpr int max_page_games = 100;

// Every filter that is set must hold; none set lists every game.
struct GameQuery {
    // A nick on either side, compared folded (protocol::nick_key): "JÜRGEN" finds "Jürgen".
    std::optional<std::string> player;
    std::optional<std::int64_t> room;
    std::optional<std::int64_t> started_from_ms;   // started at or after (wall-clock Unix ms)
    std::optional<std::int64_t> started_before_ms; // started before (exclusive)
    std::optional<Score> result;                   // Unfinished: aborted games (a running game has no result)
    std::optional<Termination> termination;
    std::optional<GameState> state;
    std::optional<bool> rated;       // true: rated games only; false: casual only (every game before ratings)
    // The game's rating category: Chess960 games (rated or not) whatever their speed; the others
    // by the category of their time control (GameStarted::category; untimed games have none).
    std::optional<rating::RatingCategory> category;
    // These three need `player` (find_games refuses them without it, DbError Refused): the side
    // `player` had, the result from their side (finished games only), and the nick on the other
    // side, folded like `player`.
    std::optional<PlayerColour> colour;
    std::optional<PlayerOutcome> outcome;
    std::optional<std::string> opponent;
    bool public_rooms_only = false; // leave out secret rooms' games (room < 0), for the public archive
    int limit = 50;                  // games per page, min_page_games..max_page_games
    std::optional<GameCursor> after; // the previous page's next_page; empty for the first page
};

} // namespace rochade::db
