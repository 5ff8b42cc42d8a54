// The store's tournaments (db/tournament_records.h), on both backends (tests/db/store_backend.h):
// an event is created registering and moves only along its states, players register once in
// order, a round is paired once and only as the next round, a board gets one table and one
// result (a correction aside), and everything reads back as a restarted service needs it; and
// the migration that adds the tables keeps what was stored before it.
#include <catch2/catch.hpp>

#include <optional>
#include <string>
#include <vector>

#include "db/pg/pg.h"
#include "db/pg/pg_migrations.h"
#include "db/pg/postgres_store.h"
#include "db/sqlite/migrations.h"
#include "db/sqlite/sqlite.h"
#include "db/sqlite/sqlite_reader.h"
#include "store_backend.h"
#include "temp_database.h"

using namespace rochade::db;
using rochade::db::testing::check_refused;
using rochade::db::testing::store_now;
using rochade::db::testing::TempDatabase;
using rochade::db::testing::TestReader;
using rochade::db::testing::TestStore;
using rochade::db::testing::TestWriter;

namespace {

constexpr std::int64_t t0 = 1800000000000;

TournamentCreated swiss(std::int64_t id = 7)
{
    TournamentCreated created;
    created.id = id;
    created.name = "Winter Swiss";
    created.system = "swiss";
    created.rounds = 5;
    created.time_control_json = R"({"stages":[{"minutes":3}],"increment_seconds":2})";
    created.rated = true;
    created.director_nick = "Anna";
    created.director_key = "anna";
    created.settings_json = R"({"late_entry_until_round":2,"forbidden_pairs":[["bert","carl"]]})";
    created.created_at_ms = t0;
    return created;
}

TournamentPlayerJoined joined(const std::string& nick, int rating, int first_round = 1)
{
    return TournamentPlayerJoined{7, nick, nick, rating, first_round, t0 + 1};
}

TournamentPairing game(int board, std::string white, std::string black)
{
    return TournamentPairing{board, std::move(white), std::move(black), std::nullopt};
}

TournamentPairing bye(int board, std::string player, std::string kind)
{
    return TournamentPairing{board, std::move(player), std::nullopt, std::move(kind)};
}

// A running Swiss with five players, the last a late entry from round 2.
void running_swiss(StoreWriter& writer)
{
    REQUIRE_FALSE(store_now(writer, swiss()));
    for (const char* nick : {"bert", "carl", "dora", "emil"}) REQUIRE_FALSE(store_now(writer, joined(nick, 1500)));
    REQUIRE_FALSE(store_now(writer, TournamentStateChanged{7, "registering", "running", t0 + 2}));
    REQUIRE_FALSE(store_now(writer, joined("fritz", 1400, 2)));
}

} // namespace

TEST_CASE("a tournament is stored registering and read back as written, newest first in the list")
{
    TestStore store("tournament-read");
    TestWriter writer(store);
    REQUIRE_FALSE(store_now(writer, swiss(7)));
    auto round_robin = swiss(8);
    round_robin.system = "round_robin";
    round_robin.rated = false;
    REQUIRE_FALSE(store_now(writer, round_robin));
    TestReader reader(store);
    const auto log = reader.tournament(7);
    REQUIRE(log);
    const TournamentCreated& c = log->tournament.created;
    CHECK(c.name == "Winter Swiss");
    CHECK(c.system == "swiss");
    CHECK(c.rounds == 5);
    CHECK(c.time_control_json == R"({"stages":[{"minutes":3}],"increment_seconds":2})");
    CHECK(c.rated);
    CHECK(c.director_nick == "Anna");
    CHECK(c.director_key == "anna");
    CHECK(c.settings_json == R"({"late_entry_until_round":2,"forbidden_pairs":[["bert","carl"]]})");
    CHECK(c.created_at_ms == t0);
    CHECK(log->tournament.state == "registering");
    CHECK_FALSE(log->tournament.started_at_ms);
    CHECK(log->players.empty());
    CHECK(log->rounds.empty());
    CHECK_FALSE(reader.tournament(9));
    const auto all = reader.tournaments();
    REQUIRE(all.size() == 2);
    CHECK(all[0].created.id == 8);
    CHECK(all[0].created.system == "round_robin");
    CHECK_FALSE(all[0].created.rated);
    CHECK(all[1].created.id == 7);
}

