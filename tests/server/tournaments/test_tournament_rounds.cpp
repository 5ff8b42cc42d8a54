// A tournament's rounds on the server over real sockets (issue 28 §1 and §2): the start pairs
// round 1 with the players online (an absent one has a zero-point bye), each game starts at a
// table of its own with White and Black as paired, its end is the board's result, the next round
// is paired after the pause and the event ends after the last; the standings with their
// tie-breaks. A side that does not make the first move loses by forfeit and is out of the next
// round; a tournament game has no abort, rematch or takeback; a restart in the middle of a round
// loses nothing.
#include <algorithm>
#include <chrono>
#include <map>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include <catch2/catch.hpp>

#include "db/sqlite/sqlite.h"
#include "pairing/berger.h"
#include "tests/server/server_fixture.h"
#include "tests/server/tournaments/tourney_steps.h"
#include "tests/server/ws_test_client.h"

using namespace rochade;
using namespace rochade::test;

namespace {

void tourney_pause_short(server::ServerConfig& config) { config.tournament_round_pause_ms = 50; }

} // namespace

TEST_CASE("tournament rounds: a Swiss is paired with who is online, played at tables, paired again and finished",
          "[server][tournament][rounds]")
{
    InProcessServer server(tourney_pause_short);
    WsTestClient director, emil;
    std::map<std::string, WsTestClient> players;
    tourney_account(director, server, "Leiterin", protocol::Role::Director);
    for (const std::string nick : {"Anna", "Bert", "Clara", "Dora"}) tourney_account(players[nick], server, nick);
    tourney_account(emil, server, "Emil");
    const std::int64_t id = tourney_create(director, {{"rounds", 2}});
    for (auto& [nick, client] : players) REQUIRE(tourney_join(client, id).at("type") == "ok");
    REQUIRE(tourney_join(emil, id).at("type") == "ok");
    emil.close(); // away when the round is paired: not paired, a zero-point bye

    json shown = tourney_start(director, id);
    json round = round_of(shown, 1);
    REQUIRE(round.at("boards").size() == 3);
    const json* emils = board_with(round, "Emil");
    REQUIRE(emils);
    CHECK(emils->at("bye") == "zero_point");
    CHECK_FALSE(emils->contains("black"));
    CHECK(shown.at("tie_breaks") == json::array({"BH-C1", "BH", "SB", "DE", "WIN", "BPG"}));

    // Each game: both players are seated at its table as paired, White to move; White resigns
    // on board 1, Black on board 2.
    for (const auto& board : round.at("boards")) {
        if (!board.contains("black")) continue;
        const std::int64_t table = board.at("table");
        auto& white = players.at(board.at("white"));
        auto& black = players.at(board.at("black"));
        const json started = white.receive_until("game_started", table);
        CHECK(started.dump().find("\"white\":\"" + board.at("white").get<std::string>() + "\"") != std::string::npos);
        black.receive_until("game_started", table);
        auto& resigner = board.at("board") == 1 ? white : black;
        REQUIRE(resigner.request({{"type", "resign"}, {"table", table}}).at("type") == "ok");
    }

    // Round 2 after the pause, with the results of round 1 in the standings.
    shown = tourney_update_until(
        director, id, [](const json& t) { return round_started(t, 2); }, "round 2 with its games started");
    round = round_of(shown, 1);
    CHECK(round.at("boards")[0].at("result") == "black_wins");
    CHECK(round.at("boards")[1].at("result") == "white_wins");
    const json standings = shown.at("standings");
    REQUIRE(standings.size() == 5);
    CHECK(standings[0].at("points") == 1);
    CHECK(standings[1].at("points") == 1);
    CHECK(standings[4].at("nick") == "Emil");
    CHECK(standings[4].at("points") == 0);
    CHECK(standings[0].at("tie_breaks").size() == 6);

    // Emil is still away: round 2 pairs the winners and the losers, Emil has a zero-point bye again.
    round = round_of(shown, 2);
    int games = 0, byes = 0;
    for (const auto& board : round.at("boards")) (board.contains("black") ? games : byes)++;
    CHECK(games == 2);
    CHECK(byes == 1);
    for (const auto& board : round.at("boards")) {
        if (!board.contains("black")) continue;
        const std::int64_t table = board.at("table");
        auto& white = players.at(board.at("white"));
        white.receive_until("game_started", table);
        REQUIRE(white.request({{"type", "offer_draw"}, {"table", table}}).at("type") == "ok");
        auto& black = players.at(board.at("black"));
        black.receive_until("draw_offered", table);
        REQUIRE(black.request({{"type", "accept_draw"}, {"table", table}}).at("type") == "ok");
    }
    shown = tourney_update_until(
        director, id, [](const json& t) { return t.at("state") == "finished"; }, "the end after round 2");
    CHECK(shown.contains("finished_ms"));
    CHECK(shown.at("rounds_paired") == 2);
    const json second = round_of(shown, 2);
    for (const auto& board : second.at("boards"))
        if (board.contains("black")) CHECK(board.at("result") == "draw");
    // The winners of round 1 drew: 1½ each; the losers ½ each; Emil 0.
    CHECK(shown.at("standings")[0].at("points") == 1.5);
    CHECK(shown.at("standings")[2].at("points") == 0.5);
    CHECK(shown.at("standings")[4].at("points") == 0);

    // The arbiters' export: the TRF with every player and both rounds, for anyone.
    const HttpReply trf = http_get(server.port(), "/tournaments/" + std::to_string(id) + ".trf");
    CHECK(trf.status == 200);
    CHECK(trf.header("content-type") == "text/plain; charset=utf-8");
    CHECK(trf.body.find("XXR 2") != std::string::npos);
    for (const std::string nick : {"Anna", "Bert", "Clara", "Dora", "Emil"})
        CHECK(trf.body.find(nick) != std::string::npos);
    CHECK(http_get(server.port(), "/tournaments/999.trf").status == 404);
    CHECK(http_get(server.port(), "/tournaments/x1.trf").status == 404);
    CHECK(http_get(server.port(), "/tournaments/" + std::to_string(id) + ".trf?round=1").status == 400);
    CHECK(http_request(server.port(), "POST", "/tournaments/" + std::to_string(id) + ".trf").status == 405);

    // Stored: both rounds, every result.
    db::Database db(server.config().db_path, db::OpenMode::ReadOnly);
    CHECK(db.query_int("SELECT COUNT(*) FROM tournament_rounds WHERE tournament_id = " + std::to_string(id)) == 2);
    CHECK(db.query_int("SELECT COUNT(*) FROM tournament_pairings WHERE tournament_id = " + std::to_string(id) +
                       " AND black_key IS NOT NULL AND result = 'pending'") == 0);
}

