// The load generator's field scanner: on real frames of the server's encoders it must read
// what nlohmann::json reads; on anything it cannot vouch for it must decline (and read_turn
// then falls back to nlohmann::json).
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "bench/loadgen_frame_fields.h"
#include "engine/fen.h"
#include "engine/movegen.h"
#include "engine/uci.h"
#include "protocol/encode.h"

using namespace rochade::bench;
using json = nlohmann::json;
namespace protocol = rochade::protocol;

namespace {

// The legal moves in UCI, as the server lists them.
std::vector<std::string> uci_moves(std::string_view fen)
{
    const auto position = rochade::parse_fen(fen);
    REQUIRE(position.has_value());
    std::vector<std::string> moves;
    for (const auto move : rochade::legal_moves(*position)) moves.push_back(rochade::to_uci(*position, move));
    return moves;
}

constexpr std::string_view kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

protocol::MoveEvent sample_move()
{
    protocol::MoveEvent move;
    move.table = 12;
    move.seq = 6;
    move.move = {2, "g8f6", "Nf6", "Sf6"};
    move.move.fen = std::string(kiwipete);
    move.clocks = {299'100, 298'700, protocol::Side::White, false, std::nullopt};
    move.to_move = protocol::Side::White;
    move.legal_moves = uci_moves(kiwipete);
    return move;
}

std::vector<std::string> all_legal_moves(const TurnFields& fields)
{
    std::vector<std::string> moves;
    for (std::size_t i = 0; i < fields.legal_move_count; ++i) moves.push_back(legal_move_at(fields.legal_moves, i));
    return moves;
}

} // namespace

TEST_CASE("scan_turn_fields reads a real move frame as nlohmann::json does")
{
    const protocol::MoveEvent move = sample_move();
    REQUIRE(move.legal_moves.size() == 48);
    const std::string frame = protocol::encode_move(move);
    const auto fields = scan_turn_fields(frame);
    REQUIRE(fields.has_value());
    CHECK(fields->ply == 2);
    CHECK(fields->to_move == "white");
    CHECK(fields->legal_move_count == 48);
    CHECK(all_legal_moves(*fields) == move.legal_moves);
    CHECK(all_legal_moves(*fields) == json::parse(frame)["legal_moves"].get<std::vector<std::string>>());
}

TEST_CASE("scan_turn_fields: the move that ends the game has to_move null and no legal moves")
{
    protocol::MoveEvent move = sample_move();
    move.move.ply = 41;
    move.to_move.reset();
    move.legal_moves.clear();
    // The fields are views into the frame, so the frame has to outlive them.
    const std::string frame = protocol::encode_move(move);
    const auto fields = scan_turn_fields(frame);
    REQUIRE(fields.has_value());
    CHECK(fields->ply == 41);
    CHECK_FALSE(fields->to_move.has_value());
    CHECK(fields->legal_move_count == 0);
    CHECK(fields->legal_moves == "[]");
}

TEST_CASE("scan_turn_fields reads a real game_started frame, the plies of its moves are nested")
{
    protocol::TableState state;
    state.summary.table = 7;
    state.summary.room = 34;
    state.summary.status = protocol::TableStatus::Playing;
    state.summary.white = "anna";
    state.summary.black = "Jürgen";
    state.start_fen = state.fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    state.moves = {{1, "e2e4", "e4", "e4"}};
    state.clocks = {300'000, 300'000, protocol::Side::Black, false, std::nullopt};
    state.to_move = protocol::Side::Black;
    state.legal_moves = uci_moves(state.fen);
    const std::string frame = protocol::encode_game_started(7, 1, state);
    const auto fields = scan_turn_fields(frame);
    REQUIRE(fields.has_value());
    CHECK_FALSE(fields->ply.has_value()); // "moves":[{"ply":1,...}] is not the top level
    CHECK(fields->to_move == "black");
    CHECK(all_legal_moves(*fields) == state.legal_moves);
}

