// Accounts, sessions and token hashes on a real database file.
#include <catch2/catch.hpp>

#include "db/sqlite/identity_sql.h"
#include "db/sqlite/migrations.h"
#include "protocol/nick.h"
#include "store_backend.h"
#include "temp_database.h"

using namespace rochade::db;
using rochade::db::testing::query_int;
using rochade::db::testing::TempDatabase;
using rochade::db::testing::TestReader;
using rochade::db::testing::TestStore;
using rochade::db::testing::TestWriter;

namespace {

constexpr std::int64_t t0 = 1700000000000;

template <class Write> void write(Database& db, const Write& w)
{
    Transaction transaction(db);
    IdentityWrites(db).write(w);
    transaction.commit();
}

} // namespace

TEST_CASE("an account is created once per nick key and read back by key")
{
    TempDatabase file("accounts");
    Database db = open_migrated(file.path());
    write(db, AccountCreated{"Jürgen", "jürgen", "$argon2id$x", Role::Moderator, t0});
    const auto account = read_account(db, "jürgen");
    REQUIRE(account);
    CHECK(account->nick == "Jürgen");
    CHECK(account->role == Role::Moderator);
    CHECK(account->password_hash == "$argon2id$x");
    CHECK(read_account_by_id(db, account->id)->nick == "Jürgen");
    CHECK_FALSE(read_account(db, "anna"));
    CHECK_THROWS_AS(write(db, AccountCreated{"JÜRGEN", "jürgen", "$argon2id$y", Role::Player, t0}), RefusedWrite);
    CHECK(read_accounts(db).size() == 1);
}

TEST_CASE("a resume token is good once, until it expires, and only while its session lasts")
{
    TempDatabase file("tokens");
    Database db = open_migrated(file.path());
    write(db, SessionStarted{7, std::nullopt, "Gast", t0, t0 + 1000000});
    write(db, SessionTokenIssued{"hash-a", 7, TokenKind::Resume, t0, t0 + 1000});
    write(db, SessionTokenIssued{"hash-b", 7, TokenKind::Resume, t0, t0 + 1000});
    write(db, SessionTokenIssued{"hash-c", 7, TokenKind::Cookie, t0, t0 + 5000});

    const auto found = read_session_token(db, "hash-a", TokenKind::Resume, t0 + 10);
    REQUIRE(found);
    CHECK(found->session_id == 7);
    CHECK_FALSE(found->account_id);
    CHECK(found->nick == "Gast");
    CHECK_FALSE(read_session_token(db, "hash-a", TokenKind::Cookie, t0 + 10));   // kinds are apart
    CHECK_FALSE(read_session_token(db, "hash-a", TokenKind::Resume, t0 + 1000)); // expired

    write(db, SessionTokenSpent{"hash-a", t0 + 10});
    CHECK_FALSE(read_session_token(db, "hash-a", TokenKind::Resume, t0 + 10));
    CHECK_THROWS_AS(write(db, SessionTokenSpent{"hash-a", t0 + 10}), RefusedWrite);   // spent means spent
    CHECK_THROWS_AS(write(db, SessionTokenSpent{"hash-b", t0 + 1000}), RefusedWrite); // expired
    CHECK_THROWS_AS(write(db, SessionTokenSpent{"hash-c", t0 + 10}), RefusedWrite);   // a cookie is not spent

    write(db, SessionTokenTouched{"hash-c", t0 + 4000, t0 + 9000});
    CHECK(read_session_token(db, "hash-c", TokenKind::Cookie, t0 + 8000));
    write(db, SessionEnded{7, t0 + 8000});
    CHECK_FALSE(read_session_token(db, "hash-c", TokenKind::Cookie, t0 + 8000));
    CHECK(db.query_int("SELECT COUNT(*) FROM session_tokens") == 0);
}