TEST_CASE("a tournament with a taken id, an unknown system or no rounds is refused")
{
    TestStore store("tournament-refused");
    TestWriter writer(store);
    REQUIRE_FALSE(store_now(writer, swiss(7)));
    check_refused(writer, swiss(7));
    auto knockout = swiss(8);
    knockout.system = "knockout";
    check_refused(writer, knockout);
    auto no_rounds = swiss(9);
    no_rounds.rounds = 0;
    check_refused(writer, no_rounds);
    TestReader reader(store);
    CHECK(reader.tournaments().size() == 1);
}

TEST_CASE("a tournament moves only along its states, and only from the state stored")
{
    TestStore store("tournament-states");
    TestWriter writer(store);
    REQUIRE_FALSE(store_now(writer, swiss()));
    check_refused(writer, TournamentStateChanged{7, "registering", "paused", t0 + 1});  // not a step
    check_refused(writer, TournamentStateChanged{7, "running", "paused", t0 + 1});      // it is registering
    check_refused(writer, TournamentStateChanged{8, "registering", "running", t0 + 1}); // no such tournament
    REQUIRE_FALSE(store_now(writer, TournamentStateChanged{7, "registering", "running", t0 + 10}));
    check_refused(writer, TournamentStateChanged{7, "registering", "running", t0 + 11}); // a second start
    REQUIRE_FALSE(store_now(writer, TournamentStateChanged{7, "running", "paused", t0 + 20}));
    REQUIRE_FALSE(store_now(writer, TournamentStateChanged{7, "paused", "running", t0 + 30}));
    TestReader reader(store);
    CHECK(reader.tournament(7)->tournament.started_at_ms == std::optional<std::int64_t>(t0 + 10));
    REQUIRE_FALSE(store_now(writer, TournamentStateChanged{7, "running", "finished", t0 + 40}));
    check_refused(writer, TournamentStateChanged{7, "finished", "running", t0 + 50});
    const auto log = reader.tournament(7);
    CHECK(log->tournament.state == "finished");
    CHECK(log->tournament.finished_at_ms == std::optional<std::int64_t>(t0 + 40));
}

TEST_CASE("players register once each, in order, withdraw and return, none joins a finished tournament")
{
    TestStore store("tournament-players");
    TestWriter writer(store);
    running_swiss(writer);
    check_refused(writer, joined("carl", 1600));                                   // registered already
    check_refused(writer, TournamentPlayerJoined{8, "Gina", "gina", 1500, 1, t0}); // no such tournament
    REQUIRE_FALSE(store_now(writer, TournamentPlayerWithdrawn{7, "dora", 3}));
    check_refused(writer, TournamentPlayerWithdrawn{7, "dora", 4}); // withdrawn already
    check_refused(writer, TournamentPlayerWithdrawn{7, "hans", 3}); // not registered
    check_refused(writer, TournamentPlayerReadmitted{7, "emil"});   // not withdrawn
    TestReader reader(store);
    auto log = reader.tournament(7);
    REQUIRE(log->players.size() == 5);
    const std::vector<std::string> order = {"bert", "carl", "dora", "emil", "fritz"};
    for (std::size_t i = 0; i < order.size(); ++i) {
        CHECK(log->players[i].nick_key == order[i]);
        CHECK(log->players[i].entry == static_cast<int>(i) + 1);
    }
    CHECK(log->players[2].withdrawn_from_round == std::optional<int>(3));
    CHECK(log->players[4].first_round == 2);
    CHECK(log->players[4].rating == 1400);
    REQUIRE_FALSE(store_now(writer, TournamentPlayerReadmitted{7, "dora"}));
    CHECK_FALSE(reader.tournament(7)->players[2].withdrawn_from_round);

    REQUIRE_FALSE(store_now(writer, TournamentStateChanged{7, "running", "finished", t0 + 5}));
    check_refused(writer, joined("gina", 1500));
}