TEST_CASE("tournament rounds: a missed first move is a loss by forfeit and a withdrawal, no abort, rematch or "
          "takeback at a tournament table",
          "[server][tournament][rounds]")
{
    InProcessServer server([](server::ServerConfig& config) {
        tourney_pause_short(config);
        config.first_move_limit_ms = 400;
    });
    WsTestClient director, anna, bert, clara;
    tourney_account(director, server, "Leiterin", protocol::Role::Director);
    tourney_account(anna, server, "Anna");
    tourney_account(bert, server, "Bert");
    tourney_account(clara, server, "Clara");
    const std::int64_t id = tourney_create(director, {{"rounds", 2}});
    for (auto* player : {&anna, &bert, &clara}) REQUIRE(tourney_join(*player, id).at("type") == "ok");
    json shown = tourney_start(director, id);
    const json board = round_of(shown, 1).at("boards")[0];
    const std::int64_t table = board.at("table");
    const std::string late_nick = board.at("white");
    std::map<std::string, WsTestClient*> by_nick{{"Anna", &anna}, {"Bert", &bert}, {"Clara", &clara}};
    auto& white = *by_nick.at(late_nick);
    auto& black = *by_nick.at(board.at("black"));
    white.receive_until("game_started", table);

    const json abort = white.request({{"type", "abort"}, {"table", table}});
    CHECK(abort.at("code") == "cannot_abort");
    CHECK(abort.at("message").get<std::string>().find("tournament game") != std::string::npos);
    const json takeback = white.request({{"type", "takeback"}, {"table", table}});
    CHECK(takeback.at("type") == "error");

    // White does not move: the game is aborted by the first-move limit, and he loses by forfeit.
    shown = tourney_update_until(
        director, id,
        [](const json& t) {
            return int(t.at("rounds_paired")) >= 1 && round_of(t, 1).at("boards")[0].at("result") != "pending";
        },
        "round 1's result");
    CHECK(round_of(shown, 1).at("boards")[0].at("result") == "black_wins_by_forfeit");
    const json rematch = black.request({{"type", "rematch"}, {"table", table}});
    CHECK(rematch.at("code") == "rematch_unavailable");
    CHECK(rematch.at("message").get<std::string>().find("tournament") != std::string::npos);

    // The late player is withdrawn before round 2 is paired: it pairs the other two, and he has
    // the round as a zero-point bye; the director may readmit him.
    shown = tourney_update_until(
        director, id, [](const json& t) { return round_started(t, 2); }, "round 2 without the late player");
    bool late_withdrawn = false;
    for (const auto& player : shown.at("players"))
        if (player.at("nick") == late_nick) late_withdrawn = player.at("withdrawn");
    CHECK(late_withdrawn);
    const json second = round_of(shown, 2);
    REQUIRE(second.at("boards").size() == 2);
    CHECK(second.at("boards")[0].at("white") != late_nick);
    CHECK(second.at("boards")[0].at("black") != late_nick);
    CHECK(second.at("boards")[1].at("white") == late_nick);
    CHECK(second.at("boards")[1].at("bye") == "zero_point");
    REQUIRE(tourney_act(director, "director_readmit", id, late_nick).at("type") == "ok");
    tourney_update_until(
        director, id,
        [&](const json& t) {
            for (const auto& player : t.at("players"))
                if (player.at("nick") == late_nick) return player.at("withdrawn") == false;
            return false;
        },
        "the late player readmitted");
}

