// The read side. Statements are prepared per call: the store answers start-up and admin
// queries, a handful per process, where preparing costs nothing worth keeping.
#include "db/sqlite/sqlite_reader.h"

#include <algorithm>
#include <unordered_map>

#include "db/sqlite/api_token_sql.h"
#include "db/sqlite/game_search.h"
#include "db/sqlite/identity_sql.h"
#include "db/sqlite/migrations.h"
#include "db/sqlite/moderation_sql.h"
#include "db/sqlite/open_challenge_sql.h"
#include "db/sqlite/rating_sql.h"
#include "db/sqlite/running_moves.h"
#include "db/sqlite/sqlite.h"
#include "db/sqlite/tournament_sql.h"
#include "protocol/nick.h"

namespace rochade::db {

struct SqliteReader::Connection {
    Database db;
};

namespace {

constexpr const char* game_columns =
    "id, table_id, room, white, black, time_control, start_fen, white_ms, black_ms, started_at_ms, rated, category, "
    "variant, chess960";

// Columns 0 to 5 of every game query here (game_columns, and the summaries' columns of
// db/sqlite/game_search.h and recent_games): id, table_id, room, white, black, time_control.
// GameStarted and GameSummary name them alike, so one reader serves both.
template <typename Game> void read_game_heading(const Statement& row, Game& game)
{
    game.game_id = row.column_int(0);
    game.table_id = row.column_int(1);
    game.room = row.column_int(2);
    game.white = row.column_text(3);
    game.black = row.column_text(4);
    game.time_control_json = row.column_text(5);
}

GameStarted read_game_started(const Statement& row)
{
    GameStarted start;
    read_game_heading(row, start);
    start.start_fen = row.column_text(6);
    start.white_ms = row.column_int(7);
    start.black_ms = row.column_int(8);
    start.started_at_ms = row.column_int(9);
    start.rated = row.column_int(10) != 0;
    start.category = category_column(row, 11);
    start.variant = variant_named(row.column_text(12));
    if (!row.column_is_null(13)) start.chess960 = static_cast<int>(row.column_int(13));
    return start;
}

// Schema version 3 (db/sqlite/migrations.cpp) finds a game's moves in one of two ways: a finished game
// names its last move and each move its predecessor; a running game's moves all lie above the
// row id in its games.moves_after_id.

// Columns `first`.. `first`+6 of `row`: ply, seq, uci, san, white_ms, black_ms, at_ms.
MovePlayed read_move(std::int64_t game_id, const Statement& row, int first = 0)
{
    MovePlayed move;
    move.game_id = game_id;
    move.ply = static_cast<int>(row.column_int(first));
    move.seq = row.column_int(first + 1);
    move.uci = row.column_text(first + 2);
    move.san = row.column_text(first + 3);
    move.white_ms = row.column_int(first + 4);
    move.black_ms = row.column_int(first + 5);
    move.at_ms = row.column_int(first + 6);
    return move;
}

// A finished game's moves by ply, walking its chain back from the last move: one row-id lookup
// per ply. None when it has no last move.
std::vector<MovePlayed> read_finished_moves(Database& db, std::int64_t game_id,
                                            std::optional<std::int64_t> last_move_id)
{
    std::vector<MovePlayed> moves;
    if (!last_move_id) return moves;
    Statement chain = db.prepare(
        "WITH RECURSIVE chain (ply, seq, uci, san, white_ms, black_ms, at_ms, prev_id) AS ("
        "SELECT ply, seq, uci, san, white_ms, black_ms, at_ms, prev_id FROM moves WHERE id = ?1 AND game_id = ?2 "
        "UNION ALL SELECT m.ply, m.seq, m.uci, m.san, m.white_ms, m.black_ms, m.at_ms, m.prev_id "
        "FROM chain c JOIN moves m ON m.id = c.prev_id WHERE m.game_id = ?2) "
        "SELECT ply, seq, uci, san, white_ms, black_ms, at_ms FROM chain");
    chain.bind(1, *last_move_id).bind(2, game_id);
    while (chain.step()) moves.push_back(read_move(game_id, chain));
    std::reverse(moves.begin(), moves.end());
    return moves;
}

// The moves of the games added to `running`, by game id, each by ply.
std::unordered_map<std::int64_t, std::vector<MovePlayed>> read_running_moves(Database& db,
                                                                             const RunningGameMoves& running)
{
    std::unordered_map<std::int64_t, std::vector<MovePlayed>> moves;
    running.scan(db, [&moves](const Statement& row) {
        const std::int64_t game_id = row.column_int(1);
        moves[game_id].push_back(read_move(game_id, row, 2));
    });
    return moves;
}

} // namespace

namespace {

// With nick_key() defined for SQL: the chat search folds table chat's writers with it.
Database open_store(const std::string& path, OpenMode mode)
{
    if (mode != OpenMode::ReadOnly) {
        Database db = open_migrated(path);
        db.define_text_function("nick_key", protocol::nick_key);
        return db;
    }
    Database db(path, OpenMode::ReadOnly);
    db.define_text_function("nick_key", protocol::nick_key);
    configure_connection(db);
    const auto version = db.query_int("PRAGMA user_version").value_or(0);
    if (version != schema_version())
        throw DbError("database '" + path + "' has schema version " + std::to_string(version) + ", not " +
                      std::to_string(schema_version()) + "; a read-only connection does not migrate it");
    return db;
}

} // namespace

SqliteReader::SqliteReader(const std::string& path, OpenMode mode)
    : connection_(std::make_unique<Connection>(Connection{open_store(path, mode)}))
{
}

SqliteReader::~SqliteReader() = default;

std::vector<UnfinishedGame> SqliteReader::unfinished_games() { return read_unfinished(std::nullopt); }

std::optional<UnfinishedGame> SqliteReader::unfinished_game(std::int64_t game_id)
{
    auto found = read_unfinished(game_id);
    if (found.empty()) return std::nullopt;
    return std::move(found.front());
}

std::vector<UnfinishedGame> SqliteReader::read_unfinished(std::optional<std::int64_t> only)
{
    Database& db = connection_->db;
    // One read transaction, so the games, moves and seqs are one consistent snapshot even
    // while the writer commits.
    const ReadSnapshot snapshot(db);
    Statement games = db.prepare(std::string("SELECT ") + game_columns +
                                 ", moves_after_id, white_account, white_session, black_account, black_session, "
                                 "owner_epoch FROM games WHERE ended_at_ms IS NULL AND (?1 IS NULL OR id = ?1) "
                                 "ORDER BY id");
    if (only)
        games.bind(1, *only);
    else
        games.bind_null(1);
    // A game's moves carry rising seqs, so a finished game's highest is its last move's.
    Statement last_seq = db.prepare("SELECT MAX(seq) FROM (SELECT seq FROM table_events WHERE table_id = ?1 "
                                    "UNION ALL SELECT m.seq FROM games g JOIN moves m ON m.id = g.last_move_id "
                                    "WHERE g.table_id = ?1)");
    std::vector<UnfinishedGame> unfinished;
    RunningGameMoves running;
    while (games.step()) {
        UnfinishedGame game;
        game.start = read_game_started(games);
        running.add(game.start.game_id, games.column_int(14));
        game.start.white_owner = SeatOwner{games.column_optional_int(15), games.column_optional_int(16)};
        game.start.black_owner = SeatOwner{games.column_optional_int(17), games.column_optional_int(18)};
        game.start.epoch = games.column_int(19);
        last_seq.bind(1, game.start.table_id);
        if (last_seq.step()) game.last_seq = last_seq.column_optional_int(0).value_or(0);
        last_seq.reset();
        unfinished.push_back(std::move(game));
    }
    auto moves = read_running_moves(db, running);
    for (UnfinishedGame& game : unfinished) {
        game.moves = std::move(moves[game.start.game_id]);
        if (!game.moves.empty()) game.last_seq = std::max(game.last_seq, game.moves.back().seq);
    }
    return unfinished;
}

std::int64_t SqliteReader::next_free_id(std::string_view name)
{
    Statement query = connection_->db.prepare("SELECT next_free FROM id_blocks WHERE name = ?1");
    query.bind(1, name);
    return query.step() ? query.column_int(0) : 1;
}

std::optional<AccountRecord> SqliteReader::account(const std::string& nick_key)
{
    return read_account(connection_->db, nick_key);
}

std::optional<AccountRecord> SqliteReader::account_by_skeleton(const std::string& nick_skeleton)
{
    return read_account_by_skeleton(connection_->db, nick_skeleton);
}

std::vector<AccountRecord> SqliteReader::accounts() { return read_accounts(connection_->db); }

std::optional<SessionRecord> SqliteReader::session_by_token(const std::string& token_hash, TokenKind kind, std::int64_t at_ms)
{
    return read_session_token(connection_->db, token_hash, kind, at_ms);
}

std::vector<SanctionRecord> SqliteReader::sanctions(std::int64_t at_ms) { return read_sanctions(connection_->db, at_ms); }

AuditPage SqliteReader::audit_log(const AuditQuery& query) { return read_audit_log(connection_->db, query); }

ChatPage SqliteReader::find_chat(const ChatQuery& query)
{
    // One read transaction: the two arms of the search see one snapshot.
    Database& db = connection_->db;
    const ReadSnapshot snapshot(db);
    return read_chat(db, query);
}

std::optional<PlayerRecord> SqliteReader::player(const std::string& nick_key)
{
    Database& db = connection_->db;
    const ReadSnapshot snapshot(db); // the account and its ratings as of one moment
    return read_player(db, nick_key);
}

std::vector<RatingPoint> SqliteReader::rating_history(std::int64_t account_id, rating::RatingCategory category, int limit)
{
    return read_rating_history(connection_->db, account_id, category, limit);
}

std::vector<StoredRating> SqliteReader::leaderboard(rating::RatingCategory category, double max_rd, int limit)
{
    return read_leaderboard(connection_->db, category, max_rd, limit);
}

std::vector<RatingChange> SqliteReader::rating_changes(std::int64_t game_id)
{
    return read_rating_changes(connection_->db, game_id);
}

std::int64_t SqliteReader::max_game_id() { return connection_->db.query_int("SELECT MAX(id) FROM games").value_or(0); }

std::int64_t SqliteReader::max_table_id()
{
    // A table that only chatted before any game has events but no game row.
    return connection_->db
        .query_int("SELECT MAX(t) FROM (SELECT MAX(table_id) AS t FROM games "
                   "UNION ALL SELECT MAX(table_id) FROM table_events)")
        .value_or(0);
}

namespace {

// The summaries of the rows of `query` (columns as in db/sqlite/game_search.h), at most `limit`; the
// running games' plies are counted from their moves, the finished games' are stored. Call inside
// a read transaction, so the games and their moves are one snapshot.
std::vector<GameSummary> read_summaries(Database& db, Statement& query, std::size_t limit)
{
    std::vector<GameSummary> games;
    RunningGameMoves running;                               // the games whose length is not stored yet
    std::unordered_map<std::int64_t, std::int64_t> counted; // their moves, by game id
    while (games.size() < limit && query.step()) {
        GameSummary game;
        read_game_heading(query, game);
        game.started_at_ms = query.column_int(6);
        game.ended_at_ms = query.column_optional_int(7);
        if (game.ended_at_ms) {
            const std::string game_name = "of game " + std::to_string(game.game_id);
            game.result = stored_value(parse_score(query.column_text(8), "games.result " + game_name));
            game.termination = stored_value(parse_termination(query.column_text(9), "games.termination " + game_name));
        }
        game.rated = query.column_int(12) != 0;
        game.category = category_column(query, 13);
        if (const auto plies = query.column_optional_int(10)) {
            game.moves = *plies;
        } else {
            running.add(game.game_id, query.column_int(11));
            counted[game.game_id] = 0;
        }
        games.push_back(std::move(game));
    }
    running.scan(db, [&counted](const Statement& row) { ++counted[row.column_int(1)]; });
    for (GameSummary& game : games)
        if (const auto count = counted.find(game.game_id); count != counted.end()) game.moves = count->second;
    // The finished rated games' changes, in one query for the whole page.
    std::vector<std::int64_t> rated;
    for (const GameSummary& game : games)
        if (game.rated && game.ended_at_ms) rated.push_back(game.game_id);
    auto changes = read_rating_changes_of(db, rated);
    for (GameSummary& game : games)
        if (const auto found = changes.find(game.game_id); found != changes.end())
            game.rating_changes = std::move(found->second);
    return games;
}

} // namespace

std::vector<GameSummary> SqliteReader::recent_games(int limit)
{
    Database& db = connection_->db;
    const ReadSnapshot snapshot(db);
    Statement query = db.prepare(
        "SELECT id, table_id, room, white, black, time_control, started_at_ms, ended_at_ms, result, termination, "
        "plies, moves_after_id, rated, category FROM games ORDER BY id DESC LIMIT ?1");
    query.bind(1, limit);
    return read_summaries(db, query, static_cast<std::size_t>(std::max(limit, 0)));
}

GamePage SqliteReader::find_games(const GameQuery& query)
{
    if (query.limit < min_page_games || query.limit > max_page_games)
        throw DbError("find_games in '" + connection_->db.path() + "': a page holds " + std::to_string(min_page_games) +
                          " to " + std::to_string(max_page_games) + " games, not " + std::to_string(query.limit),
                      StoreFailure::Refused);
    // Refused rather than ignored: without a player, "won" or "white" has nobody to be about.
    auto needs_player = [&](bool set, const char* field) {
        if (set && !query.player)
            throw DbError("find_games in '" + connection_->db.path() + "': the filter '" + field + "' needs a player",
                          StoreFailure::Refused);
    };
    needs_player(query.colour.has_value(), "colour");
    needs_player(query.outcome.has_value(), "outcome");
    needs_player(query.opponent.has_value(), "opponent");
    Database& db = connection_->db;
    const ReadSnapshot snapshot(db);
    Statement search = db.prepare(game_search_sql(query));
    if (query.player) search.bind(1, protocol::nick_key(*query.player));
    if (query.room) search.bind(2, *query.room);
    if (query.started_from_ms) search.bind(3, *query.started_from_ms);
    if (query.started_before_ms) search.bind(4, *query.started_before_ms);
    if (query.result) search.bind(5, to_text(*query.result));
    if (query.termination) search.bind(6, to_text(*query.termination));
    if (query.after) search.bind(7, query.after->started_at_ms).bind(8, query.after->game_id);
    if (query.rated) search.bind(10, *query.rated ? 1 : 0);
    if (query.category) search.bind(11, rating::category_name(*query.category));
    if (query.opponent) search.bind(12, protocol::nick_key(*query.opponent));
    search.bind(9, query.limit + 1);
    GamePage page;
    page.games = read_summaries(db, search, static_cast<std::size_t>(query.limit));
    // A row beyond a full page: there is a next page, starting below the page's last game.
    // (Only after a full page: stepping a statement that is done would run it again.)
    if (page.games.size() == static_cast<std::size_t>(query.limit) && search.step())
        page.next_page = GameCursor{page.games.back().started_at_ms, page.games.back().game_id};
    return page;
}

std::optional<GameLog> SqliteReader::game_log(std::int64_t game_id)
{
    Database& db = connection_->db;
    const ReadSnapshot snapshot(db);
    Statement game = db.prepare(std::string("SELECT ") + game_columns +
                                ", ended_at_ms, result, termination, end_detail, final_white_ms, final_black_ms, "
                                "moves_after_id, last_move_id FROM games WHERE id = ?1");
    game.bind(1, game_id);
    if (!game.step()) return std::nullopt;
    GameLog log;
    log.start = read_game_started(game);
    if (!game.column_is_null(14)) {
        GameEnded end;
        end.game_id = game_id;
        end.ended_at_ms = game.column_int(14);
        const std::string game_name = "of game " + std::to_string(game_id);
        end.result = stored_value(parse_score(game.column_text(15), "games.result " + game_name));
        end.termination = stored_value(parse_termination(game.column_text(16), "games.termination " + game_name));
        end.detail_json = game.column_text(17);
        end.white_ms = game.column_int(18);
        end.black_ms = game.column_int(19);
        log.end = std::move(end);
    }
    if (log.end) {
        log.moves = read_finished_moves(db, game_id, game.column_optional_int(21));
        if (log.start.rated) log.rating_changes = read_rating_changes(db, game_id);
        Statement analysis = db.prepare("SELECT account_id, at_ms, evaluations FROM game_analyses WHERE game_id = ?1");
        analysis.bind(1, game_id);
        if (analysis.step())
            log.analysis = GameAnalysisRecord{
                analysis.column_int(0), analysis.column_int(1),
                stored_value(parse_evaluations(analysis.column_text(2),
                                               "game_analyses.evaluations of game " + std::to_string(game_id)))};
    } else {
        RunningGameMoves running;
        running.add(game_id, game.column_int(20));
        log.moves = std::move(read_running_moves(db, running)[game_id]);
    }
    Statement events = db.prepare(
        "SELECT table_id, seq, kind, detail_json, at_ms FROM table_events WHERE game_id = ?1 ORDER BY seq, id");
    events.bind(1, game_id);
    while (events.step()) {
        TableEvent event;
        event.table_id = events.column_int(0);
        event.game_id = game_id;
        event.seq = events.column_int(1);
        event.kind = stored_value(parse_table_event_kind(events.column_text(2), "table_events.kind of game " +
                                                                                    std::to_string(game_id) + " seq " +
                                                                                    std::to_string(event.seq)));
        event.detail_json = events.column_text(3);
        event.at_ms = events.column_int(4);
        log.events.push_back(std::move(event));
    }
    return log;
}

std::optional<OpenChallengeRecord> SqliteReader::open_challenge(const std::string& token_hash)
{
    return read_open_challenge(connection_->db, token_hash);
}

std::vector<OpenChallengeRecord> SqliteReader::open_challenges_of(const std::string& creator_key, std::int64_t at_ms)
{
    return read_open_challenges_of(connection_->db, creator_key, at_ms);
}

std::vector<TournamentRecord> SqliteReader::tournaments() { return read_tournaments(connection_->db); }

std::optional<TournamentLog> SqliteReader::tournament(std::int64_t tournament_id)
{
    return read_tournament(connection_->db, tournament_id);
}

std::optional<ApiTokenRecord> SqliteReader::api_token(const std::string& token_hash)
{
    return read_api_token(connection_->db, token_hash);
}

std::vector<ApiTokenRecord> SqliteReader::api_tokens_of(std::int64_t account_id)
{
    return read_api_tokens_of(connection_->db, account_id);
}

} // namespace rochade::db
