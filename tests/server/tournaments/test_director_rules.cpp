// The director's rules of a tournament over real sockets (issue 28 §1 and §2): two players he
// forbids to meet are not paired, the standings carry his tie-breaks in his order, and a draw
// offered before the move he set is refused at the board, alone or with a move (which is then
// not played), and taken from that move on. Between rounds the view says when the next one is
// paired. (A restart reads the rule back from the game_started
// event: tests/server/table/test_courtesies.cpp.)
#include <chrono>
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
    "tournament entry conditions: invited players only, a rating range, rated games, guests where a rating counts",
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

TEST_CASE("tournament start time and first board: the event starts by itself at its time, or ends unplayed with "
          "too few, the first board's colour reaches the pairing and the TRF",
          "[server][tournament][director]")
{
    InProcessServer server;
    WsTestClient director, anna, bert;
    tourney_account(director, server, "Leiterin", protocol::Role::Director);
    tourney_account(anna, server, "Anna");
    tourney_account(bert, server, "Bert");
    const std::int64_t now_ms =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
            .count();
    check_refused(director.request(swiss_request({{"starts_at", now_ms - 1000}})), "bad_request",
                  "field 'starts_at' must be at least 5 seconds ahead");
    check_refused(director.request(swiss_request({{"starts_at", now_ms + 400LL * 24 * 3600 * 1000}})), "bad_request",
                  "within a year");
    check_refused(director.request(swiss_request({{"first_board", "green"}})), "bad_request", "field 'first_board'");
    check_refused(
        director.request(swiss_request({{"system", "round_robin"}, {"rounds", nullptr}, {"first_board", "black"}})),
        "bad_request", "field 'first_board' is for a Swiss");

    const std::int64_t starts_at = now_ms + 6000;
    const std::int64_t played =
        tourney_create(director, {{"rounds", 1}, {"starts_at", starts_at}, {"first_board", "black"}});
    const std::int64_t empty = tourney_create(director, {{"name", "Leere Runde"}, {"starts_at", starts_at}});
    REQUIRE(tourney_join(anna, played).at("type") == "ok");
    REQUIRE(tourney_join(bert, played).at("type") == "ok");
    REQUIRE(tourney_join(bert, empty).at("type") == "ok");
    const json before = tourney_show(director, played);
    CHECK(before.at("starts_ms") == starts_at);
    CHECK(before.at("first_board") == "black");
    CHECK(tourney_show(director, empty).at("first_board") == "white");

    // Nobody starts them: at their time one starts and pairs round 1, the other ends unplayed.
    director.set_timeout(std::chrono::seconds(30));
    const json running = tourney_update_until(
        director, played, [](const json& t) { return round_started(t, 1); }, "the start at the start time");
    CHECK(running.at("started_ms") >= starts_at);
    CHECK_FALSE(running.contains("starts_ms"));
    const json ended = tourney_show(director, empty);
    CHECK(ended.at("state") == "finished");
    CHECK(ended.at("rounds_paired") == 0);
    check_refused(tourney_act(director, "start_tournament", played), "tournament_started");

    // The initial colour black: the first board's first-ranked player has Black in round 1.
    const HttpReply trf = http_get(server.port(), "/tournaments/" + std::to_string(played) + ".trf");
    REQUIRE(trf.status == 200);
    CHECK(trf.body.find("XXC black1") != std::string::npos);
}

