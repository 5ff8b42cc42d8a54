// A ban during a game ends it at once (server/table/table_bans.cpp): the banned player loses by
// forfeit, the opponent and the spectators get the game_over, the store keeps the ending
// (termination "forfeit", the PGN's "rules infraction") and rates it as a loss. For an account's
// ban and an address's, on one node and across a cluster (the ban issued on one node, the table
// on another), over real sockets.
#include <catch2/catch.hpp>

#include <future>

#include "db/sqlite/sqlite_store.h"
#include "db/store_reader.h"
#include "server/cluster/memory_bus.h"
#include "server/config/trusted_proxies.h"
#include "server/moderation/moderation.h"
#include "server/wiring/server.h"
#include "tests/server/cluster_fixture.h"
#include "tests/server/room_events.h"
#include "tests/server/seated_game.h"
#include "tests/server/server_fixture.h"
#include "tests/server/ws_test_client.h"

using namespace rochade;
using namespace rochade::test;
using server::ModerationDone;
using server::ModerationRefused;
using server::ModerationResult;

namespace {

const identity::Identity moderator{{identity::Principal::Kind::Account, 902}, "Aufsicht", protocol::Role::Moderator, 0};
const identity::Identity admin{{identity::Principal::Kind::Account, 903}, "Chefin", protocol::Role::Admin, 0};
constexpr std::int64_t hour_ms = 3'600'000;

ModerationDone done(InProcessServer& node, const identity::Identity& who, server::ModerationRequest request)
{
    std::promise<ModerationResult> answer;
    auto future = answer.get_future();
    node.server().moderation()->act(who, "127.0.0.1", std::move(request),
                                    [&answer](ModerationResult result) { answer.set_value(std::move(result)); });
    REQUIRE(future.wait_for(std::chrono::seconds(5)) == std::future_status::ready);
    auto result = future.get();
    if (auto* refused = std::get_if<ModerationRefused>(&result)) FAIL("refused: " << refused->message);
    return std::get<ModerationDone>(result);
}

std::optional<db::GameLog> game_log(const std::string& db_path, std::int64_t game_id)
{
    return db::open_sqlite_reader(db_path)->game_log(game_id);
}

} // namespace

TEST_CASE("ban forfeit: an account banned during its game loses it at once, opponent and spectators are told",
          "[server][moderation]")
{
    InProcessServer server;
    auto game = SeatedGame::start(server.port(), "5+3");
    WsTestClient kiebitz;
    kiebitz.connect(server.port());
    kiebitz.hello("Kiebitz");
    REQUIRE(kiebitz.request({{"type", "enter_room"}, {"room", game.room}}).at("type") == "room");
    REQUIRE(kiebitz.request({{"type", "watch_table"}, {"table", game.table}}).at("type") == "table_state");
    game.play({"e4", "e5", "Nf3"});

    done(server, moderator, server::Ban{"Schwarz", 3 * 24 * hour_ms, "Engine benutzt"});
    const std::string why = "Schwarz was banned (the account) by Aufsicht: Engine benutzt; White wins by forfeit";
    for (WsTestClient* client : {game.white.get(), &kiebitz}) {
        const json over = client->receive_until("game_over", game.table);
        CHECK(over.at("result") == "1-0");
        CHECK(over.at("winner") == "white");
        CHECK(over.at("termination") == "forfeit");
        CHECK(over.at("message") == why);
    }
    CHECK(game.black->expect_error("banned").at("reason") == "Engine benutzt");

    // Stored as a forfeit: the game log, the archive's PGN.
    const std::int64_t game_id = game.started.at("game_id");
    const auto log = game_log(server.config().db_path, game_id);
    REQUIRE(log);
    REQUIRE(log->end);
    CHECK(log->end->result == rochade::Score::WhiteWins);
    CHECK(log->end->termination == rochade::Termination::Forfeit);
    CHECK(json::parse(log->end->detail_json).at("message") == why);
    const auto pgn = http_get(server.port(), "/games/" + std::to_string(game_id) + ".pgn");
    REQUIRE(pgn.status == 200);
    CHECK_THAT(pgn.body, Catch::Contains("[Result \"1-0\"]") && Catch::Contains("[Termination \"rules infraction\"]"));

    // The table is no longer running: the winner may stand up (no game_in_progress).
    CHECK(game.act("white", "leave_table").at("type") == "ok");
}

