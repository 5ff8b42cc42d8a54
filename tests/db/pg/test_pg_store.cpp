// db/pg/: what only PostgreSQL has to get right: migrations by several nodes at once, a server
// that refuses the connection, and one that goes away in the middle of a batch. Tagged
// [postgres]; they need ROCHADE_TEST_POSTGRES (scripts/postgres.sh start build/postgres prints
// it) and pass with a warning without it. The rest of the store's suite runs on PostgreSQL too
// through tests/db/store_backend.h (ctest label "postgres").
#include <catch2/catch.hpp>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <future>
#include <thread>
#include <unistd.h>

#include "db/pg/pg.h"
#include "db/pg/pg_migrations.h"
#include "db/pg/pg_store.h"
#include "db/pg/pg_writer.h"
#include "db/pg/postgres_store.h"
#include "protocol/nick.h"
#include "../store_backend.h"

using namespace rochade::db;
using namespace rochade::db::testing;

namespace {

#define NEEDS_POSTGRES()                                                                                               \
    const auto server = postgres_server_url();                                                                         \
    if (!server) {                                                                                                     \
        WARN("skipped: set ROCHADE_TEST_POSTGRES (scripts/postgres.sh start build/postgres prints the URL)");          \
        return;                                                                                                        \
    }

GameStarted game(std::int64_t id)
{
    GameStarted start;
    start.game_id = id;
    start.table_id = 100 + id;
    start.room = 35;
    start.white = "Anna";
    start.black = "Bert";
    start.time_control_json = R"({"kind":"sudden_death","base_ms":300000})";
    start.start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    start.white_ms = start.black_ms = 300000;
    start.started_at_ms = 1700000000000 + id;
    return start;
}

MovePlayed move(std::int64_t game_id, int ply)
{
    return MovePlayed{game_id, ply, ply + 1, "e2e4", "e4", 300000, 300000, 1700000000000 + ply};
}

// Waits for `done` and gives its error.
struct Outcome {
    std::promise<std::optional<StoreError>> promise;
    std::future<std::optional<StoreError>> future = promise.get_future();
    WriteDone done()
    {
        return [this](std::optional<StoreError> error) { promise.set_value(std::move(error)); };
    }
    std::optional<StoreError> get()
    {
        REQUIRE(future.wait_for(std::chrono::seconds(30)) == std::future_status::ready);
        return future.get();
    }
};

} // namespace

TEST_CASE("a fresh PostgreSQL database is migrated to the current version once", "[postgres]")
{
    NEEDS_POSTGRES();
    PgTestDatabase database(*server);
    pg::Connection connection(database.url(), pg::ConnectOptions{});
    CHECK(pg::stored_version(connection) == 0);
    pg::migrate(connection);
    CHECK(pg::stored_version(connection) == pg::pg_schema_version());
    pg::migrate(connection); // again: nothing to do
    CHECK(connection.query_int("SELECT count(*) FROM schema_version") == pg::pg_schema_version());
}

TEST_CASE("two nodes migrating the same database at once migrate it once", "[postgres]")
{
    NEEDS_POSTGRES();
    PgTestDatabase database(*server);
    for (int round = 0; round < 3; ++round) {
        pg::Connection reset(database.url(), pg::ConnectOptions{});
        reset.exec("DROP SCHEMA public CASCADE; CREATE SCHEMA public");
        auto node = [&database] {
            pg::Connection connection(database.url(), pg::ConnectOptions{});
            pg::migrate(connection);
            return pg::stored_version(connection);
        };
        auto first = std::async(std::launch::async, node);
        auto second = std::async(std::launch::async, node);
        CHECK(first.get() == pg::pg_schema_version());
        CHECK(second.get() == pg::pg_schema_version());
        CHECK(reset.query_int("SELECT count(*) FROM schema_version") == pg::pg_schema_version());
    }
}

