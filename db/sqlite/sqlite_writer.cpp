// The group-commit writer on SQLite. The thread, the queue and the order of the callbacks are
// db/batch_commit.h's, shared with PostgreSQL's writer; this file writes one batch.
//
// Each round takes everything queued, writes it in one transaction and commits, then runs the
// callbacks in submission order. Each submission sits in its own SAVEPOINT, so one bad
// submission (a duplicate ply, a move for an unknown game) is rolled back alone and refused,
// and the other games' moves in the same batch still commit. A failure of the transaction as
// a whole (BEGIN or COMMIT: disk full, I/O error, a lock held too long) is retried once; if it
// fails again, each submission is committed in a transaction of its own, so that one poisoned
// submission costs only itself. Every submission's callback runs exactly once, with nullopt
// when its writes are on disk and with the error otherwise.
//
// The writer also keeps, for each running game, the ply and row id of its last stored move:
// a new move's row links to the previous one (moves.prev_id) and must come after it, which is
// what refuses a ply stored twice since schema version 3 dropped the (game_id, ply) index, and a
// gap: a move must be its game's next ply, so after a move failed, the same game's later moves
// fail too instead of being stored around the hole.
// Changes to that map are logged while a transaction is open and undone with the savepoint or
// transaction they belong to, so the map always says what is on disk.
#include "db/sqlite/sqlite_writer.h"

#include <mutex>
#include <optional>
#include <type_traits>
#include <unordered_map>
#include <utility>

#include "db/batch_commit.h"
#include "db/sqlite/api_token_sql.h"
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

namespace {

// SQLite's largest page count, the default of PRAGMA max_page_count.
constexpr std::int64_t unlimited_pages = 4294967294;

// The statements of every kind of write, prepared once for the life of the writer.
struct WriteStatements {
    explicit WriteStatements(Database& db)
        // MAX(id) of a row-id table is one descent to its last leaf.
        : game_started(
              db.prepare("INSERT INTO games (id, table_id, room, white, black, time_control, start_fen, "
                         "white_ms, black_ms, started_at_ms, moves_after_id, white_account, white_session, "
                         "black_account, black_session, white_key, black_key, rated, category, owner_epoch, variant, "
                         "chess960) VALUES (?1, ?2, "
                         "?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, (SELECT COALESCE(MAX(id), 0) FROM moves), ?11, ?12, ?13, "
                         "?14, ?15, ?16, ?17, ?18, ?19, ?20, ?21)")),
          // The game's writes below are stored only while no newer owner epoch is (version 8): one
          // primary-key lookup in the statement that writes, so no other writer's claim comes between.
          move_played(db.prepare("INSERT INTO moves (game_id, ply, seq, uci, san, white_ms, black_ms, at_ms, prev_id) "
                                 "SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9 "
                                 "WHERE (SELECT owner_epoch FROM games WHERE id = ?1) <= ?10")),
          // An unknown game passes the epoch and meets the foreign key.
          table_event(
              db.prepare("INSERT INTO table_events (table_id, game_id, seq, kind, detail_json, at_ms) "
                         "SELECT ?1, ?2, ?3, ?4, ?5, ?6 "
                         "WHERE ?2 IS NULL OR COALESCE((SELECT owner_epoch FROM games WHERE id = ?2), 0) <= ?7")),
          // Only a game without an end: an end is stored once (a rated game is rated once with it).
          game_ended(db.prepare("UPDATE games SET ended_at_ms = ?2, result = ?3, termination = ?4, end_detail = ?5, "
                                "final_white_ms = ?6, final_black_ms = ?7, last_move_id = ?8, plies = ?9 "
                                "WHERE id = ?1 AND ended_at_ms IS NULL AND owner_epoch <= ?10")),
          game_claimed(db.prepare("UPDATE games SET owner_epoch = ?2 WHERE id = ?1 AND ended_at_ms IS NULL "
                                  "AND owner_epoch < ?2")),
          owner_epoch(db.prepare("SELECT owner_epoch, ended_at_ms IS NOT NULL FROM games WHERE id = ?1")),
          room_chatted(
              db.prepare("INSERT INTO room_chat (room, nick, text, at_ms, nick_key) VALUES (?1, ?2, ?3, ?4, ?5)")),
          // Only upward, and from `from` when given: otherwise no row changes, and the writer
          // refuses it.
          id_block_reserved(db.prepare("INSERT INTO id_blocks (name, next_free) VALUES (?1, ?2) ON CONFLICT (name) "
                                       "DO UPDATE SET next_free = excluded.next_free "
                                       "WHERE excluded.next_free >= id_blocks.next_free "
                                       "AND (?3 IS NULL OR id_blocks.next_free = ?3)")),
          savepoint(db.prepare("SAVEPOINT submission")), release(db.prepare("RELEASE submission")),
          rollback_to(db.prepare("ROLLBACK TO submission"))
    {
    }