TEST_CASE("pruning deletes expired tokens and ends sessions past their absolute expiry")
{
    TempDatabase file("prune");
    Database db = open_migrated(file.path());
    write(db, SessionStarted{1, std::nullopt, "Alt", t0, t0 + 100});
    write(db, SessionStarted{2, std::nullopt, "Neu", t0, t0 + 100000});
    write(db, SessionTokenIssued{"old", 1, TokenKind::Resume, t0, t0 + 100});
    write(db, SessionTokenIssued{"stale", 2, TokenKind::Resume, t0, t0 + 50});
    write(db, SessionTokenIssued{"fresh", 2, TokenKind::Resume, t0, t0 + 5000});
    write(db, ExpiredSessionsPruned{t0 + 200});
    CHECK(db.query_int("SELECT COUNT(*) FROM session_tokens") == 1);
    CHECK(read_session_token(db, "fresh", TokenKind::Resume, t0 + 200));
    CHECK(db.query_int("SELECT COUNT(*) FROM sessions WHERE ended_at_ms IS NOT NULL") == 1);
}

TEST_CASE("a new password ends every session of the account")
{
    TempDatabase file("password");
    Database db = open_migrated(file.path());
    write(db, AccountCreated{"Anna", "anna", "$argon2id$old", Role::Player, t0});
    const auto anna = read_account(db, "anna")->id;
    write(db, SessionStarted{1, anna, "Anna", t0, t0 + 100000});
    write(db, SessionStarted{2, anna, "Anna", t0, t0 + 100000});
    write(db, SessionStarted{3, std::nullopt, "Gast", t0, t0 + 100000});
    write(db, SessionTokenIssued{"a1", 1, TokenKind::Cookie, t0, t0 + 100000});
    write(db, SessionTokenIssued{"a2", 2, TokenKind::Resume, t0, t0 + 100000});
    write(db, SessionTokenIssued{"g3", 3, TokenKind::Resume, t0, t0 + 100000});
    CHECK(read_session_token(db, "a1", TokenKind::Cookie, t0)->role == Role::Player);
    write(db, PasswordChanged{anna, "$argon2id$new", t0 + 10});
    CHECK(read_account(db, "anna")->password_hash == "$argon2id$new");
    CHECK_FALSE(read_session_token(db, "a1", TokenKind::Cookie, t0 + 20));
    CHECK_FALSE(read_session_token(db, "a2", TokenKind::Resume, t0 + 20));
    CHECK(read_session_token(db, "g3", TokenKind::Resume, t0 + 20)); // another's session stays
    CHECK_THROWS_AS(write(db, PasswordChanged{999, "$argon2id$x", t0}), RefusedWrite);
    CHECK_THROWS_AS(write(db, RoleChanged{999, Role::Admin}), RefusedWrite);
}

// ---- the same through the store's interfaces, on either backend (tests/db/store_backend.h) ----

namespace {

// Stores `w` alone and gives its outcome.
template <class Write> std::optional<StoreError> stored(StoreWriter& writer, const Write& w)
{
    std::optional<StoreError> outcome;
    writer.submit(w, [&outcome](std::optional<StoreError> error) { outcome = std::move(error); });
    writer.flush();
    return outcome;
}

bool refused(const std::optional<StoreError>& outcome) { return outcome && outcome->kind == StoreFailure::Refused; }

} // namespace

