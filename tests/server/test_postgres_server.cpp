// The server on PostgreSQL (`--db postgresql://...`): a game played through real
// WebSocket clients is stored there and restored by the next server on the same database.
// Tagged [postgres]: it needs ROCHADE_TEST_POSTGRES (scripts/postgres.sh start build/postgres
// prints it; ctest's server_tests_postgres sets it) and passes with a warning without it.
#include <catch2/catch.hpp>

#include "db/pg/postgres_store.h"
#include "tests/db/store_backend.h"
#include "tests/server/seated_game.h"
#include "tests/server/server_fixture.h"

using namespace rochade;
using namespace rochade::test;

TEST_CASE("on PostgreSQL: a game is stored move by move and restored after a restart", "[server][postgres]")
{
    const auto server_url = db::testing::postgres_server_url();
    if (!server_url) {
        WARN("skipped: set ROCHADE_TEST_POSTGRES (scripts/postgres.sh start build/postgres prints the URL)");
        return;
    }
    db::testing::PgTestDatabase database(*server_url);
    auto on_postgres = [&database](server::ServerConfig& config) { config.db_path = database.url(); };
    {
        InProcessServer server(on_postgres);
        SeatedGame game = SeatedGame::start(server.port());
        game.play({"e4", "e5", "Nf3"});
    }
    {
        const auto reader = db::open_postgres_reader(database.url());
        const auto unfinished = reader->unfinished_games();
        REQUIRE(unfinished.size() == 1);
        CHECK(unfinished[0].moves.size() == 3);
        CHECK(unfinished[0].moves[2].san == "Nf3");
    }
    InProcessServer again(on_postgres);
    const HttpReply health = http_get(again.port(), "/health");
    CHECK(health.status == 200);
    CHECK_THAT(health.body, Catch::Contains("\"games\":1"));
}