TEST_CASE("ban forfeit: a ban of a player not at a running game ends nothing, a finished game stays as it ended",
          "[server][moderation]")
{
    InProcessServer server;
    auto game = SeatedGame::start(server.port());
    game.play({"e4"});
    REQUIRE(game.act("black", "resign").at("type") == "ok");
    game.white->receive_until("game_over", game.table);
    done(server, moderator, server::Ban{"Schwarz", hour_ms, "Spam"});
    const auto log = game_log(server.config().db_path, game.started.at("game_id"));
    REQUIRE(log);
    REQUIRE(log->end);
    CHECK(log->end->termination == rochade::Termination::Resignation);
    const auto frames = game.white->drain(200ms);
    CHECK(std::none_of(frames.begin(), frames.end(), [](const json& f) { return f.value("type", "") == "game_over"; }));
}

TEST_CASE("ban forfeit: an address ban ends the game of the player connected from it", "[server][moderation]")
{
    // White comes through a trusted proxy from 203.0.113.7; Black straight from 127.0.0.1.
    InProcessServer server([](server::ServerConfig& config) {
        config.trusted_proxies.push_back(*server::parse_address_range("127.0.0.1/32"));
    });
    SeatedGame game;
    game.white = std::make_unique<WsTestClient>();
    game.black = std::make_unique<WsTestClient>();
    game.white->connect_with(server.port(), {{"X-Forwarded-For", "203.0.113.7"}});
    game.black->connect(server.port());
    game.white->hello("Weiss");
    game.black->hello("Schwarz");
    for (auto* player : {game.white.get(), game.black.get()})
        REQUIRE(player->request({{"type", "enter_room"}, {"room", game.room}}).at("type") == "room");
    game.table =
        game.white
            ->request({{"type", "open_table"}, {"room", game.room}, {"time_control", "untimed"}, {"color", "white"}})
            .at("table");
    REQUIRE(game.black->request({{"type", "join_table"}, {"table", game.table}}).at("type") == "ok");
    game.started = game.white->receive_until("game_started", game.table);
    game.black->receive_until("game_started", game.table);

    done(server, admin, server::BanAddress{"203.0.113.7", hour_ms, "Botnetz"});
    const json over = game.black->receive_until("game_over", game.table);
    CHECK(over.at("result") == "0-1");
    CHECK(over.at("termination") == "forfeit");
    CHECK(over.at("message") == "Weiss was banned (their address) by Chefin: Botnetz; Black wins by forfeit");
    const auto log = game_log(server.config().db_path, game.started.at("game_id"));
    REQUIRE(log);
    REQUIRE(log->end);
    CHECK(log->end->termination == rochade::Termination::Forfeit);
}

TEST_CASE("ban forfeit: a ban issued on one node ends the game at the table of another",
          "[server][cluster][moderation]")
{
    test::Cluster cluster; // the nodes' bus, as every cluster test sets it up (cluster_fixture.h)
    auto node = [&](const std::string& name, const std::string& db_path) { return cluster.node(name, db_path); };
    auto one = node("n1", "");
    const std::string db = one->config().db_path;
    auto two = node("n2", db), three = node("n3", db);
    // Bert plays on node 2 (his table), Carl on node 3; the admin bans Carl on node 1.
    WsTestClient bert, carl;
    bert.connect(two->port());
    carl.connect(three->port());
    bert.hello("Bert");
    carl.hello("Carl");
    for (auto* client : {&bert, &carl}) client->request({{"type", "enter_room"}, {"room", 34}});
    const std::int64_t table =
        bert.request({{"type", "open_table"}, {"room", 34}, {"time_control", "5+3"}, {"color", "white"}}).at("table");
    test::receive_table_listed(carl, table);
    REQUIRE(carl.request({{"type", "join_table"}, {"table", table}}).at("type") == "ok");
    const json started = bert.receive_until("game_started", table);
    carl.receive_until("game_started", table);

    done(*one, admin, server::Ban{"Carl", hour_ms, "Beleidigungen"});
    const json over = bert.receive_until("game_over", table);
    CHECK(over.at("result") == "1-0");
    CHECK(over.at("termination") == "forfeit");
    CHECK(over.at("message") == "Carl was banned (the account) by Chefin: Beleidigungen; White wins by forfeit");
    CHECK(carl.expect_error("banned").at("reason") == "Beleidigungen");
    const auto log = game_log(db, started.at("game_id"));
    REQUIRE(log);
    REQUIRE(log->end);
    CHECK(log->end->termination == rochade::Termination::Forfeit);
    CHECK(log->end->result == rochade::Score::WhiteWins);
}