    Statement game_started, move_played, table_event, game_ended, game_claimed, owner_epoch, room_chatted,
        id_block_reserved;
    Statement savepoint, release, rollback_to;
};

// A running game's last stored move; {0, 0} before its first.
struct GameHead {
    int ply = 0;
    std::int64_t last_move_id = 0;
};

using GameHeads = std::unordered_map<std::int64_t, GameHead>;

// The heads of the games without an end, from what is stored.
GameHeads load_heads(Database& db)
{
    GameHeads heads;
    RunningGameMoves running;
    Statement games = db.prepare("SELECT id, moves_after_id FROM games WHERE ended_at_ms IS NULL");
    while (games.step()) {
        heads.emplace(games.column_int(0), GameHead{});
        running.add(games.column_int(0), games.column_int(1));
    }
    // In row-id order, so each game's last move is the last one seen.
    running.scan(db, [&heads](const Statement& row) {
        heads[row.column_int(1)] = GameHead{static_cast<int>(row.column_int(2)), row.column_int(0)};
    });
    return heads;
}

// One running game's head, read from what is stored: for a game this writer did not start or
// whose moves another writer stored meanwhile (in a cluster, a table taken over from a node that
// is gone). nullopt when no running game has the id.
std::optional<GameHead> read_head(Database& db, std::int64_t game_id)
{
    Statement game = db.prepare("SELECT moves_after_id FROM games WHERE id = ?1 AND ended_at_ms IS NULL");
    game.bind(1, game_id);
    if (!game.step()) return std::nullopt;
    Statement last = db.prepare("SELECT id, ply FROM moves WHERE id > ?1 AND game_id = ?2 ORDER BY id DESC LIMIT 1");
    last.bind(1, game.column_int(0)).bind(2, game_id);
    if (!last.step()) return GameHead{};
    return GameHead{static_cast<int>(last.column_int(1)), last.column_int(0)};
}

// One per finished game, never replaced.
void write_analysis(Database& db, const GameAnalyzed& w)
{
    const std::string doing = "storing the analysis of game " + std::to_string(w.game_id) + " on " + db.path();
    if (w.evaluations.empty()) throw RefusedWrite(doing + ": it has no evaluations");
    Statement game = db.prepare("SELECT ended_at_ms IS NOT NULL FROM games WHERE id = ?1");
    game.bind(1, w.game_id);
    if (!game.step()) throw RefusedWrite(doing + ": there is no such game");
    if (game.column_int(0) == 0) throw RefusedWrite(doing + ": the game is not finished");
    Statement stored = db.prepare("SELECT 1 FROM game_analyses WHERE game_id = ?1");
    stored.bind(1, w.game_id);
    if (stored.step()) throw RefusedWrite(doing + ": it has an analysis already");
    Statement insert =
        db.prepare("INSERT INTO game_analyses (game_id, account_id, at_ms, evaluations) VALUES (?1, ?2, ?3, ?4)");
    insert.bind(1, w.game_id).bind(2, w.account_id).bind(3, w.at_ms).bind(4, evaluations_text(w.evaluations));
    insert.run();
}

} // namespace

struct SqliteWriter::State final : BatchBackend {
    State(const std::string& path, std::function<void(std::string)> report, const WriterTuning& tuning)
        : db(open_tuned(path, tuning)), statements(db), identity(db), moderation(db), open_challenges(db),
          tournaments(db), api_tokens(db), ratings(db), on_error(report_or_stderr(std::move(report))),
          heads(load_heads(db))
    {
    }