TEST_CASE("through the interfaces: an account once per nick key, tokens good once, until expiry, while the session "
          "lasts, pruning, a new password ends the account's sessions")
{
    TestStore file("identity-interfaces");
    TestWriter writer(file, [](const std::string&) {});
    TestReader reader(file);

    REQUIRE_FALSE(stored(writer, AccountCreated{"Jürgen", "jürgen", "$argon2id$x", Role::Moderator, t0}));
    const auto account = reader.account("jürgen");
    REQUIRE(account);
    CHECK(account->nick == "Jürgen");
    CHECK(account->role == Role::Moderator);
    CHECK_FALSE(reader.account("anna"));
    CHECK(refused(stored(writer, AccountCreated{"JÜRGEN", "jürgen", "$argon2id$y", Role::Player, t0})));

    REQUIRE_FALSE(stored(writer, SessionStarted{7, std::nullopt, "Gast", t0, t0 + 1000000}));
    REQUIRE_FALSE(stored(writer, SessionTokenIssued{"hash-a", 7, TokenKind::Resume, t0, t0 + 1000}));
    REQUIRE_FALSE(stored(writer, SessionTokenIssued{"hash-b", 7, TokenKind::Resume, t0, t0 + 1000}));
    REQUIRE_FALSE(stored(writer, SessionTokenIssued{"hash-c", 7, TokenKind::Cookie, t0, t0 + 5000}));
    const auto found = reader.session_by_token("hash-a", TokenKind::Resume, t0 + 10);
    REQUIRE(found);
    CHECK(found->session_id == 7);
    CHECK_FALSE(found->account_id);
    CHECK(found->nick == "Gast");
    CHECK(found->expires_at_ms == t0 + 1000);
    CHECK(found->session_expires_at_ms == t0 + 1000000);
    CHECK_FALSE(reader.session_by_token("hash-a", TokenKind::Cookie, t0 + 10));
    CHECK_FALSE(reader.session_by_token("hash-a", TokenKind::Resume, t0 + 1000));
    REQUIRE_FALSE(stored(writer, SessionTokenSpent{"hash-a", t0 + 10}));
    CHECK_FALSE(reader.session_by_token("hash-a", TokenKind::Resume, t0 + 10));
    CHECK(refused(stored(writer, SessionTokenSpent{"hash-a", t0 + 10})));
    CHECK(refused(stored(writer, SessionTokenSpent{"hash-b", t0 + 1000})));
    CHECK(refused(stored(writer, SessionTokenSpent{"hash-c", t0 + 10})));
    REQUIRE_FALSE(stored(writer, SessionTokenTouched{"hash-c", t0 + 4000, t0 + 9000}));
    CHECK(reader.session_by_token("hash-c", TokenKind::Cookie, t0 + 8000));
    REQUIRE_FALSE(stored(writer, SessionEnded{7, t0 + 8000}));
    CHECK_FALSE(reader.session_by_token("hash-c", TokenKind::Cookie, t0 + 8000));
    CHECK(query_int(file, "SELECT COUNT(*) FROM session_tokens") == 0);

    REQUIRE_FALSE(stored(writer, SessionStarted{1, std::nullopt, "Alt", t0, t0 + 100}));
    REQUIRE_FALSE(stored(writer, SessionStarted{2, std::nullopt, "Neu", t0, t0 + 100000}));
    REQUIRE_FALSE(stored(writer, SessionTokenIssued{"old", 1, TokenKind::Resume, t0, t0 + 100}));
    REQUIRE_FALSE(stored(writer, SessionTokenIssued{"stale", 2, TokenKind::Resume, t0, t0 + 50}));
    REQUIRE_FALSE(stored(writer, SessionTokenIssued{"fresh", 2, TokenKind::Resume, t0, t0 + 5000}));
    REQUIRE_FALSE(stored(writer, ExpiredSessionsPruned{t0 + 200}));
    CHECK(query_int(file, "SELECT COUNT(*) FROM session_tokens") == 1);
    CHECK(reader.session_by_token("fresh", TokenKind::Resume, t0 + 200));

    const std::int64_t jurgen = account->id;
    REQUIRE_FALSE(stored(writer, SessionStarted{11, jurgen, "Jürgen", t0, t0 + 100000}));
    REQUIRE_FALSE(stored(writer, SessionTokenIssued{"j1", 11, TokenKind::Cookie, t0, t0 + 100000}));
    const auto session = reader.session_by_token("j1", TokenKind::Cookie, t0);
    REQUIRE(session);
    CHECK(session->role == Role::Moderator);
    CHECK(session->account_id == jurgen);
    REQUIRE_FALSE(stored(writer, RoleChanged{jurgen, Role::Admin}));
    CHECK(reader.account("jürgen")->role == Role::Admin);
    REQUIRE_FALSE(stored(writer, PasswordChanged{jurgen, "$argon2id$new", t0 + 10}));
    CHECK(reader.account("jürgen")->password_hash == "$argon2id$new");
    CHECK_FALSE(reader.session_by_token("j1", TokenKind::Cookie, t0 + 20));
    CHECK(reader.session_by_token("fresh", TokenKind::Resume, t0 + 20)); // another's session stays
    CHECK(refused(stored(writer, PasswordChanged{999, "$argon2id$x", t0})));
    CHECK(refused(stored(writer, RoleChanged{999, Role::Admin})));

    // The challenge setting: everyone until changed, then as stored; no such account is refused.
    using rochade::protocol::ChallengePolicy;
    CHECK(reader.account("jürgen")->challenge_policy == ChallengePolicy::Everyone);
    REQUIRE_FALSE(stored(writer, ChallengePolicyChanged{jurgen, ChallengePolicy::Nobody}));
    CHECK(reader.account("jürgen")->challenge_policy == ChallengePolicy::Nobody);
    REQUIRE_FALSE(stored(writer, ChallengePolicyChanged{jurgen, ChallengePolicy::RegisteredOnly}));
    CHECK(reader.account("jürgen")->challenge_policy == ChallengePolicy::RegisteredOnly);
    CHECK(reader.account("jürgen")->role == Role::Admin); // nothing else changed
    CHECK(refused(stored(writer, ChallengePolicyChanged{999, ChallengePolicy::Nobody})));
}

