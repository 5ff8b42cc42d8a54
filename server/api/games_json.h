// The admin API's game logs (GET /api/admin/games, /games/{id}, /games/{id}.pgn): the search's
// query parameters read into a db::GameQuery, and the stored records written as the JSON of
// docs/admin.md. Pure: values in, values out; the AdminApi runs the reads on the store's read
// thread and calls these there.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "db/game_query.h"
#include "db/store_reader.h"
#include "engine/expected.h"

namespace rochade::server {

// player, room, from, to (YYYY-MM-DD, UTC, `to` inclusive), result, termination,
// state=running|finished, rated=yes|no, limit (1-100), after (a previous page's "next").
// The error names the parameter and what it wants.
Expected<db::GameQuery, std::string> parse_game_query(std::string_view query);

// A rated game's changes as {"white": {"before", "after", "diff"}, "black": ...} (whole numbers),
// null for a game without (docs/ratings.md).
nlohmann::json rating_changes_json(const std::vector<db::RatingChange>& changes);
// A page's `limit` (min_page_games..max_page_games) and the cursor of the page to start from
// (a previous page's "next"), read from the query parameter `name`; or the error, naming it.
Expected<int, std::string> parse_page_limit(std::string_view name, const std::string& value);
Expected<db::GameCursor, std::string> parse_page_cursor(std::string_view name, const std::string& value);

// {"games": [...], "next": CURSOR | null}
nlohmann::json game_page_json(const db::GamePage& page);

// The full log: header, every move replayed from the stored UCI (SAN in English and German, the
// FEN after it), both clocks and the server's time, every table event in seq order with its
// detail as JSON, and the end. A stored move that does not replay (a damaged file) keeps its
// stored SAN and gets null san_de and fen from there on; "replay_problem" names it.
nlohmann::json game_log_json(const db::GameLog& log);

// "/games/4711" -> 4711, "/games/4711.pgn" -> 4711 with `pgn`; nothing for other text.
struct GamePath {
    std::int64_t game_id = 0;
    bool pgn = false;
};
std::optional<GamePath> parse_game_path(std::string_view rest); // rest: the text after "games/"

// The PGN download's file name: rochade-game-4711.pgn
std::string pgn_file_name(std::int64_t game_id);

} // namespace rochade::server