    static Database open_tuned(const std::string& path, const WriterTuning& tuning)
    {
        Database opened = open_migrated(path, tuning.busy_timeout_ms);
        // PRAGMA does not take parameters; the values are integers.
        opened.exec("PRAGMA cache_size = " + std::to_string(-static_cast<std::int64_t>(tuning.cache_kib)));
        opened.exec("PRAGMA wal_autocheckpoint = " + std::to_string(tuning.wal_autocheckpoint_pages));
        opened.take_page_counts(); // the migration's pages are not the first commit's
        return opened;
    }

    Database db;
    WriteStatements statements;
    IdentityWrites identity;
    ModerationWrites moderation;
    OpenChallengeWrites open_challenges;
    TournamentWrites tournaments;
    ApiTokenWrites api_tokens;
    RatingWrites ratings;
    std::function<void(std::string)> on_error;
    // Only the writer's thread touches these two.
    GameHeads heads;
    // Each change to `heads` in the open transaction: the game and its head before (none: the
    // game had no head). Undone back to a savepoint's mark, or wholly, when SQLite rolls back.
    std::vector<std::pair<std::int64_t, std::optional<GameHead>>> head_changes;

    // Guards the two below, which other threads read (stats()) or set (limit_pages()).
    mutable std::mutex mutex;
    WriterStats stats;
    std::optional<std::int64_t> page_limit; // limit_pages() not applied yet

    // What became of each submission.
    Outcomes write_batch(const std::vector<Submission>& batch) override;
    // One transaction for all of `submissions`, each in its own savepoint; nullopt (and the
    // error) when the transaction as a whole failed.
    std::optional<Outcomes> commit_together(const std::vector<const Submission*>& submissions, StoreError& error);
    void write(const Write& write);
    void take_back_moves(const MovesTakenBack& w);
    void set_head(std::int64_t game_id, std::optional<GameHead> head);
    void undo_heads_to(std::size_t mark);
    // The game's stored owner epoch; nullopt for an unknown game.
    std::optional<std::int64_t> stored_epoch(std::int64_t game_id);
    // The refusal of a write of `game_id` with `epoch` that a newer owner epoch kept out; `what`
    // is the write, as "storing ply 5 of game". Built only on that path.
    DbError superseded(std::int64_t game_id, std::int64_t epoch, const std::string& what);
};

// Rare (a takeback): prepared here rather than kept, and its DELETE scans the game's moves from
// moves_after_id (there is no index on them, schema version 3). The moves kept keep their row ids,
// so a move stored after it is still above them all (running_moves.h).
void SqliteWriter::State::take_back_moves(const MovesTakenBack& w)
{
    const std::string what = "taking game " + std::to_string(w.game_id) + " back to ply " +
                             std::to_string(w.plies_kept) + " failed on " + db.path() + ": ";
    const auto head = read_head(db, w.game_id);
    if (!head) throw DbError(what + "no running game has this id (unknown or ended)", StoreFailure::Refused);
    if (stored_epoch(w.game_id).value_or(0) > w.epoch)
        throw superseded(w.game_id, w.epoch, "taking back moves of game");
    if (w.plies_kept < 0 || w.plies_kept > head->ply)
        throw DbError(what + "its last stored ply is " + std::to_string(head->ply), StoreFailure::Refused);
    Statement remove = db.prepare("DELETE FROM moves WHERE id > (SELECT moves_after_id FROM games WHERE id = ?1) "
                                  "AND game_id = ?1 AND ply > ?2");
    remove.bind(1, w.game_id).bind(2, std::int64_t{w.plies_kept});
    remove.run();
    set_head(w.game_id, read_head(db, w.game_id));
}

std::optional<std::int64_t> SqliteWriter::State::stored_epoch(std::int64_t game_id)
{
    auto& query = statements.owner_epoch;
    query.bind(1, game_id);
    std::optional<std::int64_t> epoch;
    if (query.step()) epoch = query.column_int(0);
    query.reset();
    return epoch;
}

DbError SqliteWriter::State::superseded(std::int64_t game_id, std::int64_t epoch, const std::string& what)
{
    return DbError(what + " " + std::to_string(game_id) + " failed on " + db.path() +
                       ": another node has taken the game over (its owner epoch is " +
                       std::to_string(stored_epoch(game_id).value_or(0)) + ", this writer's " + std::to_string(epoch) +
                       ")",
                   StoreFailure::Superseded);
}

