// The read side on PostgreSQL. Statements are prepared on their first use per connection (the
// search's text varies with its filters; each shape is prepared once).
#include "db/pg/pg_store.h"

#include <algorithm>
#include <charconv>
#include <unordered_map>

#include "db/pg/pg_migrations.h"
#include "protocol/nick.h"

namespace rochade::db::pg {

namespace {

// One snapshot for the statements of one read: REPEATABLE READ, READ ONLY; ended by ROLLBACK
// (there is nothing to commit), also when a read throws.
class ReadSnapshot {
public:
    explicit ReadSnapshot(Connection& connection) : connection_(connection)
    {
        connection_.exec("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    }
    ~ReadSnapshot()
    {
        try {
            if (connection_.good()) connection_.exec("ROLLBACK");
        } catch (const DbError&) {
            // The connection is gone; the server ended the transaction with it.
        }
    }
    ReadSnapshot(const ReadSnapshot&) = delete;
    ReadSnapshot& operator=(const ReadSnapshot&) = delete;

private:
    Connection& connection_;
};

std::optional<rating::RatingCategory> category_at(const Result& rows, int row, int column)
{
    if (rows.is_null(row, column)) return std::nullopt;
    return rating::category_named(rows.text(row, column));
}


// Columns 0 to 5: id, table_id, room, white, black, time_control (as db/sqlite/sqlite_reader.cpp).
template <typename Game> void read_game_heading(const Result& rows, int row, Game& game)
{
    game.game_id = rows.integer(row, 0);
    game.table_id = rows.integer(row, 1);
    game.room = rows.integer(row, 2);
    game.white = rows.text(row, 3);
    game.black = rows.text(row, 4);
    game.time_control_json = rows.text(row, 5);
}

constexpr const char* game_columns =
    "id, table_id, room, white, black, time_control, start_fen, white_ms, black_ms, started_at_ms, rated, category, "
    "variant, chess960";

GameStarted read_game_started(const Result& rows, int row)
{
    GameStarted start;
    read_game_heading(rows, row, start);
    start.start_fen = rows.text(row, 6);
    start.white_ms = rows.integer(row, 7);
    start.black_ms = rows.integer(row, 8);
    start.started_at_ms = rows.integer(row, 9);
    start.rated = rows.boolean(row, 10);
    start.category = category_at(rows, row, 11);
    start.variant = variant_named(rows.text(row, 12));
    if (!rows.is_null(row, 13)) start.chess960 = static_cast<int>(rows.integer(row, 13));
    return start;
}

constexpr const char* move_columns = "game_id, ply, seq, uci, san, white_ms, black_ms, at_ms";

MovePlayed read_move(const Result& rows, int row)
{
    MovePlayed move;
    move.game_id = rows.integer(row, 0);
    move.ply = static_cast<int>(rows.integer(row, 1));
    move.seq = rows.integer(row, 2);
    move.uci = rows.text(row, 3);
    move.san = rows.text(row, 4);
    move.white_ms = rows.integer(row, 5);
    move.black_ms = rows.integer(row, 6);
    move.at_ms = rows.integer(row, 7);
    return move;
}

// Summary columns, as db/sqlite/game_search.h's: 0-5 the heading, 6 started_at_ms, 7 ended_at_ms,
// 8 result, 9 termination, 10 plies, 11 rated, 12 category.
constexpr const char* summary_columns =
    "SELECT id, table_id, room, white, black, time_control, started_at_ms, ended_at_ms, result, termination, "
    "(SELECT count(*) FROM moves m WHERE m.game_id = games.id), rated, category FROM games ";

constexpr const char* change_columns =
    "c.game_id, c.account_id, a.nick, c.white, c.category, c.rating_before, c.rd_before, c.volatility_before, "
    "c.rating_after, c.rd_after, c.volatility_after, c.at_ms";

rating::Rating read_rating(const Result& rows, int row, int first)
{
    return rating::Rating{rows.real(row, first), rows.real(row, first + 1), rows.real(row, first + 2)};
}

RatingChange read_change(const Result& rows, int row)
{
    RatingChange change;
    change.game_id = rows.integer(row, 0);
    change.account_id = rows.integer(row, 1);
    change.nick = rows.text(row, 2);
    change.white = rows.boolean(row, 3);
    change.category = category_at(rows, row, 4).value_or(rating::RatingCategory::Blitz);
    change.before = read_rating(rows, row, 5);
    change.after = read_rating(rows, row, 8);
    change.at_ms = rows.integer(row, 11);
    return change;
}

std::unordered_map<std::int64_t, std::vector<RatingChange>> read_changes_of(Connection& c,
                                                                            const std::vector<std::int64_t>& game_ids)
{
    std::unordered_map<std::int64_t, std::vector<RatingChange>> changes;
    if (game_ids.empty()) return changes;
    // The ids as one array parameter: one statement for any number of games.
    std::string ids = "{";
    for (const std::int64_t id : game_ids) {
        if (ids.size() > 1) ids += ',';
        ids += std::to_string(id);
    }
    ids += "}";
    const Result rows = c.run(std::string("SELECT ") + change_columns +
                                  " FROM rating_changes c JOIN accounts a ON a.id = c.account_id WHERE c.game_id = "
                                  "ANY($1::bigint[]) ORDER BY c.game_id, c.white DESC",
                              Params().add(ids));
    for (int i = 0; i < rows.rows(); ++i) {
        RatingChange change = read_change(rows, i);
        changes[change.game_id].push_back(std::move(change));
    }
    return changes;
}

constexpr const char* stored_rating_columns =
    "r.account_id, a.nick, r.category, r.rating, r.rd, r.volatility, r.games, r.wins, r.draws, r.losses, "
    "r.public_games, r.public_wins, r.public_draws, r.public_losses, r.last_game_at_ms";

// Columns from `first`: games, wins, draws, losses.
GameCounts read_counts(const Result& rows, int row, int first)
{
    return GameCounts{static_cast<int>(rows.integer(row, first)), static_cast<int>(rows.integer(row, first + 1)),
                      static_cast<int>(rows.integer(row, first + 2)), static_cast<int>(rows.integer(row, first + 3))};
}

StoredRating read_stored_rating(const Result& rows, int row)
{
    StoredRating stored;
    stored.account_id = rows.integer(row, 0);
    stored.nick = rows.text(row, 1);
    stored.category = category_at(rows, row, 2).value_or(rating::RatingCategory::Blitz);
    stored.value = read_rating(rows, row, 3);
    stored.all = read_counts(rows, row, 6);
    stored.in_public_rooms = read_counts(rows, row, 10);
    stored.last_game_at_ms = rows.integer(row, 14);
    return stored;
}

// The summaries of `rows` (summary_columns), at most `limit`, with the rated games' changes.
std::vector<GameSummary> read_summaries(Connection& c, const Result& rows, std::size_t limit)
{
    std::vector<GameSummary> games;
    for (int i = 0; i < rows.rows() && games.size() < limit; ++i) {
        GameSummary game;
        read_game_heading(rows, i, game);
        game.started_at_ms = rows.integer(i, 6);
        game.ended_at_ms = rows.optional_integer(i, 7);
        if (game.ended_at_ms) {
            const std::string game_name = "of game " + std::to_string(game.game_id);
            game.result = stored_value(parse_score(rows.text(i, 8), "games.result " + game_name));
            game.termination = stored_value(parse_termination(rows.text(i, 9), "games.termination " + game_name));
        }
        game.moves = rows.integer(i, 10);
        game.rated = rows.boolean(i, 11);
        game.category = category_at(rows, i, 12);
        games.push_back(std::move(game));
    }
    std::vector<std::int64_t> rated;
    for (const GameSummary& game : games)
        if (game.rated && game.ended_at_ms) rated.push_back(game.game_id);
    auto changes = read_changes_of(c, rated);
    for (GameSummary& game : games)
        if (const auto found = changes.find(game.game_id); found != changes.end())
            game.rating_changes = std::move(found->second);
    return games;
}

// Appends a parameter and gives its placeholder: SQL text grows only by our own "$n".
class Placeholders {
public:
    template <typename Value> std::string operator()(const Value& value)
    {
        params.add(value);
        // Appended, not `"$" + std::to_string(...)`: g++ 12 at -O3 warns of an overlapping
        // memcpy in that (-Wrestrict), a known false positive.
        std::string placeholder = "$";
        placeholder += std::to_string(params.size());
        return placeholder;
    }
    Params params;
};

void check_rows_limit(const char* read, int limit, int least, int most, const char* unit)
{
    if (limit < least || limit > most)
        throw DbError(std::string(read) + " on PostgreSQL: a page holds " + std::to_string(least) + " to " +
                          std::to_string(most) + " " + unit + ", not " + std::to_string(limit),
                      StoreFailure::Refused);
}

} // namespace

PgStore::PgStore(const std::string& url, ConnectOptions options) : url_(url), options_(std::move(options))
{
    options_.application_name = "rochade reader";
    Connection& c = connection();
    const int version = stored_version(c);
    if (version != pg_schema_version())
        throw DbError("the PostgreSQL database " + c.where() + " has schema version " + std::to_string(version) +
                      ", not " + std::to_string(pg_schema_version()) + "; the reader does not migrate it");
}

PgStore::~PgStore() = default;

Connection& PgStore::connection()
{
    if (!connection_ || !connection_->alive()) {
        connection_.reset();
        connection_.emplace(url_, options_);
    }
    return *connection_;
}

std::vector<UnfinishedGame> PgStore::unfinished_games() { return read_unfinished(std::nullopt); }

std::optional<UnfinishedGame> PgStore::unfinished_game(std::int64_t game_id)
{
    auto found = read_unfinished(game_id);
    if (found.empty()) return std::nullopt;
    return std::move(found.front());
}

std::vector<UnfinishedGame> PgStore::read_unfinished(std::optional<std::int64_t> only)
{
    return reading([&](Connection& c) {
        const ReadSnapshot snapshot(c);
        const Result games = c.run(std::string("SELECT ") + game_columns +
                                       ", white_account, white_session, black_account, black_session, owner_epoch "
                                       "FROM games WHERE ended_at_ms IS NULL AND ($1::bigint IS NULL OR id = $1) "
                                       "ORDER BY id",
                                   Params().add(only));
        std::vector<UnfinishedGame> unfinished;
        for (int i = 0; i < games.rows(); ++i) {
            UnfinishedGame game;
            game.start = read_game_started(games, i);
            game.start.white_owner = SeatOwner{games.optional_integer(i, 14), games.optional_integer(i, 15)};
            game.start.black_owner = SeatOwner{games.optional_integer(i, 16), games.optional_integer(i, 17)};
            game.start.epoch = games.integer(i, 18);
            // The table's highest seq: its events', and its games' moves'. GREATEST skips NULLs.
            game.last_seq = c.query_int("SELECT GREATEST((SELECT MAX(seq) FROM table_events WHERE table_id = $1), "
                                        "(SELECT MAX(m.seq) FROM games g JOIN moves m ON m.game_id = g.id "
                                        "WHERE g.table_id = $1))",
                                        Params().add(game.start.table_id))
                                .value_or(0);
            unfinished.push_back(std::move(game));
        }
        const Result moves = c.run(std::string("SELECT ") + move_columns +
                                   " FROM moves WHERE game_id IN (SELECT id FROM games WHERE ended_at_ms IS NULL "
                                   "AND ($1::bigint IS NULL OR id = $1)) ORDER BY game_id, ply",
                                   Params().add(only));
        std::unordered_map<std::int64_t, std::vector<MovePlayed>> by_game;
        for (int i = 0; i < moves.rows(); ++i) {
            MovePlayed move = read_move(moves, i);
            by_game[move.game_id].push_back(std::move(move));
        }
        for (UnfinishedGame& game : unfinished) game.moves = std::move(by_game[game.start.game_id]);
        return unfinished;
    });
}

std::vector<GameSummary> PgStore::recent_games(int limit)
{
    // No game for a limit of 0 or less, as db::SqliteReader (PostgreSQL refuses a negative LIMIT).
    if (limit <= 0) return {};
    return reading([&](Connection& c) {
        const ReadSnapshot snapshot(c);
        const Result rows = c.run(std::string(summary_columns) + "ORDER BY id DESC LIMIT $1", Params().add(limit));
        return read_summaries(c, rows, static_cast<std::size_t>(limit));
    });
}

GamePage PgStore::find_games(const GameQuery& query)
{
    check_rows_limit("find_games", query.limit, min_page_games, max_page_games, "games");
    auto needs_player = [&](bool set, const char* field) {
        if (set && !query.player)
            throw DbError(std::string("find_games on PostgreSQL: the filter '") + field + "' needs a player",
                          StoreFailure::Refused);
    };
    needs_player(query.colour.has_value(), "colour");
    needs_player(query.outcome.has_value(), "outcome");
    needs_player(query.opponent.has_value(), "opponent");

    Placeholders p;
    std::vector<std::string> where;
    if (query.player) {
        const std::string player = p(protocol::nick_key(*query.player));
        const std::string opponent = query.opponent ? p(protocol::nick_key(*query.opponent)) : "";
        // One side's conditions: the player there, the opponent on the other side, the outcome
        // from the player's side.
        auto arm = [&](bool white) {
            std::string text = (white ? "white_key = " : "black_key = ") + player;
            if (query.opponent) text += (white ? " AND black_key = " : " AND white_key = ") + opponent;
            if (query.outcome)
                text +=
                    " AND result = '" +
                    std::string(to_text(score_for(*query.outcome, white ? PlayerColour::White : PlayerColour::Black))) +
                    "'";
            if (query.outcome) text += " AND ended_at_ms IS NOT NULL";
            return "(" + text + ")";
        };
        if (query.colour == PlayerColour::White)
            where.push_back(arm(true));
        else if (query.colour == PlayerColour::Black)
            where.push_back(arm(false));
        else
            where.push_back("(" + arm(true) + " OR " + arm(false) + ")");
    }
    if (query.room) where.push_back("room = " + p(*query.room));
    if (query.started_from_ms) where.push_back("started_at_ms >= " + p(*query.started_from_ms));
    if (query.started_before_ms) where.push_back("started_at_ms < " + p(*query.started_before_ms));
    if (query.result)
        where.push_back("result = " + p(std::string(to_text(*query.result))) + " AND ended_at_ms IS NOT NULL");
    if (query.termination)
        where.push_back("termination = " + p(std::string(to_text(*query.termination))) +
                        " AND ended_at_ms IS NOT NULL");
    if (query.state == GameState::Running) where.push_back("ended_at_ms IS NULL");
    if (query.state == GameState::Finished) where.push_back("ended_at_ms IS NOT NULL");
    if (query.rated) where.push_back("rated = " + p(*query.rated));
    // The rating category, as SQLite's search (db/sqlite/game_search.cpp): Chess960 by its variant.
    if (query.category == rating::RatingCategory::Chess960)
        where.push_back("variant = " + p(rating::category_name(*query.category)));
    else if (query.category)
        where.push_back("category = " + p(rating::category_name(*query.category)) + " AND variant <> 'chess960'");
    if (query.public_rooms_only) where.push_back("room > 0");
    if (query.after) {
        const std::string started = p(query.after->started_at_ms);
        where.push_back("(started_at_ms, id) < (" + started + ", " + p(query.after->game_id) + ")");
    }
    std::string sql = summary_columns;
    for (std::size_t i = 0; i < where.size(); ++i) sql += (i == 0 ? "WHERE " : " AND ") + where[i];
    sql += " ORDER BY started_at_ms DESC, id DESC LIMIT " + p(query.limit + 1);

    return reading([&](Connection& c) {
        const ReadSnapshot snapshot(c);
        const Result rows = c.run(sql, p.params);
        GamePage page;
        page.games = read_summaries(c, rows, static_cast<std::size_t>(query.limit));
        // A row beyond a full page: there is a next page, starting below the page's last game.
        if (rows.rows() > query.limit)
            page.next_page = GameCursor{page.games.back().started_at_ms, page.games.back().game_id};
        return page;
    });
}

std::optional<GameLog> PgStore::game_log(std::int64_t game_id)
{
    return reading([&](Connection& c) -> std::optional<GameLog> {
        const ReadSnapshot snapshot(c);
        const Result game = c.run(std::string("SELECT ") + game_columns +
                                      ", ended_at_ms, result, termination, end_detail, final_white_ms, final_black_ms "
                                      "FROM games WHERE id = $1",
                                  Params().add(game_id));
        if (game.rows() == 0) return std::nullopt;
        GameLog log;
        log.start = read_game_started(game, 0);
        if (!game.is_null(0, 14)) {
            GameEnded end;
            end.game_id = game_id;
            end.ended_at_ms = game.integer(0, 14);
            const std::string game_name = "of game " + std::to_string(game_id);
            end.result = stored_value(parse_score(game.text(0, 15), "games.result " + game_name));
            end.termination = stored_value(parse_termination(game.text(0, 16), "games.termination " + game_name));
            end.detail_json = game.text(0, 17);
            end.white_ms = game.integer(0, 18);
            end.black_ms = game.integer(0, 19);
            log.end = std::move(end);
        }
        const Result moves =
            c.run(std::string("SELECT ") + move_columns + " FROM moves WHERE game_id = $1 ORDER BY ply",
                  Params().add(game_id));
        for (int i = 0; i < moves.rows(); ++i) log.moves.push_back(read_move(moves, i));
        if (log.end && log.start.rated) log.rating_changes = std::move(read_changes_of(c, {game_id})[game_id]);
        if (log.end) {
            const Result analysis = c.run("SELECT account_id, at_ms, evaluations FROM game_analyses WHERE game_id = $1",
                                          Params().add(game_id));
            if (analysis.rows() == 1)
                log.analysis = GameAnalysisRecord{
                    analysis.integer(0, 0), analysis.integer(0, 1),
                    stored_value(parse_evaluations(analysis.text(0, 2),
                                                   "game_analyses.evaluations of game " + std::to_string(game_id)))};
        }
        const Result events = c.run(
            "SELECT table_id, seq, kind, detail_json, at_ms FROM table_events WHERE game_id = $1 ORDER BY seq, id",
            Params().add(game_id));
        for (int i = 0; i < events.rows(); ++i) {
            TableEvent event;
            event.table_id = events.integer(i, 0);
            event.game_id = game_id;
            event.seq = events.integer(i, 1);
            event.kind = stored_value(parse_table_event_kind(events.text(i, 2), "table_events.kind of game " +
                                                                                    std::to_string(game_id) + " seq " +
                                                                                    std::to_string(event.seq)));
            event.detail_json = events.text(i, 3);
            event.at_ms = events.integer(i, 4);
            log.events.push_back(std::move(event));
        }
        return log;
    });
}

std::int64_t PgStore::next_free_id(std::string_view name)
{
    return reading([&](Connection& c) {
        return c.query_int("SELECT next_free FROM id_blocks WHERE name = $1", Params().add(name)).value_or(1);
    });
}

std::vector<SanctionRecord> PgStore::sanctions(std::int64_t at_ms)
{
    return reading([&](Connection& c) {
        const Result rows = c.run("SELECT kind, target_key, room, target, until_ms, reason, by_nick, at_ms "
                                  "FROM sanctions WHERE until_ms IS NULL OR until_ms > $1 "
                                  "ORDER BY kind, target_key, room",
                                  Params().add(at_ms));
        std::vector<SanctionRecord> sanctions;
        for (int i = 0; i < rows.rows(); ++i) {
            const auto kind = parse_sanction_kind(rows.text(i, 0));
            if (!kind) throw DbError("reading the sanctions on PostgreSQL: unknown kind '" + rows.text(i, 0) + "'");
            SanctionRecord sanction;
            sanction.kind = *kind;
            sanction.target_key = rows.text(i, 1);
            sanction.room = rows.integer(i, 2);
            sanction.target = rows.text(i, 3);
            sanction.until_ms = rows.optional_integer(i, 4);
            sanction.reason = rows.text(i, 5);
            sanction.by_nick = rows.text(i, 6);
            sanction.at_ms = rows.integer(i, 7);
            sanctions.push_back(std::move(sanction));
        }
        return sanctions;
    });
}

AuditPage PgStore::audit_log(const AuditQuery& query)
{
    check_rows_limit("audit_log", query.limit, min_page_rows, max_page_rows, "rows");
    Placeholders p;
    std::string sql = "SELECT id, at_ms, actor_account, actor_nick, actor_role, action, target, reason, until_ms, "
                      "refused, detail_json FROM moderation_log WHERE true";
    // Folded here too: a caller's key is folded already, and folding is idempotent.
    if (query.actor_key) sql += " AND actor_key = " + p(protocol::nick_key(*query.actor_key));
    if (query.target) sql += " AND target_key = " + p(protocol::nick_key(*query.target));
    if (query.action) sql += " AND action = " + p(*query.action);
    if (query.before_id) sql += " AND id < " + p(*query.before_id);
    sql += " ORDER BY id DESC LIMIT " + p(query.limit + 1);
    return reading([&](Connection& c) {
        const Result rows = c.run(sql, p.params);
        AuditPage page;
        for (int i = 0; i < rows.rows() && i < query.limit; ++i) {
            AuditEntry entry;
            entry.id = rows.integer(i, 0);
            ModerationLogged& logged = entry.logged;
            logged.at_ms = rows.integer(i, 1);
            logged.actor_account = rows.optional_integer(i, 2);
            logged.actor_nick = rows.text(i, 3);
            logged.actor_role = rows.text(i, 4);
            logged.action = rows.text(i, 5);
            logged.target = rows.text(i, 6);
            logged.reason = rows.text(i, 7);
            logged.until_ms = rows.optional_integer(i, 8);
            logged.refused = rows.boolean(i, 9);
            logged.detail_json = rows.text(i, 10);
            page.entries.push_back(std::move(entry));
        }
        if (rows.rows() > query.limit) page.next_before_id = page.entries.back().id;
        return page;
    });
}

ChatPage PgStore::find_chat(const ChatQuery& query)
{
    check_rows_limit("find_chat", query.limit, min_page_rows, max_page_rows, "rows");
    std::optional<ChatCursor> after;
    if (query.after) {
        after = parse_chat_cursor(*query.after);
        if (!after)
            throw DbError("find_chat on PostgreSQL: '" + *query.after +
                              "' is not a chat page cursor (AT_room_ID or AT_table_ID)",
                          StoreFailure::Refused);
    }
    Placeholders p;
    // Each filter's placeholder once, shared by both arms.
    const std::string text = query.text ? p(chat_text_pattern(*query.text)) : "";
    const std::string nick = query.nick_key ? p(protocol::nick_key(*query.nick_key)) : "";
    const std::string room = query.room ? p(*query.room) : "";
    const std::string from = query.from_ms ? p(*query.from_ms) : "";
    const std::string before = query.before_ms ? p(*query.before_ms) : "";
    std::string cursor;
    if (after) {
        const std::string at = p(after->at_ms);
        const std::string source = p(after->source);
        cursor = "(" + at + ", " + source + ", " + p(after->row_id) + ")";
    }
    auto shared = [&](std::string& where, const char* source) {
        if (query.from_ms) where += " AND at_ms >= " + from;
        if (query.before_ms) where += " AND at_ms < " + before;
        if (after) where += std::string(" AND (at_ms, ") + source + ", id) < " + cursor;
    };
    std::string room_arm, table_arm;
    if (!query.table_id) {
        room_arm = "SELECT at_ms, 0 AS src, id AS row_id, nick, text, room, NULL::bigint AS table_id, "
                   "NULL::bigint AS game_id FROM room_chat WHERE true";
        // ILIKE: case-insensitive, as SQLite's LIKE is for ASCII.
        if (query.text) room_arm += " AND text ILIKE " + text + " ESCAPE '\\'";
        if (query.nick_key) room_arm += " AND nick_key = " + nick;
        if (query.room) room_arm += " AND room = " + room;
        shared(room_arm, "0");
    }
    table_arm = "SELECT at_ms, 1 AS src, id AS row_id, detail_json::json->>'from' AS nick, "
                "detail_json::json->>'text' AS text, NULL::bigint AS room, table_id, game_id "
                "FROM table_events WHERE kind IN ('table_chat', 'spectator_chat')";
    if (query.text) table_arm += " AND detail_json::json->>'text' ILIKE " + text + " ESCAPE '\\'";
    if (query.nick_key) table_arm += " AND nick_key = " + nick;
    if (query.room) table_arm += " AND table_id IN (SELECT table_id FROM games WHERE room = " + room + ")";
    if (query.table_id) table_arm += " AND table_id = " + p(*query.table_id);
    shared(table_arm, "1");
    const std::string sql = (room_arm.empty() ? table_arm : room_arm + " UNION ALL " + table_arm) +
                            " ORDER BY at_ms DESC, src DESC, row_id DESC LIMIT " + p(query.limit + 1);

    return reading([&](Connection& c) {
        const ReadSnapshot snapshot(c);
        const Result rows = c.run(sql, p.params);
        ChatPage page;
        ChatCursor last;
        for (int i = 0; i < rows.rows() && i < query.limit; ++i) {
            ChatLine line;
            line.at_ms = rows.integer(i, 0);
            last = ChatCursor{line.at_ms, static_cast<int>(rows.integer(i, 1)), rows.integer(i, 2)};
            line.nick = rows.text(i, 3);
            line.text = rows.text(i, 4);
            line.room = rows.optional_integer(i, 5);
            line.table_id = rows.optional_integer(i, 6);
            line.game_id = rows.optional_integer(i, 7);
            page.lines.push_back(std::move(line));
        }
        if (rows.rows() > query.limit)
            page.next_page = chat_cursor_text(last);
        return page;
    });
}

std::optional<PlayerRecord> PgStore::player(const std::string& nick_key)
{
    return reading([&](Connection& c) -> std::optional<PlayerRecord> {
        const ReadSnapshot snapshot(c);
        auto account = read_account(c, nick_key);
        if (!account) return std::nullopt;
        PlayerRecord player;
        player.account = std::move(*account);
        const Result rows = c.run(std::string("SELECT ") + stored_rating_columns +
                                      " FROM ratings r JOIN accounts a ON a.id = r.account_id WHERE r.account_id = $1",
                                  Params().add(player.account.id));
        for (int i = 0; i < rows.rows(); ++i) player.ratings.push_back(read_stored_rating(rows, i));
        std::sort(player.ratings.begin(), player.ratings.end(),
                  [](const StoredRating& a, const StoredRating& b) { return a.category < b.category; });
        return player;
    });
}

std::vector<RatingPoint> PgStore::rating_history(std::int64_t account_id, rating::RatingCategory category, int limit)
{
    if (limit < 1 || limit > max_history_points)
        throw DbError("rating_history on PostgreSQL: the limit is 1 to " + std::to_string(max_history_points) +
                          ", not " + std::to_string(limit),
                      StoreFailure::Refused);
    return reading([&](Connection& c) {
        const Result rows =
            c.run("SELECT r.game_id, r.at_ms, r.rating_after, r.rd_after, r.volatility_after, g.room > 0 "
                  "FROM rating_changes r JOIN games g ON g.id = r.game_id WHERE r.account_id = $1 AND r.category = $2 "
                  "ORDER BY r.at_ms DESC, r.game_id DESC LIMIT $3",
                  Params().add(account_id).add(rating::category_name(category)).add(limit));
        std::vector<RatingPoint> history;
        for (int i = 0; i < rows.rows(); ++i)
            history.push_back(
                RatingPoint{rows.integer(i, 0), rows.integer(i, 1), read_rating(rows, i, 2), rows.boolean(i, 5)});
        std::reverse(history.begin(), history.end());
        return history;
    });
}

std::vector<StoredRating> PgStore::leaderboard(rating::RatingCategory category, double max_rd, int limit)
{
    if (limit < 1 || limit > max_leaderboard_rows)
        throw DbError("leaderboard on PostgreSQL: the limit is 1 to " + std::to_string(max_leaderboard_rows) +
                          ", not " + std::to_string(limit),
                      StoreFailure::Refused);
    return reading([&](Connection& c) {
        const Result rows =
            c.run(std::string("SELECT ") + stored_rating_columns +
                      " FROM ratings r JOIN accounts a ON a.id = r.account_id WHERE r.category = $1 AND r.rd <= $2 "
                      "ORDER BY r.rating DESC, r.last_game_at_ms, r.account_id LIMIT $3",
                  Params().add(rating::category_name(category)).add(max_rd).add(limit));
        std::vector<StoredRating> best;
        for (int i = 0; i < rows.rows(); ++i) best.push_back(read_stored_rating(rows, i));
        return best;
    });
}

std::vector<RatingChange> PgStore::rating_changes(std::int64_t game_id)
{
    return reading([&](Connection& c) { return std::move(read_changes_of(c, {game_id})[game_id]); });
}

} // namespace rochade::db::pg
