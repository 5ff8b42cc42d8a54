// Game setups over real sockets (docs/protocol.md, "Variants and positions"): tables opened for
// Chess960 and from a FEN, every refusal with its code and message, the rules from the first
// move of a game from a position, Chess960 castling, and GET /api/position.
#include <catch2/catch.hpp>

#include <string>

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

    SetupGame(std::uint16_t port, const json& setup, const json& time_control = "untimed")
    {
        white->connect(port);
        black->connect(port);
        white->hello("Weiss");
        black->hello("Schwarz");
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
    const json mate = body("fen=k7%2F1Q6%2F1K6%2F8%2F8%2F8%2F8%2F8+b+-+-+0+1");
    CHECK(mate["valid"] == false);
    CHECK_THAT(mate["error"].get<std::string>(), Catch::Contains("checkmate"));
    const json c518 = body("chess960=518");
    CHECK(c518["valid"] == true);
    CHECK(c518["variant"] == "chess960");
    CHECK(c518["fen"] == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    const json c959 = body("chess960=959");
    CHECK(c959["fen"] == "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w KQkq - 0 1");
    const json c960 = body("chess960=960");
    CHECK(c960["valid"] == false);
    CHECK_THAT(c960["error"].get<std::string>(), Catch::Contains("0 to 959"));
    // A malformed query is the client's bug, not a position's verdict.
    for (const std::string query : {"", "fen=x&chess960=1", "chess960=abc", "colour=white"}) {
        const HttpReply reply = http_get(server.port(), "/api/position?" + query);
        INFO(query << " -> " << reply.body);
        CHECK(reply.status == 400);
        CHECK(json::parse(reply.body)["error"] == "bad_request");
    }
}