TEST_CASE("PostgreSQL: a version 2 database is migrated to version 3: accounts get their skeletons, the oldest of "
          "look-alikes keeps its own",
          "[postgres]")
{
    NEEDS_POSTGRES();
    PgTestDatabase database(*server);
    pg::Connection connection(database.url(), pg::ConnectOptions{});
    pg::migrate_to(connection, 2);
    // Registered before the rule: "admın" (a dotless i) and "Adm1n" look like the older "admin".
    const struct {
        int id;
        const char* nick;
    } accounts[] = {{3, "admın"}, {1, "admin"}, {2, "Bert"}, {4, "Adm1n"}};
    for (const auto& a : accounts)
        connection.run(
            "INSERT INTO accounts (id, nick, nick_key, password_hash, created_at_ms, password_changed_at_ms) "
            "VALUES ($1, $2, $3, '$argon2id$x', 1, 1)",
            pg::Params().add(a.id).add(a.nick).add(rochade::protocol::nick_key(a.nick)));
    pg::migrate(connection);
    CHECK(pg::stored_version(connection) == pg::pg_schema_version());
    CHECK(connection.query_int("SELECT id FROM accounts WHERE nick_skeleton = 'adrnln'") == 1);
    CHECK(connection.query_int("SELECT id FROM accounts WHERE nick_skeleton = 'bert'") == 2);
    // The younger look-alikes keep their accounts, without the skeleton.
    CHECK(connection.query_int("SELECT count(*) FROM accounts WHERE nick_skeleton IS NULL AND id IN (3, 4)") == 2);

    // No new look-alike gets in. (The identity column is moved past the ids inserted by hand.)
    connection.exec("SELECT setval(pg_get_serial_sequence('accounts', 'id'), 10)");
    PostgresOptions options;
    options.on_error = [](const std::string&) {};
    auto writer = open_postgres_writer(database.url(), std::move(options));
    Outcome look_alike, other;
    writer->submit(AccountCreated{"ạdmin", "ạdmin", "$argon2id$y", Role::Player, 2}, look_alike.done());
    writer->submit(AccountCreated{"Bertha", "bertha", "$argon2id$y", Role::Player, 2}, other.done());
    const auto refused = look_alike.get();
    REQUIRE(refused);
    CHECK(refused->kind == StoreFailure::Refused);
    CHECK_THAT(refused->message, Catch::Contains("too similar to the registered nick 'admin'"));
    CHECK_FALSE(other.get());
}

TEST_CASE("PostgreSQL: a version 3 database is migrated to version 4: the public counts leave the secret rooms' games "
          "out",
          "[postgres]")
{
    NEEDS_POSTGRES();
    PgTestDatabase database(*server);
    pg::Connection connection(database.url(), pg::ConnectOptions{});
    pg::migrate_to(connection, 3);
    connection.exec("INSERT INTO accounts (id, nick, nick_key, nick_skeleton, password_hash, created_at_ms, "
                    "password_changed_at_ms) VALUES (1, 'Anna', 'anna', 'anna', 'h', 1, 1), "
                    "(2, 'Bert', 'bert', 'bert', 'h', 1, 1)");
    // Anna: won in room 35 as white, lost in secret room -9 as black, drew in -9 as white.
    const struct {
        int id, room;
        bool anna_white;
        const char* result;
    } games[] = {{1, 35, true, "1-0"}, {2, -9, false, "1-0"}, {3, -9, true, "1/2-1/2"}};
    for (const auto& g : games) {
        GameStarted start = game(g.id);
        connection.run("INSERT INTO games (id, table_id, room, white, black, time_control, start_fen, white_ms, "
                       "black_ms, started_at_ms, ended_at_ms, result, rated, category, white_account, black_account, "
                       "white_key, black_key) "
                       "VALUES ($1, $2, $3, 'x', 'y', '{}', $4, 0, 0, $1, $1, $5, true, 'blitz', $6, $7, 'x', 'y')",
                       pg::Params()
                           .add(g.id)
                           .add(start.table_id)
                           .add(g.room)
                           .add(start.start_fen)
                           .add(g.result)
                           .add(g.anna_white ? 1 : 2)
                           .add(g.anna_white ? 2 : 1));
        for (const int account : {1, 2})
            connection.run("INSERT INTO rating_changes (game_id, account_id, white, category, rating_before, "
                           "rd_before, volatility_before, rating_after, rd_after, volatility_after, at_ms) "
                           "VALUES ($1, $2, $3, 'blitz', 1500, 350, 0.06, 1500, 300, 0.06, $1)",
                           pg::Params().add(g.id).add(account).add((account == 1) == g.anna_white));
    }
    connection.exec("INSERT INTO ratings (account_id, category, rating, rd, volatility, games, wins, draws, losses, "
                    "last_game_at_ms) VALUES (1, 'blitz', 1500, 300, 0.06, 3, 1, 1, 1, 3), "
                    "(2, 'blitz', 1500, 300, 0.06, 3, 1, 1, 1, 3)");
    pg::migrate(connection);
    CHECK(pg::stored_version(connection) == pg::pg_schema_version());
    auto reader = open_postgres_reader(database.url());
    const auto anna = reader->player("anna");
    REQUIRE(anna);
    REQUIRE(anna->ratings.size() == 1);
    CHECK(anna->ratings[0].all == GameCounts{3, 1, 1, 1});
    CHECK(anna->ratings[0].in_public_rooms == GameCounts{1, 1, 0, 0});
    CHECK(reader->player("bert")->ratings[0].in_public_rooms == GameCounts{1, 0, 0, 1});
}

