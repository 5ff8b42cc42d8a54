// BotGame (server/bots/bot_game.h) without a server: the frames of a table (docs/protocol.md
// section 8) in, lichess's gameFull, gameState and gameStart/gameFinish objects out.
#include <cstdint>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "server/bots/bot_game.h"

using nlohmann::json;
using rochade::server::bots::BotGame;
using rochade::server::bots::lichess_perf_name;
using rochade::server::bots::lichess_speed;
using rochade::server::bots::lichess_status;
using rochade::server::bots::lichess_variant;

namespace {

const std::string start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
constexpr std::int64_t created_ms = 1'790'000'000'000;
// lichess's wtime and btime of a game without a clock.
constexpr std::int64_t untimed_ms = 2147483647;

// A game_started frame as docs/protocol.md section 8 shows it: Robo (White) against anna, 5+3,
// rated, game 99 at table 12, no move yet.
json game_started()
{
    return json::parse(R"({"type":"game_started","table":12,"room":34,"status":"playing",
        "white":"Robo","black":"anna","white_guest":false,"black_guest":false,
        "white_computer":false,"black_computer":false,"opener_color":"white",
        "time_control":{"kind":"fischer","base_ms":300000,"increment_ms":3000},
        "invite":null,"spectators":0,"rated":true,
        "white_rating":{"rating":1523,"provisional":false},"black_rating":{"rating":1500,"provisional":true},
        "takebacks":false,"variant":"standard","seq":3,"game_id":99,
        "start_fen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "fen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1","moves":[],
        "clocks":{"white_ms":300000,"black_ms":300000,"running":null,"untimed":false,
                  "first_move":{"side":"white","ms_left":30000}},
        "to_move":"white","legal_moves":["e2e4"],"check":false,"draw_offer":null,"rematch_offer":null,
        "takeback_request":null,"disconnected":[],"result":null,"rating_change":null})");
}

json move_event(int ply, const std::string& uci, std::int64_t white_ms, std::int64_t black_ms,
                bool draw_offered = false)
{
    return json{{"type", "move"},
                {"table", 12},
                {"seq", 3 + ply},
                {"ply", ply},
                {"uci", uci},
                {"san", "?"},
                {"fen", "fen after " + uci},
                {"clocks", {{"white_ms", white_ms}, {"black_ms", black_ms}, {"running", "white"}, {"untimed", false}}},
                {"to_move", ply % 2 ? "black" : "white"},
                {"legal_moves", json::array()},
                {"check", false},
                {"draw_offered", draw_offered}};
}

json game_over(const std::string& result, const json& winner, const std::string& termination)
{
    return json{{"type", "game_over"},
                {"table", 12},
                {"seq", 40},
                {"result", result},
                {"winner", winner},
                {"termination", termination},
                {"message", "it ended"},
                {"clocks", {{"white_ms", 1000}, {"black_ms", 2000}, {"running", nullptr}}}};
}

BotGame robo_white(const json& frame = game_started())
{
    auto game = BotGame::from_state(frame, "Robo", created_ms);
    REQUIRE(game);
    return *game;
}

} // namespace

TEST_CASE("bot game: gameFull of a game_started frame, with the players, the clock and the empty state",
          "[bots][bot_game]")
{
    BotGame game = robo_white();
    CHECK(game.game_id() == 99);
    CHECK(game.table() == 12);
    CHECK(game.white());
    CHECK(game.bots_turn());
    CHECK_FALSE(game.finished());
    CHECK(game.opponent() == "anna");
    game.set_bot(true, true);

    const json full = game.game_full();
    CHECK(full.at("type") == "gameFull");
    CHECK(full.at("id") == "99");
    CHECK(full.at("variant") == json{{"key", "standard"}, {"name", "Standard"}, {"short", "Std"}});
    CHECK(full.at("speed") == "blitz"); // 300 s + 40 * 3 s = 420 s
    CHECK(full.at("perf").at("name") == "Blitz");
    CHECK(full.at("rated") == true);
    CHECK(full.at("createdAt") == created_ms);
    CHECK(full.at("initialFen") == "startpos");
    CHECK(full.at("clock") == json{{"initial", 300000}, {"increment", 3000}});
    CHECK(full.at("white") == json{{"id", "robo"}, {"name", "Robo"}, {"title", "BOT"}, {"rating", 1523}});
    CHECK(full.at("black") ==
          json{{"id", "anna"}, {"name", "anna"}, {"title", nullptr}, {"rating", 1500}, {"provisional", true}});
    CHECK(full.at("state") == json{{"type", "gameState"},
                                   {"moves", ""},
                                   {"wtime", 300000},
                                   {"btime", 300000},
                                   {"winc", 3000},
                                   {"binc", 3000},
                                   {"wdraw", false},
                                   {"bdraw", false},
                                   {"wtakeback", false},
                                   {"btakeback", false},
                                   {"status", "started"}});
}

