// A tournament across the nodes of a cluster (issue 28 §6; docs/tournaments.md, "Several nodes"),
// three in-process nodes on one bus and one store: the node where it was created runs it, the
// players on the other two join through theirs (their requests forwarded, the answers and
// refusals coming back), the director acts from another node, every board's game is at a table
// of White's node, the watchers on every node follow it, and when the node that runs it stops in
// the middle of a round another takes it over from the store: a result that came while no node
// ran it counts, the next round is paired once, and the event ends.
#include <map>
#include <string>
#include <thread>

#include <catch2/catch.hpp>

#include "db/sqlite/sqlite.h"
#include "tests/server/cluster_fixture.h"
#include "tests/server/tournaments/tourney_steps.h"
#include "tests/server/ws_test_client.h"

using namespace rochade;
using namespace rochade::test;
using namespace std::chrono_literals;

namespace {

void quick_rounds(server::ServerConfig& config)
{
    config.tournament_round_pause_ms = 50;
    config.reconnect_grace_ms = 500;
}

bool all_decided(const json& round)
{
    for (const auto& board : round.at("boards"))
        if (board.contains("black") && board.at("result") == "pending") return false;
    return true;
}

// Three nodes on one bus and one store (which outlives node 1), and a director on node 1 who
// created a Swiss of `rounds` there: node 1 runs it.
struct ClusterSwiss {
    explicit ClusterSwiss(int rounds)
    {
        tourney_account(director, *one, "Leiterin", protocol::Role::Director);
        id = tourney_create(director, {{"rounds", rounds}});
    }

    TempDir dir;
    const std::string store = (dir.path() / "cluster.db").string();
    Cluster cluster;
    std::unique_ptr<InProcessServer> one = cluster.node("n1", store, quick_rounds);
    std::unique_ptr<InProcessServer> two = cluster.node("n2", store, quick_rounds);
    std::unique_ptr<InProcessServer> three = cluster.node("n3", store, quick_rounds);
    WsTestClient director;
    std::int64_t id = 0;
};

} // namespace

