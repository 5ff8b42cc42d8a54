// The SQL of StoreReader::find_games (db/game_query.h), apart so that a test can ask SQLite for
// the plan of the very statement the store runs. Only db/ includes this header.
//
// Parameters (numbered, bound only when their filter is set; the limit always):
//   ?1 the player's folded nick   ?2 room            ?3 started from    ?4 started before
//   ?5 result                     ?6 termination     ?7, ?8 the cursor's started_at_ms and id
//   ?9 the page size plus one (the extra row says whether a next page exists)
//   ?10 rated (1) or casual (0)   ?11 category   ?12 the opponent's folded nick
// Columns: 0 id, 1 table_id, 2 room, 3 white, 4 black, 5 time_control, 6 started_at_ms,
// 7 ended_at_ms, 8 result, 9 termination, 10 plies, 11 moves_after_id, 12 rated, 13 category.
#pragma once

#include <string>

#include "db/game_query.h"

namespace rochade::db {

std::string game_search_sql(const GameQuery& query);

} // namespace rochade::db