TEST_CASE("bot game: moves are applied as space-separated UCI with both clocks, the turn follows them",
          "[bots][bot_game]")
{
    BotGame game = robo_white();
    CHECK(game.apply(move_event(1, "e2e4", 299000, 300000)));
    CHECK_FALSE(game.bots_turn());
    CHECK(game.apply(move_event(2, "e7e5", 302000, 297500)));
    CHECK(game.bots_turn());
    CHECK(game.apply(move_event(3, "g1f3", 301000, 297500)));
    const json state = game.game_state();
    CHECK(state.at("moves") == "e2e4 e7e5 g1f3");
    CHECK(state.at("wtime") == 301000);
    CHECK(state.at("btime") == 297500);
    CHECK(state.at("status") == "started");
    CHECK_FALSE(state.contains("winner"));
    CHECK(game.game_full().at("state") == state);

    // Frames that change nothing a game stream shows ask for no gameState.
    CHECK_FALSE(game.apply(json{{"type", "spectators"}, {"table", 12}, {"count", 3}}));
    CHECK_FALSE(game.apply(json{{"type", "rematch_offered"}, {"table", 12}, {"by", "black"}}));

    const json event = game.event_game();
    CHECK(event.at("gameId") == "99");
    CHECK(event.at("id") == "99");
    CHECK(event.at("color") == "white");
    CHECK(event.at("fen") == "fen after g1f3");
    CHECK(event.at("lastMove") == "g1f3");
    CHECK(event.at("hasMoved") == true);
    CHECK(event.at("isMyTurn") == false);
    CHECK(event.at("secondsLeft") == 301);
    CHECK(event.at("opponent") == json{{"id", "anna"}, {"username", "anna"}, {"rating", 1500}});
    CHECK(event.at("rated") == true);
    CHECK(event.at("speed") == "blitz");
    CHECK(event.at("variant").at("key") == "standard");
    CHECK(event.at("status") == json{{"name", "started"}});
}

TEST_CASE("bot game: the opponent of the event's game, a bot, a computer", "[bots][bot_game]")
{
    json frame = game_started();
    BotGame game = *BotGame::from_state(frame, "anna", created_ms); // the bot plays Black here
    CHECK_FALSE(game.white());
    CHECK_FALSE(game.bots_turn());
    CHECK(game.opponent() == "Robo");
    game.set_bot(true, true);
    const json event = game.event_game();
    CHECK(event.at("color") == "black");
    CHECK(event.at("hasMoved") == false);
    CHECK(event.at("lastMove") == "");
    CHECK(event.at("opponent") == json{{"id", "robo"}, {"username", "Robo"}, {"rating", 1523}, {"title", "BOT"}});

    frame["white"] = "Stockfish-3";
    frame["white_computer"] = true;
    frame["white_rating"] = nullptr;
    const BotGame against_computer = *BotGame::from_state(frame, "anna", created_ms);
    CHECK(against_computer.game_full().at("white") == json{{"aiLevel", 0}});
    CHECK(against_computer.event_game().at("opponent").at("username") == "Stockfish-3");
    CHECK(against_computer.event_game().at("opponent").at("id") == nullptr);
}