TEST_CASE("a player's half-point bye request is stored and taken back, refused for a withdrawn or unknown player")
{
    TestStore store("tournament-byes");
    TestWriter writer(store);
    running_swiss(writer);
    REQUIRE_FALSE(store_now(writer, TournamentByeRequested{7, "bert", 2}));
    REQUIRE_FALSE(store_now(writer, TournamentPlayerWithdrawn{7, "dora", 3}));
    check_refused(writer, TournamentByeRequested{7, "dora", 3}); // withdrawn
    check_refused(writer, TournamentByeRequested{7, "hans", 2}); // not registered
    check_refused(writer, TournamentByeRequested{7, "carl", 0}); // no such round
    TestReader reader(store);
    const auto log = reader.tournament(7);
    CHECK(log->players[0].bye_round == std::optional<int>(2));
    CHECK_FALSE(log->players[1].bye_round);
    REQUIRE_FALSE(store_now(writer, TournamentByeRequested{7, "bert", std::nullopt}));
    CHECK_FALSE(reader.tournament(7)->players[0].bye_round);
}

TEST_CASE("a round is paired once, only as the next round, only with registered players")
{
    TestStore store("tournament-rounds");
    TestWriter writer(store);
    REQUIRE_FALSE(store_now(writer, swiss()));
    for (const char* nick : {"bert", "carl", "dora", "emil", "fritz"})
        REQUIRE_FALSE(store_now(writer, joined(nick, 1500)));
    const TournamentRoundPaired first{
        7, 1, {game(1, "bert", "carl"), game(2, "dora", "emil"), bye(3, "fritz", "pairing_allocated")}, t0 + 3};
    check_refused(writer, first); // still registering
    REQUIRE_FALSE(store_now(writer, TournamentStateChanged{7, "registering", "running", t0 + 2}));
    check_refused(writer, TournamentRoundPaired{7, 2, {game(1, "bert", "carl")}, t0 + 3}); // not the next
    check_refused(writer, TournamentRoundPaired{7, 1, {game(1, "bert", "hans")}, t0 + 3}); // not registered
    check_refused(writer, TournamentRoundPaired{7, 1, {game(1, "bert", "carl"), game(2, "carl", "dora")}, t0 + 3});
    check_refused(writer, TournamentRoundPaired{7, 1, {bye(1, "bert", "full_point")}, t0 + 3}); // unknown bye
    check_refused(writer, TournamentRoundPaired{7, 1, {TournamentPairing{1, "bert", std::nullopt, std::nullopt}}, t0});
    REQUIRE_FALSE(store_now(writer, first));
    check_refused(writer, first); // never twice

    TestReader reader(store);
    const auto log = reader.tournament(7);
    REQUIRE(log->rounds.size() == 1);
    CHECK(log->rounds[0].round == 1);
    CHECK(log->rounds[0].paired_at_ms == t0 + 3);
    const auto& boards = log->rounds[0].boards;
    REQUIRE(boards.size() == 3);
    CHECK(boards[0].pairing.white_key == "bert");
    CHECK(boards[0].pairing.black_key == std::optional<std::string>("carl"));
    CHECK_FALSE(boards[0].pairing.bye);
    CHECK(boards[0].result == "pending");
    CHECK_FALSE(boards[0].table_id);
    CHECK(boards[2].pairing.white_key == "fritz");
    CHECK_FALSE(boards[2].pairing.black_key);
    CHECK(boards[2].pairing.bye == std::optional<std::string>("pairing_allocated"));
}