TEST_CASE("scan_turn_fields is not fooled by keys inside strings or nested objects, nor by escapes")
{
    protocol::MoveEvent move = sample_move();
    move.move.ply = 5;
    move.move.san = R"(","ply":99,"to_move":"black","legal_moves":["h1h8"]})";
    move.move.fen = R"(]] \" } { [ "ply":98)";
    move.to_move = protocol::Side::Black;
    move.legal_moves = {"a\"b", "c]d", "e\\f", "g,h", "tab\there", "\x01", "ü", ""};
    const std::string frame = protocol::encode_move(move);
    const auto fields = scan_turn_fields(frame);
    REQUIRE(fields.has_value());
    CHECK(fields->ply == 5);
    CHECK(fields->to_move == "black");
    CHECK(all_legal_moves(*fields) == move.legal_moves);

    struct Row {
        const char* frame;
        std::optional<std::int64_t> ply;
        std::optional<std::string_view> to_move;
        std::vector<std::string> legal_moves;
    };
    for (const Row& row : {
             Row{R"({"clocks":{"ply":3,"to_move":"black","legal_moves":["x"]},"ply":4,"to_move":"white"})",
                 4,
                 "white",
                 {}},
             Row{R"({"clocks":{"ply":3},"list":[{"to_move":"black"}]})", std::nullopt, std::nullopt, {}},
             Row{R"({"text":"\"ply\":1,\"to_move\":\"white\"","legal_moves":["\\\"]"]})",
                 std::nullopt,
                 std::nullopt,
                 {"\\\"]"}},
             Row{" { \"ply\" : -2 ,\n\"to_move\" :\tnull , \"legal_moves\" : [ \"a\" , \"b\" ] } ",
                 -2,
                 std::nullopt,
                 {"a", "b"}},
             Row{R"({"legal_moves":["\u00fc\/\b\f\n\r\t","\ud83d\ude00"],"x":[1.5e-3,true,false,null,{},[]]})",
                 std::nullopt,
                 std::nullopt,
                 {"\u00fc/\b\f\n\r\t", "\xF0\x9F\x98\x80"}},
             Row{"{}", std::nullopt, std::nullopt, {}},
         }) {
        INFO(row.frame);
        const auto scanned = scan_turn_fields(row.frame);
        REQUIRE(scanned.has_value());
        CHECK(scanned->ply == row.ply);
        CHECK(scanned->to_move == row.to_move);
        CHECK(all_legal_moves(*scanned) == row.legal_moves);
        // What nlohmann::json reads from the same text.
        const json parsed = json::parse(row.frame);
        CHECK(all_legal_moves(*scanned) == parsed.value("legal_moves", std::vector<std::string>{}));
    }
}

TEST_CASE("scan_turn_fields declines what it cannot vouch for")
{
    const std::string deep = std::string(100, '[') + std::string(100, ']');
    for (const std::string& frame : std::initializer_list<std::string>{
             "",
             "[]",
             "{",
             R"({"ply":})",
             R"({"ply":1.5})",
             R"({"ply":1e2})",
             R"({"ply":"3"})",
             R"({"ply":99999999999999999999})",
             R"({"ply":1,"ply":2})",
             R"({"p\u006cy":1})",
             R"({"to_move":5})",
             R"({"to_move":"wh\u0069te"})",
             R"({"to_move":"white","to_move":"black"})",
             R"({"legal_moves":["a",3]})",
             R"({"legal_moves":"a"})",
             R"({"legal_moves":["a",]})",
             R"({"legal_moves":[],"legal_moves":["a"]})",
             R"({"ply":1}x)",
             R"({"ply":1,})",
             R"({"ply":1 "to_move":null})",
             R"({"a":tru})",
             R"({"a":nullx})",
             R"({"a":01})",
             R"({"a":-})",
             R"({"a":1.})",
             R"({"a":"unterminated})",
             "{\"a\":\"raw \x01 control\"}",
             R"({"a":"\q"})",
             R"({"a":"\u12"})",
             R"({"a":"\ud800"})",
             R"({"a":"\udc00"})",
             R"({"a":[1,2})",
             R"({"a":{"b":1])",
             "{\"a\":" + deep + "}",
         }) {
        INFO(frame);
        CHECK_FALSE(scan_turn_fields(frame).has_value());
    }
}

TEST_CASE("read_turn draws the side's move from the scan, or from nlohmann::json when the scanner declines")
{
    const std::string frame = protocol::encode_move(sample_move()); // white to move
    std::mt19937_64 random(42);
    std::mt19937_64 same_draws(42);
    const PlayerTurn turn = read_turn(frame, "white", random);
    CHECK(turn.scanned);
    CHECK(turn.ply == 2);
    const auto pick = std::uniform_int_distribution<std::size_t>(0, 47)(same_draws);
    CHECK(turn.move == sample_move().legal_moves[pick]);

    // Not this side's turn: no move, and no random number drawn.
    const PlayerTurn other = read_turn(frame, "black", random);
    CHECK(other.scanned);
    CHECK(other.ply == 2);
    CHECK(other.move.empty());
    CHECK(random() == same_draws());

    // Valid JSON the scanner leaves alone: escaped keys and sides.
    const PlayerTurn fallback =
        read_turn(R"({"pl\u0079":3,"to_move":"wh\u0069te","legal_moves":["g1\u0066"]})", "white", random);
    CHECK_FALSE(fallback.scanned);
    CHECK(fallback.ply == 3);
    CHECK(fallback.move == "g1f");
    const PlayerTurn ended = read_turn(R"({"ply":1e0,"to_move":null,"legal_moves":[]})", "white", random);
    CHECK_FALSE(ended.scanned);
    CHECK_FALSE(ended.ply.has_value()); // 1e0 is a float to nlohmann::json
    CHECK(ended.move.empty());

    CHECK_THROWS_AS(read_turn(R"({"ply":1,)", "white", random), json::parse_error);
}
