// The store's open challenges (db/open_challenge_records.h), on both backends
// (tests/db/store_backend.h): a link is stored by its hash, used up by exactly one accepter,
// canceled only by its creator, refused once expired, and pruned after its time; and the
// migration that adds the table keeps what was stored before it.
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
using rochade::db::testing::store_now;
using rochade::db::testing::TempDatabase;
using rochade::db::testing::TestReader;
using rochade::db::testing::TestStore;
using rochade::db::testing::TestWriter;

namespace {

constexpr std::int64_t t0 = 1800000000000;
constexpr std::int64_t day_ms = 24 * 3600 * 1000;

OpenChallengeCreated link(std::string hash, std::vector<std::string> allowed = {}, std::int64_t expires = t0 + day_ms)
{
    OpenChallengeCreated created;
    created.token_hash = std::move(hash);
    created.creator_nick = "Anna";
    created.creator_key = "anna";
    created.time_control_json = R"({"stages":[{"minutes":5}],"increment_seconds":3})";
    created.setup_json = R"({"variant":"chess960","chess960":607})";
    created.color = "black";
    created.rated = true;
    created.allowed = std::move(allowed);
    created.created_at_ms = t0;
    created.expires_at_ms = expires;
    return created;
}

} // namespace

TEST_CASE("an open challenge is stored by its hash and read back as written, named players included")
{
    TestStore store("open-challenge-read");
    TestWriter writer(store);
    REQUIRE_FALSE(store_now(writer, link(std::string(64, 'a'), {"Bert", "Zoë"})));
    TestReader reader(store);
    const auto found = reader.open_challenge(std::string(64, 'a'));
    REQUIRE(found);
    CHECK(found->created.creator_nick == "Anna");
    CHECK(found->created.creator_key == "anna");
    CHECK_FALSE(found->created.creator_guest);
    CHECK(found->created.time_control_json == R"({"stages":[{"minutes":5}],"increment_seconds":3})");
    CHECK(found->created.setup_json == R"({"variant":"chess960","chess960":607})");
    CHECK(found->created.color == "black");
    CHECK(found->created.rated);
    CHECK(found->created.allowed == std::vector<std::string>{"Bert", "Zoë"});
    CHECK(found->created.expires_at_ms == t0 + day_ms);
    CHECK_FALSE(found->accepted_by);
    CHECK(found->stands_at(t0 + 1));
    CHECK_FALSE(reader.open_challenge(std::string(64, 'b')));
    // The same hash twice is refused (a token is drawn once).
    CHECK(store_now(writer, link(std::string(64, 'a'))));
    // Three named players are refused.
    const auto three = store_now(writer, link(std::string(64, 'c'), {"Bert", "Carl", "Dora"}));
    REQUIRE(three);
    CHECK(three->kind == StoreFailure::Refused);
}

TEST_CASE("an open challenge is used up by the first accepter: a second claim is refused and changes nothing")
{
    TestStore store("open-challenge-claim");
    TestWriter writer(store);
    const std::string hash(64, 'd');
    REQUIRE_FALSE(store_now(writer, link(hash)));
    CHECK_FALSE(store_now(writer, OpenChallengeClaimed{hash, "Bert", t0 + 10}));
    const auto second = store_now(writer, OpenChallengeClaimed{hash, "Carl", t0 + 11});
    REQUIRE(second);
    CHECK(second->kind == StoreFailure::Refused);
    TestReader reader(store);
    const auto found = reader.open_challenge(hash);
    REQUIRE(found);
    CHECK(found->accepted_by == std::optional<std::string>("Bert"));
    CHECK(found->accepted_at_ms == std::optional<std::int64_t>(t0 + 10));
    CHECK_FALSE(found->stands_at(t0 + 12));
    CHECK(reader.open_challenges_of("anna", t0 + 12).empty());
    // An unknown link cannot be claimed.
    CHECK(store_now(writer, OpenChallengeClaimed{std::string(64, 'e'), "Bert", t0 + 12}));
}

TEST_CASE("two claims in one submission order: exactly one accepter is stored")
{
    TestStore store("open-challenge-race");
    TestWriter writer(store);
    const std::string hash(64, 'f');
    REQUIRE_FALSE(store_now(writer, link(hash)));
    std::vector<std::optional<StoreError>> outcomes(2);
    writer.submit(OpenChallengeClaimed{hash, "Bert", t0 + 5}, [&](std::optional<StoreError> e) { outcomes[0] = e; });
    writer.submit(OpenChallengeClaimed{hash, "Carl", t0 + 5}, [&](std::optional<StoreError> e) { outcomes[1] = e; });
    writer.flush();
    CHECK(outcomes[0].has_value() != outcomes[1].has_value());
    TestReader reader(store);
    const auto found = reader.open_challenge(hash);
    REQUIRE(found);
    CHECK(found->accepted_by == std::optional<std::string>(outcomes[0] ? "Carl" : "Bert"));
}

