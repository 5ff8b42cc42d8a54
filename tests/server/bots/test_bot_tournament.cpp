// A bot in a tournament through the Bot API (issue 29 §3: "bots play challenges, and tournaments
// whose director admits bots"): refused where the director did not admit bots, entered and
// withdrawn where he did, and paired there like anyone online: its game comes on its event stream
// and it plays it over HTTP to the event's end.
#include <chrono>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "tests/server/bots/bot_steps.h"
#include "tests/server/bots/ndjson_reader.h"
#include "tests/server/server_fixture.h"
#include "tests/server/tournaments/tourney_steps.h"
#include "tests/server/ws_test_client.h"

using namespace rochade;
using namespace rochade::test;
using namespace std::chrono_literals;

namespace {

HttpReply post(const InProcessServer& server, const std::string& target, const std::string& token)
{
    return bot_api(server, "POST", target, token);
}

} // namespace

TEST_CASE("bot api: a tournament takes a bot only when its director admits bots, and the bot plays its board",
          "[server][bots][tournament]")
{
    InProcessServer server([](auto& config) { config.tournament_round_pause_ms = 50; });
    WsTestClient director, human;
    tourney_account(director, server, "Turnierleiter", protocol::Role::Director);
    tourney_account(human, server, "Menschenspieler");
    const std::string token = bot_account(server, "Turnierbot");
    NdjsonReader events(server.port(), "/api/stream/event", token);
    REQUIRE(events.status() == 200);

    const std::int64_t closed = tourney_create(director, {{"rounds", 1}});
    const std::int64_t open = tourney_create(director, {{"rounds", 1}, {"bots_allowed", true}});
    CHECK(tourney_show(director, open).at("bots_allowed") == true);
    CHECK_FALSE(tourney_show(director, closed).contains("bots_allowed"));

    const HttpReply refused = post(server, "/api/tournament/" + std::to_string(closed) + "/join", token);
    INFO(refused.body);
    CHECK(refused.status == 403);
    CHECK(json::parse(refused.body).at("error").get<std::string>().find("takes no bots") != std::string::npos);
    // A human's entry is not the setting's business.
    CHECK(tourney_join(human, closed).at("type") == "ok");
    // A malformed path and a tournament that is not there.
    CHECK(post(server, "/api/swiss/" + std::to_string(open) + "/enter", token).status == 404);
    CHECK(post(server, "/api/swiss/999999/join", token).status >= 400);

    // lichess's Swiss and arena paths both lead to Rochade's tournament; in, out, in again.
    CHECK(post(server, "/api/swiss/" + std::to_string(open) + "/join", token).status == 200);
    CHECK(post(server, "/api/swiss/" + std::to_string(open) + "/withdraw", token).status == 200);
    const HttpReply again = post(server, "/api/tournament/" + std::to_string(open) + "/join", token);
    INFO(again.body);
    // A withdrawn player is readmitted by the director only (docs/protocol.md, join_tournament).
    CHECK(again.status == 400);
    REQUIRE(tourney_act(director, "director_readmit", open, std::string("Turnierbot")).at("type") == "ok");
    REQUIRE(tourney_join(human, open).at("type") == "ok");

    // The bot is online through its event stream, so round 1 pairs it; its game comes as any game.
    const json started = tourney_start(director, open);
    const json first_round = round_of(started, 1); // kept: board_with points into it
    const json* board = board_with(first_round, "Turnierbot");
    REQUIRE(board);
    std::optional<json> start;
    while (!start) {
        auto line = events.next_line(5s);
        REQUIRE(line);
        if (line->at("type") == "gameStart") start = line;
    }
    const std::string game = start->at("game").at("gameId");
    CHECK(start->at("game").at("opponent").at("username") == "Menschenspieler");
    const HttpReply resigned = post(server, "/api/bot/game/" + game + "/resign", token);
    INFO(resigned.body);
    CHECK(resigned.status == 200);
    const json finished = tourney_update_until(
        director, open, [](const json& t) { return t.at("state") == "finished"; }, "the event finished");
    const json last_round = round_of(finished, 1);
    const json* result = board_with(last_round, "Turnierbot");
    REQUIRE(result);
    CHECK(result->at("result") == (result->at("white") == "Turnierbot" ? "black_wins" : "white_wins"));
}