void SqliteWriter::State::set_head(std::int64_t game_id, std::optional<GameHead> head)
{
    const auto found = heads.find(game_id);
    head_changes.emplace_back(game_id, found == heads.end() ? std::nullopt : std::optional<GameHead>(found->second));
    if (found == heads.end()) {
        if (head) heads.emplace(game_id, *head);
    } else if (head) {
        found->second = *head;
    } else {
        heads.erase(found);
    }
}

void SqliteWriter::State::undo_heads_to(std::size_t mark)
{
    while (head_changes.size() > mark) {
        const auto& [game_id, before] = head_changes.back();
        if (before)
            heads[game_id] = *before;
        else
            heads.erase(game_id);
        head_changes.pop_back();
    }
}

void SqliteWriter::State::write(const Write& record)
{
    std::visit(
        [this](const auto& w) {
            using T = std::decay_t<decltype(w)>;
            auto& s = statements;
            if constexpr (std::is_same_v<T, GameStarted>) {
                ratings.check_start(w); // a rated game needs two accounts and a category
                s.game_started.bind(1, w.game_id).bind(2, w.table_id).bind(3, w.room).bind(4, w.white);
                s.game_started.bind(5, w.black).bind(6, w.time_control_json).bind(7, w.start_fen);
                s.game_started.bind(8, w.white_ms).bind(9, w.black_ms).bind(10, w.started_at_ms);
                s.game_started.bind(11, w.white_owner.account_id).bind(12, w.white_owner.guest_session_id);
                s.game_started.bind(13, w.black_owner.account_id).bind(14, w.black_owner.guest_session_id);
                // The folded nicks that StoreReader::find_games searches by (schema version 5).
                s.game_started.bind(15, protocol::nick_key(w.white)).bind(16, protocol::nick_key(w.black));
                s.game_started.bind(17, w.rated ? 1 : 0);
                if (w.category)
                    s.game_started.bind(18, rating::category_name(*w.category));
                else
                    s.game_started.bind_null(18);
                s.game_started.bind(19, w.epoch).bind(20, variant_text(w.variant));
                if (w.chess960)
                    s.game_started.bind(21, *w.chess960);
                else
                    s.game_started.bind_null(21);
                s.game_started.run();
                set_head(w.game_id, GameHead{});
            } else if constexpr (std::is_same_v<T, MovePlayed>) {
                auto head = heads.find(w.game_id);
                // What this writer remembers may be behind the disk when the game was written by
                // another writer (a cluster's node that is gone): on a mismatch, read it again.
                if (head == heads.end() || w.ply != head->second.ply + 1)
                    if (const auto stored = read_head(db, w.game_id);
                        stored && (head == heads.end() || stored->ply != head->second.ply)) {
                        set_head(w.game_id, *stored);
                        head = heads.find(w.game_id);
                    }
                // Built only on failure: this is every move's path.
                auto refused = [&](const std::string& why) {
                    return DbError("storing ply " + std::to_string(w.ply) + " of game " + std::to_string(w.game_id) +
                                       " failed on " + db.path() + ": " + why,
                                   StoreFailure::Refused);
                };
                if (head == heads.end()) throw refused("no running game has this id (unknown or ended)");
                if (w.ply <= head->second.ply)
                    throw refused("ply " + std::to_string(head->second.ply) + " is stored already");
                // No gap: a move after one whose write failed is not the players' game any more.
                if (w.ply != head->second.ply + 1)
                    throw refused("the last stored ply is " + std::to_string(head->second.ply) + ", not " +
                                  std::to_string(w.ply - 1));
                s.move_played.bind(1, w.game_id).bind(2, w.ply).bind(3, w.seq).bind(4, w.uci).bind(5, w.san);
                s.move_played.bind(6, w.white_ms).bind(7, w.black_ms).bind(8, w.at_ms);
                if (head->second.last_move_id != 0)
                    s.move_played.bind(9, head->second.last_move_id);
                else
                    s.move_played.bind_null(9);
                s.move_played.bind(10, w.epoch).run();
                if (db.changes() != 1)
                    throw superseded(w.game_id, w.epoch, "storing ply " + std::to_string(w.ply) + " of game");
                set_head(w.game_id, GameHead{w.ply, db.last_insert_rowid()});
            } else if constexpr (std::is_same_v<T, TableEvent>) {
                s.table_event.bind(1, w.table_id).bind(2, w.game_id).bind(3, w.seq).bind(4, to_text(w.kind));
                s.table_event.bind(5, w.detail_json).bind(6, w.at_ms).bind(7, w.epoch).run();
                if (db.changes() != 1)
                    throw superseded(*w.game_id, w.epoch, "storing event " + std::to_string(w.seq) + " of game");
            } else if constexpr (std::is_same_v<T, GameEnded>) {
                auto head = heads.find(w.game_id);
                if (head == heads.end())
                    if (const auto stored = read_head(db, w.game_id)) {
                        set_head(w.game_id, *stored);
                        head = heads.find(w.game_id);
                    }
                s.game_ended.bind(1, w.game_id).bind(2, w.ended_at_ms).bind(3, to_text(w.result));
                s.game_ended.bind(4, to_text(w.termination));
                s.game_ended.bind(5, w.detail_json).bind(6, w.white_ms).bind(7, w.black_ms);
                if (head != heads.end() && head->second.last_move_id != 0)
                    s.game_ended.bind(8, head->second.last_move_id);
                else
                    s.game_ended.bind_null(8);
                if (head != heads.end())
                    s.game_ended.bind(9, head->second.ply);
                else
                    s.game_ended.bind_null(9);
                s.game_ended.bind(10, w.epoch).run();
                if (db.changes() != 1 && stored_epoch(w.game_id).value_or(0) > w.epoch)
                    throw superseded(w.game_id, w.epoch, "recording the end of game");
                if (db.changes() != 1)
                    throw DbError("recording the end of game " + std::to_string(w.game_id) + " failed on " + db.path() +
                                      ": game " + std::to_string(w.game_id) + " has ended already or does not exist",
                                  StoreFailure::Refused);
                if (head != heads.end()) set_head(w.game_id, std::nullopt);
                // In this submission's savepoint: a failure here takes the end back with it.
                ratings.rate_ended_game(w);
            } else if constexpr (std::is_same_v<T, GameClaimed>) {
                s.game_claimed.bind(1, w.game_id).bind(2, w.epoch).run();
                if (db.changes() == 1) return;
                const std::string what = "claiming game " + std::to_string(w.game_id) + " with owner epoch " +
                                         std::to_string(w.epoch) + " failed on " + db.path() + ": ";
                s.owner_epoch.bind(1, w.game_id);
                const bool found = s.owner_epoch.step();
                const std::int64_t stored = found ? s.owner_epoch.column_int(0) : 0;
                const bool ended = found && s.owner_epoch.column_int(1) != 0;
                s.owner_epoch.reset();
                if (!found) throw DbError(what + "no game has this id", StoreFailure::Refused);
                if (ended) throw DbError(what + "the game has ended", StoreFailure::Refused);
                throw DbError(what + "another node claimed it with epoch " + std::to_string(stored) + " already",
                              StoreFailure::Superseded);
            } else if constexpr (std::is_same_v<T, MovesTakenBack>) {
                take_back_moves(w);
            } else if constexpr (std::is_same_v<T, RoomChatted>) {
                s.room_chatted.bind(1, w.room).bind(2, w.nick).bind(3, w.text).bind(4, w.at_ms);
                s.room_chatted.bind(5, protocol::nick_key(w.nick)).run(); // searched by (schema version 6)
            } else if constexpr (is_identity_write<T>) {
                identity.write(w);
            } else if constexpr (is_moderation_write<T>) {
                moderation.write(w);
            } else if constexpr (is_open_challenge_write<T>) {
                open_challenges.write(w);
            } else if constexpr (is_tournament_write<T>) {
                tournaments.write(w);
            } else if constexpr (is_api_token_write<T>) {
                api_tokens.write(w);
            } else if constexpr (std::is_same_v<T, GameAnalyzed>) {
                write_analysis(db, w);
            } else if constexpr (std::is_same_v<T, IdBlockReserved>) {
                s.id_block_reserved.bind(1, w.name).bind(2, w.next_free);
                if (w.from)
                    s.id_block_reserved.bind(3, *w.from);
                else
                    s.id_block_reserved.bind_null(3);
                s.id_block_reserved.run();
                if (db.changes() != 1)
                    throw DbError("reserving " + w.name + " ids below " + std::to_string(w.next_free) + " failed on " +
                                      db.path() + ": " +
                                      (w.from ? "the next free id is not " + std::to_string(*w.from) +
                                                    " any more (reserved by another node meanwhile)"
                                              : std::string("a higher next free id is stored already")),
                                  StoreFailure::Refused);
            }
        },
        record);
}

