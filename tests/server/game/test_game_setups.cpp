// Game setups over real sockets (docs/protocol.md, "Variants and positions"): tables opened for
// Chess960 and from a FEN, every refusal with its code and message, the rules from the first
// move of a game from a position, Chess960 castling, and GET /api/position.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "tests/server/server_fixture.h"
#include "tests/server/ws_test_client.h"

using namespace rochade::test;

namespace {

constexpr std::int64_t room = 34;

// Two players in room 34; White opens a table with `setup` (extra open_table fields) as White,
// Black joins; both have seen game_started, returned as White saw it.
struct SetupGame {
    std::unique_ptr<WsTestClient> white = std::make_unique<WsTestClient>();
    std::unique_ptr<WsTestClient> black = std::make_unique<WsTestClient>();
    std::int64_t table = 0;
    json opened_summary; // the table as the room listed it before anyone joined
    json started;

    // `accounts`: both register (a rated table needs them) instead of saying hello as guests.
    SetupGame(std::uint16_t port, const json& setup, const json& time_control = "untimed", bool accounts = false)
    {
        white->connect(port);
        black->connect(port);
        if (accounts) {
            REQUIRE(white->request({{"type", "register"}, {"nick", "Weiss"}, {"password", "Geheimnis-42"}})["type"] ==
                    "hello_ok");
            REQUIRE(black->request({{"type", "register"}, {"nick", "Schwarz"}, {"password", "Geheimnis-42"}})["type"] ==
                    "hello_ok");
        } else {
            white->hello("Weiss");
            black->hello("Schwarz");
        }
        REQUIRE(white->request({{"type", "enter_room"}, {"room", room}})["type"] == "room");
        REQUIRE(black->request({{"type", "enter_room"}, {"room", room}})["type"] == "room");
        json open = {{"type", "open_table"}, {"room", room}, {"time_control", time_control}, {"color", "white"}};
        for (const auto& [key, value] : setup.items()) open[key] = value;
        const json opened = white->request(open);
        REQUIRE(opened["type"] == "ok");
        table = opened.at("table").get<std::int64_t>();
        const json listed = black->receive_matching(
            [&](const json& frame) {
                if (frame.value("type", "") != "room_tables") return false;
                for (const json& summary : frame.at("tables"))
                    if (summary.at("table") == table) return true;
                return false;
            },
            "the room_tables that lists the new table");
        for (const json& summary : listed.at("tables"))
            if (summary.at("table") == table) opened_summary = summary;
        REQUIRE(black->request({{"type", "join_table"}, {"table", table}})["type"] == "ok");
        started = white->receive_until("game_started", table);
        black->receive_until("game_started", table);
    }

    // `move` by the side to move; returns the move event as White saw it.
    json play(const std::string& side, const std::string& move)
    {
        auto& mover = side == "white" ? *white : *black;
        const json reply = mover.request({{"type", "move"}, {"table", table}, {"move", move}});
        INFO(move << ": " << reply.dump());
        REQUIRE(reply["type"] == "ok");
        black->receive_until("move", table);
        return white->receive_until("move", table);
    }
};

json refusal_of(WsTestClient& client, const json& setup)
{
    json open = {{"type", "open_table"}, {"room", room}, {"time_control", "5+3"}};
    for (const auto& [key, value] : setup.items()) open[key] = value;
    return client.request(open);
}

} // namespace

TEST_CASE("a Chess960 table carries its number and start position in the summary and the game", "[server][game_setup]")
{
    InProcessServer server;
    SetupGame game(server.port(), {{"variant", "chess960"}, {"chess960", 0}});
    const std::string start = "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1";
    CHECK(game.opened_summary["variant"] == "chess960");
    CHECK(game.opened_summary["chess960"] == 0);
    CHECK(game.opened_summary["start_fen"] == start);
    CHECK(game.started["variant"] == "chess960");
    CHECK(game.started["chess960"] == 0);
    CHECK(game.started["start_fen"] == start);
    CHECK(game.started["fen"] == start);
}

