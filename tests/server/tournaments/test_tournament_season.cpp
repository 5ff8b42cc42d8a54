// A round robin played as a season over real sockets (issue 28 §3: "a round a week, each pairing
// plays when both players are online before the round's deadline, or the director
// adjudicates"), with a day of 4 s (tournament_day_ms) and a round of one day:
//   - round 1 opens at the start; a board whose players are both online starts at once, one with
//     a player away waits (no forfeit) and starts by itself when he comes online;
//   - a restart between rounds keeps the dates: round 2 opens at the start plus one day;
//   - a board whose player stays away past the deadline is not started when he returns, and
//     waits for the director's result (adjudicated, with the audit log's reason);
//   - round 3 opens at its date although round 2 is still undecided, and the event ends when
//     every board is decided.
#include <chrono>
#include <map>
#include <string>
#include <thread>

#include <catch2/catch.hpp>

#include "tests/server/server_fixture.h"
#include "tests/server/tournaments/tourney_steps.h"
#include "tests/server/ws_test_client.h"

using namespace rochade;
using namespace rochade::test;

namespace {

constexpr std::int64_t day_ms = 4000;

void hello_again(WsTestClient& client, const InProcessServer& server, const std::string& nick)
{
    client.connect(server.port());
    REQUIRE(client.request({{"type", "hello"}, {"nick", nick}, {"password", tourney_password}}).at("type") ==
            "hello_ok");
}

// The board of round `round` that `nick` plays, as `tournament` shows it.
json board_of(const json& tournament, int round, const std::string& nick)
{
    const json paired = round_of(tournament, round);
    const json* board = board_with(paired, nick);
    REQUIRE(board);
    return *board;
}

// In an update that may not carry the pairings (any tournament_updated): the board, or null.
json board_in(const json& tournament, int round, const std::string& nick)
{
    if (!tournament.contains("pairings")) return nullptr;
    for (const auto& paired : tournament.at("pairings"))
        if (paired.at("round") == round)
            for (const auto& board : paired.at("boards"))
                if (board.at("white") == nick || board.value("black", "") == nick) return board;
    return nullptr;
}

bool started_in(const json& tournament, int round, const std::string& nick)
{
    const json board = board_in(tournament, round, nick);
    return board.is_object() && board.contains("table");
}

bool decided_in(const json& tournament, int round, const std::string& nick)
{
    const json board = board_in(tournament, round, nick);
    return board.is_object() && board.at("result") != "pending";
}

// White resigns the board's game once it has started.
void resign_game(std::map<std::string, WsTestClient>& players, const json& board)
{
    auto& white = players.at(board.at("white"));
    const std::int64_t table = board.at("table");
    white.receive_until("game_started", table);
    REQUIRE(white.request({{"type", "resign"}, {"table", table}}).at("type") == "ok");
}

} // namespace