TEST_CASE("a board gets one table and one result, only a correction changes the result, a bye has neither")
{
    TestStore store("tournament-results");
    TestWriter writer(store);
    running_swiss(writer);
    REQUIRE_FALSE(store_now(
        writer, TournamentRoundPaired{
                    7, 1, {game(1, "bert", "carl"), game(2, "dora", "emil"), bye(3, "fritz", "half_point")}, t0 + 3}));
    REQUIRE_FALSE(store_now(writer, TournamentGameStarted{7, 1, 1, 31, 501}));
    REQUIRE_FALSE(store_now(writer, TournamentGameStarted{7, 1, 2, 32, 502}));
    check_refused(writer, TournamentGameStarted{7, 1, 1, 33, 503}); // a table already
    check_refused(writer, TournamentGameStarted{7, 1, 3, 34, 504}); // a bye
    check_refused(writer, TournamentGameStarted{7, 1, 4, 35, 505}); // no such board

    REQUIRE_FALSE(
        store_now(writer, TournamentResultRecorded{7, 1, 1, "white_wins", false, std::nullopt, false, false}));
    REQUIRE_FALSE(store_now(
        writer, TournamentResultRecorded{7, 1, 2, "black_wins_by_forfeit", false, std::nullopt, false, false}));
    check_refused(writer, TournamentResultRecorded{7, 1, 1, "draw", false, std::nullopt, false, false}); // has a result
    check_refused(writer, TournamentResultRecorded{7, 1, 3, "white_wins", false, std::nullopt, false, false}); // a bye
    check_refused(writer,
                  TournamentResultRecorded{7, 1, 1, "pending", true, std::nullopt, false, false}); // not a result
    check_refused(writer,
                  TournamentResultRecorded{7, 1, 1, "white_resigns", true, std::nullopt, false, false}); // unknown word
    REQUIRE_FALSE(store_now(
        writer, TournamentResultRecorded{7, 1, 1, "draw", true, std::nullopt, false, false})); // the director corrects

    TestReader reader(store);
    const auto boards = reader.tournament(7)->rounds.at(0).boards;
    CHECK(boards[0].table_id == std::optional<std::int64_t>(31));
    CHECK(boards[0].game_id == std::optional<std::int64_t>(501));
    CHECK(boards[0].result == "draw");
    CHECK(boards[1].result == "black_wins_by_forfeit");
    CHECK(boards[2].result == "pending");
    CHECK_FALSE(boards[2].table_id);

    // The next round follows; a round past it does not.
    REQUIRE_FALSE(store_now(writer, TournamentRoundPaired{7, 2, {game(1, "carl", "fritz")}, t0 + 9}));
    check_refused(writer, TournamentRoundPaired{7, 4, {game(1, "bert", "emil")}, t0 + 9});
    CHECK(reader.tournament(7)->rounds.size() == 2);
}

TEST_CASE("an arena's result keeps the game's half moves and berserks, a correction keeps them")
{
    TestStore store("tournament-arena-results");
    TestWriter writer(store);
    auto arena = swiss();
    arena.system = "arena";
    arena.rounds = 1;
    REQUIRE_FALSE(store_now(writer, arena));
    for (const char* nick : {"bert", "carl", "dora", "emil"}) REQUIRE_FALSE(store_now(writer, joined(nick, 1500)));
    REQUIRE_FALSE(store_now(writer, TournamentStateChanged{7, "registering", "running", t0 + 2}));
    REQUIRE_FALSE(
        store_now(writer, TournamentRoundPaired{7, 1, {game(1, "bert", "carl"), game(2, "dora", "emil")}, t0 + 3}));
    REQUIRE_FALSE(store_now(writer, TournamentResultRecorded{7, 1, 1, "white_wins", false, 23, true, false}));
    REQUIRE_FALSE(store_now(writer, TournamentResultRecorded{7, 1, 2, "draw", false, 8, true, true}));
    check_refused(writer, TournamentResultRecorded{7, 1, 2, "draw", true, -1, false, false}); // no such length
    REQUIRE_FALSE(store_now(writer, TournamentResultRecorded{7, 1, 1, "black_wins", true, std::nullopt, false, false}));

    TestReader reader(store);
    const auto log = reader.tournament(7);
    CHECK(log->tournament.created.system == "arena");
    const auto& boards = log->rounds.at(0).boards;
    CHECK(boards[0].result == "black_wins");
    CHECK(boards[0].plies == std::optional<int>(23));
    CHECK(boards[0].white_berserk);
    CHECK_FALSE(boards[0].black_berserk);
    CHECK(boards[1].plies == std::optional<int>(8));
    CHECK(boards[1].white_berserk);
    CHECK(boards[1].black_berserk);
}