std::optional<Outcomes> SqliteWriter::State::commit_together(const std::vector<const Submission*>& submissions,
                                                       StoreError& error)
{
    Outcomes outcomes(submissions.size());
    std::vector<std::string> rejected;
    try {
        Transaction transaction(db);
        for (std::size_t i = 0; i < submissions.size(); ++i) {
            statements.savepoint.run();
            const std::size_t mark = head_changes.size();
            try {
                for (const Write& w : submissions[i]->writes) write(w);
            } catch (const DbError& failure) {
                undo_heads_to(mark);
                try {
                    statements.rollback_to.run();
                } catch (const DbError& rollback_failure) {
                    // The transaction itself is gone; say why it went, not only that the
                    // savepoint went with it.
                    throw DbError(std::string(failure.what()) + "; then " + rollback_failure.what(), failure.kind());
                }
                outcomes[i] = StoreError{failure.kind(), failure.what()};
                rejected.push_back(failure.what());
            }
            statements.release.run();
        }
        transaction.commit();
        head_changes.clear();
    } catch (const DbError& failure) {
        undo_heads_to(0);
        error = StoreError{failure.kind(), failure.what()};
        return std::nullopt;
    }
    // Counted since the previous commit, so a failed attempt's pages are charged here too.
    const Database::PageCounts pages = db.take_page_counts();
    {
        std::lock_guard lock(mutex);
        ++stats.transactions;
        stats.pages_written += static_cast<std::uint64_t>(pages.written);
        stats.cache_misses += static_cast<std::uint64_t>(pages.cache_misses);
        for (std::size_t i = 0; i < submissions.size(); ++i)
            if (!outcomes[i]) stats.writes += submissions[i]->writes.size();
    }
    for (const std::string& message : rejected) on_error("a submission was rolled back: " + message);
    return outcomes;
}

