// Half-point byes asked for in advance over real sockets (issue 28 §1 and §2, docs/tournaments.md
// "Byes on request"): a player asks for one in the next round and takes it back, has it when the
// round is paired though he is offline, the director gives one, and the refusals: someone not
// registered, an unknown nick, the last round.
#include <map>
#include <string>

#include <catch2/catch.hpp>

#include "tests/server/server_fixture.h"
#include "tests/server/tournaments/tourney_steps.h"
#include "tests/server/ws_test_client.h"

using namespace rochade;
using namespace rochade::test;

namespace {

json bye_request(const std::string& type, std::int64_t tournament)
{
    return {{"type", type}, {"tournament", tournament}};
}

const json* player_named(const json& tournament, const std::string& nick)
{
    for (const auto& player : tournament.at("players"))
        if (player.at("nick") == nick) return &player;
    return nullptr;
}

} // namespace

TEST_CASE(
    "tournament byes: asked for, taken back, given by the director, kept for one offline, never in the last round",
    "[server][tournament][byes]")
{
    InProcessServer server([](auto& config) { config.tournament_round_pause_ms = 50; });
    WsTestClient director;
    std::map<std::string, WsTestClient> players;
    tourney_account(director, server, "Leiterin", protocol::Role::Director);
    for (const std::string nick : {"Anna", "Bert", "Clara", "Dora", "Emil"})
        tourney_account(players[nick], server, nick);
    const std::int64_t id = tourney_create(director, {{"rounds", 3}});
    for (auto& [nick, client] : players) REQUIRE(tourney_join(client, id).at("type") == "ok");

    auto& emil = players.at("Emil");
    REQUIRE(emil.request(bye_request("request_bye", id)).at("type") == "ok");
    CHECK(player_named(tourney_show(director, id), "Emil")->at("bye_round") == 1);
    REQUIRE(emil.request(bye_request("cancel_bye", id)).at("type") == "ok");
    CHECK_FALSE(player_named(tourney_show(director, id), "Emil")->contains("bye_round"));
    check_refused(emil.request(bye_request("cancel_bye", id)), "bad_request", "you have asked for no bye");
    REQUIRE(emil.request(bye_request("request_bye", id)).at("type") == "ok");
    check_refused(director.request(bye_request("request_bye", id)), "not_in_tournament", "not registered");
    check_refused(director.request({{"type", "director_bye"}, {"tournament", id}, {"nick", "Zora"}}),
                  "not_in_tournament", "director_bye: 'Zora': not registered");
    check_refused(players.at("Anna").request({{"type", "director_bye"}, {"tournament", id}, {"nick", "Bert"}}),
                  "forbidden");
    emil.close(); // away when round 1 is paired: his bye holds, a half point, not absence's zero

    json shown = tourney_start(director, id);
    json round = round_of(shown, 1);
    REQUIRE(round.at("boards").size() == 3);
    const json* emils = board_with(round, "Emil");
    REQUIRE(emils);
    CHECK(emils->at("bye") == "half_point");

    // The director gives Anna a half-point bye in round 2; round 1's games end.
    REQUIRE(director.request({{"type", "director_bye"}, {"tournament", id}, {"nick", "anna"}}).at("type") == "ok");
    for (const auto& board : round.at("boards")) {
        if (!board.contains("black")) continue;
        auto& white = players.at(board.at("white"));
        white.receive_until("game_started", board.at("table"));
        REQUIRE(white.request({{"type", "resign"}, {"table", board.at("table")}}).at("type") == "ok");
    }
    shown = tourney_update_until(
        director, id, [](const json& t) { return round_started(t, 2); }, "round 2 with its games started");
    round = round_of(shown, 2);
    const json* annas = board_with(round, "Anna");
    REQUIRE(annas);
    CHECK(annas->at("bye") == "half_point");
    CHECK(board_with(round, "Emil")->at("bye") == "zero_point"); // away, and no bye asked for

    // Round 3 is the last: no bye is given in it.
    check_refused(players.at("Bert").request(bye_request("request_bye", id)), "bad_request",
                  "request_bye: no bye in the last round (round 3)");
}
