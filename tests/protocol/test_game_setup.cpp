// Game setups (protocol/game_setup.h): open_table reads the variant, the Chess960 number and the
// start FEN with one reader, refuses each kind of bad setup with its own code and a message
// naming what is wrong, and table summaries carry the setup there and back.
#include <catch2/catch.hpp>

#include <string>

#include <nlohmann/json.hpp>

#include "protocol/decode.h"
#include "protocol/table_summary_json.h"

using namespace rochade::protocol;

namespace {

OpenTable opened(const std::string& fields)
{
    const std::string text = R"({"type":"open_table","room":34,"time_control":"5+3")" + fields + "}";
    auto request = decode(text);
    INFO(text);
    if (!request) FAIL("refused: " << request.error().message);
    return std::get<OpenTable>(request->message);
}

} // namespace

TEST_CASE("open_table reads the setup: standard by default, chess960 with or without a number, a FEN")
{
    CHECK(opened("").setup == GameSetup{});
    CHECK(opened(R"(,"variant":"standard")").setup == GameSetup{});
    CHECK(opened(R"(,"variant":"chess960")").setup == GameSetup{GameVariant::Chess960, std::nullopt, std::nullopt});
    CHECK(opened(R"(,"variant":"chess960","chess960":0)").setup.chess960 == 0);
    CHECK(opened(R"(,"variant":"chess960","chess960":959,"rated":true)").setup.chess960 == 959);
    // The FEN comes back as the server writes it: counters added, the castling field normalised.
    const auto from_fen = opened(R"(,"variant":"from_position","fen":"4k3/8/8/8/8/8/4P3/4K2R w H -")").setup;
    CHECK(from_fen.variant == GameVariant::FromPosition);
    CHECK(from_fen.fen == "4k3/8/8/8/8/8/4P3/4K2R w K - 0 1");
}

TEST_CASE("a bad setup is refused with its own code and a message naming what is wrong")
{
    struct Case {
        std::string fields;
        ErrorCode code;
        std::string message_part;
    };
    const Case cases[] = {
        {R"(,"variant":"crazyhouse")", ErrorCode::BadVariant, "field 'variant' must be"},
        {R"(,"variant":960)", ErrorCode::BadVariant, "field 'variant' must be"},
        {R"(,"chess960":5)", ErrorCode::BadVariant, "'chess960' belongs to variant \"chess960\""},
        {R"(,"variant":"standard","fen":"8/8/8/8/8/8/8/8 w - -")", ErrorCode::BadVariant, "'fen' belongs"},
        {R"(,"variant":"chess960","chess960":960)", ErrorCode::BadChess960Number, "from 0 to 959"},
        {R"(,"variant":"chess960","chess960":-1)", ErrorCode::BadChess960Number, "not -1"},
        {R"(,"variant":"chess960","chess960":"12")", ErrorCode::BadChess960Number, "must be an integer"},
        {R"(,"variant":"chess960","chess960":1.5)", ErrorCode::BadChess960Number, "must be an integer"},
        {R"(,"variant":"from_position")", ErrorCode::BadFen, "'fen' is missing"},
        {R"(,"variant":"from_position","fen":"4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra")", ErrorCode::BadFen,
         "field 'fen': "},
        {R"(,"variant":"from_position","fen":"8/8/8/8/8/8/8/4K3 w - - 0 1")", ErrorCode::BadFen, "king"},
        {R"(,"variant":"from_position","fen":"4k3/8/8/8/8/8/8/P3K3 w - - 0 1")", ErrorCode::BadFen, "pawn"},
        {R"(,"variant":"from_position","fen":"4k3/4R3/8/8/8/8/8/4K3 w - - 0 1")", ErrorCode::BadFen, "check"},
        {R"(,"variant":"from_position","fen":"7k/6Q1/6K1/8/8/8/8/8 b - - 0 1")", ErrorCode::BadFen, "checkmate"},
        {R"(,"variant":"from_position","fen":"4k3/8/8/8/8/8/8/4K3 w - - 0 1","rated":true)",
         ErrorCode::RatedFromPosition, "cannot be rated"},
    };
    for (const auto& c : cases) {
        const std::string text = R"({"id":7,"type":"open_table","room":34,"time_control":"5+3")" + c.fields + "}";
        INFO(text);
        auto request = decode(text);
        REQUIRE_FALSE(request);
        CHECK(error_code_name(request.error().code) == error_code_name(c.code));
        CHECK_THAT(request.error().message, Catch::Contains(c.message_part));
        CHECK(request.error().message.starts_with("open_table: "));
        CHECK(request.error().id == RequestId{std::int64_t{7}});
    }
}

TEST_CASE("a table summary carries the setup: variant, the Chess960 number and the start FEN, and back")
{
    TableSummary table;
    table.table = 5;
    table.room = 34;
    SECTION("standard: the variant only")
    {
        const auto json = table_summary_to_json(table);
        CHECK(json["variant"] == "standard");
        CHECK_FALSE(json.contains("chess960"));
        CHECK_FALSE(json.contains("start_fen"));
    }
    SECTION("chess960: the number and its start position")
    {
        table.setup = {GameVariant::Chess960, 0, std::nullopt};
        const auto json = table_summary_to_json(table);
        CHECK(json["variant"] == "chess960");
        CHECK(json["chess960"] == 0);
        CHECK(json["start_fen"] == "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1");
        const auto back = table_summary_from_json(nlohmann::json::parse(json.dump()));
        REQUIRE(back);
        CHECK(back->setup == table.setup);
    }
    SECTION("from a position: the FEN")
    {
        table.setup = {GameVariant::FromPosition, std::nullopt, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"};
        const auto json = table_summary_to_json(table);
        CHECK(json["variant"] == "from_position");
        CHECK(json["start_fen"] == "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
        const auto back = table_summary_from_json(nlohmann::json::parse(json.dump()));
        REQUIRE(back);
        CHECK(back->setup == table.setup);
    }
}

TEST_CASE("start_position gives the position a resolved setup starts from")
{
    CHECK(start_position(GameSetup{})->key() == rochade::Position::start().key());
    const auto c960 = start_position({GameVariant::Chess960, 518, std::nullopt});
    REQUIRE(c960);
    CHECK(c960->variant() == rochade::Variant::Chess960);
    CHECK(start_position({GameVariant::Chess960, std::nullopt, std::nullopt}).error().code ==
          ErrorCode::BadChess960Number);
}
