// play_computer decodes into its typed value (level, colour, time control, setup, room), with
// every refusal naming its field; rated is refused with its own code; a table summary marks the
// computer's seat.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "protocol/decode.h"
#include "protocol/table_summary_json.h"
#include "tests/protocol/decoding_steps.h"

using namespace rochade::protocol;
using namespace rochade::protocol::testing;

namespace {

PlayComputer play_decoded(std::string_view text)
{
    const ClientMessage message = decoded_request(text);
    REQUIRE(std::holds_alternative<PlayComputer>(message));
    return std::get<PlayComputer>(message);
}

} // namespace

TEST_CASE("play_computer decodes level, colour, time control, setup and room", "[protocol][computer]")
{
    const auto full = play_decoded(R"({"type":"play_computer","level":8,"color":"black","time_control":"3+2",)"
                                   R"("variant":"chess960","chess960":518,"room":-7})");
    CHECK(full.level == 8);
    CHECK(full.color == ColorChoice::Black);
    CHECK(full.time_control.increment_ms == 2000);
    CHECK(full.setup.variant == GameVariant::Chess960);
    CHECK(full.setup.chess960 == 518);
    CHECK(full.room == -7);

    const auto plain = play_decoded(R"({"type":"play_computer","level":1,"time_control":"untimed","rated":false})");
    CHECK(plain.level == 1);
    CHECK(plain.color == ColorChoice::Random);
    CHECK(plain.time_control.untimed());
    CHECK(plain.setup.variant == GameVariant::Standard);
    CHECK_FALSE(plain.room);

    const auto position = play_decoded(R"({"type":"play_computer","level":3,"time_control":"untimed",)"
                                       R"("variant":"from_position","fen":"6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"})");
    CHECK(position.setup.variant == GameVariant::FromPosition);
}

TEST_CASE("play_computer refusals name what was wrong", "[protocol][computer]")
{
    CHECK(refusal_of(R"({"type":"play_computer","level":9,"time_control":"untimed"})").find("level") !=
          std::string::npos);
    CHECK(refusal_of(R"({"type":"play_computer","level":0,"time_control":"untimed"})").find("1 to 8") !=
          std::string::npos);
    CHECK(refusal_of(R"({"type":"play_computer","time_control":"untimed"})").find("'level' is missing") !=
          std::string::npos);
    CHECK(refusal_of(R"({"type":"play_computer","level":2})").find("time_control") != std::string::npos);
    CHECK(refusal_of(R"({"type":"play_computer","level":2,"time_control":"untimed","color":"green"})").find("color") !=
          std::string::npos);
    CHECK(refusal_of(R"({"type":"play_computer","level":2,"time_control":"untimed","room":0})").find("room") !=
          std::string::npos);
    CHECK(refusal_of(R"({"type":"play_computer","level":2,"time_control":"5+0","rated":true})",
                     ErrorCode::ComputerCasualOnly)
              .find("casual") != std::string::npos);
    CHECK(refusal_of(R"({"type":"play_computer","level":2,"time_control":"untimed","variant":"atomic"})",
                     ErrorCode::BadVariant)
              .find("variant") != std::string::npos);
}

TEST_CASE("a table summary marks the computer's seat, and reads one without the marker as none", "[protocol][computer]")
{
    TableSummary table;
    table.table = 5;
    table.room = 35;
    table.white = "Anna";
    table.black = "Stockfish-3";
    table.white_guest = true;
    table.black_computer = true;
    const auto json = table_summary_to_json(table);
    CHECK(json.at("black_computer") == true);
    CHECK(json.at("white_computer") == false);
    const auto back = table_summary_from_json(nlohmann::json::parse(json.dump()));
    REQUIRE(back);
    CHECK(back->black_computer);
    CHECK_FALSE(back->white_computer);

    auto older = nlohmann::json::parse(json.dump());
    older.erase("white_computer");
    older.erase("black_computer");
    const auto from_older = table_summary_from_json(older);
    REQUIRE(from_older);
    CHECK_FALSE(from_older->black_computer);
}
