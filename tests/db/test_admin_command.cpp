// rochade admin on a real store, with passwords fed as a terminal would: a SQLite file, or a
// PostgreSQL database in the PostgreSQL run (tests/db/store_backend.h).
#include <catch2/catch.hpp>

#include <chrono>
#include <deque>
#include <sstream>

#include "server/identity/secrets.h"
#include "store_backend.h"
#include "tools/commands.h"

using namespace rochade;
using db::testing::TestReader;
using db::testing::TestStore;

namespace {

struct Run {
    int code = 0;
    std::string out, err;
};

Run admin(std::vector<std::string> args, std::deque<std::string> passwords = {})
{
    std::ostringstream out, err;
    const auto reader = [&](const std::string&) -> std::optional<std::string> {
        if (passwords.empty()) return std::nullopt;
        auto next = passwords.front();
        passwords.pop_front();
        return next;
    };
    const int code = cli::admin_command(args, reader, out, err);
    return {code, out.str(), err.str()};
}

} // namespace

TEST_CASE("rochade admin creates accounts with argon2id hashes, sets roles, resets passwords and lists users")
{
    const TestStore store("admin");
    const std::string path = store.location();

    auto created = admin({"create-user", "Jürgen", "--role", "admin", "--db", path}, {"geheim123", "geheim123"});
    INFO(created.err);
    REQUIRE(created.code == 0);
    CHECK(created.out == "created Jürgen (admin)\n");
    CHECK(admin({"create-user", "anna", "--db", path}, {"passwort1", "passwort1"}).code == 0);

    TestReader reader(store);
    const auto jurgen = reader.account("jürgen");
    REQUIRE(jurgen);
    CHECK(jurgen->password_hash.rfind("$argon2id$", 0) == 0);
    CHECK(identity::verify_password(jurgen->password_hash, "geheim123"));

    CHECK(admin({"list-users", "--db", path}).out == "anna\tplayer\nJürgen\tadmin\n");
    CHECK(admin({"set-role", "ANNA", "director", "--db", path}).out == "anna is now director\n");
    CHECK(reader.account("anna")->role == db::Role::Director);
    CHECK(admin({"list-users", "--db", path}).out == "anna\tdirector\nJürgen\tadmin\n");
    CHECK(admin({"set-role", "ANNA", "moderator", "--db", path}).out == "anna is now moderator\n");
    CHECK(reader.account("anna")->role == db::Role::Moderator);

    CHECK(admin({"reset-password", "anna", "--db", path}, {"neues-passwort", "neues-passwort"}).code == 0);
    const auto anna = reader.account("anna");
    CHECK(identity::verify_password(anna->password_hash, "neues-passwort"));
    CHECK_FALSE(identity::verify_password(anna->password_hash, "passwort1"));
}

TEST_CASE("rochade admin refuses what it cannot do, naming why")
{
    const TestStore store("admin-refusals");
    const std::string path = store.location();
    REQUIRE(admin({"create-user", "anna", "--db", path}, {"passwort1", "passwort1"}).code == 0);
    const struct {
        std::vector<std::string> args;
        std::deque<std::string> passwords;
        int code;
        std::string error;
    } cases[] = {
        {{"create-user", "ANNA", "--db", path}, {"passwort1", "passwort1"}, 1, "the nick is registered"},
        {{"create-user", "Ånna", "--db", path},
         {"passwort1", "passwort1"},
         1,
         "the nick is too similar to the registered nick 'anna'"},
        {{"create-user", "bert", "--db", path}, {"kurz", "kurz"}, 2, "password: at least 8 characters"},
        {{"create-user", "bert", "--db", path}, {"passwort1", "passwort2"}, 2, "the two passwords differ"},
        {{"create-user", "bert", "--db", path}, {}, 2, "no password given"},
        {{"create-user", "a b", "--db", path}, {"passwort1"}, 2, "space"},
        {{"create-user", "bert", "--role", "king", "--db", path},
         {"passwort1"},
         2,
         "unknown role 'king'; one of player, director, moderator, admin"},
        {{"set-role", "niemand", "admin", "--db", path}, {}, 1, "no account 'niemand'"},
        {{"reset-password", "niemand", "--db", path}, {"passwort1", "passwort1"}, 1, "no account 'niemand'"},
        {{"list-users"}, {}, 2, "--db FILE are required"},
        {{"promote", "anna", "--db", path}, {}, 2, "unknown command 'promote'"},
        {{"create-user", "anna", "--password", "x", "--db", path}, {}, 2, "unknown option '--password'"},
    };
    for (const auto& c : cases) {
        INFO(c.error);
        const auto run = admin(c.args, c.passwords);
        CHECK(run.code == c.code);
        CHECK_THAT(run.err, Catch::Contains(c.error));
    }
}

TEST_CASE("rochade admin names a missing SQLite file and says how to make one")
{
    const auto run = admin({"list-users", "--db", "/nonexistent-dir/rochade.db"});
    CHECK(run.code == 2);
    CHECK(run.err ==
          "rochade admin: no database at '/nonexistent-dir/rochade.db' (start the server once to create it)\n");
}

TEST_CASE("rochade admin on a PostgreSQL server that refuses the connection fails at once, without the password")
{
    // Port 1 on the loopback: nothing listens there, so the connection is refused at once.
    const auto started = std::chrono::steady_clock::now();
    const auto run = admin({"list-users", "--db", "postgresql://rochade:geheim-99@127.0.0.1:1/rochade"});
    CHECK(std::chrono::steady_clock::now() - started < std::chrono::seconds(5));
    CHECK(run.code == 2);
    CHECK_THAT(run.err, Catch::StartsWith("rochade admin: cannot open 'postgresql://rochade@127.0.0.1:1/rochade': "));
    CHECK_THAT(run.err, Catch::Contains("Connection refused"));
    CHECK_THAT(run.err, !Catch::Contains("geheim-99"));
}

TEST_CASE("rochade admin on a PostgreSQL database without Rochade's schema says so and creates nothing", "[postgres]")
{
    const auto server = db::testing::postgres_server_url();
    if (!server) {
        WARN("skipped: set ROCHADE_TEST_POSTGRES (scripts/postgres.sh start build/postgres prints the URL)");
        return;
    }
    db::testing::PgTestDatabase empty(*server);
    const auto run = admin({"create-user", "anna", "--db", empty.url()}, {"passwort1", "passwort1"});
    CHECK(run.code == 2);
    CHECK_THAT(run.err, Catch::StartsWith("rochade admin: no Rochade database at '" + empty.url() + "'"));
    CHECK_THAT(run.err, Catch::EndsWith("has no Rochade tables (start the server once to create it)\n"));
    db::pg::Connection connection(empty.url(), db::pg::ConnectOptions{});
    CHECK(db::pg::stored_version(connection) == 0);
}
