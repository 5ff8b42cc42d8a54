// db/sqlite/sqlite.h and db/sqlite/migrations.h: the RAII layer, the pragmas every connection gets, the schema
// ladder (a version 1 or 2 file upgraded to the current version reads as before), and refusing a
// database from a newer Rochade.
#include <catch2/catch.hpp>

#include <functional>
#include <sstream>
#include <string>
#include <variant>
#include <vector>

#include "db/sqlite/game_search.h"
#include "db/sqlite/identity_sql.h"
#include "db/sqlite/migrations.h"
#include "db/sqlite/sqlite.h"
#include "db/sqlite/sqlite_reader.h"
#include "db/sqlite/sqlite_writer.h"
#include "protocol/nick.h"
#include "../temp_database.h"
#include "tools/commands.h"

using namespace rochade::db;
using rochade::db::testing::TempDatabase;

namespace {

bool has_object(Database& db, const std::string& type, const std::string& name)
{
    Statement query = db.prepare("SELECT COUNT(*) FROM sqlite_master WHERE type = ?1 AND name = ?2");
    query.bind(1, type).bind(2, name);
    query.step();
    return query.column_int(0) == 1;
}

bool is_without_rowid(Database& db, const std::string& table)
{
    Statement query = db.prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?1");
    query.bind(1, table);
    REQUIRE(query.step());
    return query.column_text(0).find("WITHOUT ROWID") != std::string::npos;
}

std::string pragma_text(Database& db, const std::string& pragma)
{
    Statement query = db.prepare("PRAGMA " + pragma);
    REQUIRE(query.step());
    return query.column_text(0);
}

} // namespace

TEST_CASE("a new database gets the whole schema and the current user_version")
{
    TempDatabase file("migrate");
    Database db = open_migrated(file.path());
    CHECK(db.query_int("PRAGMA user_version") == schema_version());
    CHECK(schema_version() == 21);

    const struct {
        const char* type;
        const char* name;
    } objects[] = {
        {"table", "games"},
        {"table", "moves"},
        {"table", "table_events"},
        {"table", "room_chat"},
        {"index", "games_unfinished"},
        {"index", "games_by_table"},
        {"index", "table_events_by_game"},
        {"index", "table_events_by_table"},
        {"index", "room_chat_by_room"},
        {"table", "accounts"}, // version 4: accounts, sessions, hashed tokens, id blocks
        {"table", "sessions"},
        {"table", "session_tokens"},
        {"table", "id_blocks"},
        {"index", "sessions_by_account"},
        {"index", "sessions_live_guests"},
        {"index", "session_tokens_by_session"},
        {"index", "session_tokens_by_expiry"},
        {"index", "games_by_white_key"}, // version 5: the admin's search of the games
        {"index", "games_by_black_key"},
        {"index", "games_by_room"},
        {"index", "games_by_start"},
        {"table", "moderation_log"}, // version 6: the admin's desk
        {"index", "moderation_log_by_actor"},
        {"index", "moderation_log_by_target"},
        {"index", "moderation_log_by_action"},
        {"trigger", "moderation_log_no_update"},
        {"trigger", "moderation_log_no_delete"},
        {"table", "sanctions"},
        {"index", "room_chat_by_nick"},
        {"index", "room_chat_by_time"},
        {"index", "table_events_chat"},
        {"table", "ratings"}, // version 7: ratings
        {"index", "ratings_by_category"},
        {"table", "rating_changes"},
        {"index", "rating_changes_by_account"},
        {"index", "games_by_category"},
        {"index", "accounts_by_skeleton"}, // version 9: look-alike nicks
        {"table", "open_challenges"},      // version 15: open challenge links
        {"index", "open_challenges_by_creator"},
        {"index", "open_challenges_by_expiry"},
        {"table", "tournaments"}, // version 16: tournaments
        {"index", "tournaments_by_state"},
        {"table", "tournament_players"},
        {"table", "tournament_rounds"},
        {"table", "tournament_pairings"},
        {"table", "game_analyses"}, // version 20: server analyses
        {"table", "api_tokens"},    // version 21: bot accounts and personal API tokens
        {"index", "api_tokens_by_account"},
        {"index", "games_by_white_account"},
        {"index", "games_by_black_account"},
    };
    for (const auto& object : objects) {
        INFO(object.type << " " << object.name);
        CHECK(has_object(db, object.type, object.name));
    }
    CHECK_FALSE(is_without_rowid(db, "moves"));            // version 2: moves in the order they are played
    CHECK_FALSE(has_object(db, "index", "moves_by_game")); // version 3: found through their chain
    CHECK_FALSE(has_object(db, "table", "resume_tokens")); // version 4: tokens only as hashes, per session
}

TEST_CASE("every connection runs in WAL mode, fully synchronous, with foreign keys and a busy timeout")
{
    TempDatabase file("pragmas");
    Database db = open_migrated(file.path());
    const struct {
        const char* pragma;
        const char* value;
    } expected[] = {
        {"journal_mode", "wal"},
        {"synchronous", "2"}, // FULL
        {"foreign_keys", "1"},
        {"busy_timeout", "5000"},
    };
    for (const auto& [pragma, value] : expected) {
        INFO(pragma);
        CHECK(pragma_text(db, pragma) == value);
    }
}

TEST_CASE("migrating an up-to-date database again changes nothing")
{
    TempDatabase file("remigrate");
    {
        Database db = open_migrated(file.path());
        db.exec("INSERT INTO room_chat (room, nick, text, at_ms) VALUES (34, 'Anna', 'Hallo', 1)");
    }
    Database db = open_migrated(file.path());
    CHECK(db.query_int("PRAGMA user_version") == schema_version());
    CHECK(db.query_int("SELECT COUNT(*) FROM room_chat") == 1);
}