TEST_CASE("through the interfaces: registering a nick ends every guest session that held it, and no other")
{
    TestStore file("identity-guest-nick");
    TestWriter writer(file, [](const std::string&) {});
    TestReader reader(file);

    // "Zorro" as a guest on two devices (a resume token and a cookie), and another guest.
    REQUIRE_FALSE(stored(writer, SessionStarted{21, std::nullopt, "Zorro", t0, t0 + 1000000}));
    REQUIRE_FALSE(stored(writer, SessionStarted{22, std::nullopt, "zorro", t0, t0 + 1000000}));
    REQUIRE_FALSE(stored(writer, SessionStarted{23, std::nullopt, "Zora", t0, t0 + 1000000}));
    REQUIRE_FALSE(stored(writer, SessionTokenIssued{"z-resume", 21, TokenKind::Resume, t0, t0 + 100000}));
    REQUIRE_FALSE(stored(writer, SessionTokenIssued{"z-cookie", 22, TokenKind::Cookie, t0, t0 + 100000}));
    REQUIRE_FALSE(stored(writer, SessionTokenIssued{"zora", 23, TokenKind::Resume, t0, t0 + 100000}));
    REQUIRE(reader.session_by_token("z-resume", TokenKind::Resume, t0 + 10));

    // Someone registers "ZORRO": the guest's sessions end with it, in the same write.
    REQUIRE_FALSE(stored(writer, AccountCreated{"ZORRO", "zorro", "$argon2id$z", Role::Player, t0 + 20}));
    CHECK_FALSE(reader.session_by_token("z-resume", TokenKind::Resume, t0 + 30));
    CHECK_FALSE(reader.session_by_token("z-cookie", TokenKind::Cookie, t0 + 30));
    CHECK(reader.session_by_token("zora", TokenKind::Resume, t0 + 30)); // another nick's session stays
    CHECK(query_int(file, "SELECT COUNT(*) FROM sessions WHERE ended_at_ms IS NULL") == 1);
}

TEST_CASE("through the interfaces: a look-alike of a registered nick is refused, naming the nick it resembles")
{
    TestStore file("identity-look-alike");
    std::vector<std::string> errors;
    TestWriter writer(file, [&errors](const std::string& error) { errors.push_back(error); });
    TestReader reader(file);

    REQUIRE_FALSE(stored(writer, AccountCreated{"admin", "admin", "$argon2id$a", Role::Admin, t0}));
    // A dotless i, a dot below, a grave accent, a digit one, rn for m.
    for (const std::string look_alike : {"admın", "ạdmin", "Àdmin", "Adm1n", "adrnin"}) {
        INFO(look_alike);
        const auto outcome = stored(writer, AccountCreated{look_alike, rochade::protocol::nick_key(look_alike),
                                                           "$argon2id$b", Role::Player, t0 + 1});
        REQUIRE(refused(outcome));
        CHECK(outcome->message.find("too similar to the registered nick 'admin'") != std::string::npos);
        CHECK_FALSE(reader.account(rochade::protocol::nick_key(look_alike)));
    }
    const auto found = reader.account_by_skeleton(rochade::protocol::nick_skeleton("ạdmın"));
    REQUIRE(found);
    CHECK(found->nick == "admin");
    CHECK_FALSE(reader.account_by_skeleton(rochade::protocol::nick_skeleton("adam")));
    CHECK_FALSE(stored(writer, AccountCreated{"adam", "adam", "$argon2id$c", Role::Player, t0 + 2}));
    CHECK(query_int(file, "SELECT COUNT(*) FROM accounts") == 2);
}

