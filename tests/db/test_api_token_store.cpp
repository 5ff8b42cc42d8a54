// The store's bot accounts and personal API tokens (db/api_token_records.h), on both backends
// (tests/db/store_backend.h): an account without games becomes a bot once, one that sat in any
// game never does; a token is stored by its hash, listed newest first, revoked only by its
// owner, its last use only moves forward, and it is read with its owner as he is now; and the
// migration that adds them keeps the accounts and games stored before it.
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
#include "db/sqlite/sqlite_writer.h"
#include "protocol/nick.h"
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

// The account of `nick`, registered now; its id.
std::int64_t registered(StoreWriter& writer, StoreReader& reader, const std::string& nick)
{
    const std::string key = rochade::protocol::nick_key(nick);
    REQUIRE_FALSE(store_now(writer, AccountCreated{nick, key, "$argon2id$h", Role::Player, t0}));
    const auto account = reader.account(key);
    REQUIRE(account);
    return account->id;
}

// Game `id` between `white` and `black`, each seat an account's when its id is given (a guest's
// seat without one).
GameStarted started(std::int64_t id, const std::string& white, std::optional<std::int64_t> white_account,
                    const std::string& black, std::optional<std::int64_t> black_account)
{
    GameStarted start;
    start.game_id = id;
    start.table_id = 100 + id;
    start.room = 35;
    start.white = white;
    start.black = black;
    start.time_control_json = R"({"kind":"sudden_death","base_ms":300000})";
    start.start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    start.white_ms = start.black_ms = 300000;
    start.started_at_ms = t0 + id;
    start.white_owner.account_id = white_account;
    start.black_owner.account_id = black_account;
    return start;
}

std::string hash_of(char digit) { return std::string(64, digit); }

ApiTokenCreated token(char digit, std::int64_t account_id, std::int64_t at_ms,
                      std::vector<std::string> scopes = {"bot:play", "challenge:write"})
{
    return ApiTokenCreated{hash_of(digit), account_id, "token " + std::string(1, digit), std::move(scopes), at_ms};
}

} // namespace