TEST_CASE("a database from a newer Rochade is refused with a message naming both versions")
{
    for (const int newer : {schema_version() + 1, 99}) {
        INFO("version " << newer);
        TempDatabase file("newer");
        {
            Database db(file.path(), OpenMode::ReadWriteCreate);
            db.exec("PRAGMA user_version = " + std::to_string(newer));
        }
        try {
            open_migrated(file.path());
            FAIL("a newer database was opened");
        } catch (const DbError& error) {
            const std::string message = error.what();
            CHECK_THAT(message, Catch::Contains("schema version " + std::to_string(newer)));
            CHECK_THAT(message, Catch::Contains("newer"));
            CHECK_THAT(message, Catch::Contains(file.path()));
        }
        Database db(file.path(), OpenMode::ReadOnly);
        CHECK(db.query_int("PRAGMA user_version") == newer);
        CHECK_FALSE(has_object(db, "table", "games"));
    }
}

TEST_CASE("a migration that fails leaves the database at its old version, with nothing half-made")
{
    TempDatabase file("failed-migration");
    {
        // A stray table in the way of rung 1: its CREATE TABLE fails after earlier statements ran.
        Database db(file.path(), OpenMode::ReadWriteCreate);
        db.exec("CREATE TABLE resume_tokens (x)");
    }
    Database db(file.path(), OpenMode::ReadWrite);
    configure_connection(db);
    try {
        migrate(db);
        FAIL("migration succeeded over a conflicting table");
    } catch (const DbError& error) {
        CHECK_THAT(std::string(error.what()), Catch::Contains("schema version 1"));
        CHECK_THAT(std::string(error.what()), Catch::Contains("already exists"));
    }
    CHECK(db.query_int("PRAGMA user_version") == 0);
    CHECK_FALSE(has_object(db, "table", "games"));
    CHECK_FALSE(has_object(db, "table", "moves"));
}

TEST_CASE("statements bind, step and read integers, text and NULL, reset makes them reusable")
{
    Database db(":memory:", OpenMode::ReadWriteCreate);
    db.exec("CREATE TABLE t (i INTEGER, s TEXT, n INTEGER)");
    Statement insert = db.prepare("INSERT INTO t VALUES (?1, ?2, ?3)");
    insert.bind(1, std::int64_t{1} << 40).bind(2, "Gästezimmer").bind_null(3).run();
    insert.bind(1, -7).bind(2, std::string("")).bind(3, std::optional<std::int64_t>{5}).run();
    CHECK(db.changes() == 1);

    Statement select = db.prepare("SELECT i, s, n FROM t ORDER BY i");
    REQUIRE(select.step());
    CHECK(select.column_int(0) == -7);
    CHECK(select.column_text(1).empty());
    CHECK(select.column_optional_int(2) == 5);
    REQUIRE(select.step());
    CHECK(select.column_int(0) == (std::int64_t{1} << 40));
    CHECK(select.column_text(1) == "Gästezimmer");
    CHECK(select.column_is_null(2));
    CHECK(select.column_optional_int(2) == std::nullopt);
    CHECK_FALSE(select.step());
    select.reset();
    CHECK(select.step());
}

TEST_CASE("errors name the operation, the SQL and SQLite's message")
{
    Database db(":memory:", OpenMode::ReadWriteCreate);
    db.exec("CREATE TABLE t (k INTEGER PRIMARY KEY)");
    db.exec("INSERT INTO t VALUES (1)");

    const struct {
        const char* what;
        std::function<void()> action;
        const char* operation;
        const char* sqlite_says;
    } cases[] = {
        {"bad syntax", [&] { db.prepare("SELEC 1"); }, "prepare", "syntax error"},
        {"unknown table", [&] { db.exec("DELETE FROM nowhere"); }, "exec", "no such table"},
        {"duplicate key", [&] { db.prepare("INSERT INTO t VALUES (1)").run(); }, "step", "UNIQUE constraint"},
    };
    for (const auto& c : cases) {
        INFO(c.what);
        try {
            c.action();
            FAIL("no error");
        } catch (const DbError& error) {
            const std::string message = error.what();
            CHECK_THAT(message, Catch::StartsWith(c.operation));
            CHECK_THAT(message, Catch::Contains(c.sqlite_says));
            CHECK_THAT(message, Catch::Contains("SQL: "));
        }
    }
    CHECK_THROWS_WITH(Database("/nonexistent-dir/x.db", OpenMode::ReadWrite), Catch::Contains("/nonexistent-dir/x.db"));
}

TEST_CASE("a transaction rolls back unless committed")
{
    Database db(":memory:", OpenMode::ReadWriteCreate);
    db.exec("CREATE TABLE t (k INTEGER)");
    {
        Transaction transaction(db);
        db.exec("INSERT INTO t VALUES (1)");
    }
    CHECK(db.query_int("SELECT COUNT(*) FROM t") == 0);
    {
        Transaction transaction(db);
        db.exec("INSERT INTO t VALUES (2)");
        transaction.commit();
    }
    CHECK(db.query_int("SELECT COUNT(*) FROM t") == 1);
}

TEST_CASE("foreign keys are enforced: a move needs its game")
{
    TempDatabase file("fk");
    Database db = open_migrated(file.path());
    CHECK_THROWS_WITH(db.exec("INSERT INTO moves (game_id, ply, seq, uci, san, white_ms, black_ms, at_ms) "
                              "VALUES (42, 1, 1, 'e2e4', 'e4', 0, 0, 0)"),
                      Catch::Contains("FOREIGN KEY"));
}