TEST_CASE("through the interfaces: registering a nick ends the guest sessions of its look-alikes too")
{
    TestStore file("identity-guest-look-alike");
    TestWriter writer(file, [](const std::string&) {});
    TestReader reader(file);

    REQUIRE_FALSE(stored(writer, SessionStarted{31, std::nullopt, "Z0rrø", t0, t0 + 1000000}));
    REQUIRE_FALSE(stored(writer, SessionTokenIssued{"z0", 31, TokenKind::Resume, t0, t0 + 100000}));
    REQUIRE_FALSE(stored(writer, SessionStarted{32, std::nullopt, "Zora", t0, t0 + 1000000}));
    REQUIRE_FALSE(stored(writer, SessionTokenIssued{"zora", 32, TokenKind::Resume, t0, t0 + 100000}));

    REQUIRE_FALSE(stored(writer, AccountCreated{"Zorro", "zorro", "$argon2id$z", Role::Player, t0 + 20}));
    CHECK_FALSE(reader.session_by_token("z0", TokenKind::Resume, t0 + 30));
    CHECK(reader.session_by_token("zora", TokenKind::Resume, t0 + 30));
}

TEST_CASE("a resume token spent with a grace resumes once more while no later token was used, then never")
{
    TestStore file("retired-tokens");
    TestWriter writer(file, [](const std::string&) {});
    TestReader reader(file);
    REQUIRE_FALSE(stored(writer, SessionStarted{7, std::nullopt, "Gast", t0, t0 + 1000000}));
    REQUIRE_FALSE(stored(writer, SessionTokenIssued{"first", 7, TokenKind::Resume, t0, t0 + 100000}));

    // "first" resumes; its successor's answer is lost with the node.
    REQUIRE_FALSE(stored(writer, SessionTokenSpent{"first", t0 + 10, t0 + 1000}));
    REQUIRE_FALSE(stored(writer, SessionTokenIssued{"lost", 7, TokenKind::Resume, t0 + 10, t0 + 100000}));
    const auto retired = reader.session_by_token("first", TokenKind::Resume, t0 + 20);
    REQUIRE(retired);
    CHECK(retired->retired);
    CHECK(retired->session_id == 7);
    CHECK(retired->nick == "Gast");
    CHECK_FALSE(reader.session_by_token("lost", TokenKind::Resume, t0 + 20)->retired);
    // Spent is still spent for the ordinary path.
    CHECK(refused(stored(writer, SessionTokenSpent{"first", t0 + 20, t0 + 1000})));

    // The client tries "first" again: the lost successor goes, the next is issued.
    REQUIRE_FALSE(stored(writer, RetiredTokenReused{"first", t0 + 30}));
    REQUIRE_FALSE(stored(writer, SessionTokenIssued{"second", 7, TokenKind::Resume, t0 + 30, t0 + 100000}));
    CHECK_FALSE(reader.session_by_token("lost", TokenKind::Resume, t0 + 40));
    CHECK(reader.session_by_token("second", TokenKind::Resume, t0 + 40));

    // Once a later token is spent, the retired one is dead.
    REQUIRE_FALSE(stored(writer, SessionTokenSpent{"second", t0 + 50, t0 + 1050}));
    CHECK_FALSE(reader.session_by_token("first", TokenKind::Resume, t0 + 60));
    CHECK(refused(stored(writer, RetiredTokenReused{"first", t0 + 60})));
    CHECK(reader.session_by_token("second", TokenKind::Resume, t0 + 60)->retired);
    // And after its grace, or with its session, the last one too.
    CHECK_FALSE(reader.session_by_token("second", TokenKind::Resume, t0 + 1050));
    CHECK(refused(stored(writer, RetiredTokenReused{"second", t0 + 1050})));
    REQUIRE_FALSE(stored(writer, SessionEnded{7, t0 + 70}));
    CHECK_FALSE(reader.session_by_token("second", TokenKind::Resume, t0 + 80));
    CHECK(query_int(file, "SELECT COUNT(*) FROM retired_tokens") == 0);
    // A token spent without a grace is not kept at all.
    REQUIRE_FALSE(stored(writer, SessionStarted{8, std::nullopt, "Gast2", t0, t0 + 1000000}));
    REQUIRE_FALSE(stored(writer, SessionTokenIssued{"plain", 8, TokenKind::Resume, t0, t0 + 100000}));
    REQUIRE_FALSE(stored(writer, SessionTokenSpent{"plain", t0 + 10}));
    CHECK_FALSE(reader.session_by_token("plain", TokenKind::Resume, t0 + 20));
}