TEST_CASE("a Chess960 table without a number draws one from 0 to 959", "[server][game_setup]")
{
    InProcessServer server;
    SetupGame game(server.port(), {{"variant", "chess960"}});
    REQUIRE(game.started["chess960"].is_number_integer());
    const int number = game.started["chess960"].get<int>();
    CHECK(number >= 0);
    CHECK(number <= 959);
    CHECK(game.started["start_fen"] == game.opened_summary["start_fen"]);
}

TEST_CASE("a table from a FEN starts there, the FEN written as the server writes it", "[server][game_setup]")
{
    InProcessServer server;
    SetupGame game(server.port(), {{"variant", "from_position"}, {"fen", "4k3/8/8/8/8/8/4P3/4K3 b - -"}});
    CHECK(game.opened_summary["variant"] == "from_position");
    CHECK(game.opened_summary["start_fen"] == "4k3/8/8/8/8/8/4P3/4K3 b - - 0 1");
    CHECK(game.started["start_fen"] == "4k3/8/8/8/8/8/4P3/4K3 b - - 0 1");
    CHECK(game.started["to_move"] == "black");
    CHECK(game.started["legal_moves"].size() == 5);
}

TEST_CASE("a standard table says so, without a start FEN in its summary", "[server][game_setup]")
{
    InProcessServer server;
    SetupGame game(server.port(), json::object());
    CHECK(game.opened_summary["variant"] == "standard");
    CHECK_FALSE(game.opened_summary.contains("chess960"));
    CHECK_FALSE(game.opened_summary.contains("start_fen"));
}

TEST_CASE("every bad setup is refused over the socket with its code and a message naming what is wrong",
          "[server][game_setup]")
{
    InProcessServer server;
    WsTestClient anna;
    anna.connect(server.port());
    anna.hello("Anna");
    REQUIRE(anna.request({{"type", "enter_room"}, {"room", room}})["type"] == "room");
    struct Case {
        json setup;
        std::string code, message_part;
    };
    const Case cases[] = {
        {{{"variant", "atomic"}}, "bad_variant", "field 'variant' must be \"standard\", \"chess960\" or"},
        {{{"chess960", 12}}, "bad_variant", "'chess960' belongs to variant \"chess960\""},
        {{{"variant", "chess960"}, {"fen", "4k3/8/8/8/8/8/8/4K3 w - - 0 1"}}, "bad_variant", "'fen' belongs"},
        {{{"variant", "chess960"}, {"chess960", 960}}, "bad_chess960_number", "from 0 to 959"},
        {{{"variant", "from_position"}}, "bad_fen", "'fen' is missing"},
        {{{"variant", "from_position"}, {"fen", "4k3/8/8/8/8/8/8/4KK2 w - - 0 1"}}, "bad_fen", "king"},
        {{{"variant", "from_position"}, {"fen", "4k3/8/8/8/8/8/8/4K2p w - - 0 1"}}, "bad_fen", "pawn"},
        {{{"variant", "from_position"}, {"fen", "4k3/8/8/8/8/8/8/4K3 w K - 0 1"}}, "bad_fen", "castling"},
        {{{"variant", "from_position"}, {"fen", "k7/8/8/8/8/8/8/R3K3 w - - 0 1"}}, "bad_fen", "in check"},
        {{{"variant", "from_position"}, {"fen", "k7/1Q6/1K6/8/8/8/8/8 b - - 0 1"}}, "bad_fen", "checkmate"},
        {{{"variant", "from_position"}, {"fen", "4k3/8/8/8/8/8/8/4K3 w - - 0 1"}, {"rated", true}},
         "rated_from_position",
         "cannot be rated"},
    };
    for (const auto& c : cases) {
        INFO(c.setup.dump());
        const json reply = refusal_of(anna, c.setup);
        CHECK(reply["type"] == "error");
        CHECK(reply["code"] == c.code);
        CHECK_THAT(reply["message"].get<std::string>(), Catch::Contains(c.message_part));
    }
    // Nothing was opened by any of them: a good request still may.
    CHECK(refusal_of(anna, {{"variant", "chess960"}})["type"] == "ok");
}