namespace {

constexpr std::int64_t t0 = 1700000000000;
const std::string start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

// What a version-1 server stored: game 1 (Fool's mate, a draw offer on the way) finished, game 2
// running, the two games' moves interleaved as they arrived, and chat at a table before any game.
std::vector<Write> history()
{
    const std::string tc = R"({"kind":"fischer","base_ms":180000,"increment_ms":2000})";
    return {
        GameStarted{1, 10, 34, "Anna", "Bert", tc, start_fen, 180000, 180000, t0, {}, {}},
        TableEvent{10, 1, 1, rochade::db::TableEventKind::GameStarted, "{}", t0},
        GameStarted{2, 11, 35, "Jörg", "Cem", R"({"kind":"untimed"})", start_fen, 0, 0, t0 + 100, {}, {}},
        TableEvent{11, 2, 1, rochade::db::TableEventKind::GameStarted, "{}", t0 + 100},
        MovePlayed{2, 1, 2, "d2d4", "d4", 0, 0, t0 + 200},
        MovePlayed{1, 1, 2, "f2f3", "f3", 181500, 180000, t0 + 500},
        MovePlayed{1, 2, 3, "e7e5", "e5", 181500, 181000, t0 + 1500},
        TableEvent{10, 1, 4, rochade::db::TableEventKind::DrawOffered, R"({"by":"white"})", t0 + 2000},
        MovePlayed{2, 2, 3, "d7d5", "d5", 0, 0, t0 + 2100},
        MovePlayed{1, 3, 5, "g2g4", "g4", 183000, 181000, t0 + 2500},
        MovePlayed{1, 4, 6, "d8h4", "Qh4#", 183000, 182000, t0 + 3500},
        GameEnded{1, rochade::Score::BlackWins, rochade::Termination::Checkmate, R"({"message":"Black mates"})", 183000,
                  182000, t0 + 3500},
        TableEvent{12, std::nullopt, 1, rochade::db::TableEventKind::TableChat, R"({"from":"Dora","text":"hi"})",
                   t0 + 4000},
    };
}

// The rows of `history()` as the SQL of versions 1 and 2 stored them, in a database whose ladder
// stopped at `version`: the file an older Rochade leaves behind.
void write_old_version(const std::string& path, int version)
{
    Database db(path, OpenMode::ReadWriteCreate);
    configure_connection(db);
    migrate_to(db, version);
    REQUIRE(db.query_int("PRAGMA user_version") == version);
    REQUIRE(is_without_rowid(db, "moves") == (version == 1));
    Statement game = db.prepare("INSERT INTO games (id, table_id, room, white, black, time_control, start_fen, "
                                "white_ms, black_ms, started_at_ms) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)");
    Statement move = db.prepare("INSERT INTO moves (game_id, ply, seq, uci, san, white_ms, black_ms, at_ms) "
                                "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)");
    Statement event = db.prepare("INSERT INTO table_events (table_id, game_id, seq, kind, detail_json, at_ms) "
                                 "VALUES (?1, ?2, ?3, ?4, ?5, ?6)");
    Statement end = db.prepare("UPDATE games SET ended_at_ms = ?2, result = ?3, termination = ?4, end_detail = ?5, "
                               "final_white_ms = ?6, final_black_ms = ?7 WHERE id = ?1");
    for (const Write& record : history()) {
        if (const auto* g = std::get_if<GameStarted>(&record)) {
            game.bind(1, g->game_id).bind(2, g->table_id).bind(3, g->room).bind(4, g->white).bind(5, g->black);
            game.bind(6, g->time_control_json).bind(7, g->start_fen).bind(8, g->white_ms).bind(9, g->black_ms);
            game.bind(10, g->started_at_ms).run();
        } else if (const auto* m = std::get_if<MovePlayed>(&record)) {
            move.bind(1, m->game_id).bind(2, m->ply).bind(3, m->seq).bind(4, m->uci).bind(5, m->san);
            move.bind(6, m->white_ms).bind(7, m->black_ms).bind(8, m->at_ms).run();
        } else if (const auto* e = std::get_if<TableEvent>(&record)) {
            event.bind(1, e->table_id).bind(2, e->game_id).bind(3, e->seq).bind(4, to_text(e->kind));
            event.bind(5, e->detail_json).bind(6, e->at_ms).run();
        } else if (const auto* x = std::get_if<GameEnded>(&record)) {
            end.bind(1, x->game_id).bind(2, x->ended_at_ms).bind(3, to_text(x->result));
            end.bind(4, to_text(x->termination));
            end.bind(5, x->detail_json).bind(6, x->white_ms).bind(7, x->black_ms).run();
        }
    }
}

std::string games_output(const std::vector<std::string>& args)
{
    std::ostringstream out, err;
    const int code = rochade::cli::games_command(args, out, err);
    INFO(err.str());
    CHECK(code == 0);
    return out.str();
}

std::vector<std::string> plies_of(const std::vector<MovePlayed>& moves)
{
    std::vector<std::string> plies;
    for (const MovePlayed& m : moves)
        plies.push_back(std::to_string(m.ply) + " " + m.uci + " seq " + std::to_string(m.seq));
    return plies;
}

} // namespace