TEST_CASE("tournament rounds: a restart in the middle of a round: the game goes on, its result counts, the event ends",
          "[server][tournament][rounds]")
{
    TempDir dir;
    const std::string db_path = (dir.path() / "rounds.db").string();
    const auto on_that_store = [&](server::ServerConfig& config) {
        config.db_path = db_path;
        config.reconnect_grace_ms = 500;
        tourney_pause_short(config);
    };
    std::int64_t id = 0, table = 0;
    std::string white_nick;
    {
        InProcessServer server(on_that_store);
        WsTestClient director, anna, bert;
        tourney_account(director, server, "Leiterin", protocol::Role::Director);
        tourney_account(anna, server, "Anna");
        tourney_account(bert, server, "Bert");
        id = tourney_create(director, {{"rounds", 1}});
        REQUIRE(tourney_join(anna, id).at("type") == "ok");
        REQUIRE(tourney_join(bert, id).at("type") == "ok");
        REQUIRE(tourney_act(director, "start_tournament", id).at("type") == "ok");
        const json shown = tourney_update_until(
            director, id,
            [](const json& t) {
                return int(t.at("rounds_paired")) == 1 && round_of(t, 1).at("boards")[0].contains("table");
            },
            "round 1 started");
        const json board = round_of(shown, 1).at("boards")[0];
        table = board.at("table");
        white_nick = board.at("white");
        auto& white = white_nick == "Anna" ? anna : bert;
        white.receive_until("game_started", table);
        REQUIRE(white.request({{"type", "move"}, {"table", table}, {"move", "e4"}}).at("type") == "ok");
    }
    InProcessServer again(on_that_store);
    WsTestClient director, white, black;
    for (auto* client : {&white, &black}) {
        client->connect(again.port());
        const std::string nick = client == &white ? white_nick : (white_nick == "Anna" ? "Bert" : "Anna");
        REQUIRE(client->request({{"type", "hello"}, {"nick", nick}, {"password", tourney_password}}).at("type") ==
                "hello_ok");
    }
    director.connect(again.port());
    const json before = tourney_show(director, id);
    CHECK(before.at("state") == "running");
    CHECK(round_of(before, 1).at("boards")[0].at("table") == table);
    // The restored game is played on at the same table once both are back: Black resigns.
    REQUIRE(white.request({{"type", "watch_table"}, {"table", table}}).at("type") == "table_state");
    REQUIRE(black.request({{"type", "watch_table"}, {"table", table}}).at("type") == "table_state");
    REQUIRE(black.request({{"type", "resign"}, {"table", table}}).at("type") == "ok");
    const json after = tourney_update_until(
        director, id, [](const json& t) { return t.at("state") == "finished"; }, "the end after the restored game");
    CHECK(round_of(after, 1).at("boards")[0].at("result") == "white_wins");
    CHECK(after.at("standings")[0].at("nick") == white_nick);
}