TEST_CASE("bot game: a draw offer shows as wdraw or bdraw and lapses with the next move", "[bots][bot_game]")
{
    BotGame game = robo_white();
    CHECK(game.apply(move_event(1, "e2e4", 299000, 300000, true))); // White offers with his move
    CHECK(game.draw_offer() == 'w');
    CHECK(game.game_state().at("wdraw") == true);
    CHECK(game.game_state().at("bdraw") == false);
    CHECK(game.apply(move_event(2, "e7e5", 302000, 297500))); // Black moves on: the offer lapses
    CHECK(game.draw_offer() == 0);
    CHECK(game.game_state().at("wdraw") == false);

    CHECK(game.apply(json{{"type", "draw_offered"}, {"table", 12}, {"seq", 7}, {"by", "black"}}));
    CHECK(game.draw_offer() == 'b');
    CHECK(game.game_state().at("bdraw") == true);
    CHECK(game.game_state().at("wdraw") == false);
    CHECK(game.apply(json{{"type", "draw_declined"}, {"table", 12}, {"seq", 8}, {"by", "white"}}));
    CHECK(game.game_state().at("bdraw") == false);

    CHECK(game.apply(json{{"type", "draw_offered"}, {"table", 12}, {"seq", 9}, {"by", "black"}}));
    CHECK(game.apply(move_event(3, "g1f3", 301000, 297500))); // White moves on
    CHECK(game.game_state().at("bdraw") == false);

    // A table_state carries the standing offer.
    json state = game_started();
    state["type"] = "table_state";
    state["draw_offer"] = "white";
    BotGame read = robo_white(state);
    CHECK(read.game_state().at("wdraw") == true);
}

TEST_CASE("bot game: the endings as lichess's status, with the winner", "[bots][bot_game]")
{
    const struct {
        std::string result;
        json winner;
        std::string termination;
        std::string status;
    } endings[] = {
        {"0-1", "black", "checkmate", "mate"},
        {"1-0", "white", "resignation", "resign"},
        {"0-1", "black", "flag_fall", "outoftime"},
        {"1/2-1/2", nullptr, "flag_fall", "outoftime"}, // the opponent cannot mate: drawn, no winner
        {"1/2-1/2", nullptr, "agreement", "draw"},
        {"1/2-1/2", nullptr, "threefold_repetition", "draw"},
        {"1/2-1/2", nullptr, "dead_position", "draw"},
        {"1/2-1/2", nullptr, "stalemate", "stalemate"},
        {"*", nullptr, "aborted", "aborted"},
        {"*", nullptr, "no_first_move", "noStart"},
        {"1-0", "white", "abandoned", "timeout"},
        {"0-1", "black", "forfeit", "cheat"},
        {"*", nullptr, "adjudicated", "aborted"},
        {"1-0", "white", "adjudicated", "unknownFinish"},
    };
    for (const auto& ending : endings) {
        INFO(ending.termination << " " << ending.result);
        BotGame game = robo_white();
        game.apply(move_event(1, "e2e4", 299000, 300000, true));
        CHECK(game.apply(game_over(ending.result, ending.winner, ending.termination)));
        CHECK(game.finished());
        CHECK_FALSE(game.bots_turn());
        CHECK(game.draw_offer() == 0);
        const json state = game.game_state();
        CHECK(state.at("status") == ending.status);
        CHECK(state.at("wtime") == 1000);
        CHECK(state.at("btime") == 2000);
        CHECK(state.at("wdraw") == false);
        if (ending.winner.is_null()) {
            CHECK_FALSE(state.contains("winner"));
            CHECK_FALSE(game.event_game().contains("winner"));
        } else {
            CHECK(state.at("winner") == ending.winner);
            CHECK(game.event_game().at("winner") == ending.winner);
        }
        CHECK(game.event_game().at("status") == json{{"name", ending.status}});
        CHECK(lichess_status(ending.termination, ending.result) == ending.status);
    }

    // A table_state read after the end (a reconnecting session) has the result as an object.
    json state = game_started();
    state["type"] = "table_state";
    state["result"] = json{{"result", "0-1"}, {"winner", "black"}, {"termination", "checkmate"}, {"message", "#"}};
    const BotGame finished = robo_white(state);
    CHECK(finished.finished());
    CHECK(finished.game_state().at("status") == "mate");
    CHECK(finished.game_state().at("winner") == "black");
}