TEST_CASE("tournament season: a round robin by dates, games start when both are online, an overdue one is "
          "adjudicated by the director, a restart keeps the dates",
          "[server][tournament][season]")
{
    TempDir dir;
    const std::string db_path = (dir.path() / "season.db").string();
    const auto on_that_store = [&](server::ServerConfig& config) {
        config.db_path = db_path;
        config.reconnect_grace_ms = 300;
        config.tournament_day_ms = day_ms;
    };
    std::int64_t id = 0, started_ms = 0;
    const std::vector<std::string> nicks{"Anna", "Bert", "Clara", "Dora"};
    {
        InProcessServer server(on_that_store);
        WsTestClient director;
        std::map<std::string, WsTestClient> players;
        tourney_account(director, server, "Leiterin", protocol::Role::Director);
        director.set_timeout(std::chrono::milliseconds(3 * day_ms)); // a round's opening is up to a day away
        for (const auto& nick : nicks) tourney_account(players[nick], server, nick);
        const json refused = director.request(swiss_request({{"round_days", 7}}));
        check_refused(refused, "bad_request", "field 'round_days' is for a round robin played as a season");
        const json created = director.request({{"type", "create_tournament"},
                                               {"name", "Vereinsmeisterschaft"},
                                               {"system", "round_robin"},
                                               {"round_days", 1},
                                               {"time_control", "30+0"}});
        INFO(created.dump());
        REQUIRE(created.at("type") == "ok");
        CHECK(created.at("tournament").at("round_days") == 1);
        id = created.at("tournament").at("id");
        for (auto& [nick, client] : players) REQUIRE(tourney_join(client, id).at("type") == "ok");

        // Dora is away when the season starts.
        players.at("Dora").close();
        REQUIRE(tourney_act(director, "start_tournament", id).at("type") == "ok");
        const json first = tourney_update_until(
            director, id,
            [](const json& t) {
                if (int(t.at("rounds_paired")) < 1) return false;
                const json paired = round_of(t, 1);
                for (const auto& board : paired.at("boards"))
                    if (board.at("white") != "Dora" && board.at("black") != "Dora" && !board.contains("table"))
                        return false;
                return true;
            },
            "round 1 with the game of the two present players started");
        started_ms = first.at("started_ms");
        CHECK(round_of(first, 1).at("deadline_ms") == started_ms + day_ms);
        CHECK(first.at("rounds") == 3);

        // Dora's board waits for her: no table, no forfeit, after more than one look for her.
        const json doras = board_of(first, 1, "Dora");
        CHECK_FALSE(doras.contains("table"));
        const json round1 = round_of(first, 1);
        for (const auto& board : round1.at("boards"))
            if (board.at("white") != "Dora" && board.at("black") != "Dora") resign_game(players, board);
        std::this_thread::sleep_for(std::chrono::milliseconds(1300));
        const json waiting = tourney_show(director, id);
        CHECK(board_of(waiting, 1, "Dora").at("result") == "pending");
        CHECK_FALSE(board_of(waiting, 1, "Dora").contains("table"));

        // She comes back before the deadline: her game starts by itself, and is played.
        players.erase("Dora"); // a new connection, as a browser opened again
        hello_again(players["Dora"], server, "Dora");
        const json hers = tourney_update_until(
            director, id, [](const json& t) { return started_in(t, 1, "Dora"); },
            "Dora's game started when she came back");
        const auto now_ms =
            std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
                .count();
        CHECK(now_ms < started_ms + day_ms);
        resign_game(players, board_of(hers, 1, "Dora"));
        const json decided = tourney_update_until(
            director, id, [](const json& t) { return decided_in(t, 1, "Dora"); }, "round 1 decided");
        CHECK(decided.at("rounds_paired") == 1); // round 2 waits for its date
    }

    // A restart between the rounds: round 2 opens at its date, one day after the start.
    InProcessServer again(on_that_store);
    WsTestClient director;
    std::map<std::string, WsTestClient> players;
    director.set_timeout(std::chrono::milliseconds(3 * day_ms));
    hello_again(director, again, "Leiterin");
    const json before = tourney_show(director, id);
    CHECK(before.at("started_ms") == started_ms);
    CHECK(round_of(before, 1).at("deadline_ms") == started_ms + day_ms);
    const json second = tourney_update_until(
        director, id, [](const json& t) { return int(t.at("rounds_paired")) >= 2 && t.contains("pairings"); },
        "round 2 at its date");
    const json round2 = round_of(second, 2);
    CHECK(round2.at("paired_ms").get<std::int64_t>() >= started_ms + day_ms);
    CHECK(round2.at("deadline_ms") == started_ms + 2 * day_ms);

    // Round 2: Anna stays away past its deadline; the other board is played.
    REQUIRE(board_of(second, 2, "Anna").at("result") == "pending");
    for (const auto& nick : nicks)
        if (nick != "Anna") hello_again(players[nick], again, nick);
    std::string other_white;
    for (const auto& board : round2.at("boards"))
        if (board.at("white") != "Anna" && board.at("black") != "Anna") other_white = board.at("white");
    const json playing = tourney_update_until(
        director, id, [&](const json& t) { return started_in(t, 2, other_white); }, "round 2's other game started");
    resign_game(players, board_of(playing, 2, other_white));

    // Round 3 opens at its date with round 2 undecided; Anna's round-2 game is not started when
    // she comes back after its deadline.
    const json third = tourney_update_until(
        director, id, [](const json& t) { return int(t.at("rounds_paired")) >= 3 && t.contains("pairings"); },
        "round 3 at its date");
    CHECK(round_of(third, 3).at("paired_ms").get<std::int64_t>() >= started_ms + 2 * day_ms);
    CHECK(board_of(third, 2, "Anna").at("result") == "pending");
    hello_again(players["Anna"], again, "Anna");
    const json round3_started = tourney_update_until(
        director, id,
        [](const json& t) {
            if (int(t.at("rounds_paired")) < 3 || !t.contains("pairings")) return false;
            const json paired = round_of(t, 3);
            for (const auto& board : paired.at("boards"))
                if (!board.contains("table")) return false;
            return true;
        },
        "round 3's games started with everyone there");
    std::this_thread::sleep_for(std::chrono::milliseconds(1300));
    const json overdue = tourney_show(director, id);
    CHECK_FALSE(board_of(overdue, 2, "Anna").contains("table"));
    CHECK(board_of(overdue, 2, "Anna").at("result") == "pending");

    // The director adjudicates it; round 3 is played; the season ends.
    const json adjudicated = director.request({{"type", "director_result"},
                                               {"tournament", id},
                                               {"round", 2},
                                               {"board", board_of(overdue, 2, "Anna").at("board")},
                                               {"result", "draw"},
                                               {"reason", "not played before the deadline; both agreed to a draw"}});
    INFO(adjudicated.dump());
    REQUIRE(adjudicated.at("type") == "ok");
    const json round3 = round_of(round3_started, 3);
    for (const auto& board : round3.at("boards")) resign_game(players, board);
    const json end = tourney_update_until(
        director, id, [](const json& t) { return t.at("state") == "finished" && t.contains("pairings"); },
        "the end of the season");
    CHECK(board_of(end, 2, "Anna").at("result") == "draw");
    double points = 0;
    for (const auto& row : end.at("standings")) points += row.at("points").get<double>();
    CHECK(points == 6.0); // six games, each worth a point
}