TEST_CASE("tournament rounds: the director corrects a result (audit log), pauses, resumes and ends the event",
          "[server][tournament][rounds][director]")
{
    InProcessServer server(tourney_pause_short);
    WsTestClient director, anna, bert, clara;
    tourney_account(director, server, "Leiterin", protocol::Role::Director);
    tourney_account(anna, server, "Anna");
    tourney_account(bert, server, "Bert");
    tourney_account(clara, server, "Clara");
    const std::int64_t id = tourney_create(director, {{"rounds", 3}});
    for (auto* player : {&anna, &bert, &clara}) REQUIRE(tourney_join(*player, id).at("type") == "ok");
    const json result_request = {{"type", "director_result"},
                                 {"tournament", id},
                                 {"round", 1},
                                 {"board", 1},
                                 {"result", "draw"},
                                 {"reason", "both players agreed on a draw by telephone"}};
    json before_start = result_request;
    check_refused(director.request(before_start), "tournament_closed", "has not started");
    json shown = tourney_start(director, id);

    // The director pauses first: the round's game is played, but round 2 is not paired.
    REQUIRE(tourney_act(director, "pause_tournament", id).at("type") == "ok");
    check_refused(tourney_act(director, "pause_tournament", id), "bad_request", "the tournament is paused");
    check_refused(tourney_act(anna, "pause_tournament", id), "forbidden");
    const json board = round_of(shown, 1).at("boards")[0];
    const std::int64_t table = board.at("table");
    std::map<std::string, WsTestClient*> by_nick{{"Anna", &anna}, {"Bert", &bert}, {"Clara", &clara}};
    auto& white = *by_nick.at(board.at("white"));
    white.receive_until("game_started", table);
    REQUIRE(white.request({{"type", "resign"}, {"table", table}}).at("type") == "ok");
    shown = tourney_update_until(
        director, id,
        [](const json& t) {
            return int(t.at("rounds_paired")) >= 1 && round_of(t, 1).at("boards")[0].at("result") == "black_wins";
        },
        "round 1's result while paused");
    CHECK(shown.at("state") == "paused");
    std::this_thread::sleep_for(std::chrono::milliseconds(300)); // six pauses: no round is paired meanwhile
    CHECK(tourney_show(director, id).at("rounds_paired") == 1);

    // The correction: refused to a player, for a bye or a board that is not there, for the
    // result the board has; then stored with the audit log's line.
    check_refused(anna.request(result_request), "forbidden");
    json no_board = result_request;
    no_board["board"] = 5;
    check_refused(director.request(no_board), "bad_request", "round 1 has no board 5");
    json same = result_request;
    same["result"] = "black_wins";
    check_refused(director.request(same), "bad_request", "is black_wins already");
    json bad_word = result_request;
    bad_word["result"] = "1-0";
    check_refused(director.request(bad_word), "bad_request", "result");
    json no_reason = result_request;
    no_reason.erase("reason");
    check_refused(director.request(no_reason), "bad_request", "reason");
    REQUIRE(director.request(result_request).at("type") == "ok");
    shown = tourney_update_until(
        director, id,
        [](const json& t) {
            return int(t.at("rounds_paired")) >= 1 && round_of(t, 1).at("boards")[0].at("result") == "draw";
        },
        "the corrected result");
    db::Database db(server.config().db_path, db::OpenMode::ReadOnly);
    CHECK(db.query_int("SELECT COUNT(*) FROM moderation_log WHERE action = 'tournament_result' AND actor_nick = "
                       "'Leiterin' AND reason = 'both players agreed on a draw by telephone' AND target = "
                       "'tournament " +
                       std::to_string(id) + " round 1 board 1'") == 1);

    // Resumed: round 2 is paired; then the director ends the event.
    REQUIRE(tourney_act(director, "resume_tournament", id).at("type") == "ok");
    shown = tourney_update_until(
        director, id, [](const json& t) { return round_started(t, 2); }, "round 2 after the resumption");
    REQUIRE(tourney_act(director, "end_tournament", id).at("type") == "ok");
    shown = tourney_update_until(
        director, id, [](const json& t) { return t.at("state") == "finished"; }, "the end");
    CHECK(shown.at("rounds_paired") == 2);
    check_refused(tourney_act(director, "end_tournament", id), "tournament_closed", "the tournament is finished");
    check_refused(tourney_act(director, "resume_tournament", id), "tournament_closed");
}