TEST_CASE("a PostgreSQL database of a newer schema version is refused", "[postgres]")
{
    NEEDS_POSTGRES();
    PgTestDatabase database(*server);
    pg::Connection connection(database.url(), pg::ConnectOptions{});
    pg::migrate(connection);
    connection.run("INSERT INTO schema_version (version) VALUES ($1)", pg::Params().add(pg::pg_schema_version() + 1));
    CHECK_THROWS_WITH(pg::migrate(connection), Catch::Contains("newer than this Rochade knows"));
    CHECK_THROWS_WITH(open_postgres_writer(database.url()), Catch::Contains("newer than this Rochade knows"));
    CHECK_THROWS_WITH(open_postgres_reader(database.url()), Catch::Contains("schema version"));
}

TEST_CASE("a server that refuses the connection fails at once as Unavailable, without the password", "[postgres]")
{
    // Port 1 on 127.0.0.1: nobody listens there, so the connection is refused, not timed out.
    const std::string url = "postgresql://rochade:sekrit@127.0.0.1:1/rochade";
    const auto start = std::chrono::steady_clock::now();
    try {
        open_postgres_writer(url);
        FAIL("the writer opened on a closed port");
    } catch (const DbError& error) {
        CHECK(error.kind() == StoreFailure::Unavailable);
        CHECK_THAT(error.what(), !Catch::Contains("sekrit"));
    }
    CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(3));
    // libpq quotes a token it cannot decode, which may be the password itself.
    for (const std::string bad : {"postgresql://rochade:se%zzkrit@127.0.0.1:1/rochade",
                                  "postgresql://rochade@127.0.0.1:1/rochade?sslmode=disable&password=se%zzkrit"}) {
        INFO(bad);
        try {
            open_postgres_reader(bad);
            FAIL("the reader opened an undecodable URL");
        } catch (const DbError& error) {
            CHECK_THAT(error.what(), Catch::Contains("invalid percent-encoded token"));
            CHECK_THAT(error.what(), !Catch::Contains("zzkrit"));
        }
    }
    CHECK(postgres_url_for_log(url) == "postgresql://rochade@127.0.0.1:1/rochade");
    CHECK(postgres_url_for_log("postgres://u@h/db") == "postgres://u@h/db");
    CHECK(postgres_url_for_log("postgresql://h:5432/db?password=x&sslmode=require") ==
          "postgresql://h:5432/db?sslmode=require");
    CHECK(postgres_url_for_log("postgresql://u:p@h/db?connect_timeout=3&password=x") ==
          "postgresql://u@h/db?connect_timeout=3");
    CHECK(postgres_url_for_log("postgresql://u:p@h") == "postgresql://u@h");
    CHECK(is_postgres_url("postgres://u@h/db"));
    CHECK(is_postgres_url("postgresql://h/db"));
    CHECK_FALSE(is_postgres_url("data/rochade.db"));
}