TEST_CASE("bot game: an untimed game has lichess's endless times and no clock", "[bots][bot_game]")
{
    json frame = game_started();
    frame["time_control"] = json{{"kind", "untimed"}};
    frame["clocks"] = json{{"white_ms", 0}, {"black_ms", 0}, {"running", nullptr}, {"untimed", true}};
    frame["rated"] = false;
    BotGame game = robo_white(frame);
    game.apply(move_event(1, "d2d4", 0, 0));
    const json full = game.game_full();
    CHECK(full.at("clock").is_null());
    CHECK(full.at("speed") == "correspondence");
    CHECK(full.at("rated") == false);
    CHECK(full.at("state").at("wtime") == untimed_ms);
    CHECK(full.at("state").at("btime") == untimed_ms);
    CHECK(full.at("state").at("winc") == 0);
    CHECK(full.at("state").at("moves") == "d2d4");
    CHECK(game.event_game().at("secondsLeft") == untimed_ms);
}

TEST_CASE("bot game: initialFen is startpos for a standard game and the FEN for a set-up or Chess960 one",
          "[bots][bot_game]")
{
    const std::string position = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";
    json frame = game_started();
    frame["variant"] = "from_position";
    frame["start_fen"] = position;
    frame["fen"] = position;
    frame["rated"] = false;
    const json set_up = robo_white(frame).game_full();
    CHECK(set_up.at("initialFen") == position);
    CHECK(set_up.at("variant") == json{{"key", "fromPosition"}, {"name", "From Position"}, {"short", "FEN"}});

    const std::string chess960 = "bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w KQkq - 0 1";
    frame["variant"] = "chess960";
    frame["chess960"] = 123;
    frame["start_fen"] = chess960;
    frame["fen"] = chess960;
    const json shuffled = robo_white(frame).game_full();
    CHECK(shuffled.at("initialFen") == chess960);
    CHECK(shuffled.at("variant").at("key") == "chess960");

    CHECK(robo_white().game_full().at("initialFen") == "startpos");
    CHECK(lichess_variant("standard").at("key") == "standard");
    CHECK(lichess_variant("something new").at("key") == "standard");
}

TEST_CASE("bot game: from a position with Black to move, the turn and the draw offers follow Black's start",
          "[bots][bot_game]")
{
    const std::string position = "4k3/4p3/8/8/8/8/4P3/4K3 b - - 0 1";
    json frame = game_started();
    frame["variant"] = "from_position";
    frame["start_fen"] = position;
    frame["fen"] = position;
    frame["black"] = "Robo";
    frame["white"] = "anna";

    BotGame black = *BotGame::from_state(frame, "robo", created_ms); // nicks compare as their keys
    CHECK_FALSE(black.white());
    CHECK(black.bots_turn());
    CHECK(black.event_game().at("isMyTurn") == true);
    CHECK(black.apply(move_event(1, "e7e5", 300000, 299000, true))); // Black's first move, with an offer
    CHECK_FALSE(black.bots_turn());
    CHECK(black.game_state().at("bdraw") == true);
    CHECK(black.game_state().at("wdraw") == false);
    CHECK(black.event_game().at("hasMoved") == true); // Black moved first here
    CHECK(black.apply(move_event(2, "e2e4", 299000, 299000)));
    CHECK(black.bots_turn());
    CHECK(black.game_state().at("bdraw") == false);
    CHECK(black.game_state().at("moves") == "e7e5 e2e4");

    BotGame white = *BotGame::from_state(frame, "anna", created_ms);
    CHECK(white.white());
    CHECK_FALSE(white.bots_turn());
    white.apply(move_event(1, "e7e5", 300000, 299000));
    CHECK(white.bots_turn());
    CHECK(white.event_game().at("hasMoved") == false);
    white.apply(move_event(2, "e2e4", 299000, 299000));
    CHECK(white.event_game().at("hasMoved") == true);
}