TEST_CASE("tournament rounds: a round robin of 5 plays its Berger rounds, a withdrawal before half is annulled",
          "[server][tournament][rounds][round_robin]")
{
    InProcessServer server(tourney_pause_short);
    WsTestClient director, fritz;
    std::map<std::string, WsTestClient> players;
    tourney_account(director, server, "Leiterin", protocol::Role::Director);
    const std::vector<std::string> entered{"Anna", "Bert", "Clara", "Dora", "Emil"}; // Berger numbers 1-5
    for (const auto& nick : entered) tourney_account(players[nick], server, nick);
    tourney_account(fritz, server, "Fritz");
    const json created = director.request({{"type", "create_tournament"},
                                           {"name", "Vereinsmeisterschaft"},
                                           {"system", "round_robin"},
                                           {"cycles", 1},
                                           {"time_control", "3+2"}});
    REQUIRE(created.at("type") == "ok");
    const std::int64_t id = created.at("tournament").at("id");
    for (const auto& nick : entered) REQUIRE(tourney_join(players.at(nick), id).at("type") == "ok");
    // Fritz enters and withdraws before the start: he has no place in the schedule.
    REQUIRE(tourney_join(fritz, id).at("type") == "ok");
    REQUIRE(tourney_act(fritz, "withdraw_tournament", id).at("type") == "ok");
    REQUIRE(tourney_act(director, "start_tournament", id).at("type") == "ok");
    check_refused(tourney_act(director, "director_readmit", id, "Fritz"), "tournament_started",
                  "withdrew before the round robin started");
    check_refused(tourney_join(fritz, id), "already_in_tournament");

    const auto berger = pairing::berger_schedule(5);
    REQUIRE(berger);
    REQUIRE(berger->size() == 5);
    std::map<std::pair<std::string, std::string>, int> met; // {white, black} -> round
    std::map<std::string, int> sat_out;
    json shown;
    for (int round = 1; round <= 5; ++round) {
        shown = tourney_update_until(
            director, id, [round](const json& t) { return round_started(t, round); },
            "round " + std::to_string(round) + " with its games started");
        CHECK(shown.at("rounds") == 5);
        const json paired = round_of(shown, round);
        // The round is the Berger table's, Berger number n being the n-th entry.
        std::vector<std::pair<std::string, std::string>> expected;
        for (const auto& board : (*berger)[std::size_t(round - 1)].boards)
            expected.emplace_back(entered[std::size_t(board.white - 1)], entered[std::size_t(board.black - 1)]);
        std::vector<std::pair<std::string, std::string>> actual;
        for (const auto& board : paired.at("boards")) {
            REQUIRE(board.contains("black")); // the player sitting out has no board, not a bye
            actual.emplace_back(board.at("white"), board.at("black"));
        }
        CHECK(actual == expected);
        std::set<std::string> playing;
        for (const auto& [white, black] : actual) {
            playing.insert(white);
            playing.insert(black);
            met[{white, black}] = round;
        }
        for (const auto& nick : entered)
            if (!playing.contains(nick)) ++sat_out[nick];
        // Every game over the board: White resigns. Emil withdraws during round 1, while his game
        // runs; from round 2 on his games are forfeits, decided without a table.
        for (const auto& board : paired.at("boards")) {
            const bool emils = board.at("white") == "Emil" || board.at("black") == "Emil";
            if (round > 1 && emils) {
                CHECK_FALSE(board.contains("table"));
                CHECK(board.at("result") ==
                      (board.at("white") == "Emil" ? "black_wins_by_forfeit" : "white_wins_by_forfeit"));
                continue;
            }
            const std::int64_t table = board.at("table");
            auto& white = players.at(board.at("white"));
            white.receive_until("game_started", table);
            players.at(board.at("black")).receive_until("game_started", table);
            if (emils) REQUIRE(tourney_act(players.at("Emil"), "withdraw_tournament", id).at("type") == "ok");
            REQUIRE(white.request({{"type", "resign"}, {"table", table}}).at("type") == "ok");
        }
    }
    shown = tourney_update_until(
        director, id, [](const json& t) { return t.at("state") == "finished"; }, "the end after round 5");
    CHECK(shown.at("rounds_paired") == 5);
    CHECK(met.size() == 10); // everyone met everyone once
    for (const auto& nick : entered) CHECK(sat_out[nick] == 1);

    // Emil played 1 of his 4 games: all his results are annulled (FIDE's default), so the
    // standings hold the games among the other four alone, each won by Black.
    std::map<std::string, double> points;
    for (const auto& round : shown.at("pairings"))
        for (const auto& board : round.at("boards"))
            if (board.at("white") != "Emil" && board.at("black") != "Emil") {
                CHECK(board.at("result") == "black_wins");
                points[board.at("black")] += 1;
            }
    CHECK(shown.at("tie_breaks") == json::array({"SB", "DE", "WIN"}));
    const json standings = shown.at("standings");
    REQUIRE(standings.size() == 5);
    for (const auto& row : standings) {
        INFO(row.dump());
        const std::string nick = row.at("nick");
        CHECK(row.at("points").get<double>() == points[nick]);
        CHECK(row.at("withdrawn") == (nick == "Emil"));
    }
    CHECK(standings[4].at("nick") == "Emil");

    // The crosstable in Berger order: Black's win in each game, nothing against Emil (annulled).
    const json table = shown.at("crosstable");
    CHECK(table.at("nicks") == json(entered));
    const json cells = table.at("cells");
    REQUIRE(cells.size() == 5);
    const auto index_of = [&](const std::string& nick) {
        return std::size_t(std::find(entered.begin(), entered.end(), nick) - entered.begin());
    };
    for (std::size_t row = 0; row < 5; ++row) {
        CHECK(cells[row][row] == "X");
        CHECK(table.at("points")[row].get<double>() == points[entered[row]]);
    }
    for (std::size_t other = 0; other < 4; ++other) {
        CHECK(cells[4][other] == "");
        CHECK(cells[other][4] == "");
    }
    for (const auto& round : shown.at("pairings"))
        for (const auto& board : round.at("boards"))
            if (board.at("white") != "Emil" && board.at("black") != "Emil") {
                CHECK(cells[index_of(board.at("black"))][index_of(board.at("white"))] == "1");
                CHECK(cells[index_of(board.at("white"))][index_of(board.at("black"))] == "0");
            }
}

