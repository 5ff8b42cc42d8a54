// Accounts, sessions and token hashes on a real database file.
#include <catch2/catch.hpp>

#include "db/identity_sql.h"
#include "db/migrations.h"
#include "temp_database.h"

using namespace rochade::db;
using rochade::db::testing::TempDatabase;

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