TEST_CASE("the director's role is stored and read back, and a role word the store does not know is refused")
{
    TestStore file("identity-director");
    TestWriter writer(file, [](const std::string&) {});
    TestReader reader(file);
    REQUIRE_FALSE(stored(writer, AccountCreated{"Leiterin", "leiterin", "$argon2id$x", Role::Director, t0}));
    const auto account = reader.account("leiterin");
    REQUIRE(account);
    CHECK(account->role == Role::Director);
    REQUIRE_FALSE(stored(writer, RoleChanged{account->id, Role::Player}));
    CHECK(reader.account("leiterin")->role == Role::Player);
    REQUIRE_FALSE(stored(writer, RoleChanged{account->id, Role::Director}));
    CHECK(reader.account("leiterin")->role == Role::Director);
    // The schema's CHECK still guards the column: only the four words.
    CHECK_THROWS(rochade::db::testing::execute(file, "UPDATE accounts SET role = 'arbiter'"));
    CHECK(reader.account("leiterin")->role == Role::Director);
}

TEST_CASE("SQLite's version 17 widens the role's CHECK in place: accounts and what names them stay")
{
    TempDatabase file("director-migration");
    {
        Database db(file.path(), OpenMode::ReadWriteCreate);
        configure_connection(db);
        migrate_to(db, 16);
        db.exec("INSERT INTO accounts (id, nick, nick_key, nick_skeleton, password_hash, role, created_at_ms, "
                "password_changed_at_ms) VALUES (1, 'Anna', 'anna', 'anna', 'h', 'moderator', 1, 1)");
        db.exec(
            "INSERT INTO sessions (id, account_id, nick, created_at_ms, expires_at_ms) VALUES (5, 1, 'Anna', 1, 9)");
        CHECK_THROWS(db.exec("UPDATE accounts SET role = 'director' WHERE id = 1"));
    }
    Database db = open_migrated(file.path());
    CHECK(db.query_int("PRAGMA user_version") == schema_version());
    CHECK(db.query_int("PRAGMA foreign_key_check") == std::nullopt);
    CHECK(db.query_int("SELECT COUNT(*) FROM sessions WHERE account_id = 1") == 1);
    CHECK(read_account(db, "anna")->role == Role::Moderator);
    db.exec("UPDATE accounts SET role = 'director' WHERE id = 1");
    CHECK(read_account(db, "anna")->role == Role::Director);
    CHECK_THROWS(db.exec("UPDATE accounts SET role = 'arbiter' WHERE id = 1"));
    // A second connection reads the new text too.
    Database other(file.path(), OpenMode::ReadWrite);
    CHECK_THROWS(other.exec("UPDATE accounts SET role = 'arbiter' WHERE id = 1"));
}