TEST_CASE("bot game: a takeback request shows, taken_back replaces the moves and clocks", "[bots][bot_game]")
{
    BotGame game = robo_white();
    game.apply(move_event(1, "e2e4", 299000, 300000));
    game.apply(move_event(2, "e7e5", 302000, 297500));
    game.apply(move_event(3, "g1f3", 301000, 297500));
    CHECK(game.apply(json{{"type", "takeback_requested"}, {"table", 12}, {"seq", 8}, {"by", "black"}, {"plies", 2}}));
    CHECK(game.game_state().at("btakeback") == true);
    CHECK(game.game_state().at("wtakeback") == false);
    CHECK(game.apply(json{{"type", "takeback_declined"}, {"table", 12}, {"seq", 9}, {"by", "white"}}));
    CHECK(game.game_state().at("btakeback") == false);
    CHECK(game.apply(json{{"type", "takeback_requested"}, {"table", 12}, {"seq", 10}, {"by", "black"}, {"plies", 2}}));

    // taken_back carries every field of table_state at its top level (docs/protocol.md 6,
    // "Takebacks and more time"): Black's e5 and White's Nf3 are gone.
    json taken_back = game_started();
    taken_back["type"] = "taken_back";
    taken_back["seq"] = 11;
    taken_back["by"] = "black";
    taken_back["plies"] = 2;
    taken_back["moves"] = json::array({json{{"ply", 1},
                                            {"uci", "e2e4"},
                                            {"san", "e4"},
                                            {"san_de", "e4"},
                                            {"fen", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"}}});
    taken_back["fen"] = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    taken_back["clocks"] = json{{"white_ms", 299000}, {"black_ms", 300000}, {"running", "black"}, {"untimed", false}};
    taken_back["to_move"] = "black";
    CHECK(game.apply(taken_back));
    const json state = game.game_state();
    CHECK(state.at("moves") == "e2e4");
    CHECK(state.at("wtime") == 299000);
    CHECK(state.at("btime") == 300000);
    CHECK(state.at("btakeback") == false);
    CHECK_FALSE(game.bots_turn());
    CHECK(game.event_game().at("lastMove") == "e2e4");

    // A table_state (the session watching the table again) replaces them as well.
    json again = taken_back;
    again["type"] = "table_state";
    again["moves"] = json::array();
    CHECK(game.apply(again));
    CHECK(game.game_state().at("moves") == "");
    CHECK(game.bots_turn());
}

TEST_CASE("bot game: more time and berserk change the clocks", "[bots][bot_game]")
{
    BotGame game = robo_white();
    game.apply(move_event(1, "e2e4", 299000, 300000));
    CHECK(game.apply(json{{"type", "time_given"},
                          {"table", 12},
                          {"by", "black"},
                          {"to", "white"},
                          {"seconds", 15},
                          {"clocks", {{"white_ms", 314000}, {"black_ms", 300000}}}}));
    CHECK(game.game_state().at("wtime") == 314000);
}

TEST_CASE("bot game: nothing from a frame of a table where the bot does not sit, or without a game", "[bots][bot_game]")
{
    CHECK_FALSE(BotGame::from_state(game_started(), "Zuschauer", created_ms));
    json waiting = game_started();
    waiting["type"] = "table_state";
    waiting["game_id"] = nullptr;
    waiting["black"] = nullptr;
    CHECK_FALSE(BotGame::from_state(waiting, "Robo", created_ms));
    CHECK_FALSE(BotGame::from_state(json::array(), "Robo", created_ms));
    CHECK_FALSE(BotGame::from_state(json{{"type", "table_state"}, {"game_id", "99"}}, "Robo", created_ms));
}

TEST_CASE("bot game: lichess's speeds by base plus forty increments", "[bots][bot_game]")
{
    const struct {
        std::int64_t base_ms, increment_ms;
        std::string speed;
    } speeds[] = {
        {15'000, 0, "ultraBullet"},
        {60'000, 0, "bullet"},
        {60'000, 1000, "bullet"},
        {120'000, 1000, "bullet"},
        {180'000, 0, "blitz"},
        {300'000, 3000, "blitz"},
        {480'000, 0, "rapid"},
        {600'000, 5000, "rapid"},
        {900'000, 10'000, "rapid"},
        {1'500'000, 0, "classical"},
        {1'800'000, 20'000, "classical"},
    };
    for (const auto& speed : speeds) {
        INFO(speed.base_ms << "+" << speed.increment_ms);
        CHECK(lichess_speed(true, speed.base_ms, speed.increment_ms) == speed.speed);
    }
    CHECK(lichess_speed(false, 300'000, 0) == "correspondence");
    CHECK(lichess_perf_name("ultraBullet") == "UltraBullet");
    CHECK(lichess_perf_name("bullet") == "Bullet");
    CHECK(lichess_perf_name("correspondence") == "Correspondence");
}