TEST_CASE("PgWriter: a ply that is not its game's next is refused alone, the batch's others commit", "[postgres]")
{
    NEEDS_POSTGRES();
    TestStore store("pg-plies");
    auto writer = store.open_writer([](const std::string&) {});
    writer->submit(game(1));
    writer->submit(game(2));
    Outcome first, twice, gap, unknown, other;
    writer->submit(move(1, 1), first.done());
    writer->submit(move(1, 1), twice.done());
    writer->submit(move(1, 3), gap.done());
    writer->submit(move(9, 1), unknown.done());
    writer->submit(move(2, 1), other.done());
    CHECK_FALSE(first.get());
    const auto twice_error = twice.get();
    REQUIRE(twice_error);
    CHECK(twice_error->kind == StoreFailure::Refused);
    CHECK_THAT(twice_error->message, Catch::Contains("ply 1 is stored already"));
    const auto gap_error = gap.get();
    REQUIRE(gap_error);
    CHECK_THAT(gap_error->message, Catch::Contains("the last stored ply is 1, not 2"));
    const auto unknown_error = unknown.get();
    REQUIRE(unknown_error);
    CHECK_THAT(unknown_error->message, Catch::Contains("no running game"));
    CHECK_FALSE(other.get());
    auto reader = store.open_reader();
    CHECK(reader->game_log(1)->moves.size() == 1);
    CHECK(reader->game_log(2)->moves.size() == 1);
}

