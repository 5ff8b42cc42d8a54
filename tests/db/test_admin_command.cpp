// rochade admin on a real database file, with passwords fed as a terminal would.
#include <catch2/catch.hpp>

#include <deque>
#include <sstream>

#include "db/identity_sql.h"
#include "db/migrations.h"
#include "server/identity/secrets.h"
#include "temp_database.h"
#include "tools/commands.h"

using namespace rochade;
using db::testing::TempDatabase;

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
    TempDatabase file("admin");
    {
        db::open_migrated(file.path());
    }
    const std::string path = file.path();

    auto created = admin({"create-user", "Jürgen", "--role", "admin", "--db", path}, {"geheim123", "geheim123"});
    INFO(created.err);
    REQUIRE(created.code == 0);
    CHECK(created.out == "created Jürgen (admin)\n");
    CHECK(admin({"create-user", "anna", "--db", path}, {"passwort1", "passwort1"}).code == 0);

    db::Database database(path, db::OpenMode::ReadOnly);
    const auto jurgen = db::read_account(database, "jürgen");
    REQUIRE(jurgen);
    CHECK(jurgen->password_hash.rfind("$argon2id$", 0) == 0);
    CHECK(identity::verify_password(jurgen->password_hash, "geheim123"));

    CHECK(admin({"list-users", "--db", path}).out == "anna\tplayer\nJürgen\tadmin\n");
    CHECK(admin({"set-role", "ANNA", "moderator", "--db", path}).out == "anna is now moderator\n");
    CHECK(db::read_account(database, "anna")->role == db::Role::Moderator);

    CHECK(admin({"reset-password", "anna", "--db", path}, {"neues-passwort", "neues-passwort"}).code == 0);
    const auto anna = db::read_account(database, "anna");
    CHECK(identity::verify_password(anna->password_hash, "neues-passwort"));
    CHECK_FALSE(identity::verify_password(anna->password_hash, "passwort1"));
}

TEST_CASE("rochade admin refuses what it cannot do, naming why")
{
    TempDatabase file("admin-refusals");
    {
        db::open_migrated(file.path());
    }
    const std::string path = file.path();
    REQUIRE(admin({"create-user", "anna", "--db", path}, {"passwort1", "passwort1"}).code == 0);
    const struct {
        std::vector<std::string> args;
        std::deque<std::string> passwords;
        int code;
        std::string error;
    } cases[] = {
        {{"create-user", "ANNA", "--db", path}, {"passwort1", "passwort1"}, 1, "the nick is registered"},
        {{"create-user", "bert", "--db", path}, {"kurz", "kurz"}, 2, "password: at least 8 characters"},
        {{"create-user", "bert", "--db", path}, {"passwort1", "passwort2"}, 2, "the two passwords differ"},
        {{"create-user", "bert", "--db", path}, {}, 2, "no password given"},
        {{"create-user", "a b", "--db", path}, {"passwort1"}, 2, "space"},
        {{"create-user", "bert", "--role", "king", "--db", path}, {"passwort1"}, 2, "unknown role 'king'"},
        {{"set-role", "niemand", "admin", "--db", path}, {}, 1, "no account 'niemand'"},
        {{"reset-password", "niemand", "--db", path}, {"passwort1", "passwort1"}, 1, "no account 'niemand'"},
        {{"list-users"}, {}, 2, "--db FILE are required"},
        {{"list-users", "--db", path + ".missing"}, {}, 2, "no database at"},
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