TEST_CASE("tournament director's pairing by hand: the next round as he pairs it, within the rules he may not waive",
          "[server][tournament][director]")
{
    // A long pause: round 2 is the director's to pair before the service would.
    InProcessServer server([](auto& config) { config.tournament_round_pause_ms = 60'000; });
    WsTestClient director;
    std::map<std::string, WsTestClient> players;
    tourney_account(director, server, "Leiterin", protocol::Role::Director);
    for (const std::string nick : {"Anna", "Bert", "Clara", "Dora", "Emil"})
        tourney_account(players[nick], server, nick);
    const std::int64_t id =
        tourney_create(director, {{"rounds", 2}, {"forbidden_pairs", json::array({json::array({"Anna", "Emil"})})}});
    for (auto& [nick, client] : players) REQUIRE(tourney_join(client, id).at("type") == "ok");
    const auto pair_by_hand = [&](WsTestClient& who, json games, std::optional<std::string> bye = {}) {
        json request{{"type", "director_pairing"}, {"tournament", id}, {"games", std::move(games)}};
        if (bye) request["bye"] = *bye;
        return who.request(request);
    };
    check_refused(pair_by_hand(director, json::array({json::array({"Anna", "Bert"})})), "bad_request",
                  "director_pairing: the tournament is registering");

    const json first = tourney_start(director, id);
    const json round_1 = round_of(first, 1); // kept: a range-for over a temporary's member dangles
    check_refused(pair_by_hand(director, json::array({json::array({"Anna", "Bert"})})), "bad_request",
                  "round 1 is still being played");
    for (const auto& board : round_1.at("boards")) {
        if (!board.contains("black")) continue;
        auto& resigner = players.at(board.at("white"));
        resigner.receive_until("game_started", board.at("table"));
        REQUIRE(resigner.request({{"type", "resign"}, {"table", board.at("table")}}).at("type") == "ok");
    }
    tourney_update_until(
        director, id, [](const json& t) { return t.contains("next_round_ms"); }, "the pause before round 2");

    // Refused, each naming what is wrong; nothing is paired.
    check_refused(pair_by_hand(players.at("Anna"), json::array({json::array({"Anna", "Bert"})})), "forbidden");
    check_refused(pair_by_hand(director, json::array({json::array({"Anna", "Zora"})})), "bad_request",
                  "'Zora' is not registered");
    check_refused(pair_by_hand(director, json::array({json::array({"Anna", "Bert"}), json::array({"bert", "Clara"})})),
                  "bad_request", "'bert' is named twice");
    check_refused(pair_by_hand(director, json::array({json::array({"Emil", "Anna"})})), "bad_request",
                  "must never meet");
    check_refused(pair_by_hand(director, json::array()), "bad_request", "field 'games'");
    const json* bye_of_round_1 = nullptr;
    for (const auto& board : round_1.at("boards"))
        if (board.value("bye", "") == "pairing_allocated") bye_of_round_1 = &board;
    REQUIRE(bye_of_round_1);
    const std::string had_bye = bye_of_round_1->at("white");
    check_refused(pair_by_hand(director, json::array({json::array({"Dora", "Anna"})}), had_bye), "bad_request",
                  "had the pairing-allocated bye already");

    // His pairing: Dora-Anna, Clara-Bert (whatever they played before), Emil left out.
    REQUIRE(pair_by_hand(director, json::array({json::array({"Dora", "Anna"}), json::array({"Clara", "Bert"})}))
                .at("type") == "ok");
    const json second = tourney_update_until(
        director, id, [](const json& t) { return round_started(t, 2); }, "round 2 as the director paired it");
    CHECK_FALSE(second.contains("next_round_ms"));
    const json round = round_of(second, 2);
    REQUIRE(round.at("boards").size() == 3);
    CHECK(round.at("boards")[0].at("white") == "Dora");
    CHECK(round.at("boards")[0].at("black") == "Anna");
    CHECK(round.at("boards")[1].at("white") == "Clara");
    CHECK(round.at("boards")[2] == json::parse(R"({"board":3,"white":"Emil","bye":"zero_point"})"));
    check_refused(pair_by_hand(director, json::array({json::array({"Emil", "Bert"})})), "bad_request",
                  "round 2 is still being played");
    for (const auto& board : {round.at("boards")[0], round.at("boards")[1]}) {
        auto& resigner = players.at(board.at("black"));
        resigner.receive_until("game_started", board.at("table"));
        REQUIRE(resigner.request({{"type", "resign"}, {"table", board.at("table")}}).at("type") == "ok");
    }
    const json after = tourney_update_until(
        director, id, [](const json& t) { return t.at("state") == "finished"; }, "the end after round 2");
    CHECK(after.at("rounds_paired") == 2);
}