TEST_CASE("GET /api/position judges a FEN or a Chess960 number for the forms' preview", "[server][game_setup]")
{
    InProcessServer server;
    const auto body = [&](const std::string& query) {
        const HttpReply reply = http_get(server.port(), "/api/position?" + query);
        INFO(query << " -> " << reply.status << " " << reply.body);
        REQUIRE(reply.status == 200);
        return json::parse(reply.body);
    };
    const json valid = body("fen=4k3%2F8%2F8%2F8%2F8%2F8%2F4P3%2F4K3+b+-+-");
    CHECK(valid["valid"] == true);
    CHECK(valid["fen"] == "4k3/8/8/8/8/8/4P3/4K3 b - - 0 1");
    CHECK(valid["variant"] == "from_position");
    const json two_kings = body("fen=4k3%2F8%2F8%2F8%2F8%2F8%2F8%2F4KK2+w+-+-+0+1");
    CHECK(two_kings["valid"] == false);
    CHECK_THAT(two_kings["error"].get<std::string>(), Catch::Contains("king"));
    CHECK(two_kings["reason"] == "too_many_kings"); // the client's catalogue key, in its language
    const json mate = body("fen=k7%2F1Q6%2F1K6%2F8%2F8%2F8%2F8%2F8+b+-+-+0+1");
    CHECK(mate["valid"] == false);
    CHECK_THAT(mate["error"].get<std::string>(), Catch::Contains("checkmate"));
    CHECK(mate["reason"] == "already_checkmate");
    const json c518 = body("chess960=518");
    CHECK(c518["valid"] == true);
    CHECK(c518["variant"] == "chess960");
    CHECK(c518["fen"] == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    const json c959 = body("chess960=959");
    CHECK(c959["fen"] == "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w KQkq - 0 1");
    const json c960 = body("chess960=960");
    CHECK(c960["valid"] == false);
    CHECK_THAT(c960["error"].get<std::string>(), Catch::Contains("0 to 959"));
    CHECK(c960["reason"] == "no_chess960_start");
    // A malformed query is the client's bug, not a position's verdict.
    for (const std::string query : {"", "fen=x&chess960=1", "chess960=abc", "colour=white"}) {
        const HttpReply reply = http_get(server.port(), "/api/position?" + query);
        INFO(query << " -> " << reply.body);
        CHECK(reply.status == 400);
        CHECK(json::parse(reply.body)["error"] == "bad_request");
    }
}

TEST_CASE("a game from a dead position is drawn as soon as it starts", "[server][game_setup]")
{
    InProcessServer server;
    // Mednis's pawn wall: neither king can ever reach the other side, no pawn can capture.
    SetupGame game(server.port(),
                   {{"variant", "from_position"}, {"fen", "8/8/3k1p1p/2p1pPpP/1pP1P1P1/pP1B4/P3K3/8 w - - 0 1"}});
    const json over = game.white->receive_until("game_over", game.table);
    CHECK(over["result"] == "1/2-1/2");
    CHECK(over["termination"] == "dead_position");
    CHECK(game.black->receive_until("game_over", game.table)["termination"] == "dead_position");
    const json move = game.white->request({{"type", "move"}, {"table", game.table}, {"move", "Kd1"}});
    CHECK(move["code"] == "game_over");
}

TEST_CASE("the fifty-move rule counts from the FEN's halfmove clock", "[server][game_setup]")
{
    InProcessServer server;
    // 99 half-moves without a pawn move or capture stand already: one more, and Black may claim.
    SetupGame game(server.port(), {{"variant", "from_position"}, {"fen", "4k3/8/8/8/8/8/8/R3K3 w - - 98 70"}});
    game.play("white", "Ra2");
    // 99: not yet.
    const json early = game.black->request({{"type", "claim_draw"}, {"table", game.table}});
    CHECK(early["code"] == "claim_invalid");
    game.play("black", "Kf8");
    game.play("white", "Ra3");
    const json claim = game.black->request({{"type", "claim_draw"}, {"table", game.table}});
    CHECK(claim["type"] == "ok");
    const json over = game.white->receive_until("game_over", game.table);
    CHECK(over["termination"] == "fifty_moves");
    CHECK(over["result"] == "1/2-1/2");
}

// Scharnagl 3 is BQNNRKRB: the king on f1 between the rooks on e1 and g1, so O-O swaps king and
// rook at once, and O-O-O needs only the knights of c1 and d1 gone.
constexpr const char* scharnagl_3 = "bqnnrkrb/pppppppp/8/8/8/8/PPPPPPPP/BQNNRKRB w KQkq - 0 1";

TEST_CASE("Chess960 castling: king takes rook in UCI, O-O and O-O-O in SAN, both sides", "[server][game_setup]")
{
    InProcessServer server;
    SECTION("White O-O as UCI f1g1, Black O-O-O as SAN")
    {
        SetupGame game(server.port(), {{"variant", "chess960"}, {"chess960", 3}});
        REQUIRE(game.started["start_fen"] == scharnagl_3);
        const auto legal = game.started["legal_moves"].get<std::vector<std::string>>();
        CHECK(std::find(legal.begin(), legal.end(), "f1g1") != legal.end()); // castling, king takes rook
        const json castled = game.play("white", "f1g1");
        CHECK(castled["san"] == "O-O");
        CHECK(castled["uci"] == "f1g1");
        CHECK(castled["fen"].get<std::string>().starts_with("bqnnrkrb/pppppppp/8/8/8/8/PPPPPPPP/BQNNRRKB b kq"));
        game.play("black", "Nd6");
        game.play("white", "h3");
        game.play("black", "Nc6");
        game.play("white", "a3");
        const json long_castle = game.play("black", "O-O-O");
        CHECK(long_castle["uci"] == "f8e8");
        CHECK(long_castle["san"] == "O-O-O");
        CHECK(long_castle["fen"].get<std::string>().starts_with("bqkr2rb/"));

        // The archive's PGN names the variant and the start.
        const auto game_id = game.started["game_id"].get<std::int64_t>();
        const HttpReply pgn = http_get(server.port(), "/games/" + std::to_string(game_id) + ".pgn");
        INFO(pgn.body);
        REQUIRE(pgn.status == 200);
        CHECK_THAT(pgn.body, Catch::Contains("[Variant \"Chess960\"]"));
        CHECK_THAT(pgn.body, Catch::Contains("[SetUp \"1\"]"));
        CHECK_THAT(pgn.body, Catch::Contains(std::string("[FEN \"") + scharnagl_3 + "\"]"));
        CHECK_THAT(pgn.body, Catch::Contains("1. O-O Nd6 2. h3 Nc6 3. a3 O-O-O"));
        const json record = json::parse(http_get(server.port(), "/api/games/" + std::to_string(game_id)).body);
        CHECK(record["variant"] == "chess960");
        CHECK(record["chess960"] == 3);
        CHECK(record["start_fen"] == scharnagl_3);
        CHECK(record["moves"][5]["san"] == "O-O-O");
    }
    SECTION("White O-O-O as UCI f1e1, Black O-O as SAN")
    {
        SetupGame game(server.port(), {{"variant", "chess960"}, {"chess960", 3}});
        game.play("white", "Nb3");
        const json short_castle = game.play("black", "O-O");
        CHECK(short_castle["uci"] == "f8g8");
        game.play("white", "Nc3");
        game.play("black", "h6");
        const json long_castle = game.play("white", "f1e1");
        CHECK(long_castle["san"] == "O-O-O");
        CHECK(long_castle["fen"].get<std::string>().starts_with("bqnnrrkb/ppppppp1/7p/8/8/1NN5/PPPPPPPP/BQKR2RB b"));
    }
}

TEST_CASE("a from-position game's PGN has SetUp and FEN, and no Variant", "[server][game_setup]")
{
    InProcessServer server;
    SetupGame game(server.port(), {{"variant", "from_position"}, {"fen", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"}});
    game.play("white", "e4");
    const auto game_id = game.started["game_id"].get<std::int64_t>();
    const HttpReply pgn = http_get(server.port(), "/games/" + std::to_string(game_id) + ".pgn");
    INFO(pgn.body);
    CHECK_THAT(pgn.body, Catch::Contains("[SetUp \"1\"]"));
    CHECK_THAT(pgn.body, Catch::Contains("[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]"));
    CHECK_THAT(pgn.body, !Catch::Contains("[Variant"));
    const json record = json::parse(http_get(server.port(), "/api/games/" + std::to_string(game_id)).body);
    CHECK(record["variant"] == "from_position");
}

TEST_CASE("a rated Chess960 game counts in the rating category chess960, whatever its speed", "[server][game_setup]")
{
    InProcessServer server;
    SetupGame game(server.port(), {{"variant", "chess960"}, {"chess960", 3}, {"rated", true}}, "3+2", true);
    CHECK(game.started["rated"] == true);
    game.play("white", "f1g1");
    game.play("black", "f8g8");
    REQUIRE(game.white->request({{"type", "resign"}, {"table", game.table}})["type"] == "ok");
    const json change = game.white->receive_until("rating_change", game.table);
    CHECK(change["category"] == "chess960");
    // The category has its leaderboard (empty while both are provisional) and the profile shows it.
    const HttpReply board = http_get(server.port(), "/api/leaderboard/chess960");
    CHECK(board.status == 200);
    CHECK(json::parse(board.body)["category"] == "chess960");
    const json profile = json::parse(http_get(server.port(), "/api/players/Schwarz").body);
    INFO(profile.dump());
    CHECK(profile["ratings"]["chess960"]["games"] == 1);
    CHECK(profile["ratings"]["chess960"]["wins"] == 1);
    CHECK(profile["ratings"]["blitz"]["games"] == 0);
    CHECK(profile["history"]["chess960"].size() == 1);
    // The player's games filtered by category: under chess960, not under its speed.
    auto listed = [&](const std::string& category) {
        const HttpReply reply = http_get(server.port(), "/api/players/Schwarz/games?category=" + category);
        INFO(reply.body);
        REQUIRE(reply.status == 200);
        return json::parse(reply.body)["games"].size();
    };
    CHECK(listed("chess960") == 1);
    CHECK(listed("blitz") == 0);
}

TEST_CASE("a Chess960 game and a game from a FEN are restored exactly after kill -9", "[server][game_setup][process]")
{
    ChildServer server;
    std::int64_t c960_table = 0;
    {
        SetupGame c960(server.port(), {{"variant", "chess960"}, {"chess960", 3}}, "5+3");
        c960.play("white", "f1g1");
        c960.play("black", "Nd6");
        c960_table = c960.table;
        // Every move is stored before it is acknowledged; kill -9 loses nothing acknowledged.
        server.restart();
    }
    WsTestClient white;
    white.connect(server.port());
    REQUIRE(white.request({{"type", "enter_room"}, {"room", room}})["type"] == "room");
    const json state = white.request({{"type", "watch_table"}, {"table", c960_table}});
    INFO(state.dump());
    REQUIRE(state["type"] == "table_state");
    CHECK(state["variant"] == "chess960");
    CHECK(state["chess960"] == 3);
    CHECK(state["start_fen"] == scharnagl_3);
    CHECK(state["moves"][0]["san"] == "O-O");
    CHECK(state["moves"].size() == 2);
    // The castled position came back: king g1, rooks e1 and f1, White's rights gone, Black's kept.
    const auto legal = state["legal_moves"].get<std::vector<std::string>>();
    CHECK(std::find(legal.begin(), legal.end(), "g1e1") == legal.end());
    CHECK(state["fen"].get<std::string>().starts_with("bq1nrkrb/pppppppp/3n4/8/8/8/PPPPPPPP/BQNNRRKB w kq"));
}

TEST_CASE("a rematch keeps the setup: the same Chess960 number, colours swapped", "[server][game_setup]")
{
    InProcessServer server;
    SetupGame game(server.port(), {{"variant", "chess960"}});
    const json number = game.started["chess960"];
    const json start_fen = game.started["start_fen"];
    REQUIRE(game.white->request({{"type", "resign"}, {"table", game.table}})["type"] == "ok");
    game.black->receive_until("game_over", game.table);
    REQUIRE(game.white->request({{"type", "rematch"}, {"table", game.table}})["type"] == "ok");
    REQUIRE(game.black->request({{"type", "rematch"}, {"table", game.table}})["type"] == "ok");
    const json again = game.white->receive_until("game_started", game.table);
    CHECK(again["white"] == "Schwarz");
    CHECK(again["black"] == "Weiss");
    CHECK(again["variant"] == "chess960");
    CHECK(again["chess960"] == number);
    CHECK(again["start_fen"] == start_fen);
    CHECK(again["fen"] == start_fen);
}
