// An Arena over real sockets (docs/tournaments.md, "Arena"): ten players for a one-minute
// arena at 1+0, each game played as soon as its table starts. The stronger player (earlier in
// the list) wins every game after seven moves each, so Anna wins them all: two wins put her on
// fire and her third counts double, plus one for going berserk in it (her clock loses half its
// base). Jonas's first game is agreed drawn after two plies and scores nothing for either side.
// Nobody meets his last opponent again. No wave is paired in the last 30 seconds (lila's
// cut-off for a one-minute base), the arena ends by itself at its time, and a game still running
// then does not count.
#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "tests/server/server_fixture.h"
#include "tests/server/tournaments/tourney_steps.h"
#include "tests/server/ws_test_client.h"

using namespace rochade;
using namespace rochade::test;

namespace {

const std::vector<std::string> arena_players{"Anna",  "Bert",   "Clara", "Dora", "Emil",
                                             "Frida", "Gustav", "Hanna", "Ida",  "Jonas"};

int strength_rank(const std::string& nick)
{
    return int(std::find(arena_players.begin(), arena_players.end(), nick) - arena_players.begin());
}

// Seven quiet moves each: no capture, no check, no repetition.
const std::vector<std::string> white_moves{"Nf3", "Nc3", "e3", "d3", "Be2", "Bd2", "a3"};
const std::vector<std::string> black_moves{"Nf6", "Nc6", "e6", "d6", "Be7", "Bd7", "a6"};

void move(WsTestClient& player, std::int64_t table, const std::string& san)
{
    const json reply = player.request({{"type", "move"}, {"table", table}, {"move", san}});
    INFO(reply.dump());
    REQUIRE(reply.at("type") == "ok");
}

// The `index`-th number of an arena sheet ("2 2 5 4").
std::string sheet_entry(const std::string& sheet, int index)
{
    std::size_t from = 0;
    for (int i = 0; i < index && from != std::string::npos; ++i) {
        from = sheet.find(' ', from);
        if (from != std::string::npos) ++from;
    }
    if (from == std::string::npos) return "";
    return sheet.substr(from, sheet.find(' ', from) - from);
}

std::int64_t board_key(const json& wave, const json& board)
{
    return std::int64_t{wave.at("round").get<int>()} * 1000 + board.at("board").get<int>();
}

} // namespace

