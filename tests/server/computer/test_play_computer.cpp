// Games against the computer over real sockets (issue 29 §1): play_computer opens a table with
// the player and the computer seated, the computer answers every move through the engine pool
// (Debian's stockfish and fairy-stockfish), and the game ends as any game does: the human
// resigns, mates, is mated, flags. An engine killed in the middle of a game is replaced and the
// game goes on; a full pool refuses a new game (engines_busy); rated and a bad level are refused;
// a spectator watches the computer's game. The pool is one or two processes with short searches.
#include <csignal>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <unistd.h>

#include <catch2/catch.hpp>

#include "tests/server/server_fixture.h"
#include "tests/server/ws_test_client.h"

using namespace rochade;
using namespace rochade::test;
using namespace std::chrono_literals;

namespace {

void small_pool(server::ServerConfig& config)
{
    config.computer.engines = 1;
    config.computer.queue_limit = 1;
    config.computer.move_delay_max_ms = 0; // no human-like pause: the tests would only wait
}

struct ComputerGame {
    std::int64_t table = 0;
    json started; // game_started
    std::string side;
    std::string computer_side;
};

// `player` (in room 35) asks for a game with `fields` added to play_computer.
ComputerGame play_computer(WsTestClient& player, const json& fields)
{
    json request{{"type", "play_computer"}, {"room", 35}};
    for (const auto& [key, value] : fields.items()) request[key] = value;
    const json ok = player.request(request);
    INFO(ok.dump());
    REQUIRE(ok.at("type") == "ok");
    ComputerGame game;
    game.table = ok.at("table");
    game.started = player.receive_until("game_started", game.table);
    const json& summary = game.started; // game_started carries the table's summary fields
    game.computer_side = summary.at("white_computer") == true ? "white" : "black";
    game.side = game.computer_side == "white" ? "black" : "white";
    return game;
}

// The frame after which `side` is to move: game_started or the last move.
json wait_for_turn(WsTestClient& player, const ComputerGame& game, const json& last, const std::string& side)
{
    if (last.value("to_move", json()) == side) return last;
    return player.receive_matching(
        [&](const json& frame) {
            return frame.value("table", std::int64_t{0}) == game.table &&
                   (frame.at("type") == "game_over" || (frame.at("type") == "move" && frame.at("to_move") == side));
        },
        "the computer's move at table " + std::to_string(game.table));
}

// Pids of this process's children whose command is stockfish or fairy-stockfish: the pool's
// engines (the server runs in this process).
std::vector<pid_t> engine_pids()
{
    std::vector<pid_t> pids;
    for (const auto& entry : std::filesystem::directory_iterator("/proc")) {
        const std::string name = entry.path().filename();
        if (name.find_first_not_of("0123456789") != std::string::npos) continue;
        std::ifstream stat(entry.path() / "stat");
        std::string line;
        if (!std::getline(stat, line)) continue;
        const auto open = line.find('('), close = line.rfind(')');
        if (open == std::string::npos || close == std::string::npos) continue;
        const std::string command = line.substr(open + 1, close - open - 1);
        int parent = 0;
        char state = 0;
        std::istringstream rest(line.substr(close + 2));
        rest >> state >> parent;
        if (parent == getpid() && (command == "stockfish" || command == "fairy-stockfish"))
            pids.push_back(static_cast<pid_t>(std::stoi(name)));
    }
    return pids;
}

struct Guest {
    WsTestClient client{10'000ms};
    Guest(std::uint16_t port, const std::string& nick)
    {
        client.connect(port);
        client.hello(nick);
        REQUIRE(client.request({{"type", "enter_room"}, {"room", 35}}).at("type") == "room");
    }
};

} // namespace

TEST_CASE("play_computer: the computer answers every move, is marked as the computer, and the human resigns",
          "[server][computer]")
{
    InProcessServer server(small_pool);
    Guest anna(server.port(), "Anna");
    auto game = play_computer(anna.client, {{"level", 1}, {"color", "white"}, {"time_control", "untimed"}});
    const json& summary = game.started;
    CHECK(summary.at("white") == "Anna");
    CHECK(summary.at("black") == "Stockfish-1");
    CHECK(summary.at("black_computer") == true);
    CHECK(summary.at("black_guest") == false);
    CHECK(summary.at("white_computer") == false);
    CHECK(summary.at("rated") == false);

    json last = game.started;
    for (int move = 0; move < 4; ++move) {
        last = wait_for_turn(anna.client, game, last, "white");
        REQUIRE(last.at("type") != "game_over");
        const std::string uci = last.at("legal_moves").at(0);
        REQUIRE(anna.client.request({{"type", "move"}, {"table", game.table}, {"move", uci}}).at("type") == "ok");
        last = json::object();
    }
    last = wait_for_turn(anna.client, game, last, "white");
    CHECK(last.at("ply") == 8); // the computer answered all four moves
    REQUIRE(anna.client.request({{"type", "resign"}, {"table", game.table}}).at("type") == "ok");
    const json over = anna.client.receive_until("game_over", game.table);
    CHECK(over.at("termination") == "resignation");
    CHECK(over.at("winner") == "black");
}

TEST_CASE("play_computer: the human mates the computer in one", "[server][computer]")
{
    InProcessServer server(small_pool);
    Guest anna(server.port(), "Anna");
    auto game = play_computer(anna.client, {{"level", 2},
                                            {"color", "white"},
                                            {"time_control", "untimed"},
                                            {"variant", "from_position"},
                                            {"fen", "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"}});
    REQUIRE(anna.client.request({{"type", "move"}, {"table", game.table}, {"move", "a1a8"}}).at("type") == "ok");
    const json over = anna.client.receive_until("game_over", game.table);
    CHECK(over.at("termination") == "checkmate");
    CHECK(over.at("winner") == "white");
}

TEST_CASE("play_computer: the computer at level 8 mates the human in one, moving first", "[server][computer]")
{
    InProcessServer server(small_pool);
    Guest anna(server.port(), "Anna");
    auto game = play_computer(anna.client, {{"level", 8},
                                            {"color", "white"},
                                            {"time_control", "untimed"},
                                            {"variant", "from_position"},
                                            {"fen", "r5k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1"}});
    CHECK(game.computer_side == "black");
    const json move = anna.client.receive_until("move", game.table);
    CHECK(move.at("uci") == "a8a1");
    const json over = anna.client.receive_until("game_over", game.table);
    CHECK(over.at("termination") == "checkmate");
    CHECK(over.at("winner") == "black");
}

TEST_CASE("play_computer: the human's flag falls at a fast control, the computer's clock is charged",
          "[server][computer]")
{
    InProcessServer server(small_pool);
    Guest anna(server.port(), "Anna");
    auto game = play_computer(
        anna.client,
        {{"level", 3}, {"color", "white"}, {"time_control", {{"kind", "sudden_death"}, {"base_ms", 1500}}}});
    REQUIRE(anna.client.request({{"type", "move"}, {"table", game.table}, {"move", "e2e4"}}).at("type") == "ok");
    const auto answer_to = [&](int ply) {
        return anna.client.receive_matching(
            [&](const json& frame) { return frame.at("type") == "move" && frame.at("ply") == ply; },
            "the computer's answer at ply " + std::to_string(ply));
    };
    answer_to(2);
    // The clocks run once both sides have moved (docs/protocol.md, section 11): from the second
    // move on, the computer's search is on its clock as a human's thinking is.
    REQUIRE(anna.client.request({{"type", "move"}, {"table", game.table}, {"move", "d2d4"}}).at("type") == "ok");
    CHECK(answer_to(4).at("clocks").at("black_ms") < 1500);
    // Anna does not move again: her clock runs out.
    const json over = anna.client.receive_until("game_over", game.table);
    CHECK(over.at("termination") == "flag_fall");
    CHECK(over.at("winner") == "black");
    CHECK(over.at("clocks").at("white_ms") == 0);
}

TEST_CASE("play_computer: an engine killed in the middle of a game is replaced and the game goes on",
          "[server][computer]")
{
    InProcessServer server(small_pool);
    Guest anna(server.port(), "Anna");
    auto game = play_computer(anna.client, {{"level", 4}, {"color", "white"}, {"time_control", "untimed"}});
    json last = game.started;
    for (int move = 0; move < 4; ++move) {
        last = wait_for_turn(anna.client, game, last, "white");
        REQUIRE(last.at("type") != "game_over");
        if (move == 2) {
            const auto pids = engine_pids();
            REQUIRE_FALSE(pids.empty()); // the pool's stockfish, started for the earlier moves
            for (const pid_t pid : pids) ::kill(pid, SIGKILL);
        }
        const std::string uci = last.at("legal_moves").at(0);
        REQUIRE(anna.client.request({{"type", "move"}, {"table", game.table}, {"move", uci}}).at("type") == "ok");
        last = json::object();
    }
    last = wait_for_turn(anna.client, game, last, "white");
    CHECK(last.at("type") == "move");
    CHECK(last.at("ply") == 8);
}

TEST_CASE("play_computer: a full pool refuses a new game with engines_busy", "[server][computer]")
{
    InProcessServer server([](server::ServerConfig& config) {
        small_pool(config);
        config.computer.queue_limit = 0; // one search at a time, none waiting
    });
    Guest anna(server.port(), "Anna");
    Guest bert(server.port(), "Bert");
    // The computer (level 8: a one-second search) moves first: its search holds the one engine.
    auto game = play_computer(anna.client, {{"level", 8}, {"color", "black"}, {"time_control", "untimed"}});
    CHECK(game.computer_side == "white");
    // The table asks the pool once the game's start is stored, after play_computer was answered:
    // a moment for that (the search lasts a second), or Bert's request could come first.
    std::this_thread::sleep_for(200ms);
    const json refused = bert.client.request({{"type", "play_computer"}, {"level", 1}, {"time_control", "untimed"}});
    CHECK(refused.at("type") == "error");
    CHECK(refused.at("code") == "engines_busy");
    CHECK(refused.at("message").get<std::string>().find("all engines are busy, try again") != std::string::npos);
    // Once the computer has moved, the engine is free again.
    anna.client.receive_until("move", game.table);
    CHECK(bert.client.request({{"type", "play_computer"}, {"level", 1}, {"time_control", "untimed"}}).at("type") ==
          "ok");
}

TEST_CASE("play_computer: rated and a level outside 1-8 are refused, naming what was wrong", "[server][computer]")
{
    InProcessServer server(small_pool);
    Guest anna(server.port(), "Anna");
    const json rated =
        anna.client.request({{"type", "play_computer"}, {"level", 3}, {"time_control", "5+0"}, {"rated", true}});
    CHECK(rated.at("code") == "computer_casual_only");
    CHECK(rated.at("message").get<std::string>().find("casual") != std::string::npos);
    for (const int level : {0, 9}) {
        const json bad = anna.client.request({{"type", "play_computer"}, {"level", level}, {"time_control", "5+0"}});
        CHECK(bad.at("code") == "bad_request");
        CHECK(bad.at("message").get<std::string>().find("level") != std::string::npos);
    }
    const json unknown_room =
        anna.client.request({{"type", "play_computer"}, {"level", 1}, {"time_control", "untimed"}, {"room", 36}});
    CHECK(unknown_room.at("code") == "not_in_room");
}

TEST_CASE("play_computer: another player watches the computer's game and sees its moves", "[server][computer]")
{
    InProcessServer server(small_pool);
    Guest anna(server.port(), "Anna");
    Guest clara(server.port(), "Clara");
    auto game = play_computer(anna.client, {{"level", 1}, {"color", "white"}, {"time_control", "untimed"}});
    const json listed = clara.client.receive_matching(
        [&](const json& frame) {
            if (frame.at("type") != "room_tables") return false;
            for (const auto& table : frame.value("tables", json::array()))
                if (table.at("table") == game.table && table.at("status") == "playing") return true;
            return false;
        },
        "the computer's table in room 35's update");
    for (const auto& table : listed.at("tables"))
        if (table.at("table") == game.table) CHECK(table.at("black_computer") == true);
    const json state = clara.client.request({{"type", "watch_table"}, {"table", game.table}});
    REQUIRE(state.at("type") == "table_state");
    REQUIRE(anna.client.request({{"type", "move"}, {"table", game.table}, {"move", "d2d4"}}).at("type") == "ok");
    const json seen = clara.client.receive_matching(
        [&](const json& frame) { return frame.at("type") == "move" && frame.at("ply") == 2; },
        "the computer's answer, seen by a spectator");
    CHECK(seen.at("table") == game.table);
}

TEST_CASE("play_computer: an engine that fails on the fresh process too ends the game with a clear reason",
          "[server][computer]")
{
    InProcessServer server([](server::ServerConfig& config) {
        small_pool(config);
        config.computer.stockfish_path = "/nonexistent/stockfish"; // levels 4-8 cannot start their engine
    });
    Guest anna(server.port(), "Anna");
    auto game = play_computer(anna.client, {{"level", 4}, {"color", "white"}, {"time_control", "untimed"}});
    REQUIRE(anna.client.request({{"type", "move"}, {"table", game.table}, {"move", "e2e4"}}).at("type") == "ok");
    const json over = anna.client.receive_until("game_over", game.table);
    CHECK(over.at("termination") == "adjudicated");
    CHECK(over.at("result") == "*");
    CHECK(over.at("message").get<std::string>().find("the computer's engine failed twice") != std::string::npos);
}

TEST_CASE("play_computer: the computer takes a takeback back at once, the human moves again from there",
          "[server][computer][takeback]")
{
    InProcessServer server(small_pool);
    Guest anna(server.port(), "Anna");
    auto game = play_computer(anna.client, {{"level", 1}, {"color", "white"}, {"time_control", "untimed"}});
    CHECK(game.started.at("takebacks") == true);
    REQUIRE(anna.client.request({{"type", "move"}, {"table", game.table}, {"move", "e2e4"}}).at("type") == "ok");
    const json answered = wait_for_turn(anna.client, game, json::object(), "white");
    REQUIRE(answered.at("ply") == 2);
    // On her own turn: her move and the computer's reply go, and it is her move at the start.
    REQUIRE(anna.client.request({{"type", "takeback"}, {"table", game.table}}).at("type") == "ok");
    const json requested = anna.client.receive_until("takeback_requested", game.table);
    CHECK(requested.at("plies") == 2);
    const json taken = anna.client.receive_until("taken_back", game.table);
    CHECK(taken.at("plies") == 2);
    CHECK(taken.at("to_move") == "white");
    CHECK(taken.at("fen") == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    // She plays another first move; the computer answers it.
    REQUIRE(anna.client.request({{"type", "move"}, {"table", game.table}, {"move", "d2d4"}}).at("type") == "ok");
    const json again = wait_for_turn(anna.client, game, json::object(), "white");
    CHECK(again.at("type") == "move");
    CHECK(again.at("ply") == 2);
}

TEST_CASE("play_computer: a game against the computer survives a restart, and the computer plays on",
          "[server][computer]")
{
    TempDir dir;
    const auto db_path = (dir.path() / "rochade.db").string();
    auto on_file = [&](server::ServerConfig& config) {
        small_pool(config);
        config.db_path = db_path;
    };
    std::string token;
    std::int64_t table = 0;
    {
        InProcessServer server(on_file);
        WsTestClient anna(10'000ms);
        anna.connect(server.port());
        token = anna.hello("Anna");
        REQUIRE(anna.request({{"type", "enter_room"}, {"room", 35}}).at("type") == "room");
        const auto game = play_computer(anna, {{"level", 1}, {"color", "white"}, {"time_control", "10+0"}});
        table = game.table;
        anna.send({{"type", "move"}, {"table", table}, {"move", "e4"}});
        const json answered = wait_for_turn(anna, game, anna.receive_until("move", table), "white");
        REQUIRE(answered.at("type") == "move");
        REQUIRE(answered.at("ply") == 2);
    } // the server stops with the game running
    InProcessServer server(on_file);
    WsTestClient anna(10'000ms);
    anna.connect(server.port());
    const json hello = anna.request({{"type", "hello"}, {"resume_token", token}});
    REQUIRE(hello.at("type") == "hello_ok");
    CHECK(hello.at("tables") == json::array({table}));
    const json state = anna.request({{"type", "watch_table"}, {"table", table}});
    REQUIRE(state.at("type") == "table_state");
    CHECK(state.dump().find("\"black_computer\":true") != std::string::npos);
    // Anna back: the clocks run, she moves, the computer answers.
    anna.send({{"type", "move"}, {"table", table}, {"move", "d4"}});
    const json after = anna.receive_matching(
        [table](const json& frame) {
            return frame.value("table", std::int64_t{0}) == table && frame.value("type", "") == "move" &&
                   frame.value("ply", 0) == 4;
        },
        "the computer's move after the restart");
    CHECK(after.at("to_move") == "white");
}