TEST_CASE("the arena migration takes arenas and keeps the boards stored before it")
{
    TempDatabase file("arena-migration");
    {
        Database db(file.path(), OpenMode::ReadWriteCreate);
        configure_connection(db);
        migrate_to(db, 18); // the version before the arena
        db.exec("INSERT INTO tournaments (id, name, system, rounds, time_control, rated, director_nick, director_key, "
                "settings, state, created_at_ms) VALUES (7, 'Herbst', 'swiss', 5, '\"3+2\"', 0, 'Anna', 'anna', '{}', "
                "'running', 1)");
        db.exec("INSERT INTO tournament_players (tournament_id, nick_key, nick, entry, rating, first_round, "
                "joined_at_ms) VALUES (7, 'bert', 'Bert', 1, 1500, 1, 2), (7, 'carl', 'Carl', 2, 1500, 1, 2)");
        db.exec("INSERT INTO tournament_rounds (tournament_id, round, paired_at_ms) VALUES (7, 1, 3)");
        db.exec("INSERT INTO tournament_pairings (tournament_id, round, board, white_key, black_key, result) "
                "VALUES (7, 1, 1, 'bert', 'carl', 'draw')");
    }
    SqliteReader store(file.path()); // opening migrates
    const auto board = store.tournament(7)->rounds.at(0).boards.at(0);
    CHECK(board.result == "draw");
    CHECK_FALSE(board.plies);
    CHECK_FALSE(board.white_berserk);
    Database db(file.path(), OpenMode::ReadWrite);
    CHECK(db.query_int("PRAGMA user_version") == schema_version());
    db.exec("INSERT INTO tournaments (id, name, system, rounds, time_control, rated, director_nick, director_key, "
            "settings, state, created_at_ms) VALUES (8, 'Blitz', 'arena', 1, '{}', 0, 'Anna', 'anna', '{}', "
            "'registering', 1)");
    CHECK(store.tournament(8)->tournament.created.system == "arena");
    CHECK_THROWS(db.exec("UPDATE tournament_pairings SET white_berserk = 2"));
}

TEST_CASE("the tournaments migration adds the tables and keeps what the version before it stored")
{
    TempDatabase file("tournaments-migration");
    {
        Database db(file.path(), OpenMode::ReadWriteCreate);
        configure_connection(db);
        migrate_to(db, 15); // the version before tournaments
        CHECK(db.query_int("SELECT count(*) FROM sqlite_master WHERE name = 'tournaments'") == 0);
        db.exec("INSERT INTO accounts (id, nick, nick_key, nick_skeleton, password_hash, created_at_ms, "
                "password_changed_at_ms) VALUES (1, 'Anna', 'anna', 'anna', 'h', 1, 1)");
    }
    SqliteReader store(file.path()); // opening migrates
    Database db(file.path(), OpenMode::ReadWrite);
    CHECK(db.query_int("PRAGMA user_version") == schema_version());
    CHECK(store.account("anna"));
    CHECK(store.tournaments().empty());
    CHECK_THROWS(db.exec("INSERT INTO tournaments (id, name, system, rounds, time_control, rated, director_nick, "
                         "director_key, settings, state, created_at_ms) VALUES (1, 'T', 'knockout', 3, '{}', 0, "
                         "'Anna', 'anna', '{}', 'registering', 1)"));
}

TEST_CASE("the byes migration keeps the players stored before it, with no bye asked for")
{
    TempDatabase file("byes-migration");
    {
        Database db(file.path(), OpenMode::ReadWriteCreate);
        configure_connection(db);
        migrate_to(db, 17); // the version before byes
        db.exec("INSERT INTO tournaments (id, name, system, rounds, time_control, rated, director_nick, director_key, "
                "settings, state, created_at_ms) VALUES (7, 'Herbst', 'swiss', 5, '\"3+2\"', 0, 'Anna', 'anna', '{}', "
                "'registering', 1)");
        db.exec("INSERT INTO tournament_players (tournament_id, nick_key, nick, entry, rating, first_round, "
                "joined_at_ms) VALUES (7, 'bert', 'Bert', 1, 1500, 1, 2)");
    }
    SqliteReader store(file.path()); // opening migrates
    const auto log = store.tournament(7);
    REQUIRE(log);
    REQUIRE(log->players.size() == 1);
    CHECK(log->players[0].nick == "Bert");
    CHECK_FALSE(log->players[0].bye_round);
    Database db(file.path(), OpenMode::ReadWrite);
    CHECK(db.query_int("PRAGMA user_version") == schema_version());
    CHECK_THROWS(db.exec("UPDATE tournament_players SET bye_round = 0 WHERE nick_key = 'bert'"));
}