TEST_CASE("an expired open challenge cannot be claimed, and is pruned once its time is over")
{
    TestStore store("open-challenge-expiry");
    TestWriter writer(store);
    const std::string hash(64, '1');
    REQUIRE_FALSE(store_now(writer, link(hash, {}, t0 + 1000)));
    const auto late = store_now(writer, OpenChallengeClaimed{hash, "Bert", t0 + 1000});
    REQUIRE(late);
    CHECK(late->kind == StoreFailure::Refused);
    TestReader reader(store);
    CHECK(reader.open_challenge(hash)); // still there until pruned: the server can say "expired"
    CHECK(reader.open_challenges_of("anna", t0 + 1000).empty());
    REQUIRE_FALSE(store_now(writer, ExpiredOpenChallengesPruned{t0 + 999}));
    CHECK(reader.open_challenge(hash));
    REQUIRE_FALSE(store_now(writer, ExpiredOpenChallengesPruned{t0 + 1000}));
    CHECK_FALSE(reader.open_challenge(hash));
}

TEST_CASE("only the creator cancels a standing open challenge, his standing links are listed oldest first")
{
    TestStore store("open-challenge-cancel");
    TestWriter writer(store);
    auto later = link(std::string(64, '3'));
    later.created_at_ms = t0 + 1;
    REQUIRE_FALSE(store_now(writer, later));
    REQUIRE_FALSE(store_now(writer, link(std::string(64, '2'))));
    TestReader reader(store);
    auto mine = reader.open_challenges_of("anna", t0 + 2);
    REQUIRE(mine.size() == 2);
    CHECK(mine[0].created.token_hash == std::string(64, '2'));
    CHECK(mine[1].created.token_hash == std::string(64, '3'));
    CHECK(reader.open_challenges_of("bert", t0 + 2).empty());

    CHECK(store_now(writer, OpenChallengeCanceled{std::string(64, '2'), "bert", t0 + 3})); // not his
    CHECK_FALSE(store_now(writer, OpenChallengeCanceled{std::string(64, '2'), "anna", t0 + 3}));
    CHECK(store_now(writer, OpenChallengeCanceled{std::string(64, '2'), "anna", t0 + 4})); // once
    CHECK(store_now(writer, OpenChallengeClaimed{std::string(64, '2'), "Bert", t0 + 5}));  // canceled: no game
    mine = reader.open_challenges_of("anna", t0 + 5);
    REQUIRE(mine.size() == 1);
    CHECK(mine[0].created.token_hash == std::string(64, '3'));
    CHECK(reader.open_challenge(std::string(64, '2'))->canceled_at_ms == std::optional<std::int64_t>(t0 + 3));
}

TEST_CASE("the open challenges migration adds the table and keeps what the version before it stored")
{
    TempDatabase file("open-challenges-migration");
    {
        Database db(file.path(), OpenMode::ReadWriteCreate);
        configure_connection(db);
        migrate_to(db, 14); // the version before open challenges
        CHECK(db.query_int("SELECT count(*) FROM sqlite_master WHERE name = 'open_challenges'") == 0);
        db.exec("INSERT INTO accounts (id, nick, nick_key, nick_skeleton, password_hash, created_at_ms, "
                "password_changed_at_ms) VALUES (1, 'Anna', 'anna', 'anna', 'h', 1, 1)");
    }
    SqliteReader store(file.path()); // opening migrates
    Database db(file.path(), OpenMode::ReadWrite);
    CHECK(db.query_int("PRAGMA user_version") == schema_version());
    CHECK(store.account("anna"));
    CHECK(store.open_challenges_of("anna", t0).empty());
    db.exec(
        "INSERT INTO open_challenges (token_hash, creator_nick, creator_key, creator_guest, time_control, setup, "
        "color, rated, created_at_ms, expires_at_ms) VALUES ('h', 'Anna', 'anna', 0, '{}', '{}', 'white', 0, 1, 2)");
    CHECK_THROWS(db.exec("INSERT INTO open_challenges (token_hash, creator_nick, creator_key, creator_guest, "
                         "time_control, setup, color, rated, created_at_ms, expires_at_ms) VALUES ('i', 'Anna', "
                         "'anna', 0, '{}', '{}', 'green', 0, 1, 2)"));
}

TEST_CASE("PostgreSQL: the open challenges migration adds the table and keeps what the version before it stored",
          "[postgres]")
{
    const auto server = rochade::db::testing::postgres_server_url();
    if (!server) {
        WARN("ROCHADE_TEST_POSTGRES is not set: skipped");
        return;
    }
    rochade::db::testing::PgTestDatabase database(*server);
    pg::Connection connection(database.url(), pg::ConnectOptions{});
    pg::migrate_to(connection, 8); // the version before open challenges
    CHECK(connection.query_int("SELECT count(*) FROM pg_catalog.pg_tables WHERE tablename = 'open_challenges'") == 0);
    connection.exec("INSERT INTO accounts (id, nick, nick_key, nick_skeleton, password_hash, created_at_ms, "
                    "password_changed_at_ms) VALUES (1, 'Anna', 'anna', 'anna', 'h', 1, 1)");
    pg::migrate(connection);
    CHECK(pg::stored_version(connection) == pg::pg_schema_version());
    auto reader = open_postgres_reader(database.url());
    CHECK(reader->account("anna"));
    CHECK(reader->open_challenges_of("anna", t0).empty());
    CHECK_THROWS(connection.exec("INSERT INTO open_challenges (token_hash, creator_nick, creator_key, creator_guest, "
                                 "time_control, setup, color, rated, created_at_ms, expires_at_ms) VALUES ('i', "
                                 "'Anna', 'anna', false, '{}', '{}', 'green', false, 1, 2)"));
}