TEST_CASE("tournament rounds: a Swiss of 12 over 5 rounds with a late entry, a withdrawal and a bye",
          "[server][tournament][rounds][swiss12]")
{
    InProcessServer server(tourney_pause_short);
    WsTestClient director;
    std::map<std::string, WsTestClient> players;
    tourney_account(director, server, "Leiterin", protocol::Role::Director);
    std::vector<std::string> nicks;
    for (int i = 1; i <= 13; ++i) nicks.push_back("Spieler" + std::string(i < 10 ? "0" : "") + std::to_string(i));
    for (const auto& nick : nicks) tourney_account(players[nick], server, nick);
    const std::string late = nicks.back(); // Spieler13 enters after round 1
    const std::string quitter = nicks[3];  // Spieler04 withdraws during round 2
    const std::int64_t id = tourney_create(director, {{"rounds", 5}, {"late_entry_until_round", 2}});
    for (int i = 0; i < 12; ++i) REQUIRE(tourney_join(players.at(nicks[std::size_t(i)]), id).at("type") == "ok");
    REQUIRE(tourney_act(director, "start_tournament", id).at("type") == "ok");

    std::set<std::pair<std::string, std::string>> met;
    std::map<std::string, int> allocated_byes;
    json shown;
    for (int round = 1; round <= 5; ++round) {
        shown = tourney_update_until(
            director, id, [round](const json& t) { return round_started(t, round); },
            "round " + std::to_string(round) + " with its games started");
        const json paired = round_of(shown, round);
        int games = 0;
        std::set<std::string> seen;
        for (const auto& board : paired.at("boards")) {
            const std::string white = board.at("white");
            CHECK(seen.insert(white).second); // nobody twice in a round
            if (!board.contains("black")) {
                INFO("round " << round << ": " << board.dump());
                // The withdrawn player is listed with a zero-point bye (absent), the odd player
                // out with the pairing's one-point bye.
                if (white == quitter && round >= 3) {
                    CHECK(board.at("bye") == "zero_point");
                    continue;
                }
                CHECK(board.at("bye") == "pairing_allocated");
                CHECK(++allocated_byes[white] == 1); // C.04.1.3: at most one per player
                continue;
            }
            const std::string black = board.at("black");
            CHECK(seen.insert(black).second);
            // C1: two players meet at most once.
            CHECK(met.insert({std::min(white, black), std::max(white, black)}).second);
            if (round >= 3) {
                CHECK(white != quitter);
                CHECK(black != quitter);
            }
            ++games;
        }
        // 12 players in round 1; 13 (the late entry) in round 2: one pairing-allocated bye; 12 from round 3.
        CHECK(games == 6);
        CHECK(seen.size() == (round == 1 ? 12u : 13u));
        CHECK(seen.contains(late) == (round >= 2));
        if (round == 1) REQUIRE(tourney_join(players.at(late), id).at("type") == "ok");
        if (round == 2) REQUIRE(tourney_act(players.at(quitter), "withdraw_tournament", id).at("type") == "ok");
        // Odd boards: White resigns; even boards: Black resigns.
        for (const auto& board : paired.at("boards")) {
            if (!board.contains("black")) continue;
            const std::int64_t table = board.at("table");
            auto& white = players.at(board.at("white"));
            auto& black = players.at(board.at("black"));
            white.receive_until("game_started", table);
            black.receive_until("game_started", table);
            auto& resigner = int(board.at("board")) % 2 == 1 ? white : black;
            REQUIRE(resigner.request({{"type", "resign"}, {"table", table}}).at("type") == "ok");
        }
    }
    shown = tourney_update_until(
        director, id, [](const json& t) { return t.at("state") == "finished"; }, "the end after round 5");
    CHECK(shown.at("rounds_paired") == 5);
    CHECK(allocated_byes.size() == 1);

    // The standings add up: every game gives one point, a pairing-allocated bye one, the late
    // entry's missed round a half; 13 players, the withdrawn one listed as such.
    const json standings = shown.at("standings");
    REQUIRE(standings.size() == 13);
    double total = 0;
    for (const auto& row : standings) {
        total += row.at("points").get<double>();
        CHECK(row.at("withdrawn") == (row.at("nick") == quitter));
    }
    CHECK(total == 5 * 6 + 1 + 0.5);
    for (std::size_t i = 1; i < standings.size(); ++i)
        CHECK(standings[i - 1].at("points").get<double>() >= standings[i].at("points").get<double>());

    const HttpReply trf = http_get(server.port(), "/tournaments/" + std::to_string(id) + ".trf");
    REQUIRE(trf.status == 200);
    for (const auto& nick : nicks) CHECK(trf.body.find(nick) != std::string::npos);
    CHECK(trf.body.find("XXR 5") != std::string::npos);

    // All games as PGN, in round and board order, Event the tournament, Round "round.board".
    const HttpReply pgn = http_get(server.port(), "/tournaments/" + std::to_string(id) + ".pgn");
    REQUIRE(pgn.status == 200);
    CHECK(pgn.header("content-type") == "application/x-chess-pgn; charset=utf-8");
    std::size_t events = 0;
    for (auto at = pgn.body.find("[Event \"Winter Swiss\"]"); at != std::string::npos;
         at = pgn.body.find("[Event \"Winter Swiss\"]", at + 1))
        ++events;
    CHECK(events == 30);
    const auto first_round = pgn.body.find("[Round \"1.1\"]");
    const auto last_round = pgn.body.find("[Round \"5.6\"]");
    CHECK(first_round != std::string::npos);
    CHECK(last_round != std::string::npos);
    CHECK(first_round < last_round);
    CHECK(http_get(server.port(), "/tournaments/999.pgn").status == 404);
    CHECK(http_get(server.port(), "/tournaments/" + std::to_string(id) + ".pgn?all=1").status == 400);
}