TEST_CASE("an account without games becomes a bot once, and every read of the account says so")
{
    TestStore store("bot-upgrade");
    TestWriter writer(store);
    TestReader reader(store);
    const std::int64_t anna = registered(writer, reader, "Anna");
    const std::int64_t bert = registered(writer, reader, "Bert");
    CHECK_FALSE(reader.account("anna")->bot);
    // A browser of Anna's logged in before the upgrade: its session stays, and says it is a bot's.
    REQUIRE_FALSE(store_now(writer, SessionStarted{901, anna, "Anna", t0, t0 + 1'000'000}));
    REQUIRE_FALSE(
        store_now(writer, SessionTokenIssued{std::string(64, 'c'), 901, TokenKind::Cookie, t0, t0 + 100'000}));
    REQUIRE(reader.session_by_token(std::string(64, 'c'), TokenKind::Cookie, t0 + 1));
    CHECK_FALSE(reader.session_by_token(std::string(64, 'c'), TokenKind::Cookie, t0 + 1)->bot);

    REQUIRE_FALSE(store_now(writer, AccountBecameBot{anna, t0 + 1}));
    CHECK(reader.account("anna")->bot);
    CHECK(reader.session_by_token(std::string(64, 'c'), TokenKind::Cookie, t0 + 2)->bot);
    CHECK(reader.account_by_skeleton(rochade::protocol::nick_skeleton("Anna"))->bot);
    CHECK(reader.player("anna")->account.bot);
    const auto all = reader.accounts();
    REQUIRE(all.size() == 2);
    CHECK(all[0].bot); // anna
    CHECK_FALSE(all[1].bot);
    CHECK_FALSE(reader.account("bert")->bot);

    check_refused(writer, AccountBecameBot{anna, t0 + 2}, "a bot already");
    check_refused(writer, AccountBecameBot{bert + anna + 10, t0 + 2}, "no such account");
    CHECK(reader.account("anna")->bot);
}

TEST_CASE("an account that sat in any stored game, finished or not, on either side, never becomes a bot")
{
    TestStore store("bot-games");
    TestWriter writer(store);
    TestReader reader(store);
    const std::int64_t anna = registered(writer, reader, "Anna");
    const std::int64_t bert = registered(writer, reader, "Bert");
    const std::int64_t cleo = registered(writer, reader, "Cleo");
    const std::int64_t dora = registered(writer, reader, "Dora");
    REQUIRE_FALSE(store_now(writer, started(1, "Anna", anna, "guest", std::nullopt))); // running, Anna white
    REQUIRE_FALSE(store_now(writer, started(2, "guest", std::nullopt, "Bert", bert))); // Bert black
    REQUIRE_FALSE(store_now(
        writer, GameEnded{2, rochade::Score::Draw, rochade::Termination::Agreement, "{}", 1, 1, t0 + 10})); // finished
    // A guest who played under Dora's nick is not Dora: the seat's account decides.
    REQUIRE_FALSE(store_now(writer, started(3, "Dora", std::nullopt, "guest", std::nullopt)));

    check_refused(writer, AccountBecameBot{anna, t0 + 20}, "has played games");
    check_refused(writer, AccountBecameBot{bert, t0 + 20}, "has played games");
    CHECK_FALSE(reader.account("anna")->bot);
    CHECK_FALSE(reader.account("bert")->bot);
    REQUIRE_FALSE(store_now(writer, AccountBecameBot{cleo, t0 + 20}));
    REQUIRE_FALSE(store_now(writer, AccountBecameBot{dora, t0 + 20}));
    CHECK(reader.account("cleo")->bot);
    CHECK(reader.account("dora")->bot);
    // A bot plays games once it is one: the store does not refuse them.
    CHECK_FALSE(store_now(writer, started(4, "Cleo", cleo, "Anna", anna)));
}

TEST_CASE("an API token is stored by its hash and read back with its owner, an account's newest first")
{
    TestStore store("api-token-read");
    TestWriter writer(store);
    TestReader reader(store);
    const std::int64_t anna = registered(writer, reader, "Anna");
    const std::int64_t bert = registered(writer, reader, "Bert");
    CHECK_FALSE(reader.api_token(hash_of('a')));
    CHECK(reader.api_tokens_of(anna).empty());

    REQUIRE_FALSE(store_now(writer, token('a', anna, t0 + 1)));
    REQUIRE_FALSE(store_now(writer, token('c', anna, t0 + 3, {"bot:play"})));
    REQUIRE_FALSE(store_now(writer, token('b', anna, t0 + 2, {})));
    REQUIRE_FALSE(store_now(writer, token('d', bert, t0 + 4)));

    const auto found = reader.api_token(hash_of('a'));
    REQUIRE(found);
    CHECK(found->hash == hash_of('a'));
    CHECK(found->account_id == anna);
    CHECK(found->nick == "Anna");
    CHECK(found->role == Role::Player);
    CHECK_FALSE(found->bot);
    CHECK(found->description == "token a");
    CHECK(found->scopes == std::vector<std::string>{"bot:play", "challenge:write"});
    CHECK(found->created_at_ms == t0 + 1);
    CHECK_FALSE(found->last_used_at_ms);
    CHECK(reader.api_token(hash_of('b'))->scopes.empty());

    const auto annas = reader.api_tokens_of(anna);
    REQUIRE(annas.size() == 3);
    CHECK(annas[0].hash == hash_of('c'));
    CHECK(annas[0].scopes == std::vector<std::string>{"bot:play"});
    CHECK(annas[1].hash == hash_of('b'));
    CHECK(annas[2].hash == hash_of('a'));
    const auto berts = reader.api_tokens_of(bert);
    REQUIRE(berts.size() == 1);
    CHECK(berts[0].nick == "Bert");
    CHECK(reader.api_tokens_of(bert + anna + 10).empty());
}

TEST_CASE("an API token is refused for an unknown account, a hash stored already, or scopes that do not read back")
{
    TestStore store("api-token-refused");
    TestWriter writer(store);
    TestReader reader(store);
    const std::int64_t anna = registered(writer, reader, "Anna");
    const std::int64_t bert = registered(writer, reader, "Bert");
    REQUIRE_FALSE(store_now(writer, token('a', anna, t0 + 1)));

    check_refused(writer, token('a', anna, t0 + 2), "a token with this hash is stored");
    check_refused(writer, token('a', bert, t0 + 2), "a token with this hash is stored"); // nobody's twice
    check_refused(writer, token('e', anna + bert + 10, t0 + 2), "no such account");
    check_refused(writer, token('f', anna, t0 + 2, {"bot:play", "two words"}), "a scope is empty or holds a space");
    check_refused(writer, token('f', anna, t0 + 2, {""}), "a scope is empty or holds a space");
    const auto annas = reader.api_tokens_of(anna);
    REQUIRE(annas.size() == 1);
    CHECK(annas[0].created_at_ms == t0 + 1); // the first stands
    CHECK(reader.api_tokens_of(bert).empty());
    CHECK_FALSE(reader.api_token(hash_of('f')));
}

TEST_CASE("only its owner revokes an API token, and a revoked token is gone")
{
    TestStore store("api-token-revoke");
    TestWriter writer(store);
    TestReader reader(store);
    const std::int64_t anna = registered(writer, reader, "Anna");
    const std::int64_t bert = registered(writer, reader, "Bert");
    REQUIRE_FALSE(store_now(writer, token('a', anna, t0 + 1)));
    REQUIRE_FALSE(store_now(writer, token('b', anna, t0 + 2)));

    check_refused(writer, ApiTokenRevoked{hash_of('a'), bert, t0 + 3}, "the account has no such token");
    CHECK(reader.api_token(hash_of('a'))); // left as it was
    REQUIRE_FALSE(store_now(writer, ApiTokenRevoked{hash_of('a'), anna, t0 + 4}));
    CHECK_FALSE(reader.api_token(hash_of('a')));
    const auto annas = reader.api_tokens_of(anna);
    REQUIRE(annas.size() == 1);
    CHECK(annas[0].hash == hash_of('b'));
    check_refused(writer, ApiTokenRevoked{hash_of('a'), anna, t0 + 5}, "the account has no such token"); // once
    check_refused(writer, ApiTokenUsed{hash_of('a'), t0 + 6}, "no such token");
}

TEST_CASE("an API token's use is stored, and its last use never moves back")
{
    TestStore store("api-token-used");
    TestWriter writer(store);
    TestReader reader(store);
    const std::int64_t anna = registered(writer, reader, "Anna");
    REQUIRE_FALSE(store_now(writer, token('a', anna, t0 + 1)));

    REQUIRE_FALSE(store_now(writer, ApiTokenUsed{hash_of('a'), t0 + 50}));
    CHECK(reader.api_token(hash_of('a'))->last_used_at_ms == std::optional<std::int64_t>(t0 + 50));
    REQUIRE_FALSE(store_now(writer, ApiTokenUsed{hash_of('a'), t0 + 40})); // another node's, stored late
    CHECK(reader.api_token(hash_of('a'))->last_used_at_ms == std::optional<std::int64_t>(t0 + 50));
    REQUIRE_FALSE(store_now(writer, ApiTokenUsed{hash_of('a'), t0 + 60}));
    CHECK(reader.api_tokens_of(anna).at(0).last_used_at_ms == std::optional<std::int64_t>(t0 + 60));
    check_refused(writer, ApiTokenUsed{hash_of('9'), t0 + 70}, "no such token");
}

TEST_CASE("an API token is read with its owner's role and bot flag as they are now")
{
    TestStore store("api-token-owner");
    TestWriter writer(store);
    TestReader reader(store);
    const std::int64_t anna = registered(writer, reader, "Anna");
    REQUIRE_FALSE(store_now(writer, token('a', anna, t0 + 1)));
    REQUIRE_FALSE(store_now(writer, AccountBecameBot{anna, t0 + 2}));
    REQUIRE_FALSE(store_now(writer, RoleChanged{anna, Role::Director}));

    const auto found = reader.api_token(hash_of('a'));
    REQUIRE(found);
    CHECK(found->bot);
    CHECK(found->role == Role::Director);
    CHECK(found->nick == "Anna");
    const auto annas = reader.api_tokens_of(anna);
    REQUIRE(annas.size() == 1);
    CHECK(annas[0].bot);
    CHECK(annas[0].role == Role::Director);
}

TEST_CASE("the bot and API token migration keeps the accounts and games stored before it")
{
    TempDatabase file("api-token-migration");
    {
        Database db(file.path(), OpenMode::ReadWriteCreate);
        configure_connection(db);
        migrate_to(db, 20); // the version before bots and API tokens
        CHECK(db.query_int("SELECT count(*) FROM sqlite_master WHERE name = 'api_tokens'") == 0);
        db.exec("INSERT INTO accounts (id, nick, nick_key, nick_skeleton, password_hash, created_at_ms, "
                "password_changed_at_ms) VALUES (1, 'Anna', 'anna', 'anna', 'h', 1, 1), "
                "(2, 'Bert', 'bert', 'bert', 'h', 1, 1), (3, 'Cleo', 'cleo', 'cleo', 'h', 1, 1)");
        db.exec("INSERT INTO games (id, table_id, room, white, black, time_control, start_fen, white_ms, black_ms, "
                "started_at_ms, white_account, black_account, white_key, black_key) VALUES (1, 1, 1, 'Anna', 'Bert', "
                "'{}', 'startpos', 1, 1, 1, 1, 2, 'anna', 'bert')");
    }
    {
        SqliteReader reader(file.path()); // opening migrates
        for (const auto& account : reader.accounts()) {
            INFO(account.nick);
            CHECK_FALSE(account.bot);
        }
        CHECK(reader.api_tokens_of(1).empty());
        Database db(file.path(), OpenMode::ReadWrite);
        CHECK(db.query_int("PRAGMA user_version") == schema_version());
        CHECK_THROWS(db.exec("UPDATE accounts SET bot = 2 WHERE id = 1"));
    }
    SqliteWriter writer(file.path());
    check_refused(writer, AccountBecameBot{1, t0}, "has played games"); // the game stored before counts
    check_refused(writer, AccountBecameBot{2, t0}, "has played games");
    REQUIRE_FALSE(store_now(writer, AccountBecameBot{3, t0}));
    REQUIRE_FALSE(store_now(writer, token('a', 3, t0 + 1)));
    SqliteReader reader(file.path());
    CHECK(reader.account("cleo")->bot);
    CHECK(reader.api_token(hash_of('a'))->bot);
}

TEST_CASE("PostgreSQL: the bot and API token migration keeps the accounts and games stored before it", "[postgres]")
{
    const auto server = rochade::db::testing::postgres_server_url();
    if (!server) {
        WARN("ROCHADE_TEST_POSTGRES is not set: skipped");
        return;
    }
    rochade::db::testing::PgTestDatabase database(*server);
    pg::Connection connection(database.url(), pg::ConnectOptions{});
    pg::migrate_to(connection, 14); // the version before bots and API tokens
    CHECK(connection.query_int("SELECT count(*) FROM pg_catalog.pg_tables WHERE tablename = 'api_tokens'") == 0);
    connection.exec("INSERT INTO accounts (id, nick, nick_key, nick_skeleton, password_hash, created_at_ms, "
                    "password_changed_at_ms) VALUES (1, 'Anna', 'anna', 'anna', 'h', 1, 1), "
                    "(2, 'Bert', 'bert', 'bert', 'h', 1, 1), (3, 'Cleo', 'cleo', 'cleo', 'h', 1, 1)");
    connection.exec("INSERT INTO games (id, table_id, room, white, black, time_control, start_fen, white_ms, "
                    "black_ms, started_at_ms, white_account, black_account, white_key, black_key) VALUES (1, 1, 1, "
                    "'Anna', 'Bert', '{}', 'startpos', 1, 1, 1, 1, 2, 'anna', 'bert')");
    pg::migrate(connection);
    CHECK(pg::stored_version(connection) == pg::pg_schema_version());
    auto reader = open_postgres_reader(database.url());
    for (const auto& account : reader->accounts()) {
        INFO(account.nick);
        CHECK_FALSE(account.bot);
    }
    CHECK(reader->api_tokens_of(1).empty());
    auto writer = open_postgres_writer(database.url());
    check_refused(*writer, AccountBecameBot{1, t0}, "has played games");
    check_refused(*writer, AccountBecameBot{2, t0}, "has played games");
    REQUIRE_FALSE(store_now(*writer, AccountBecameBot{3, t0}));
    REQUIRE_FALSE(store_now(*writer, token('a', 3, t0 + 1)));
    CHECK(reader->account("cleo")->bot);
    CHECK(reader->api_token(hash_of('a'))->bot);
}
