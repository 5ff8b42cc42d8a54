#include "db/sqlite/game_search.h"

namespace rochade::db {

namespace {

constexpr const char* summary_columns =
    "SELECT id, table_id, room, white, black, time_control, started_at_ms, ended_at_ms, result, termination, "
    "plies, moves_after_id, rated, category FROM games WHERE ";

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
    // The category is the rating category (rating_category_column): Chess960 games are filed
    // under their variant, whatever their speed, and left out of the speeds'. With a player, unary
    // + keeps SQLite on the player's index: a category holds a quarter of all games, a player's
    // games are few. Alone, a speed goes through games_by_category; Chess960 has no index of its
    // own (a scan: the admin's search, rarely asked).
    if (query.category == rating::RatingCategory::Chess960)
        add(query.player ? "+variant = ?11" : "variant = ?11");
    else if (query.category)
        add(query.player ? "+category = ?11 AND +variant <> 'chess960'" : "category = ?11 AND variant <> 'chess960'");
    // Unary + keeps SQLite from reading games_by_room for it: nearly every room is public, so the
    // range would hold nearly every game, and they would then need a sort.
    if (query.public_rooms_only) add("+room > 0");
    if (query.after) add("(started_at_ms, id) < (?7, ?8)");
    return where.empty() ? "1" : where;
}

// The conditions of one colour's arm of a player's search beyond the player's own key: the
// opponent on the other side, and the outcome from the player's side (finished games only).
std::string player_arm(const GameQuery& query, bool white)
{
    std::string where = white ? "white_key = ?1" : "black_key = ?1";
    // Unary +: the player's own index serves the arm (and its order), whatever the opponent.
    if (query.opponent) where += white ? " AND +black_key = ?12" : " AND +white_key = ?12";
    if (query.outcome)
        where += " AND result = '" +
                 std::string(to_text(score_for(*query.outcome, white ? PlayerColour::White : PlayerColour::Black))) +
                 "'";
    if (query.outcome) where += " AND ended_at_ms IS NOT NULL";
    return where;
}

} // namespace

// A player's games are two index searches, one per colour, merged in order; the second leaves
// out a game where the player sat on both sides, so no game comes twice. One search with
// "white_key = ?1 OR black_key = ?1" would need a sort of all the player's games first. A colour
// asked for keeps its arm alone.
std::string game_search_sql(const GameQuery& query)
{
    const std::string others = other_filters(query);
    std::string sql;
    if (query.player) {
        const bool white = query.colour != PlayerColour::Black;
        const bool black = query.colour != PlayerColour::White;
        if (white) sql = std::string(summary_columns) + player_arm(query, true) + " AND " + others;
        if (white && black) sql += " UNION ALL ";
        if (black)
            sql += std::string(summary_columns) + player_arm(query, false) + (white ? " AND white_key <> ?1" : "") +
                   " AND " + others;
    } else {
        sql = std::string(summary_columns) + others;
    }
    return sql + " ORDER BY started_at_ms DESC, id DESC LIMIT ?9";
}

} // namespace rochade::db