TEST_CASE("a version 1 or 2 database is migrated to the current version with every move and event, in order")
{
    const int old_version = GENERATE(1, 2);
    INFO("from version " << old_version);
    TempDatabase old_file("from-old");
    write_old_version(old_file.path(), old_version);
    // The same history written today: what every read of the migrated file must show.
    TempDatabase new_file("fresh");
    {
        SqliteWriter writer(new_file.path());
        writer.submit(history());
    }

    SqliteReader store(old_file.path()); // opening migrates
    {
        Database db(old_file.path(), OpenMode::ReadOnly);
        CHECK(db.query_int("PRAGMA user_version") == schema_version());
        CHECK_FALSE(is_without_rowid(db, "moves"));
        CHECK_FALSE(has_object(db, "index", "moves_by_game"));
        CHECK_FALSE(has_object(db, "table", "moves_v2"));
        CHECK(db.query_int("SELECT COUNT(*) FROM moves") == 6);
        CHECK(db.query_int("SELECT COUNT(*) FROM table_events") == 4);
        // Rowids follow each game's plies (version 2 copied version 1's rows in (game, ply)
        // order; version 2 itself stored them as they were played).
        CHECK(db.query_int("SELECT COUNT(*) FROM moves a JOIN moves b ON a.game_id = b.game_id "
                           "AND a.ply < b.ply AND a.id > b.id") == 0);
        // Version 3: each move names the one before it in its game, and the finished game its
        // last move and length; the running game's moves lie above its moves_after_id.
        CHECK(db.query_int("SELECT COUNT(*) FROM moves a JOIN moves b ON b.id = a.prev_id "
                           "AND b.game_id = a.game_id AND b.ply = a.ply - 1") == 4);
        CHECK(db.query_int("SELECT COUNT(*) FROM moves WHERE ply = 1 AND prev_id IS NULL") == 2);
        CHECK(db.query_int("SELECT COUNT(*) FROM games g JOIN moves m ON m.id = g.last_move_id "
                           "WHERE g.id = 1 AND m.ply = 4 AND g.plies = 4") == 1);
        CHECK(db.query_int("SELECT COUNT(*) FROM games WHERE id = 2 AND last_move_id IS NULL AND plies IS NULL") == 1);
        CHECK(db.query_int("SELECT COUNT(*) FROM moves m JOIN games g ON g.id = m.game_id "
                           "WHERE m.id <= g.moves_after_id") == 0);
        // Version 4: ids are handed out after the highest ever stored (a chat-only table counts).
        CHECK(db.query_int("SELECT next_free FROM id_blocks WHERE name = 'game'") == 3);
        CHECK(db.query_int("SELECT next_free FROM id_blocks WHERE name = 'table'") == 13);
        // Version 5: the folded nicks, filled by protocol::nick_key (SQL's lower() knows no 'Ö').
        CHECK(db.query_int("SELECT COUNT(*) FROM games WHERE id = 1 AND white_key = 'anna' AND black_key = 'bert'") ==
              1);
        CHECK(db.query_int("SELECT COUNT(*) FROM games WHERE id = 2 AND white_key = 'jörg' AND black_key = 'cem'") ==
              1);
    }
    GameQuery by_nick;
    by_nick.player = "JÖRG";
    const GamePage found = store.find_games(by_nick);
    REQUIRE(found.games.size() == 1);
    CHECK(found.games[0].game_id == 2);

    const auto finished = store.game_log(1);
    REQUIRE(finished.has_value());
    CHECK(plies_of(finished->moves) ==
          std::vector<std::string>{"1 f2f3 seq 2", "2 e7e5 seq 3", "3 g2g4 seq 5", "4 d8h4 seq 6"});
    REQUIRE(finished->events.size() == 2);
    CHECK(finished->events[1].kind == rochade::db::TableEventKind::DrawOffered);
    const auto running = store.unfinished_games();
    REQUIRE(running.size() == 1);
    CHECK(running[0].start.game_id == 2);
    CHECK(plies_of(running[0].moves) == std::vector<std::string>{"1 d2d4 seq 2", "2 d7d5 seq 3"});
    CHECK(running[0].last_seq == 3);
    CHECK(store.max_table_id() == 12);

    // rochade games prints exactly what it prints for the same history written today.
    for (const std::vector<std::string>& args :
         {std::vector<std::string>{"--db"}, std::vector<std::string>{"--db", "1"},
          std::vector<std::string>{"--db", "2"}}) {
        std::vector<std::string> old_args = args, new_args = args;
        old_args.insert(old_args.begin() + 1, old_file.path());
        new_args.insert(new_args.begin() + 1, new_file.path());
        INFO((args.size() == 1 ? std::string("the list") : "game " + args[1]));
        const std::string migrated = games_output(old_args);
        CHECK(migrated == games_output(new_args));
        CHECK_FALSE(migrated.empty());
    }
    CHECK_THAT(games_output({"--db", old_file.path(), "1"}),
               Catch::Contains("moves: 4\n") && Catch::Contains("  4. Qh4# (d8h4)  seq 6") &&
                   Catch::Contains("  seq 4  draw_offered") &&
                   Catch::Contains("1. f3 {[%clk 0:03:01]} 1... e5 {[%clk 0:03:01]} 2. g4 {[%clk 0:03:03]} 2... Qh4#\n"
                                   "{[%clk 0:03:02]} 0-1"));

    // The migrated game goes on: a new move lands after the copied ones; a stored ply is refused.
    std::vector<std::string> errors;
    {
        SqliteWriter writer(old_file.path(), [&errors](std::string message) { errors.push_back(std::move(message)); });
        writer.submit(MovePlayed{2, 3, 4, "c2c4", "c4", 0, 0, t0 + 5000});
        writer.submit(MovePlayed{2, 2, 5, "e7e5", "e5", 0, 0, t0 + 6000});
    }
    REQUIRE(errors.size() == 1);
    CHECK_THAT(errors[0], Catch::Contains("ply 2 of game 2") && Catch::Contains("stored already"));
    const auto continued = store.game_log(2);
    REQUIRE(continued.has_value());
    CHECK(plies_of(continued->moves) == std::vector<std::string>{"1 d2d4 seq 2", "2 d7d5 seq 3", "3 c2c4 seq 4"});
}

