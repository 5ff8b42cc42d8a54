// A game against the computer on PostgreSQL (as test_play_computer.cpp's on SQLite): the computer's
// seat is stored with no account and no session, the game to its end, and the archive lists it.
// Tagged [postgres]: it needs ROCHADE_TEST_POSTGRES and passes with a warning without it.
#include <catch2/catch.hpp>

#include "db/pg/postgres_store.h"
#include "tests/db/store_backend.h"
#include "tests/server/server_fixture.h"
#include "tests/server/ws_test_client.h"

using namespace rochade;
using namespace rochade::test;
using namespace std::chrono_literals;

TEST_CASE("on PostgreSQL: a game against the computer is stored to its end", "[server][postgres][computer]")
{
    const auto server_url = db::testing::postgres_server_url();
    if (!server_url) {
        WARN("skipped: set ROCHADE_TEST_POSTGRES (scripts/postgres.sh start build/postgres prints the URL)");
        return;
    }
    db::testing::PgTestDatabase database(*server_url);
    InProcessServer server([&database](server::ServerConfig& config) {
        config.db_path = database.url();
        config.computer.engines = 1;
        config.computer.move_delay_max_ms = 0;
    });
    WsTestClient anna(10'000ms);
    anna.connect(server.port());
    anna.hello("Anna");
    const json ok =
        anna.request({{"type", "play_computer"}, {"level", 1}, {"color", "white"}, {"time_control", "untimed"}});
    REQUIRE(ok.at("type") == "ok");
    const std::int64_t table = ok.at("table");
    // The ok names the table; the game starts once its start is stored (slower on PostgreSQL).
    anna.receive_until("game_started", table);
    REQUIRE(anna.request({{"type", "move"}, {"table", table}, {"move", "e2e4"}}).at("type") == "ok");
    anna.receive_matching([](const json& frame) { return frame.at("type") == "move" && frame.at("ply") == 2; },
                          "the computer's answer");
    REQUIRE(anna.request({{"type", "resign"}, {"table", table}}).at("type") == "ok");
    const json over = anna.receive_until("game_over", table);
    CHECK(over.at("termination") == "resignation");

    const auto reader = db::open_postgres_reader(database.url());
    CHECK(reader->unfinished_games().empty()); // stored to its end
}
