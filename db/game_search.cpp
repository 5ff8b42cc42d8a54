#include "db/game_search.h"

namespace rochade::db {

namespace {

constexpr const char* summary_columns =
    "SELECT id, table_id, room, white, black, time_control, started_at_ms, ended_at_ms, result, termination, "
    "plies, moves_after_id, rated FROM games WHERE ";

// Every filter but the player's, joined by AND; "1" when there is none.
std::string other_filters(const GameQuery& query)
{
    std::string where;
    auto add = [&where](const char* condition) {
        if (!where.empty()) where += " AND ";
        where += condition;
    };
    if (query.room) add("room = ?2");
    if (query.started_from_ms) add("started_at_ms >= ?3");
    if (query.started_before_ms) add("started_at_ms < ?4");
    if (query.result) add("result = ?5 AND ended_at_ms IS NOT NULL");
    if (query.termination) add("termination = ?6 AND ended_at_ms IS NOT NULL");
    if (query.state == GameState::Running) add("ended_at_ms IS NULL");
    if (query.state == GameState::Finished) add("ended_at_ms IS NOT NULL");
    if (query.rated) add("rated = ?10");
    if (query.after) add("(started_at_ms, id) < (?7, ?8)");
    return where.empty() ? "1" : where;
}

} // namespace

// A player's games are two index searches, one per colour, merged in order; the second leaves
// out a game where the player sat on both sides, so no game comes twice. One search with
// "white_key = ?1 OR black_key = ?1" would need a sort of all the player's games first.
std::string game_search_sql(const GameQuery& query)
{
    const std::string others = other_filters(query);
    std::string sql;
    if (query.player) {
        sql = std::string(summary_columns) + "white_key = ?1 AND " + others + " UNION ALL " + summary_columns +
              "black_key = ?1 AND white_key <> ?1 AND " + others;
    } else {
        sql = std::string(summary_columns) + others;
    }
    return sql + " ORDER BY started_at_ms DESC, id DESC LIMIT ?9";
}

} // namespace rochade::db
