#include "db/sqlite/rating_sql.h"

#include <algorithm>

#include "db/rating_rules.h"
#include "db/sqlite/identity_sql.h"

namespace rochade::db {

namespace {

std::string category_text(rating::RatingCategory category) { return std::string(rating::category_name(category)); }

// Columns from `first`: rating, rd, volatility.
rating::Rating read_rating(const Statement& row, int first)
{
    return rating::Rating{row.column_double(first), row.column_double(first + 1), row.column_double(first + 2)};
}

void check_limit(Database& db, const char* read, int limit, int most)
{
    if (limit < 1 || limit > most)
        throw DbError(std::string(read) + " in '" + db.path() + "': the limit is 1 to " + std::to_string(most) +
                          ", not " + std::to_string(limit),
                      StoreFailure::Refused);
}

constexpr const char* change_columns =
    "c.game_id, c.account_id, a.nick, c.white, c.category, c.rating_before, c.rd_before, c.volatility_before, "
    "c.rating_after, c.rd_after, c.volatility_after, c.at_ms";

RatingChange read_change(const Statement& row)
{
    RatingChange change;
    change.game_id = row.column_int(0);
    change.account_id = row.column_int(1);
    change.nick = row.column_text(2);
    change.white = row.column_int(3) != 0;
    change.category = category_column(row, 4).value_or(rating::RatingCategory::Blitz);
    change.before = read_rating(row, 5);
    change.after = read_rating(row, 8);
    change.at_ms = row.column_int(11);
    return change;
}

constexpr const char* stored_rating_columns =
    "r.account_id, a.nick, r.category, r.rating, r.rd, r.volatility, r.games, r.wins, r.draws, r.losses, "
    "r.public_games, r.public_wins, r.public_draws, r.public_losses, r.last_game_at_ms";

// Columns from `first`: games, wins, draws, losses.
GameCounts read_counts(const Statement& row, int first)
{
    return GameCounts{static_cast<int>(row.column_int(first)), static_cast<int>(row.column_int(first + 1)),
                      static_cast<int>(row.column_int(first + 2)), static_cast<int>(row.column_int(first + 3))};
}

StoredRating read_stored_rating(const Statement& row)
{
    StoredRating stored;
    stored.account_id = row.column_int(0);
    stored.nick = row.column_text(1);
    stored.category = category_column(row, 2).value_or(rating::RatingCategory::Blitz);
    stored.value = read_rating(row, 3);
    stored.all = read_counts(row, 6);
    stored.in_public_rooms = read_counts(row, 10);
    stored.last_game_at_ms = row.column_int(14);
    return stored;
}

} // namespace

std::optional<rating::RatingCategory> category_column(const Statement& row, int index)
{
    if (row.column_is_null(index)) return std::nullopt;
    return rating::category_named(row.column_text(index));
}

RatingWrites::RatingWrites(Database& db)
    : db_(db), game_(db.prepare("SELECT rated, " + std::string(rating_category_column) +
                                ", white_account, black_account, room > 0 FROM games "
                                "WHERE id = ?1")),
      standing_(db.prepare("SELECT rating, rd, volatility, games, wins, draws, losses, public_games, public_wins, "
                           "public_draws, public_losses, last_game_at_ms FROM ratings "
                           "WHERE account_id = ?1 AND category = ?2")),
      standing_written_(db.prepare(
          "INSERT INTO ratings (account_id, category, rating, rd, volatility, games, wins, draws, losses, "
          "public_games, public_wins, public_draws, public_losses, last_game_at_ms) VALUES (?1, ?2, ?3, ?4, ?5, ?6, "
          "?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14) ON CONFLICT (account_id, category) DO UPDATE SET "
          "rating = excluded.rating, rd = excluded.rd, volatility = excluded.volatility, games = excluded.games, "
          "wins = excluded.wins, draws = excluded.draws, losses = excluded.losses, "
          "public_games = excluded.public_games, public_wins = excluded.public_wins, "
          "public_draws = excluded.public_draws, public_losses = excluded.public_losses, "
          "last_game_at_ms = excluded.last_game_at_ms")),
      change_inserted_(db.prepare(
          "INSERT INTO rating_changes (game_id, account_id, white, category, rating_before, rd_before, "
          "volatility_before, rating_after, rd_after, volatility_after, at_ms) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, "
          "?8, ?9, ?10, ?11)"))
{
}

void RatingWrites::check_start(const GameStarted& start)
{
    if (const auto why = why_start_cannot_be_rated(start))
        throw DbError("storing the start of rated game " + std::to_string(start.game_id) + " failed on " + db_.path() +
                          ": " + *why,
                      StoreFailure::Refused);
}

RatingStanding RatingWrites::read_standing(std::int64_t account_id, rating::RatingCategory category)
{
    RatingStanding standing;
    standing.account_id = account_id;
    standing_.bind(1, account_id).bind(2, category_text(category));
    if (standing_.step()) {
        standing.value = read_rating(standing_, 0);
        standing.all = read_counts(standing_, 3);
        standing.in_public_rooms = read_counts(standing_, 7);
        standing.last_game_at_ms = standing_.column_int(11);
    }
    standing_.reset();
    return standing;
}

void RatingWrites::write_standing(const RatingStanding& standing, rating::RatingCategory category)
{
    standing_written_.bind(1, standing.account_id).bind(2, category_text(category));
    standing_written_.bind(3, standing.value.rating).bind(4, standing.value.rd).bind(5, standing.value.volatility);
    const GameCounts& all = standing.all;
    const GameCounts& shown = standing.in_public_rooms;
    standing_written_.bind(6, all.games).bind(7, all.wins).bind(8, all.draws).bind(9, all.losses);
    standing_written_.bind(10, shown.games).bind(11, shown.wins).bind(12, shown.draws).bind(13, shown.losses);
    standing_written_.bind(14, *standing.last_game_at_ms).run();
}

void RatingWrites::write_change(const RatingChange& change)
{
    change_inserted_.bind(1, change.game_id).bind(2, change.account_id).bind(3, change.white ? 1 : 0);
    change_inserted_.bind(4, category_text(change.category));
    change_inserted_.bind(5, change.before.rating).bind(6, change.before.rd).bind(7, change.before.volatility);
    change_inserted_.bind(8, change.after.rating).bind(9, change.after.rd).bind(10, change.after.volatility);
    change_inserted_.bind(11, change.at_ms).run();
}

void RatingWrites::rate_ended_game(const GameEnded& ended)
{
    if (!white_result(ended.result)) return;
    game_.bind(1, ended.game_id);
    if (!game_.step()) {
        game_.reset();
        return; // the caller recorded the end, so the game exists; nothing to rate otherwise
    }
    GameToRate game;
    game.rated = game_.column_int(0) != 0;
    game.category = category_column(game_, 1);
    game.white_account = game_.column_optional_int(2);
    game.black_account = game_.column_optional_int(3);
    game.public_room = game_.column_int(4) != 0;
    game_.reset();
    const auto end = rated_end(ended, game);
    if (!end) return;

    const RatedEndWrites writes = rate_end(
        *end, {read_standing(end->accounts[0], end->category), read_standing(end->accounts[1], end->category)});
    for (int side = 0; side < 2; ++side) {
        write_standing(writes.standings[side], end->category);
        write_change(writes.changes[side]);
    }
}

// ---- reads -------------------------------------------------------------------------------

std::optional<PlayerRecord> read_player(Database& db, const std::string& nick_key)
{
    auto account = read_account(db, nick_key);
    if (!account) return std::nullopt;
    PlayerRecord player;
    player.account = std::move(*account);
    Statement ratings = db.prepare(std::string("SELECT ") + stored_rating_columns +
                                   " FROM ratings r JOIN accounts a ON a.id = r.account_id WHERE r.account_id = ?1");
    ratings.bind(1, player.account.id);
    while (ratings.step()) player.ratings.push_back(read_stored_rating(ratings));
    std::sort(player.ratings.begin(), player.ratings.end(),
              [](const StoredRating& a, const StoredRating& b) { return a.category < b.category; });
    return player;
}

std::vector<RatingPoint> read_rating_history(Database& db, std::int64_t account_id, rating::RatingCategory category,
                                             int limit)
{
    check_limit(db, "rating_history", limit, max_history_points);
    Statement points = db.prepare(
        "SELECT r.game_id, r.at_ms, r.rating_after, r.rd_after, r.volatility_after, g.room > 0 FROM rating_changes r "
        "JOIN games g ON g.id = r.game_id WHERE r.account_id = ?1 AND r.category = ?2 "
        "ORDER BY r.at_ms DESC, r.game_id DESC LIMIT ?3");
    points.bind(1, account_id).bind(2, category_text(category)).bind(3, limit);
    std::vector<RatingPoint> history;
    while (points.step())
        history.push_back(
            RatingPoint{points.column_int(0), points.column_int(1), read_rating(points, 2), points.column_int(5) != 0});
    std::reverse(history.begin(), history.end());
    return history;
}

std::vector<StoredRating> read_leaderboard(Database& db, rating::RatingCategory category, double max_rd, int limit)
{
    check_limit(db, "leaderboard", limit, max_leaderboard_rows);
    Statement best = db.prepare(std::string("SELECT ") + stored_rating_columns +
                                " FROM ratings r JOIN accounts a ON a.id = r.account_id WHERE r.category = ?1 AND "
                                "r.rd <= ?2 ORDER BY r.rating DESC, r.last_game_at_ms, r.account_id LIMIT ?3");
    best.bind(1, category_text(category)).bind(2, max_rd).bind(3, limit);
    std::vector<StoredRating> rows;
    while (best.step()) rows.push_back(read_stored_rating(best));
    return rows;
}

std::vector<RatingChange> read_rating_changes(Database& db, std::int64_t game_id)
{
    auto changes = read_rating_changes_of(db, {game_id});
    return std::move(changes[game_id]);
}

std::unordered_map<std::int64_t, std::vector<RatingChange>>
read_rating_changes_of(Database& db, const std::vector<std::int64_t>& game_ids)
{
    std::unordered_map<std::int64_t, std::vector<RatingChange>> changes;
    if (game_ids.empty()) return changes;
    // The ids as one JSON array: one statement for any number of games, each found by its key.
    std::string ids = "[";
    for (const std::int64_t id : game_ids) {
        if (ids.size() > 1) ids += ',';
        ids += std::to_string(id);
    }
    ids += "]";
    Statement query = db.prepare(std::string("SELECT ") + change_columns +
                                 " FROM rating_changes c JOIN accounts a ON a.id = c.account_id WHERE c.game_id IN "
                                 "(SELECT value FROM json_each(?1)) ORDER BY c.game_id, c.white DESC");
    query.bind(1, ids);
    while (query.step()) {
        RatingChange change = read_change(query);
        changes[change.game_id].push_back(std::move(change));
    }
    return changes;
}

} // namespace rochade::db