TEST_CASE("tournament season: a player withdrawn while his game waits for him forfeits it, and it never starts",
          "[server][tournament][season]")
{
    InProcessServer server([](server::ServerConfig& config) { config.tournament_day_ms = day_ms; });
    WsTestClient director;
    std::map<std::string, WsTestClient> players;
    tourney_account(director, server, "Leiterin", protocol::Role::Director);
    director.set_timeout(std::chrono::milliseconds(3 * day_ms));
    for (const std::string nick : {"Anna", "Bert", "Clara"}) tourney_account(players[nick], server, nick);
    const json created = director.request({{"type", "create_tournament"},
                                           {"name", "Sommerturnier"},
                                           {"system", "round_robin"},
                                           {"round_days", 1},
                                           {"time_control", "30+0"}});
    REQUIRE(created.at("type") == "ok");
    const std::int64_t id = created.at("tournament").at("id");
    for (auto& [nick, client] : players) REQUIRE(tourney_join(client, id).at("type") == "ok");

    // Clara is away at the start; whoever of the others plays her waits.
    players.erase("Clara");
    REQUIRE(tourney_act(director, "start_tournament", id).at("type") == "ok");
    const json first = tourney_update_until(
        director, id, [](const json& t) { return int(t.at("rounds_paired")) >= 1 && t.contains("pairings"); },
        "round 1 paired");
    const json claras = board_in(first, 1, "Clara");
    const bool clara_sits_out = claras.is_null();
    const int round = clara_sits_out ? 2 : 1; // three players: one sits out each round
    if (clara_sits_out)
        tourney_update_until(
            director, id, [](const json& t) { return int(t.at("rounds_paired")) >= 2 && t.contains("pairings"); },
            "round 2 at its date");

    // The director withdraws her; she comes back online: her game is forfeit, without a table.
    REQUIRE(tourney_act(director, "director_withdraw", id, "Clara").at("type") == "ok");
    hello_again(players["Clara"], server, "Clara");
    const json decided = tourney_update_until(
        director, id, [&](const json& t) { return decided_in(t, round, "Clara"); }, "Clara's game forfeited");
    const json board = board_in(decided, round, "Clara");
    CHECK(board.at("result") == (board.at("white") == "Clara" ? "black_wins_by_forfeit" : "white_wins_by_forfeit"));
    CHECK_FALSE(board.contains("table"));
}
