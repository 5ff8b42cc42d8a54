// The director's rules of a tournament over real sockets (issue 28 §1 and §2): two players he
// forbids to meet are not paired, the standings carry his tie-breaks in his order, and a draw
// offered before the move he set is refused at the board, alone or with a move (which is then
// not played), and taken from that move on. Between rounds the view says when the next one is
// paired. (A restart reads the rule back from the game_started
// event: tests/server/table/test_courtesies.cpp.)
#include <map>
#include <string>

#include <catch2/catch.hpp>

#include "tests/server/server_fixture.h"
#include "tests/server/tournaments/tourney_steps.h"
#include "tests/server/ws_test_client.h"

using namespace rochade;
using namespace rochade::test;

TEST_CASE("tournament director's rules: forbidden pairs, his tie-breaks, no draw offers before his move",
          "[server][tournament][director]")
{
    InProcessServer server([](auto& config) { config.tournament_round_pause_ms = 50; });
    WsTestClient director;
    std::map<std::string, WsTestClient> players;
    tourney_account(director, server, "Leiterin", protocol::Role::Director);
    for (const std::string nick : {"Anna", "Bert", "Clara", "Dora"}) tourney_account(players[nick], server, nick);
    // Written in another case than the players registered: the rule holds by nick key.
    const std::int64_t id =
        tourney_create(director, {{"rounds", 2},
                                  {"forbidden_pairs", json::array({json::array({"anna", "CLARA"})})},
                                  {"tie_breaks", json::array({"SB", "BH"})},
                                  {"draw_offers_from_move", 3}});
    for (auto& [nick, client] : players) REQUIRE(tourney_join(client, id).at("type") == "ok");
    CHECK(tourney_show(director, id).at("draw_offers_from_move") == 3);

    const json shown = tourney_start(director, id);
    CHECK(shown.at("tie_breaks") == json::array({"SB", "BH"}));
    const json round = round_of(shown, 1);
    const json* annas = board_with(round, "Anna");
    REQUIRE(annas);
    REQUIRE(annas->contains("black"));
    CHECK(annas->at("white") != "Clara");
    CHECK(annas->at("black") != "Clara");

    // At Anna's board: no draw offer at move 1, alone or with a move; from move 3 it stands.
    const std::int64_t table = annas->at("table");
    auto& white = players.at(annas->at("white"));
    auto& black = players.at(annas->at("black"));
    white.receive_until("game_started", table);
    black.receive_until("game_started", table);
    check_refused(white.request({{"type", "offer_draw"}, {"table", table}}), "draw_offer_not_allowed",
                  "offer_draw: no draw offers before move 3 in this tournament (it is move 1)");
    check_refused(white.request({{"type", "move"}, {"table", table}, {"move", "e4"}, {"offer_draw", true}}),
                  "draw_offer_not_allowed", "the move was not played");
    for (const auto& [side, move] : {std::pair{&white, "e4"}, {&black, "e5"}, {&white, "Nf3"}, {&black, "Nc6"}})
        REQUIRE(side->request({{"type", "move"}, {"table", table}, {"move", move}}).at("type") == "ok");
    REQUIRE(white.request({{"type", "offer_draw"}, {"table", table}}).at("type") == "ok");
    black.receive_until("draw_offered", table);

    // Both games end: the watchers learn when the next round is paired (the countdown), and the
    // paired round has no countdown any more.
    REQUIRE(black.request({{"type", "accept_draw"}, {"table", table}}).at("type") == "ok");
    for (const auto& board : round.at("boards")) {
        if (board.at("table") == table) continue;
        auto& resigner = players.at(board.at("white"));
        resigner.receive_until("game_started", board.at("table"));
        REQUIRE(resigner.request({{"type", "resign"}, {"table", board.at("table")}}).at("type") == "ok");
    }
    const json pausing = tourney_update_until(
        director, id, [](const json& t) { return t.contains("next_round_ms"); }, "the countdown to round 2");
    CHECK(pausing.at("rounds_paired") == 1);
    CHECK(pausing.at("next_round_ms").get<std::int64_t>() >= round.at("paired_ms").get<std::int64_t>() + 50);
    const json second = tourney_update_until(
        director, id, [](const json& t) { return round_started(t, 2); }, "round 2 with its games started");
    CHECK_FALSE(second.contains("next_round_ms"));
}

TEST_CASE(
    "tournament entry conditions: invited players only, a rating range, rated games; guests where a rating counts",
    "[server][tournament][director]")
{
    InProcessServer server;
    WsTestClient director, anna, clara, guest;
    tourney_account(director, server, "Leiterin", protocol::Role::Director);
    tourney_account(anna, server, "Anna"); // a new account: blitz 1500, no rated games
    tourney_account(clara, server, "Clara");
    guest.connect(server.port());
    guest.hello("Gast");

    const std::int64_t invited = tourney_create(director, {{"invited", json::array({"anna", "Bert"})}});
    CHECK(tourney_show(director, invited).at("invited_only") == true);
    check_refused(tourney_join(clara, invited), "entry_conditions", "for invited players only");
    check_refused(tourney_join(guest, invited), "entry_conditions", "for invited players only");
    REQUIRE(tourney_join(anna, invited).at("type") == "ok");

    const std::int64_t strong = tourney_create(director, {{"min_rating", 1600}});
    check_refused(tourney_join(anna, strong), "entry_conditions",
                  "join_tournament: your blitz rating 1500 is below the tournament's minimum of 1600");
    check_refused(tourney_join(guest, strong), "entry_conditions", "asks for a rating: log in or register");
    const std::int64_t weak = tourney_create(director, {{"max_rating", 1400}});
    check_refused(tourney_join(anna, weak), "entry_conditions", "is above the tournament's maximum of 1400");
    const std::int64_t seasoned = tourney_create(director, {{"min_rated_games", 5}});
    const json shown = tourney_show(director, seasoned);
    CHECK(shown.at("min_rated_games") == 5);
    check_refused(tourney_join(anna, seasoned), "entry_conditions",
                  "you have played 0 rated blitz games; the tournament asks for 5");
    const std::int64_t open = tourney_create(director, {{"min_rating", 1400}, {"max_rating", 1600}});
    REQUIRE(tourney_join(anna, open).at("type") == "ok");
    CHECK(tourney_show(director, open).at("players").size() == 1);
}