TEST_CASE("tournament rounds: a round robin restarted between rounds pairs the next round of the same schedule",
          "[server][tournament][rounds][round_robin]")
{
    TempDir dir;
    const std::string db_path = (dir.path() / "round_robin.db").string();
    const std::vector<std::string> entered{"Anna", "Bert", "Clara"};
    const auto berger = pairing::berger_schedule(3);
    REQUIRE(berger);
    REQUIRE(berger->size() == 3);
    const auto expected_round = [&](int round) {
        std::vector<std::pair<std::string, std::string>> games;
        for (const auto& board : (*berger)[std::size_t(round - 1)].boards)
            games.emplace_back(entered[std::size_t(board.white - 1)], entered[std::size_t(board.black - 1)]);
        return games;
    };
    const auto games_of = [](const json& paired) {
        std::vector<std::pair<std::string, std::string>> games;
        for (const auto& board : paired.at("boards")) games.emplace_back(board.at("white"), board.at("black"));
        return games;
    };
    // White resigns the one game of a round.
    const auto play_round = [](std::map<std::string, WsTestClient>& players, const json& paired) {
        const json& board = paired.at("boards").at(0);
        const std::int64_t table = board.at("table");
        auto& white = players.at(board.at("white"));
        white.receive_until("game_started", table);
        players.at(board.at("black")).receive_until("game_started", table);
        REQUIRE(white.request({{"type", "resign"}, {"table", table}}).at("type") == "ok");
    };
    std::int64_t id = 0;
    {
        // A long pause: round 2 is not paired before the server stops.
        InProcessServer server([&](server::ServerConfig& config) {
            config.db_path = db_path;
            config.tournament_round_pause_ms = 60'000;
        });
        WsTestClient director;
        std::map<std::string, WsTestClient> players;
        tourney_account(director, server, "Leiterin", protocol::Role::Director);
        for (const auto& nick : entered) tourney_account(players[nick], server, nick);
        const json created = director.request(
            {{"type", "create_tournament"}, {"name", "Dreikampf"}, {"system", "round_robin"}, {"time_control", "3+2"}});
        REQUIRE(created.at("type") == "ok");
        id = created.at("tournament").at("id");
        for (const auto& nick : entered) REQUIRE(tourney_join(players.at(nick), id).at("type") == "ok");
        REQUIRE(tourney_act(director, "start_tournament", id).at("type") == "ok");
        const json shown = tourney_update_until(
            director, id, [](const json& t) { return round_started(t, 1); }, "round 1 started");
        CHECK(games_of(round_of(shown, 1)) == expected_round(1));
        play_round(players, round_of(shown, 1));
        tourney_update_until(
            director, id,
            [](const json& t) {
                return int(t.at("rounds_paired")) >= 1 && round_of(t, 1).at("boards")[0].at("result") != "pending";
            },
            "round 1's result");
    }
    InProcessServer again([&](server::ServerConfig& config) {
        config.db_path = db_path;
        // Long enough for everyone to log in again (password hashing, under a loaded machine's
        // sanitizers) before round 2 is paired: 300 ms once let it be paired before the look below.
        config.reconnect_grace_ms = 3000;
        tourney_pause_short(config);
    });
    WsTestClient director;
    std::map<std::string, WsTestClient> players;
    for (const auto& nick : entered) {
        players[nick].connect(again.port());
        REQUIRE(players[nick].request({{"type", "hello"}, {"nick", nick}, {"password", tourney_password}}).at("type") ==
                "hello_ok");
    }
    director.connect(again.port());
    REQUIRE(tourney_show(director, id).at("rounds_paired") == 1);
    for (int round = 2; round <= 3; ++round) {
        const json shown = tourney_update_until(
            director, id, [round](const json& t) { return round_started(t, round); },
            "round " + std::to_string(round) + " after the restart");
        CHECK(games_of(round_of(shown, round)) == expected_round(round));
        play_round(players, round_of(shown, round));
    }
    const json after = tourney_update_until(
        director, id, [](const json& t) { return t.at("state") == "finished"; }, "the end after round 3");
    CHECK(after.at("rounds_paired") == 3);
    CHECK(after.at("crosstable").at("nicks") == json(entered));
}