TEST_CASE("arena: ten players for a minute, with streaks, berserk, a quick draw and the end by time",
          "[server][tournament][arena]")
{
    InProcessServer server;
    WsTestClient director;
    std::map<std::string, WsTestClient> players;
    tourney_account(director, server, "Leiterin", protocol::Role::Director);
    for (const auto& nick : arena_players) tourney_account(players[nick], server, nick);
    const json created = director.request({{"type", "create_tournament"},
                                           {"name", "Minutenarena"},
                                           {"system", "arena"},
                                           {"minutes", 1},
                                           {"time_control", "1+0"}});
    INFO(created.dump());
    REQUIRE(created.at("type") == "ok");
    const std::int64_t id = created.at("tournament").at("id");
    CHECK(created.at("tournament").at("berserk") == true);
    CHECK_FALSE(created.at("tournament").contains("rounds"));
    for (const auto& nick : arena_players) REQUIRE(tourney_join(players.at(nick), id).at("type") == "ok");
    check_refused(players.at("Bert").request({{"type", "request_bye"}, {"tournament", id}}), "bad_request",
                  "an arena has no byes");
    REQUIRE(tourney_act(director, "start_tournament", id).at("type") == "ok");
    director.set_timeout(std::chrono::seconds(90)); // the end comes by itself, a minute after the start

    std::set<std::int64_t> handled;
    std::set<std::int64_t> held; // boards left running at the end: two plies, then nothing
    std::map<std::string, int> games_of;
    bool jonas_drew = false;
    std::int64_t draw_board = 0;
    std::int64_t berserk_board = 0;
    std::int64_t started_ms = 0, ends_ms = 0;
    json final_view;
    for (;;) {
        const json t = tourney_update_until(
            director, id,
            [&](const json& tournament) {
                if (tournament.at("state") == "finished") return true;
                if (!tournament.contains("pairings")) return false;
                for (const auto& wave : tournament.at("pairings"))
                    for (const auto& board : wave.at("boards"))
                        if (board.contains("table") && !handled.contains(board_key(wave, board))) return true;
                return false;
            },
            "a new arena game, or the end");
        if (t.at("state") == "finished") {
            final_view = t;
            break;
        }
        started_ms = t.at("started_ms");
        ends_ms = t.at("ends_ms");
        CHECK(ends_ms == started_ms + 60'000);
        for (const auto& wave : t.at("pairings"))
            for (const auto& board : wave.at("boards")) {
                const auto key = board_key(wave, board);
                if (!board.contains("table") || handled.contains(key)) continue;
                handled.insert(key);
                const std::int64_t table = board.at("table");
                const std::string white_nick = board.at("white"), black_nick = board.at("black");
                auto& white = players.at(white_nick);
                auto& black = players.at(black_nick);
                white.receive_until("game_started", table);
                black.receive_until("game_started", table);
                ++games_of[white_nick];
                ++games_of[black_nick];
                // Late in the minute the games are begun and left running past the end.
                if (std::int64_t{wave.at("paired_ms")} > started_ms + 22'000) {
                    move(white, table, white_moves[0]);
                    move(black, table, black_moves[0]);
                    held.insert(table);
                    continue;
                }
                const bool anna_plays = white_nick == "Anna" || black_nick == "Anna";
                if (!jonas_drew && !anna_plays && (white_nick == "Jonas" || black_nick == "Jonas")) {
                    jonas_drew = true;
                    draw_board = key;
                    move(white, table, white_moves[0]);
                    move(black, table, black_moves[0]);
                    REQUIRE(white.request({{"type", "offer_draw"}, {"table", table}}).at("type") == "ok");
                    REQUIRE(black.request({{"type", "accept_draw"}, {"table", table}}).at("type") == "ok");
                    continue;
                }
                auto& anna = white_nick == "Anna" ? white : black;
                if (anna_plays && games_of["Anna"] == 3) {
                    // Berserk before her first move: half of her 60 s base goes, once only.
                    const json berserk = anna.request({{"type", "berserk"}, {"table", table}});
                    INFO(berserk.dump());
                    REQUIRE(berserk.at("type") == "ok");
                    const json event = anna.receive_until("berserk", table);
                    CHECK(event.at("by") == (white_nick == "Anna" ? "white" : "black"));
                    CHECK(event.at("clocks").at(white_nick == "Anna" ? "white_ms" : "black_ms") == 30'000);
                    check_refused(anna.request({{"type", "berserk"}, {"table", table}}), "berserk_not_allowed",
                                  "berserk already");
                    berserk_board = key;
                }
                for (std::size_t i = 0; i < white_moves.size(); ++i) {
                    move(white, table, white_moves[i]);
                    if (anna_plays && games_of["Anna"] == 4 && i == 0 && white_nick == "Anna")
                        check_refused(anna.request({{"type", "berserk"}, {"table", table}}), "berserk_not_allowed",
                                      "only before one's first move");
                    move(black, table, black_moves[i]);
                }
                const bool white_stronger = strength_rank(white_nick) < strength_rank(black_nick);
                auto& loser = white_stronger ? black : white;
                REQUIRE(loser.request({{"type", "resign"}, {"table", table}}).at("type") == "ok");
            }
    }

    // It ended by itself at its time, with no wave paired in its last 30 seconds.
    REQUIRE(final_view.at("finished_ms") >= ends_ms);
    for (const auto& wave : final_view.at("pairings")) CHECK(wave.at("paired_ms") < ends_ms - 30'000);
    // Nobody met his last opponent again.
    std::map<std::string, std::string> last_opponent;
    for (const auto& wave : final_view.at("pairings"))
        for (const auto& board : wave.at("boards")) {
            const std::string white = board.at("white"), black = board.at("black");
            CHECK(last_opponent[white] != black);
            last_opponent[white] = black;
            last_opponent[black] = white;
            if (board_key(wave, board) == berserk_board)
                CHECK(board.value(white == "Anna" ? "white_berserk" : "black_berserk", false));
        }
    REQUIRE(games_of["Anna"] >= 3);
    REQUIRE(berserk_board != 0);
    REQUIRE(jonas_drew);

    // A game left running at the end is played out now: it does not count.
    REQUIRE_FALSE(held.empty());
    const std::int64_t late_table = *held.begin();
    std::string late_white;
    for (const auto& wave : final_view.at("pairings"))
        for (const auto& board : wave.at("boards"))
            if (board.value("table", std::int64_t{0}) == late_table) late_white = board.at("white");
    REQUIRE(players.at(late_white).request({{"type", "resign"}, {"table", late_table}}).at("type") == "ok");
    const json after = tourney_show(director, id);
    for (const auto& wave : after.at("pairings"))
        for (const auto& board : wave.at("boards"))
            if (board.value("table", std::int64_t{0}) == late_table) CHECK(board.at("result") == "pending");
    CHECK(after.at("arena_standings") == final_view.at("arena_standings"));

    std::map<std::string, json> row_of;
    for (const auto& row : after.at("arena_standings")) row_of[row.at("nick")] = row;
    INFO(after.at("arena_standings").dump());
    // Anna won every game she finished: 2, 2, then on fire 4 and 1 for berserk, then 4 each.
    const std::string anna_sheet = row_of.at("Anna").at("sheet");
    CHECK(anna_sheet.rfind("2 2 5", 0) == 0);
    CHECK(row_of.at("Anna").at("rank") == "1");
    CHECK(row_of.at("Anna").at("score") > row_of.at("Bert").at("score"));
    // The quick draw: nothing for Jonas, nor for whoever drew with him (their sheets list the
    // finished games in the order played).
    std::map<std::string, int> finished_before;
    for (const auto& wave : after.at("pairings"))
        for (const auto& board : wave.at("boards")) {
            if (board.at("result") == "pending") continue;
            const std::string white = board.at("white"), black = board.at("black");
            if (board_key(wave, board) == draw_board) {
                CHECK(board.at("result") == "draw");
                for (const auto& nick : {white, black}) {
                    INFO(nick);
                    CHECK(sheet_entry(row_of.at(nick).at("sheet"), finished_before[nick]) == "0");
                }
            }
            ++finished_before[white];
            ++finished_before[black];
        }
    for (const auto& [nick, row] : row_of) CHECK_FALSE(row.at("playing"));

    // The games download as PGN; a TRF reports rounds, which an arena has not.
    const HttpReply pgn = http_get(server.port(), "/tournaments/" + std::to_string(id) + ".pgn");
    CHECK(pgn.status == 200);
    CHECK(pgn.body.find("[Event \"Minutenarena\"]") != std::string::npos);
    const HttpReply trf = http_get(server.port(), "/tournaments/" + std::to_string(id) + ".trf");
    CHECK(trf.status == 409);
    CHECK(trf.body.find("is an arena") != std::string::npos);
}

TEST_CASE("arena: a restart in the middle of a wave: the games go on, count with their berserk, the waves go on",
          "[server][tournament][arena]")
{
    TempDir dir;
    const std::string db_path = (dir.path() / "arena.db").string();
    const auto on_that_store = [&](server::ServerConfig& config) {
        config.db_path = db_path;
        config.reconnect_grace_ms = 500;
    };
    const std::vector<std::string> nicks{"Anna", "Bert", "Clara", "Dora"};
    std::int64_t id = 0, table = 0, ends_ms = 0;
    std::string white_nick, black_nick;
    {
        InProcessServer server(on_that_store);
        WsTestClient director;
        std::map<std::string, WsTestClient> players;
        tourney_account(director, server, "Leiterin", protocol::Role::Director);
        for (const auto& nick : nicks) tourney_account(players[nick], server, nick);
        const json created = director.request({{"type", "create_tournament"},
                                               {"name", "Nachtarena"},
                                               {"system", "arena"},
                                               {"minutes", 30},
                                               {"time_control", "3+0"}});
        REQUIRE(created.at("type") == "ok");
        id = created.at("tournament").at("id");
        for (const auto& nick : nicks) REQUIRE(tourney_join(players.at(nick), id).at("type") == "ok");
        REQUIRE(tourney_act(director, "start_tournament", id).at("type") == "ok");
        const json shown = tourney_update_until(
            director, id,
            [](const json& t) {
                return t.contains("pairings") && !t.at("pairings").empty() &&
                       t.at("pairings")[0].at("boards").size() == 2 &&
                       t.at("pairings")[0].at("boards")[0].contains("table") &&
                       t.at("pairings")[0].at("boards")[1].contains("table");
            },
            "wave 1 started");
        // Board 2 is played out before the restart: Black resigns at once.
        const json other = shown.at("pairings")[0].at("boards")[1];
        players.at(other.at("white")).receive_until("game_started", other.at("table"));
        auto& other_black = players.at(other.at("black"));
        other_black.receive_until("game_started", other.at("table"));
        REQUIRE(other_black.request({{"type", "resign"}, {"table", other.at("table")}}).at("type") == "ok");
        ends_ms = shown.at("ends_ms");
        const json board = shown.at("pairings")[0].at("boards")[0];
        table = board.at("table");
        white_nick = board.at("white");
        black_nick = board.at("black");
        auto& white = players.at(white_nick);
        white.receive_until("game_started", table);
        players.at(black_nick).receive_until("game_started", table);
        REQUIRE(white.request({{"type", "berserk"}, {"table", table}}).at("type") == "ok");
        move(white, table, white_moves[0]);
    }
    InProcessServer again(on_that_store);
    WsTestClient director;
    std::map<std::string, WsTestClient> players;
    for (const auto& nick : nicks) {
        players[nick].connect(again.port());
        REQUIRE(players[nick].request({{"type", "hello"}, {"nick", nick}, {"password", tourney_password}}).at("type") ==
                "hello_ok");
    }
    director.connect(again.port());
    const json before = tourney_show(director, id);
    CHECK(before.at("state") == "running");
    CHECK(before.at("ends_ms") == ends_ms);
    CHECK(before.at("pairings")[0].at("boards")[0].at("result") == "pending");
    auto& white = players.at(white_nick);
    auto& black = players.at(black_nick);
    // The restored table keeps the rule: White went berserk (1.5 minutes gone), Black may still.
    const json state = white.request({{"type", "watch_table"}, {"table", table}});
    REQUIRE(state.at("type") == "table_state");
    CHECK(state.at("berserk_allowed") == true);
    CHECK(state.at("berserk") == json::array({"white"}));
    CHECK(state.at("clocks").at("white_ms") <= 90'000);
    REQUIRE(black.request({{"type", "watch_table"}, {"table", table}}).at("type") == "table_state");
    check_refused(white.request({{"type", "berserk"}, {"table", table}}), "berserk_not_allowed");
    move(black, table, black_moves[0]);
    for (std::size_t i = 1; i < white_moves.size(); ++i) {
        move(white, table, white_moves[i]);
        move(black, table, black_moves[i]);
    }
    REQUIRE(black.request({{"type", "resign"}, {"table", table}}).at("type") == "ok");
    // Counted with its berserk (2 + 1), after the game before the restart; then the next wave
    // pairs the four again, nobody with his last opponent.
    const json after = tourney_update_until(
        director, id, [](const json& t) { return t.at("pairings").size() >= 2; }, "wave 2 after the restart");
    CHECK(after.at("pairings")[0].at("boards")[0].at("result") == "white_wins");
    CHECK(after.at("pairings")[0].at("boards")[0].at("white_berserk") == true);
    CHECK(after.at("pairings")[0].at("boards")[1].at("result") == "white_wins");
    CHECK(after.at("arena_standings")[0].at("nick") == white_nick);
    CHECK(after.at("arena_standings")[0].at("sheet") == "3");
    for (const auto& board : after.at("pairings")[1].at("boards")) {
        const std::set<std::string> pair{board.at("white"), board.at("black")};
        CHECK(pair != std::set<std::string>{white_nick, black_nick});
    }
}