TEST_CASE("tournaments across nodes: run by one node, joined and directed from the others, its boards on White's "
          "node, taken over when that node stops in the middle of a round",
          "[server][tournament][cluster]")
{
    ClusterSwiss swiss(2);
    auto& [dir, store, cluster, one, two, three, director, id] = swiss;

    // Four players on nodes 2 and 3, none on node 1, which runs the event.
    std::map<std::string, WsTestClient> players;
    const std::map<std::string, InProcessServer*> node_of{
        {"Anna", two.get()}, {"Bert", three.get()}, {"Clara", two.get()}, {"Dora", three.get()}, {"Emil", three.get()}};
    for (const auto& [nick, node] : node_of) hello_at(players[nick], *node, nick);
    CHECK(tourney_shown_once_copied(players.at("Anna"), id).at("state") == "registering");
    tourney_shown_once_copied(players.at("Bert"), id);
    for (auto& [nick, client] : players) {
        const json joined = tourney_join(client, id);
        INFO(nick << ": " << joined.dump());
        REQUIRE(joined.at("type") == "ok");
    }
    // The copy on node 2 tells its watchers once node 1 announces the entries.
    tourney_update_until(
        players.at("Anna"), id, [](const json& t) { return t.at("players").size() == 5; }, "five players on node 2");
    // Refusals come back from node 1 as they would on it.
    check_refused(tourney_join(players.at("Anna"), id), "already_in_tournament", "registered already");
    check_refused(tourney_act(players.at("Bert"), "start_tournament", id), "forbidden", "Leiterin");
    check_refused(tourney_act(players.at("Bert"), "pause_tournament", 999), "no_such_tournament");

    // The director logs in on node 3 (his connection on node 1 gives way) and withdraws Emil from there.
    WsTestClient director3;
    director3.connect(three->port());
    REQUIRE(director3.request({{"type", "hello"}, {"nick", "Leiterin"}, {"password", tourney_password}}).at("type") ==
            "hello_ok");
    tourney_shown_once_copied(director3, id);
    REQUIRE(tourney_act(director3, "director_withdraw", id, "Emil").at("type") == "ok");
    json shown = tourney_update_until(
        director3, id,
        [](const json& t) {
            for (const auto& player : t.at("players"))
                if (player.at("nick") == "Emil") return player.value("withdrawn", false);
            return false;
        },
        "Emil withdrawn, as node 3's copy shows");

    // The start from node 3: round 1 pairs the four players, each game at a table of White's node.
    REQUIRE(tourney_act(director3, "start_tournament", id).at("type") == "ok");
    shown = tourney_update_until(
        director3, id, [](const json& t) { return round_started(t, 1); }, "round 1 with its games started");
    const json round1 = round_of(shown, 1);
    INFO(round1.dump());
    // Two games; Emil, withdrawn, has the round as a zero-point bye (board 3).
    REQUIRE(round1.at("boards").size() == 3);
    CHECK(round1.at("boards")[2].at("white") == "Emil");
    CHECK(round1.at("boards")[2].at("bye") == "zero_point");
    std::map<InProcessServer*, std::int64_t> games_expected{{one.get(), 0}, {two.get(), 0}, {three.get(), 0}};
    for (const auto& board : round1.at("boards")) {
        if (!board.contains("black")) continue;
        const std::int64_t table = board.at("table");
        players.at(board.at("white")).receive_until("game_started", table);
        players.at(board.at("black")).receive_until("game_started", table);
        ++games_expected[node_of.at(board.at("white"))];
    }
    for (const auto& [node, expected] : games_expected) CHECK(tourney_games_on(node->port()) == expected);

    // Node 1 stops in the middle of the round. Board 1's White resigns at once, before another
    // node takes the tournament over (the lease lasts 500 ms): its result is read from the store.
    // (Its shutdown waits for its connections up to 2 s: the resignation comes meanwhile.)
    std::thread stopping([&one] { one.reset(); });
    std::this_thread::sleep_for(100ms);
    const json& first = round1.at("boards")[0];
    REQUIRE(players.at(first.at("white")).request({{"type", "resign"}, {"table", first.at("table")}}).at("type") ==
            "ok");
    stopping.join();
    shown = tourney_update_until(
        players.at("Anna"), id,
        [](const json& t) {
            return int(t.at("rounds_paired")) >= 1 && round_of(t, 1).at("boards")[0].at("result") == "black_wins";
        },
        "board 1's result, recorded by the node that took over");
    // Board 2's Black resigns once it is taken over: the table's node tells the new holder.
    const json& second = round1.at("boards")[1];
    REQUIRE(players.at(second.at("black")).request({{"type", "resign"}, {"table", second.at("table")}}).at("type") ==
            "ok");
    shown = tourney_update_until(
        director3, id, [](const json& t) { return round_started(t, 2); }, "round 2, paired by the new holder");
    CHECK(round_of(shown, 1).at("boards")[1].at("result") == "white_wins");

    // Round 2 is drawn everywhere, and the event ends.
    const json round2 = round_of(shown, 2); // kept: a range-for over a temporary's member dangles
    for (const auto& board : round2.at("boards")) {
        if (!board.contains("black")) continue;
        const std::int64_t table = board.at("table");
        auto& white = players.at(board.at("white"));
        auto& black = players.at(board.at("black"));
        white.receive_until("game_started", table);
        REQUIRE(white.request({{"type", "offer_draw"}, {"table", table}}).at("type") == "ok");
        black.receive_until("draw_offered", table);
        REQUIRE(black.request({{"type", "accept_draw"}, {"table", table}}).at("type") == "ok");
    }
    shown = tourney_update_until(
        players.at("Bert"), id, [](const json& t) { return t.at("state") == "finished"; }, "the end, on node 3");
    CHECK(all_decided(round_of(shown, 2)));
    CHECK(shown.at("rounds_paired") == 2);

    // Stored once each: two rounds, every result.
    db::Database db(store, db::OpenMode::ReadOnly);
    const std::string of = " WHERE tournament_id = " + std::to_string(id);
    CHECK(db.query_int("SELECT COUNT(*) FROM tournament_rounds" + of) == 2);
    CHECK(db.query_int("SELECT COUNT(*) FROM tournament_pairings" + of + " AND black_key IS NOT NULL") == 4);
    CHECK(db.query_int("SELECT COUNT(*) FROM tournament_pairings" + of +
                       " AND black_key IS NOT NULL AND result = 'pending'") == 0);

    // A finished event takes the director's correction on any node (no lease guards it).
    REQUIRE(director3
                .request({{"type", "director_result"},
                          {"tournament", id},
                          {"round", 1},
                          {"board", 1},
                          {"result", "draw"},
                          {"reason", "Schiedsrichterentscheid"}})
                .at("type") == "ok");
    tourney_update_until(
        players.at("Anna"), id,
        [](const json& t) {
            return t.at("state") == "finished" && round_of(t, 1).at("boards")[0].at("result") == "draw";
        },
        "the correction, on node 2's copy");
}

TEST_CASE("tournaments across nodes: a result the bus lost on its way to the node that runs the event is read from "
          "the store",
          "[server][tournament][cluster]")
{
    ClusterSwiss swiss(1);
    auto& [dir, store, cluster, one, two, three, director, id] = swiss;
    std::map<std::string, WsTestClient> players;
    const std::map<std::string, std::string> node_of{{"Anna", "n2"}, {"Bert", "n3"}};
    hello_at(players["Anna"], *two, "Anna");
    hello_at(players["Bert"], *three, "Bert");
    for (auto& [nick, client] : players) {
        tourney_shown_once_copied(client, id);
        REQUIRE(tourney_join(client, id).at("type") == "ok");
    }
    const json board = round_of(tourney_start(director, id), 1).at("boards")[0];
    const std::int64_t table = board.at("table");
    auto& white = players.at(board.at("white"));
    white.receive_until("game_started", table);
    players.at(board.at("black")).receive_until("game_started", table);

    // White's node is cut off from the bus while the game ends at its table: its news is lost.
    const auto bus = cluster.bus_of(node_of.at(board.at("white")));
    bus->cut_off(true);
    REQUIRE(white.request({{"type", "resign"}, {"table", table}}).at("type") == "ok");
    white.receive_until("game_over", table);
    std::this_thread::sleep_for(200ms);
    bus->cut_off(false);
    // Node 1 looks the game up in the store (every 5 s): the event ends with the result.
    director.set_timeout(10000ms);
    const json shown = tourney_update_until(
        director, id, [](const json& t) { return t.at("state") == "finished"; }, "the end, with the result");
    CHECK(round_of(shown, 1).at("boards")[0].at("result") == "black_wins");
}