TEST_CASE("PostgreSQL: the tournaments migration adds the tables and keeps what the version before it stored",
          "[postgres]")
{
    const auto server = rochade::db::testing::postgres_server_url();
    if (!server) {
        WARN("ROCHADE_TEST_POSTGRES is not set: skipped");
        return;
    }
    rochade::db::testing::PgTestDatabase database(*server);
    pg::Connection connection(database.url(), pg::ConnectOptions{});
    pg::migrate_to(connection, 9); // the version before tournaments
    CHECK(connection.query_int("SELECT count(*) FROM pg_catalog.pg_tables WHERE tablename = 'tournaments'") == 0);
    connection.exec("INSERT INTO accounts (id, nick, nick_key, nick_skeleton, password_hash, created_at_ms, "
                    "password_changed_at_ms) VALUES (1, 'Anna', 'anna', 'anna', 'h', 1, 1)");
    pg::migrate(connection);
    CHECK(pg::stored_version(connection) == pg::pg_schema_version());
    auto reader = open_postgres_reader(database.url());
    CHECK(reader->account("anna"));
    CHECK(reader->tournaments().empty());
    CHECK_THROWS(connection.exec("INSERT INTO tournaments (id, name, system, rounds, time_control, rated, "
                                 "director_nick, director_key, settings, state, created_at_ms) VALUES (1, 'T', "
                                 "'knockout', 3, '{}', false, 'Anna', 'anna', '{}', 'registering', 1)"));
}

TEST_CASE("PostgreSQL: the arena migration takes arenas and keeps the boards stored before it", "[postgres]")
{
    const auto server = rochade::db::testing::postgres_server_url();
    if (!server) {
        WARN("ROCHADE_TEST_POSTGRES is not set: skipped");
        return;
    }
    rochade::db::testing::PgTestDatabase database(*server);
    pg::Connection connection(database.url(), pg::ConnectOptions{});
    pg::migrate_to(connection, 12); // the version before the arena
    connection.exec("INSERT INTO tournaments (id, name, system, rounds, time_control, rated, director_nick, "
                    "director_key, settings, state, created_at_ms) VALUES (7, 'Herbst', 'swiss', 5, '\"3+2\"', "
                    "false, 'Anna', 'anna', '{}', 'running', 1)");
    connection.exec("INSERT INTO tournament_players (tournament_id, nick_key, nick, entry, rating, first_round, "
                    "joined_at_ms) VALUES (7, 'bert', 'Bert', 1, 1500, 1, 2), (7, 'carl', 'Carl', 2, 1500, 1, 2)");
    connection.exec("INSERT INTO tournament_rounds (tournament_id, round, paired_at_ms) VALUES (7, 1, 3)");
    connection.exec("INSERT INTO tournament_pairings (tournament_id, round, board, white_key, black_key, result) "
                    "VALUES (7, 1, 1, 'bert', 'carl', 'draw')");
    pg::migrate(connection);
    CHECK(pg::stored_version(connection) == pg::pg_schema_version());
    auto reader = open_postgres_reader(database.url());
    const auto board = reader->tournament(7)->rounds.at(0).boards.at(0);
    CHECK(board.result == "draw");
    CHECK_FALSE(board.plies);
    CHECK_FALSE(board.white_berserk);
    connection.exec("INSERT INTO tournaments (id, name, system, rounds, time_control, rated, director_nick, "
                    "director_key, settings, state, created_at_ms) VALUES (8, 'Blitz', 'arena', 1, '{}', false, "
                    "'Anna', 'anna', '{}', 'registering', 1)");
    CHECK(reader->tournament(8)->tournament.created.system == "arena");
}
