// The read side. Statements are prepared per call: the store answers start-up and admin
// queries, a handful per process, where preparing costs nothing worth keeping.
#include "db/store.h"

#include <algorithm>

#include "db/migrations.h"
#include "db/sqlite.h"

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

// Where a game's moves are (schema version 3, db/migrations.cpp): a finished game names its
// last move, and each move its predecessor; a running game's moves all lie above a row id.
struct MoveLocation {
    bool ended = false;
    std::optional<std::int64_t> last_move_id; // a finished game's; empty when it has no moves
    std::int64_t moves_after_id = 0;
};

MovePlayed read_move(std::int64_t game_id, const Statement& row)
{
    MovePlayed move;
    move.game_id = game_id;
    move.ply = static_cast<int>(row.column_int(0));
    move.seq = row.column_int(1);
    move.uci = row.column_text(2);
    move.san = row.column_text(3);
    move.white_ms = row.column_int(4);
    move.black_ms = row.column_int(5);
    move.at_ms = row.column_int(6);
    return move;
}

// A game's moves by ply: a finished game's by walking its chain back from the last move (one
// row-id lookup per ply), a running game's by scanning the row ids above its moves_after_id.
std::vector<MovePlayed> read_moves(Database& db, std::int64_t game_id, const MoveLocation& where)
{
    std::vector<MovePlayed> moves;
    if (where.ended) {
        if (!where.last_move_id) return moves;
        Statement chain = db.prepare(
            "WITH RECURSIVE chain (ply, seq, uci, san, white_ms, black_ms, at_ms, prev_id) AS ("
            "SELECT ply, seq, uci, san, white_ms, black_ms, at_ms, prev_id FROM moves WHERE id = ?1 AND game_id = ?2 "
            "UNION ALL SELECT m.ply, m.seq, m.uci, m.san, m.white_ms, m.black_ms, m.at_ms, m.prev_id "
            "FROM chain c JOIN moves m ON m.id = c.prev_id WHERE m.game_id = ?2) "
            "SELECT ply, seq, uci, san, white_ms, black_ms, at_ms FROM chain");
        chain.bind(1, *where.last_move_id).bind(2, game_id);
        while (chain.step()) moves.push_back(read_move(game_id, chain));
        std::reverse(moves.begin(), moves.end());
        return moves;
    }
    Statement scan = db.prepare(
        "SELECT ply, seq, uci, san, white_ms, black_ms, at_ms FROM moves WHERE id > ?1 AND game_id = ?2 ORDER BY id");
    scan.bind(1, where.moves_after_id).bind(2, game_id);
    // Row-id order is ply order: the writer stores a game's plies in rising order only, each in
    // a new row above all others, and version 2 copied version 1's rows in (game, ply) order.
    while (scan.step()) moves.push_back(read_move(game_id, scan));
    return moves;
}

} // namespace

Store::Store(const std::string& path) : connection_(std::make_unique<Connection>(Connection{open_migrated(path)})) {}

Store::~Store() = default;

std::vector<UnfinishedGame> Store::unfinished_games()
{
    Database& db = connection_->db;
    // One read transaction, so the games, moves and seqs are one consistent snapshot even
    // while the writer commits.
    db.exec("BEGIN");
    try {
        Statement games = db.prepare(std::string("SELECT ") + game_columns +
                                     ", moves_after_id FROM games WHERE ended_at_ms IS NULL ORDER BY id");
        // A game's moves carry rising seqs, so a finished game's highest is its last move's.
        Statement last_seq = db.prepare("SELECT MAX(seq) FROM (SELECT seq FROM table_events WHERE table_id = ?1 "
                                        "UNION ALL SELECT m.seq FROM games g JOIN moves m ON m.id = g.last_move_id "
                                        "WHERE g.table_id = ?1)");
        std::vector<UnfinishedGame> unfinished;
        while (games.step()) {
            UnfinishedGame game;
            game.start = read_game_started(games);
            game.moves = read_moves(db, game.start.game_id, MoveLocation{false, std::nullopt, games.column_int(10)});
            last_seq.bind(1, game.start.table_id);
            if (last_seq.step()) game.last_seq = last_seq.column_optional_int(0).value_or(0);
            last_seq.reset();
            if (!game.moves.empty()) game.last_seq = std::max(game.last_seq, game.moves.back().seq);
            unfinished.push_back(std::move(game));
        }
        db.exec("COMMIT");
        return unfinished;
    } catch (...) {
        db.exec("ROLLBACK");
        throw;
    }
}

std::vector<ResumeTokenIssued> Store::resume_tokens()
{
    Statement query =
        connection_->db.prepare("SELECT token, nick, issued_at_ms FROM resume_tokens ORDER BY issued_at_ms, token");
    std::vector<ResumeTokenIssued> tokens;
    while (query.step())
        tokens.push_back(ResumeTokenIssued{query.column_text(0), query.column_text(1), query.column_int(2)});
    return tokens;
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

std::vector<GameSummary> Store::recent_games(int limit)
{
    Statement query = connection_->db.prepare(
        "SELECT g.id, g.table_id, g.room, g.white, g.black, g.time_control, g.started_at_ms, g.ended_at_ms, "
        "g.result, g.termination, "
        "COALESCE(g.plies, (SELECT COUNT(*) FROM moves m WHERE m.id > g.moves_after_id AND m.game_id = g.id)) "
        "FROM games g ORDER BY g.id DESC LIMIT ?1");
    query.bind(1, limit);
    std::vector<GameSummary> games;
    while (query.step()) {
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
        game.moves = query.column_int(10);
        games.push_back(std::move(game));
    }
    return games;
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
        log.moves = read_moves(db, game_id,
                               MoveLocation{log.end.has_value(), game.column_optional_int(17), game.column_int(16)});
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
