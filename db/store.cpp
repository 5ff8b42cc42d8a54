// The read side. Statements are prepared per call: the store answers start-up and admin
// queries, a handful per process, where preparing costs nothing worth keeping.
#include "db/store.h"

#include <algorithm>
#include <unordered_map>

#include "db/game_search.h"
#include "db/identity_sql.h"
#include "db/migrations.h"
#include "db/moderation_sql.h"
#include "db/running_moves.h"
#include "db/sqlite.h"
#include "protocol/nick.h"

namespace rochade::db {

struct Store::Connection {
    Database db;
};

namespace {

constexpr const char* game_columns =
    "id, table_id, room, white, black, time_control, start_fen, white_ms, black_ms, started_at_ms";

GameStarted read_game_started(const Statement& row)
{
    GameStarted start;
    start.game_id = row.column_int(0);
    start.table_id = row.column_int(1);
    start.room = row.column_int(2);
    start.white = row.column_text(3);
    start.black = row.column_text(4);
    start.time_control_json = row.column_text(5);
    start.start_fen = row.column_text(6);
    start.white_ms = row.column_int(7);
    start.black_ms = row.column_int(8);
    start.started_at_ms = row.column_int(9);
    return start;
}

// Schema version 3 (db/migrations.cpp) finds a game's moves in one of two ways: a finished game
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

Store::Store(const std::string& path, OpenMode mode)
    : connection_(std::make_unique<Connection>(Connection{open_store(path, mode)}))
{
}

Store::~Store() = default;

std::vector<UnfinishedGame> Store::unfinished_games()
{
    Database& db = connection_->db;
    // One read transaction, so the games, moves and seqs are one consistent snapshot even
    // while the writer commits.
    db.exec("BEGIN");
    try {
        Statement games = db.prepare(std::string("SELECT ") + game_columns +
                                     ", moves_after_id, white_account, white_session, black_account, black_session "
                                     "FROM games WHERE ended_at_ms IS NULL ORDER BY id");
        // A game's moves carry rising seqs, so a finished game's highest is its last move's.
        Statement last_seq = db.prepare("SELECT MAX(seq) FROM (SELECT seq FROM table_events WHERE table_id = ?1 "
                                        "UNION ALL SELECT m.seq FROM games g JOIN moves m ON m.id = g.last_move_id "
                                        "WHERE g.table_id = ?1)");
        std::vector<UnfinishedGame> unfinished;
        RunningGameMoves running;
        while (games.step()) {
            UnfinishedGame game;
            game.start = read_game_started(games);
            running.add(game.start.game_id, games.column_int(10));
            game.start.white_owner = SeatOwner{games.column_optional_int(11), games.column_optional_int(12)};
            game.start.black_owner = SeatOwner{games.column_optional_int(13), games.column_optional_int(14)};
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
        db.exec("COMMIT");
        return unfinished;
    } catch (...) {
        db.exec("ROLLBACK");
        throw;
    }
}

std::int64_t Store::next_free_id(std::string_view name)
{
    Statement query = connection_->db.prepare("SELECT next_free FROM id_blocks WHERE name = ?1");
    query.bind(1, name);
    return query.step() ? query.column_int(0) : 1;
}

std::optional<AccountRecord> Store::account(const std::string& nick_key)
{
    return read_account(connection_->db, nick_key);
}

std::optional<SessionRecord> Store::session_by_token(const std::string& token_hash, TokenKind kind, std::int64_t at_ms)
{
    return read_session_token(connection_->db, token_hash, kind, at_ms);
}

std::vector<SanctionRecord> Store::sanctions(std::int64_t at_ms) { return read_sanctions(connection_->db, at_ms); }

AuditPage Store::audit_log(const AuditQuery& query) { return read_audit_log(connection_->db, query); }

ChatPage Store::find_chat(const ChatQuery& query)
{
    // One read transaction: the two arms of the search see one snapshot.
    Database& db = connection_->db;
    db.exec("BEGIN");
    try {
        ChatPage page = read_chat(db, query);
        db.exec("COMMIT");
        return page;
    } catch (...) {
        db.exec("ROLLBACK");
        throw;
    }
}

std::int64_t Store::max_game_id() { return connection_->db.query_int("SELECT MAX(id) FROM games").value_or(0); }

std::int64_t Store::max_table_id()
{
    // A table that only chatted before any game has events but no game row.
    return connection_->db
        .query_int("SELECT MAX(t) FROM (SELECT MAX(table_id) AS t FROM games "
                   "UNION ALL SELECT MAX(table_id) FROM table_events)")
        .value_or(0);
}

namespace {

// The summaries of the rows of `query` (columns as in db/game_search.h), at most `limit`; the
// running games' plies are counted from their moves, the finished games' are stored. Call inside
// a read transaction, so the games and their moves are one snapshot.
std::vector<GameSummary> read_summaries(Database& db, Statement& query, std::size_t limit)
{
    std::vector<GameSummary> games;
    RunningGameMoves running;                               // the games whose length is not stored yet
    std::unordered_map<std::int64_t, std::int64_t> counted; // their moves, by game id
    while (games.size() < limit && query.step()) {
        GameSummary game;
        game.game_id = query.column_int(0);
        game.table_id = query.column_int(1);
        game.room = query.column_int(2);
        game.white = query.column_text(3);
        game.black = query.column_text(4);
        game.time_control_json = query.column_text(5);
        game.started_at_ms = query.column_int(6);
        game.ended_at_ms = query.column_optional_int(7);
        game.result = query.column_text(8);
        game.termination = query.column_text(9);
        game.rated = query.column_int(12) != 0;
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
    return games;
}

} // namespace

std::vector<GameSummary> Store::recent_games(int limit)
{
    Database& db = connection_->db;
    db.exec("BEGIN");
    try {
        Statement query = db.prepare(
            "SELECT id, table_id, room, white, black, time_control, started_at_ms, ended_at_ms, result, termination, "
            "plies, moves_after_id, rated FROM games ORDER BY id DESC LIMIT ?1");
        query.bind(1, limit);
        auto games = read_summaries(db, query, static_cast<std::size_t>(std::max(limit, 0)));
        db.exec("COMMIT");
        return games;
    } catch (...) {
        db.exec("ROLLBACK");
        throw;
    }
}

GamePage Store::find_games(const GameQuery& query)
{
    if (query.limit < min_page_games || query.limit > max_page_games)
        throw DbError("find_games in '" + connection_->db.path() + "': a page holds " + std::to_string(min_page_games) +
                          " to " + std::to_string(max_page_games) + " games, not " + std::to_string(query.limit),
                      StoreFailure::Refused);
    Database& db = connection_->db;
    db.exec("BEGIN");
    try {
        Statement search = db.prepare(game_search_sql(query));
        if (query.player) search.bind(1, protocol::nick_key(*query.player));
        if (query.room) search.bind(2, *query.room);
        if (query.started_from_ms) search.bind(3, *query.started_from_ms);
        if (query.started_before_ms) search.bind(4, *query.started_before_ms);
        if (query.result) search.bind(5, result_name(*query.result));
        if (query.termination) search.bind(6, termination_name(*query.termination));
        if (query.after) search.bind(7, query.after->started_at_ms).bind(8, query.after->game_id);
        if (query.rated) search.bind(10, *query.rated ? 1 : 0);
        search.bind(9, query.limit + 1);
        GamePage page;
        page.games = read_summaries(db, search, static_cast<std::size_t>(query.limit));
        // A row beyond a full page: there is a next page, starting below the page's last game.
        // (Only after a full page: stepping a statement that is done would run it again.)
        if (page.games.size() == static_cast<std::size_t>(query.limit) && search.step())
            page.next_page = GameCursor{page.games.back().started_at_ms, page.games.back().game_id};
        db.exec("COMMIT");
        return page;
    } catch (...) {
        db.exec("ROLLBACK");
        throw;
    }
}

std::optional<GameLog> Store::game_log(std::int64_t game_id)
{
    Database& db = connection_->db;
    db.exec("BEGIN");
    try {
        Statement game = db.prepare(std::string("SELECT ") + game_columns +
                                    ", ended_at_ms, result, termination, end_detail, final_white_ms, final_black_ms, "
                                    "moves_after_id, last_move_id FROM games WHERE id = ?1");
        game.bind(1, game_id);
        if (!game.step()) {
            db.exec("COMMIT");
            return std::nullopt;
        }
        GameLog log;
        log.start = read_game_started(game);
        if (!game.column_is_null(10)) {
            GameEnded end;
            end.game_id = game_id;
            end.ended_at_ms = game.column_int(10);
            end.result = game.column_text(11);
            end.termination = game.column_text(12);
            end.detail_json = game.column_text(13);
            end.white_ms = game.column_int(14);
            end.black_ms = game.column_int(15);
            log.end = std::move(end);
        }
        if (log.end) {
            log.moves = read_finished_moves(db, game_id, game.column_optional_int(17));
        } else {
            RunningGameMoves running;
            running.add(game_id, game.column_int(16));
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
            event.kind = events.column_text(2);
            event.detail_json = events.column_text(3);
            event.at_ms = events.column_int(4);
            log.events.push_back(std::move(event));
        }
        db.exec("COMMIT");
        return log;
    } catch (...) {
        db.exec("ROLLBACK");
        throw;
    }
}

} // namespace rochade::db