Outcomes SqliteWriter::State::write_batch(const std::vector<Submission>& batch)
{
    std::optional<std::int64_t> new_page_limit;
    {
        std::lock_guard lock(mutex);
        page_limit.swap(new_page_limit);
    }
    if (new_page_limit) {
        try {
            db.exec("PRAGMA max_page_count = " + std::to_string(*new_page_limit ? *new_page_limit : unlimited_pages));
        } catch (const DbError& error) {
            on_error(error.what());
        }
    }
    std::vector<const Submission*> all;
    for (const Submission& submission : batch) all.push_back(&submission);
    StoreError error;
    auto commit = [this](const std::vector<const Submission*>& submissions, StoreError& failure) {
        return commit_together(submissions, failure);
    };
    if (auto outcomes = commit(all, error)) return std::move(*outcomes);
    // Failed as a whole: once more, then one by one. An Unavailable submission alone means the
    // store is down (a lock held past the busy timeout, a full disk).
    return retry_alone(
        all, commit, [](const StoreError& failure) { return failure.kind == StoreFailure::Unavailable; }, error,
        on_error);
}

SqliteWriter::SqliteWriter(const std::string& path, std::function<void(std::string)> on_error, WriterTuning tuning,
               WriteObserver on_done)
    : state_(std::make_unique<State>(path, std::move(on_error), tuning)),
      queue_(std::make_unique<BatchCommitQueue>(*state_, state_->on_error, std::move(on_done)))
{
}

// queue_ goes first (members in reverse): it commits what is queued while the connection is open.
SqliteWriter::~SqliteWriter() = default;

void SqliteWriter::submit(std::vector<Write> writes, WriteDone done) { queue_->submit(std::move(writes), std::move(done)); }

void SqliteWriter::limit_pages(std::int64_t pages)
{
    std::lock_guard lock(state_->mutex);
    state_->page_limit = pages;
}

void SqliteWriter::flush() { queue_->flush(); }

WriterStats SqliteWriter::stats() const
{
    std::lock_guard lock(state_->mutex);
    return state_->stats;
}

} // namespace rochade::db