TEST_CASE("reading a game's moves and loading the writer's heads go by row id, without a sort")
{
    TempDatabase file("plans");
    Database db = open_migrated(file.path());
    // The statements of db/sqlite/sqlite_reader.cpp and db/sqlite/running_moves.h that read moves, with their parameters.
    const struct {
        const char* sql;
        std::vector<const char*> plan_must_hold;
    } cases[] = {
        {"WITH RECURSIVE chain (ply, seq, uci, san, white_ms, black_ms, at_ms, prev_id) AS ("
         "SELECT ply, seq, uci, san, white_ms, black_ms, at_ms, prev_id FROM moves WHERE id = ?1 AND game_id = ?2 "
         "UNION ALL SELECT m.ply, m.seq, m.uci, m.san, m.white_ms, m.black_ms, m.at_ms, m.prev_id "
         "FROM chain c JOIN moves m ON m.id = c.prev_id WHERE m.game_id = ?2) "
         "SELECT ply, seq, uci, san, white_ms, black_ms, at_ms FROM chain",
         {"SEARCH moves USING INTEGER PRIMARY KEY (rowid=?)", "SEARCH m USING INTEGER PRIMARY KEY (rowid=?)"}},
        {"SELECT id, game_id, ply, seq, uci, san, white_ms, black_ms, at_ms FROM moves WHERE id > ?1 ORDER BY id",
         {"SEARCH moves USING INTEGER PRIMARY KEY (rowid>?)"}},
        {"SELECT MAX(seq) FROM (SELECT seq FROM table_events WHERE table_id = ?1 UNION ALL SELECT m.seq FROM games g "
         "JOIN moves m ON m.id = g.last_move_id WHERE g.table_id = ?1)",
         {"SEARCH g USING INDEX games_by_table (table_id=?)", "SEARCH m USING INTEGER PRIMARY KEY (rowid=?)"}},
    };
    for (const auto& c : cases) {
        INFO(c.sql);
        std::string plan;
        Statement explain = db.prepare(std::string("EXPLAIN QUERY PLAN ") + c.sql);
        while (explain.step()) plan += explain.column_text(3) + "\n";
        INFO(plan);
        for (const char* step : c.plan_must_hold) CHECK(plan.find(step) != std::string::npos);
        CHECK(plan.find("TEMP B-TREE") == std::string::npos);
        CHECK(plan.find("SCAN moves") == std::string::npos);
        CHECK(plan.find("SCAN m\n") == std::string::npos);
    }
}

namespace {

// SQLite's plan for `sql`, one step a line.
std::string query_plan(Database& db, const std::string& sql)
{
    std::string plan;
    Statement explain = db.prepare("EXPLAIN QUERY PLAN " + sql);
    while (explain.step()) plan += explain.column_text(3) + "\n";
    return plan;
}

} // namespace

TEST_CASE("a search of the games by player or room goes through an index, without a full scan or a sort")
{
    TempDatabase file("search-plans");
    Database db = open_migrated(file.path());
    GameQuery by_player;
    by_player.player = "anna";
    GameQuery by_player_paged = by_player;
    by_player_paged.after = GameCursor{1700000000000, 7};
    by_player_paged.state = GameState::Finished;
    by_player_paged.result = rochade::Score::Draw;
    GameQuery by_room;
    by_room.room = 34;
    GameQuery by_room_paged = by_room;
    by_room_paged.after = GameCursor{1700000000000, 7};
    by_room_paged.started_from_ms = 1600000000000;
    by_room_paged.termination = rochade::Termination::FlagFall;
    GameQuery by_dates;
    by_dates.started_from_ms = 1600000000000;
    by_dates.started_before_ms = 1700000000000;
    GameQuery everything;
    everything.after = GameCursor{1700000000000, 7};
    GameQuery by_category;
    by_category.category = rochade::rating::RatingCategory::Blitz;
    by_category.public_rooms_only = true;
    GameQuery by_player_as_black;
    by_player_as_black.player = "anna";
    by_player_as_black.colour = PlayerColour::Black;
    by_player_as_black.outcome = PlayerOutcome::Won;
    GameQuery by_player_and_opponent = by_player;
    by_player_and_opponent.opponent = "bert";
    by_player_and_opponent.category = rochade::rating::RatingCategory::Rapid;
    by_player_and_opponent.public_rooms_only = true;
    GameQuery public_only = everything;
    public_only.public_rooms_only = true;
    const struct {
        const char* what;
        GameQuery query;
        std::vector<const char*> plan_must_hold;
    } cases[] = {
        {"player",
         by_player,
         {"USING INDEX games_by_white_key (white_key=?)", "USING INDEX games_by_black_key (black_key=?)"}},
        {"player, paged, filtered",
         by_player_paged,
         {"USING INDEX games_by_white_key (white_key=?", "USING INDEX games_by_black_key (black_key=?"}},
        {"room", by_room, {"USING INDEX games_by_room (room=?)"}},
        {"room, paged, filtered", by_room_paged, {"USING INDEX games_by_room (room=?"}},
        {"dates", by_dates, {"USING INDEX games_by_start (started_at_ms>? AND started_at_ms<?)"}},
        {"no filter, paged", everything, {"USING INDEX games_by_start (started_at_ms<?)"}},
        {"category, public rooms", by_category, {"USING INDEX games_by_category (category=?)"}},
        {"player as black, won", by_player_as_black, {"USING INDEX games_by_black_key (black_key=?)"}},
        {"player and opponent, category, public rooms",
         by_player_and_opponent,
         {"games_by_white_key", "games_by_black_key"}},
        {"public rooms only, paged", public_only, {"USING INDEX games_by_start (started_at_ms<?)"}},
    };
    for (const auto& c : cases) {
        INFO(c.what);
        const std::string sql = game_search_sql(c.query);
        INFO(sql);
        const std::string plan = query_plan(db, sql);
        INFO(plan);
        for (const char* step : c.plan_must_hold) CHECK(plan.find(step) != std::string::npos);
        CHECK(plan.find("SCAN") == std::string::npos); // searches only: no table or index is read whole
        CHECK(plan.find("TEMP B-TREE") == std::string::npos);
    }
}