TEST_CASE("PgWriter: a backend terminated in the middle of a batch fails it as Unavailable, the next one reconnects",
          "[postgres]")
{
    NEEDS_POSTGRES();
    PgTestDatabase database(*server);
    std::vector<std::string> errors;
    std::mutex errors_mutex;
    pg::PgWriterOptions options;
    options.on_error = [&](std::string message) {
        std::lock_guard lock(errors_mutex);
        errors.push_back(std::move(message));
    };
    pg::PgWriter writer(database.url(), options);
    writer.submit(game(1));
    writer.flush();

    // Another session holds game 1's row, so the writer's next batch waits on it, mid-transaction.
    pg::Connection other(database.url(), pg::ConnectOptions{});
    other.exec("BEGIN");
    other.run("SELECT id FROM games WHERE id = $1 FOR UPDATE", pg::Params().add(std::int64_t{1}));
    Outcome stuck;
    writer.submit(
        std::vector<Write>{move(1, 1), GameEnded{1, rochade::Score::WhiteWins, rochade::Termination::Resignation, "{}",
                                                 1, 1, 1700000001000}},
        stuck.done());
    // Wait until the writer's backend waits for the lock, then end it.
    const int pid = writer.backend_pid();
    REQUIRE(pid != 0);
    for (int i = 0; i < 200; ++i) {
        if (other.query_int("SELECT count(*) FROM pg_stat_activity WHERE pid = $1 AND wait_event_type = 'Lock'",
                            pg::Params().add(pid)) == 1)
            break;
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    const auto started = std::chrono::steady_clock::now();
    other.run("SELECT pg_terminate_backend($1)", pg::Params().add(pid));
    const auto error = stuck.get();
    REQUIRE(error);
    CHECK(error->kind == StoreFailure::Unavailable);
    CHECK(std::chrono::steady_clock::now() - started < std::chrono::seconds(5));
    other.exec("ROLLBACK");

    // Nothing of the failed batch is stored; the next submission reconnects and succeeds.
    Outcome next;
    writer.submit(move(1, 1), next.done());
    CHECK_FALSE(next.get());
    CHECK(writer.backend_pid() != pid);
    pg::PgStore reader(database.url(), pg::ConnectOptions{});
    const auto log = reader.game_log(1);
    REQUIRE(log);
    CHECK(log->moves.size() == 1);
    CHECK_FALSE(log->end);
}

TEST_CASE("PgWriter: while the server is unreachable every batch fails at once as Unavailable", "[postgres]")
{
    NEEDS_POSTGRES();
    PgTestDatabase database(*server);
    pg::PgWriterOptions options;
    options.on_error = [](const std::string&) {};
    options.connect.connect_timeout_s = 2;
    pg::PgWriter writer(database.url(), options);
    writer.submit(game(1));
    writer.flush();
    // The database is dropped under the writer: its backend ends, and a new connection is refused.
    {
        pg::Connection admin = connect_test_server(*server);
        admin.run("SELECT pg_terminate_backend($1)", pg::Params().add(writer.backend_pid()));
    }
    pg::Connection admin = connect_test_server(*server);
    admin.exec("ALTER DATABASE " + database.url().substr(database.url().rfind('/') + 1) +
               " WITH ALLOW_CONNECTIONS false");
    const auto started = std::chrono::steady_clock::now();
    for (int ply = 1; ply <= 2; ++ply) {
        Outcome outcome;
        writer.submit(move(1, ply), outcome.done());
        const auto error = outcome.get();
        REQUIRE(error);
        CHECK(error->kind == StoreFailure::Unavailable);
    }
    CHECK(std::chrono::steady_clock::now() - started < std::chrono::seconds(10));
    admin.exec("ALTER DATABASE " + database.url().substr(database.url().rfind('/') + 1) +
               " WITH ALLOW_CONNECTIONS true");
    Outcome back;
    writer.submit(move(1, 1), back.done());
    CHECK_FALSE(back.get());
}

TEST_CASE("PgWriter: submissions from several threads are committed in groups, every done called once", "[postgres]")
{
    NEEDS_POSTGRES();
    TestStore store("pg-group");
    auto writer = store.open_writer();
    constexpr int games = 8, plies = 40;
    for (int g = 1; g <= games; ++g) writer->submit(game(g));
    std::atomic<int> stored{0}, failed{0};
    std::vector<std::thread> players;
    for (int g = 1; g <= games; ++g)
        players.emplace_back([&, g] {
            for (int ply = 1; ply <= plies; ++ply)
                writer->submit(move(g, ply), [&](std::optional<StoreError> error) { (error ? failed : stored)++; });
        });
    for (auto& player : players) player.join();
    writer->flush();
    CHECK(stored == games * plies);
    CHECK(failed == 0);
    auto reader = store.open_reader();
    for (int g = 1; g <= games; ++g) CHECK(reader->game_log(g)->moves.size() == plies);
}

TEST_CASE("PostgreSQL: the audit log is append-only: an UPDATE or a DELETE is refused by the database itself",
          "[postgres]")
{
    NEEDS_POSTGRES();
    TestStore store("pg-audit");
    {
        auto writer = store.open_writer();
        ModerationLogged line;
        line.at_ms = 1;
        line.actor_nick = "Mod";
        line.actor_role = "moderator";
        line.action = "kick";
        line.target = "Bob";
        line.reason = "spam";
        Outcome stored;
        writer->submit(line, stored.done());
        REQUIRE_FALSE(stored.get());
    }
    pg::Connection connection(store.location(), pg::ConnectOptions{});
    for (const char* sql : {"UPDATE moderation_log SET reason = 'nothing happened'", "DELETE FROM moderation_log"}) {
        INFO(sql);
        try {
            connection.exec(sql);
            FAIL("the audit log changed");
        } catch (const DbError& error) {
            CHECK_THAT(error.what(), Catch::Contains("moderation_log is append-only"));
            CHECK(error.kind() == StoreFailure::Refused);
        }
    }
    CHECK(connection.query_int("SELECT count(*) FROM moderation_log WHERE reason = 'spam' AND target_key = 'bob'") ==
          1);
}

TEST_CASE("PgWriter: an idle connection that the server ended is opened anew before the next batch", "[postgres]")
{
    NEEDS_POSTGRES();
    PgTestDatabase database(*server);
    pg::PgWriterOptions options;
    options.on_error = [](const std::string&) {};
    pg::PgWriter writer(database.url(), options);
    writer.submit(game(1));
    writer.flush();
    const int pid = writer.backend_pid();
    {
        pg::Connection admin = connect_test_server(*server);
        admin.run("SELECT pg_terminate_backend($1)", pg::Params().add(pid));
        // Until the backend is gone: it said goodbye and closed the socket by then.
        for (int i = 0; i < 500; ++i) {
            if (admin.query_int("SELECT count(*) FROM pg_stat_activity WHERE pid = $1", pg::Params().add(pid)) == 0)
                break;
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
    }
    Outcome next;
    writer.submit(move(1, 1), next.done());
    CHECK_FALSE(next.get());
    CHECK(writer.backend_pid() != pid);
}

namespace {

// Runs scripts/postgres.sh with `arguments`; its output's first line (a URL for start).
std::string postgres_script(const std::string& arguments)
{
    const std::string command = std::string(ROCHADE_SOURCE_DIR) + "/scripts/postgres.sh " + arguments + " 2>&1";
    FILE* pipe = ::popen(command.c_str(), "r");
    REQUIRE(pipe);
    std::string output;
    char buffer[512];
    while (std::fgets(buffer, sizeof buffer, pipe)) output += buffer;
    const int status = ::pclose(pipe);
    INFO(command << ": " << output);
    REQUIRE(status == 0);
    return output.substr(0, output.find('\n'));
}

} // namespace

TEST_CASE("PgWriter: a server stopped like a power cut in the middle of a batch fails it as Unavailable, after its "
          "restart the next submission is stored and nothing committed before is lost",
          "[postgres]")
{
    NEEDS_POSTGRES();
    // A scratch cluster of its own: the test's cluster stays up for the other tests.
    const std::string dir =
        (std::filesystem::temp_directory_path() / ("rochade-pg-crash-" + std::to_string(::getpid()))).string();
    const std::string url = postgres_script("start " + dir);
    struct Cleanup {
        std::string dir;
        ~Cleanup()
        {
            std::system(
                (std::string(ROCHADE_SOURCE_DIR) + "/scripts/postgres.sh stop " + dir + " >/dev/null 2>&1").c_str());
            std::error_code ignored;
            std::filesystem::remove_all(dir, ignored);
        }
    } cleanup{dir};

    pg::PgWriterOptions options;
    options.on_error = [](const std::string&) {};
    options.connect.connect_timeout_s = 2;
    pg::PgWriter writer(url, options);
    Outcome started;
    writer.submit(std::vector<Write>{game(1), move(1, 1)}, started.done());
    REQUIRE_FALSE(started.get());

    // The next batch waits on a row lock of another session while the server is cut off.
    pg::Connection other(url, pg::ConnectOptions{});
    other.exec("BEGIN");
    other.run("SELECT id FROM games WHERE id = $1 FOR UPDATE", pg::Params().add(std::int64_t{1}));
    Outcome stuck;
    writer.submit(
        std::vector<Write>{move(1, 2), GameEnded{1, rochade::Score::WhiteWins, rochade::Termination::Resignation, "{}",
                                                 1, 1, 1700000001000}},
        stuck.done());
    for (int i = 0; i < 200; ++i) {
        if (other.query_int("SELECT count(*) FROM pg_stat_activity WHERE pid = $1 AND wait_event_type = 'Lock'",
                            pg::Params().add(writer.backend_pid())) == 1)
            break;
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    postgres_script("crash " + dir);
    const auto error = stuck.get();
    REQUIRE(error);
    CHECK(error->kind == StoreFailure::Unavailable);

    // While it is down, a submission fails too, within the connect timeout.
    Outcome down;
    writer.submit(move(1, 2), down.done());
    const auto down_error = down.get();
    REQUIRE(down_error);
    CHECK(down_error->kind == StoreFailure::Unavailable);

    postgres_script("start " + dir);
    Outcome back;
    writer.submit(move(1, 2), back.done());
    CHECK_FALSE(back.get());
    pg::PgStore reader(url, pg::ConnectOptions{});
    const auto log = reader.game_log(1);
    REQUIRE(log);
    CHECK(log->moves.size() == 2);
    CHECK_FALSE(log->end);
}

TEST_CASE("PgStore: a read whose connection the server ended runs again on a new one", "[postgres]")
{
    NEEDS_POSTGRES();
    TestStore store("pg-reader");
    {
        auto writer = store.open_writer();
        writer->submit(IdBlockReserved{"game", 42});
    }
    pg::PgStore reader(store.location(), pg::ConnectOptions{});
    CHECK(reader.next_free_id("game") == 42);
    pg::Connection admin(store.location(), pg::ConnectOptions{});
    CHECK(admin.query_int("SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE datname = "
                          "current_database() AND application_name = 'rochade reader'") == 1);
    // At once, before the server's goodbye may have arrived: the read meets the closed socket.
    CHECK(reader.next_free_id("game") == 42);
    CHECK(reader.game_log(1) == std::nullopt);
}
