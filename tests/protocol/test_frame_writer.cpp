// The direct writer must produce byte for byte what ordered_json would: clients and the event
// history see the same text whichever encoder built a frame.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "protocol/encode.h"
#include "protocol/frame_writer.h"

using namespace rochade::protocol;
using ordered = nlohmann::ordered_json;

namespace {

std::string reference_dump(const ordered& frame)
{
    return frame.dump(-1, ' ', false, ordered::error_handler_t::replace);
}

} // namespace

TEST_CASE("FrameWriter writes the text ordered_json writes", "[protocol][frame_writer]")
{
    const std::vector<std::string> strings = {"",
                                              "plain",
                                              "quote \" and backslash \\",
                                              "tab\tnewline\ncontrol\x01",
                                              "Jürgen's Gästezimmer",
                                              std::string("bad \xff\xfe utf-8"),
                                              "slash / stays"};
    for (const auto& text : strings) {
        FrameWriter writer(16);
        writer.field("type", "x").field("text", text).field("n", std::int64_t{-42}).field("flag", false);
        CHECK(std::move(writer).finish() ==
              reference_dump(ordered{{"type", "x"}, {"text", text}, {"n", -42}, {"flag", false}}));
    }
}

TEST_CASE("FrameWriter nests objects, writes arrays and nulls", "[protocol][frame_writer]")
{
    FrameWriter writer(64);
    writer.field("a", std::int64_t{1})
        .begin_object("inner")
        .field("b", true)
        .null_field("c")
        .end_object()
        .field("list", std::vector<std::string>{"e2e4", "x\"y"})
        .field("empty", std::vector<std::string>{})
        .field("maybe", std::optional<std::string_view>{})
        .field("some", std::optional<std::string_view>{"white"});
    CHECK(std::move(writer).finish() == reference_dump(ordered{{"a", 1},
                                                               {"inner", {{"b", true}, {"c", nullptr}}},
                                                               {"list", {"e2e4", "x\"y"}},
                                                               {"empty", ordered::array()},
                                                               {"maybe", nullptr},
                                                               {"some", "white"}}));
}

TEST_CASE("encode_move writes exactly the ordered_json frame", "[protocol][frame_writer]")
{
    MoveEvent move;
    move.table = 7;
    move.seq = 14;
    move.move = {3, "g1f3", "Nf3", "Sf3"};
    move.move.fen = "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2";
    move.clocks = {290000, 295000, Side::Black, false, std::nullopt};
    move.to_move = Side::Black;
    move.legal_moves = {"a7a6", "b8c6"};
    move.check = true;
    auto expected = [&] {
        ordered clocks{{"white_ms", move.clocks.white_ms},
                       {"black_ms", move.clocks.black_ms},
                       {"running", move.clocks.running ? ordered(side_name(*move.clocks.running)) : ordered()},
                       {"untimed", move.clocks.untimed}};
        if (move.clocks.first_move)
            clocks["first_move"] = ordered{{"side", side_name(move.clocks.first_move->side)},
                                           {"ms_left", *move.clocks.first_move->ms_left}};
        return ordered{{"type", "move"},
                       {"table", move.table},
                       {"seq", move.seq},
                       {"ply", move.move.ply},
                       {"uci", move.move.uci},
                       {"san", move.move.san},
                       {"san_de", move.move.san_de},
                       {"fen", move.move.fen},
                       {"clocks", clocks},
                       {"to_move", move.to_move ? ordered(side_name(*move.to_move)) : ordered()},
                       {"legal_moves", move.legal_moves},
                       {"check", move.check},
                       {"draw_offered", move.draw_offered}};
    };
    CHECK(encode_move(move) == reference_dump(expected()));
    // The last move of a game: nobody to move, no clock running, nothing legal.
    move.to_move.reset();
    move.clocks.running.reset();
    move.legal_moves.clear();
    move.draw_offered = true;
    CHECK(encode_move(move) == reference_dump(expected()));
    // White's first move: the clocks stand, Black's first move is awaited with 24.5 s left.
    move.to_move = Side::Black;
    move.clocks = {180000, 180000, std::nullopt, false, FirstMoveWait{Side::Black, 24500}};
    CHECK(encode_move(move) == reference_dump(expected()));
}