TEST_CASE("a version 5 database is migrated to version 6: unrated games, folded chat nicks, the moderation tables")
{
    TempDatabase file("from-v5");
    {
        Database db(file.path(), OpenMode::ReadWriteCreate);
        configure_connection(db);
        migrate_to(db, 5);
        db.exec("INSERT INTO games (id, table_id, room, white, black, time_control, start_fen, white_ms, black_ms, "
                "started_at_ms, white_key, black_key) VALUES (1, 10, 34, 'Anna', 'Bert', '{}', '" +
                start_fen + "', 0, 0, 1, 'anna', 'bert')");
        db.exec("INSERT INTO room_chat (room, nick, text, at_ms) VALUES (34, 'JÜRGEN', 'Grüß Gott', 2)");
        db.exec("INSERT INTO table_events (table_id, game_id, seq, kind, detail_json, at_ms) "
                "VALUES (10, 1, 1, 'table_chat', '{\"from\":\"Anna\",\"text\":\"gl\"}', 3)");
        CHECK_FALSE(has_object(db, "table", "moderation_log"));
    }
    SqliteReader store(file.path()); // opening migrates (to the current version, past 6)
    Database db(file.path(), OpenMode::ReadWrite);
    CHECK(db.query_int("PRAGMA user_version") == schema_version());
    CHECK(db.query_int("SELECT rated FROM games WHERE id = 1") == 0);
    CHECK(db.query_int("SELECT COUNT(*) FROM room_chat WHERE nick_key = 'jürgen'") == 1);
    CHECK(db.query_int("SELECT COUNT(*) FROM moderation_log") == 0);
    CHECK(db.query_int("SELECT COUNT(*) FROM sanctions") == 0);

    // The old rows are found by the new reads.
    ChatQuery by_nick;
    by_nick.nick_key = "jürgen";
    const ChatPage room_lines = store.find_chat(by_nick);
    REQUIRE(room_lines.lines.size() == 1);
    CHECK(room_lines.lines[0].text == "Grüß Gott");
    ChatQuery in_room;
    in_room.room = 34;
    CHECK(store.find_chat(in_room).lines.size() == 2); // the table's chat belongs to its game's room
    GameQuery casual;
    casual.rated = false;
    CHECK(store.find_games(casual).games.size() == 1);
    casual.rated = true;
    CHECK(store.find_games(casual).games.empty());
}

TEST_CASE("a version 6 database is migrated to version 7: timed games get their category, untimed none")
{
    TempDatabase file("from-v6");
    {
        Database db(file.path(), OpenMode::ReadWriteCreate);
        configure_connection(db);
        migrate_to(db, 6);
        Statement game = db.prepare("INSERT INTO games (id, table_id, room, white, black, time_control, start_fen, "
                                    "white_ms, black_ms, started_at_ms, white_key, black_key) "
                                    "VALUES (?1, 10, 34, 'Anna', 'Bert', ?2, ?3, 0, 0, ?1, 'anna', 'bert')");
        const struct {
            int id;
            const char* time_control;
        } games[] = {
            {1, R"({"kind":"fischer","base_ms":180000,"increment_ms":2000})"}, // 180 + 40 x 2 = 260 s: blitz
            {2, R"({"kind":"untimed"})"},
            {3, R"({"kind":"sudden_death","base_ms":60000})"}, // bullet
            // The first stage counts: 90 minutes + 40 x 30 s is classical.
            {4, R"({"kind":"stages","stages":[{"time_ms":5400000,"moves":40},{"time_ms":1800000}],)"
                R"("increment_ms":30000})"},
            {5, R"({"kind":"delay","base_ms":600000,"delay_ms":5000})"}, // a delay adds nothing: rapid
            {6, "not json"},                                             // unreadable: none
        };
        for (const auto& g : games) game.bind(1, g.id).bind(2, g.time_control).bind(3, start_fen).run();
    }
    SqliteReader store(file.path()); // opening migrates
    Database db(file.path(), OpenMode::ReadWrite);
    CHECK(db.query_int("PRAGMA user_version") == schema_version());
    auto category_of = [&db](int id) {
        Statement row = db.prepare("SELECT category FROM games WHERE id = ?1");
        row.bind(1, id);
        REQUIRE(row.step());
        return row.column_is_null(0) ? std::string("NULL") : row.column_text(0);
    };
    CHECK(category_of(1) == "blitz");
    CHECK(category_of(2) == "NULL");
    CHECK(category_of(3) == "bullet");
    CHECK(category_of(4) == "classical");
    CHECK(category_of(5) == "rapid");
    CHECK(category_of(6) == "NULL");
    CHECK(db.query_int("SELECT COUNT(*) FROM ratings") == 0);
    CHECK(db.query_int("SELECT COUNT(*) FROM rating_changes") == 0);

    // The search by category finds the old games.
    GameQuery blitz;
    blitz.category = rochade::rating::RatingCategory::Blitz;
    const GamePage page = store.find_games(blitz);
    REQUIRE(page.games.size() == 1);
    CHECK(page.games[0].game_id == 1);
    CHECK(page.games[0].category == rochade::rating::RatingCategory::Blitz);
}

TEST_CASE(
    "a version 8 database is migrated to version 9: accounts get their skeletons, the oldest of look-alikes keeps "
    "its own")
{
    TempDatabase file("from-v7");
    {
        Database db(file.path(), OpenMode::ReadWriteCreate);
        configure_connection(db);
        migrate_to(db, 8);
        // Registered before the rule: "admın" (a dotless i) and "Adm1n" look like the older "admin".
        Statement account = db.prepare("INSERT INTO accounts (id, nick, nick_key, password_hash, created_at_ms, "
                                       "password_changed_at_ms) VALUES (?1, ?2, ?3, '$argon2id$x', 1, 1)");
        const struct {
            int id;
            const char* nick;
        } accounts[] = {{3, "admın"}, {1, "admin"}, {2, "Bert"}, {4, "Adm1n"}};
        for (const auto& a : accounts)
            account.bind(1, a.id).bind(2, a.nick).bind(3, rochade::protocol::nick_key(a.nick)).run();
    }
    SqliteReader store(file.path()); // opening migrates
    Database db(file.path(), OpenMode::ReadWrite);
    CHECK(db.query_int("PRAGMA user_version") == schema_version());
    auto skeleton_of = [&db](int id) {
        Statement row = db.prepare("SELECT nick_skeleton FROM accounts WHERE id = ?1");
        row.bind(1, id);
        REQUIRE(row.step());
        return row.column_is_null(0) ? std::string("NULL") : row.column_text(0);
    };
    CHECK(skeleton_of(1) == "adrnln");
    CHECK(skeleton_of(2) == "bert");
    CHECK(skeleton_of(3) == "NULL"); // younger look-alikes keep their account, without the skeleton
    CHECK(skeleton_of(4) == "NULL");
    // Each still found by its own nick; the skeleton finds the oldest.
    CHECK(store.account(rochade::protocol::nick_key("admın"))->id == 3);
    CHECK(store.account_by_skeleton("adrnln")->id == 1);
    // And no new look-alike gets in.
    Transaction transaction(db);
    CHECK_THROWS_AS(IdentityWrites(db).write(AccountCreated{"adm1n", "adm1n", "$argon2id$y", Role::Player, 2}),
                    DbError);
    CHECK_THROWS_WITH(IdentityWrites(db).write(AccountCreated{"ạdmin", "ạdmin", "$argon2id$y", Role::Player, 2}),
                      Catch::Contains("too similar to the registered nick 'admin'"));
    IdentityWrites(db).write(AccountCreated{"Bertha", "bertha", "$argon2id$y", Role::Player, 2});
}

TEST_CASE("a version 9 database is migrated to version 10: the public counts leave the secret rooms' games out")
{
    TempDatabase file("from-v8");
    {
        Database db(file.path(), OpenMode::ReadWriteCreate);
        configure_connection(db);
        migrate_to(db, 9);
        db.exec("INSERT INTO accounts (id, nick, nick_key, nick_skeleton, password_hash, created_at_ms, "
                "password_changed_at_ms) VALUES (1, 'Anna', 'anna', 'anna', 'h', 1, 1), "
                "(2, 'Bert', 'bert', 'bert', 'h', 1, 1)");
        // Anna: won in room 34 as white, lost in secret room -9 as black, drew in -9 as white.
        Statement game = db.prepare("INSERT INTO games (id, table_id, room, white, black, time_control, start_fen, "
                                    "white_ms, black_ms, started_at_ms, ended_at_ms, result, rated, category, "
                                    "white_account, black_account) VALUES (?1, 10, ?2, ?3, ?4, '{}', '" +
                                    start_fen + "', 0, 0, ?1, ?1, ?5, 1, 'blitz', ?6, ?7)");
        Statement change =
            db.prepare("INSERT INTO rating_changes (game_id, account_id, white, category, rating_before, "
                       "rd_before, volatility_before, rating_after, rd_after, volatility_after, at_ms) "
                       "VALUES (?1, ?2, ?3, 'blitz', 1500, 350, 0.06, 1500, 300, 0.06, ?1)");
        const struct {
            int id, room;
            const char *white, *black, *result;
        } games[] = {
            {1, 34, "Anna", "Bert", "1-0"}, {2, -9, "Bert", "Anna", "1-0"}, {3, -9, "Anna", "Bert", "1/2-1/2"}};
        for (const auto& g : games) {
            const int white = std::string(g.white) == "Anna" ? 1 : 2;
            game.bind(1, g.id).bind(2, g.room).bind(3, g.white).bind(4, g.black).bind(5, g.result);
            game.bind(6, white).bind(7, 3 - white).run();
            change.bind(1, g.id).bind(2, white).bind(3, 1).run();
            change.bind(1, g.id).bind(2, 3 - white).bind(3, 0).run();
        }
        db.exec("INSERT INTO ratings (account_id, category, rating, rd, volatility, games, wins, draws, losses, "
                "last_game_at_ms) VALUES (1, 'blitz', 1500, 300, 0.06, 3, 1, 1, 1, 3), "
                "(2, 'blitz', 1500, 300, 0.06, 3, 1, 1, 1, 3)");
    }
    SqliteReader store(file.path()); // opening migrates
    Database db(file.path(), OpenMode::ReadWrite);
    CHECK(db.query_int("PRAGMA user_version") == schema_version());
    const auto anna = store.player("anna");
    REQUIRE(anna);
    REQUIRE(anna->ratings.size() == 1);
    CHECK(anna->ratings[0].all == GameCounts{3, 1, 1, 1});
    CHECK(anna->ratings[0].in_public_rooms == GameCounts{1, 1, 0, 0});
    CHECK(store.player("bert")->ratings[0].in_public_rooms == GameCounts{1, 0, 0, 1});
}

TEST_CASE("a version 7 database is migrated to version 8: games get owner epoch 0, a game's events one per seq")
{
    TempDatabase file("from-v7");
    {
        Database db(file.path(), OpenMode::ReadWriteCreate);
        configure_connection(db);
        migrate_to(db, 7);
        db.exec("INSERT INTO games (id, table_id, room, white, black, time_control, start_fen, white_ms, black_ms, "
                "started_at_ms, white_key, black_key) VALUES (1, 10, 34, 'Anna', 'Bert', '{}', '', 0, 0, 1, 'anna', "
                "'bert')");
        // Seq 7 stored twice (a node that wrote on after its table was taken over), and two
        // events without a game under one seq (not constrained).
        db.exec("INSERT INTO table_events (id, table_id, game_id, seq, kind, detail_json, at_ms) VALUES "
                "(1, 10, 1, 6, 'draw_offered', '{}', 1), (2, 10, 1, 7, 'player_disconnected', '{}', 2), "
                "(3, 10, 1, 7, 'player_reconnected', '{}', 3), (4, 10, NULL, 2, 'table_chat', '{}', 4), "
                "(5, 10, NULL, 2, 'table_chat', '{}', 5)");
    }
    SqliteReader store(file.path()); // opening migrates
    Database db(file.path(), OpenMode::ReadWrite);
    CHECK(db.query_int("PRAGMA user_version") == schema_version());
    CHECK(db.query_int("SELECT owner_epoch FROM games WHERE id = 1") == 0);
    CHECK(db.query_int("SELECT COUNT(*) FROM table_events WHERE game_id = 1 AND seq = 7") == 1);
    CHECK(db.query_int("SELECT id FROM table_events WHERE game_id = 1 AND seq = 7") == 2); // the first stored
    CHECK(db.query_int("SELECT COUNT(*) FROM table_events") == 4);
    CHECK_THROWS_AS(db.exec("INSERT INTO table_events (table_id, game_id, seq, kind, detail_json, at_ms) VALUES "
                            "(10, 1, 6, 'table_chat', '{}', 6)"),
                    DbError);
}

TEST_CASE("a version 12 database is migrated to version 13: games are standard, ratings kept, chess960 admitted")
{
    TempDatabase file("from-v12");
    {
        Database db(file.path(), OpenMode::ReadWriteCreate);
        configure_connection(db);
        migrate_to(db, 12);
        db.exec("INSERT INTO accounts (id, nick, nick_key, nick_skeleton, password_hash, created_at_ms, "
                "password_changed_at_ms) VALUES (1, 'Anna', 'anna', 'anna', 'h', 1, 1), "
                "(2, 'Bert', 'bert', 'bert', 'h', 1, 1)");
        db.exec("INSERT INTO games (id, table_id, room, white, black, time_control, start_fen, white_ms, black_ms, "
                "started_at_ms, ended_at_ms, result, rated, category, white_account, black_account) VALUES (1, 10, "
                "34, 'Anna', 'Bert', '{}', '" +
                start_fen + "', 0, 0, 1, 2, '1-0', 1, 'blitz', 1, 2)");
        db.exec("INSERT INTO rating_changes (game_id, account_id, white, category, rating_before, rd_before, "
                "volatility_before, rating_after, rd_after, volatility_after, at_ms) VALUES "
                "(1, 1, 1, 'blitz', 1500, 350, 0.06, 1600, 300, 0.06, 2)");
        db.exec(
            "INSERT INTO ratings (account_id, category, rating, rd, volatility, games, wins, draws, losses, "
            "last_game_at_ms, public_games, public_wins) VALUES (1, 'blitz', 1600, 300, 0.06, 1, 1, 0, 0, 2, 1, 1)");
        CHECK_THROWS(db.exec("INSERT INTO ratings (account_id, category, rating, rd, volatility, games, wins, draws, "
                             "losses, last_game_at_ms) VALUES (2, 'chess960', 1500, 350, 0.06, 0, 0, 0, 0, 2)"));
    }
    SqliteReader store(file.path()); // opening migrates
    Database db(file.path(), OpenMode::ReadWrite);
    CHECK(db.query_int("PRAGMA user_version") == schema_version());
    CHECK(db.query_int("SELECT COUNT(*) FROM pragma_foreign_key_check") == 0);
    const auto anna = store.player("anna");
    REQUIRE(anna);
    REQUIRE(anna->ratings.size() == 1);
    CHECK(anna->ratings[0].all == GameCounts{1, 1, 0, 0});
    CHECK(anna->ratings[0].in_public_rooms == GameCounts{1, 1, 0, 0});
    CHECK(db.query_int("SELECT COUNT(*) FROM rating_changes WHERE game_id = 1") == 1);
    CHECK(db.query_int("SELECT COUNT(*) FROM games WHERE variant = 'standard' AND chess960 IS NULL") == 1);
    db.exec("INSERT INTO ratings (account_id, category, rating, rd, volatility, games, wins, draws, losses, "
            "last_game_at_ms) VALUES (2, 'chess960', 1500, 350, 0.06, 0, 0, 0, 0, 2)");
    CHECK_THROWS(db.exec("UPDATE games SET variant = 'atomic' WHERE id = 1"));
    CHECK_THROWS(db.exec("UPDATE games SET chess960 = 960 WHERE id = 1"));
}

TEST_CASE("a version 13 database is migrated to version 14: every account takes challenges from everyone")
{
    TempDatabase file("from-v13");
    {
        Database db(file.path(), OpenMode::ReadWriteCreate);
        configure_connection(db);
        migrate_to(db, 13);
        db.exec("INSERT INTO accounts (id, nick, nick_key, nick_skeleton, password_hash, created_at_ms, "
                "password_changed_at_ms) VALUES (1, 'Anna', 'anna', 'anna', 'h', 1, 1)");
    }
    SqliteReader store(file.path()); // opening migrates
    Database db(file.path(), OpenMode::ReadWrite);
    CHECK(db.query_int("PRAGMA user_version") == schema_version());
    const auto anna = store.account("anna");
    REQUIRE(anna);
    CHECK(anna->challenge_policy == rochade::protocol::ChallengePolicy::Everyone);
    db.exec("UPDATE accounts SET challenge_policy = 'nobody' WHERE id = 1");
    CHECK(store.account("anna")->challenge_policy == rochade::protocol::ChallengePolicy::Nobody);
    CHECK_THROWS(db.exec("UPDATE accounts SET challenge_policy = 'friends' WHERE id = 1"));
}
