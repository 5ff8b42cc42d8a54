// The results model: a player's record, validation errors, and the TRF both ways (so that a
// Swiss exported at any round reads back the same and pairs with pairing/dutch).
#include <catch2/catch.hpp>

#include "pairing/dutch.h"
#include "tournament/trf_conversion.h"

using namespace rochade::tournament;

namespace {

Tournament four_players()
{
    Tournament t;
    t.name = "Club Swiss";
    t.total_rounds = 3;
    for (int i = 1; i <= 5; ++i)
        t.players.push_back(Player{i, std::string("p").append(std::to_string(i)), 2000 - 10 * i});
    // Round 1: 1-2 1-0, 3-4 forfeit for 3, 5 the pairing-allocated bye.
    t.rounds.push_back(Round{{{1, 2, GameResult::WhiteWins}, {3, 4, GameResult::WhiteWinsByForfeit}},
                             {{5, ByeKind::PairingAllocated}}});
    // Round 2: 5-1 draw, 4-3... 2 asked for a half-point bye, 3 and 4 draw.
    t.rounds.push_back(Round{{{5, 1, GameResult::Draw}, {4, 3, GameResult::Draw}}, {{2, ByeKind::HalfPoint}}});
    return t;
}

} // namespace

TEST_CASE("a player's record reads his games and byes from his side")
{
    const Tournament t = four_players();
    const auto three = record_of(t, 3);
    REQUIRE(three.size() == 2);
    CHECK(three[0].outcome == Outcome::ForfeitWin);
    CHECK(three[0].opponent == 4);
    CHECK(three[0].white);
    CHECK(three[1].outcome == Outcome::Draw);
    CHECK_FALSE(three[1].white);
    CHECK(record_of(t, 5)[0].outcome == Outcome::PairingBye);
    CHECK(record_of(t, 2)[1].outcome == Outcome::HalfPointBye);
    CHECK(half_points(Outcome::PairingBye) == 2);
    CHECK(half_points(Outcome::HalfPointBye) == 1);
    CHECK(completed_rounds(t) == 2);
}

TEST_CASE("a player missing from a paired round is absent with zero points")
{
    Tournament t = four_players();
    t.rounds.push_back(Round{{{1, 3, GameResult::Pending}}, {}});
    CHECK(record_of(t, 2)[2].outcome == Outcome::Absent);
    CHECK(record_of(t, 1)[2].outcome == Outcome::Pending);
    CHECK(completed_rounds(t) == 2);
}

TEST_CASE("validation names the round and the player")
{
    Tournament t = four_players();
    CHECK_FALSE(validate(t));
    t.rounds[1].byes.push_back(Bye{1, ByeKind::ZeroPoint});
    CHECK(validate(t) == std::optional<std::string>{"round 2: player 1 appears twice"});
    t = four_players();
    t.rounds[0].games[0].black = 9;
    CHECK(validate(t) == std::optional<std::string>{"round 1: player 9 does not exist"});
    t = four_players();
    t.players[2].nick.clear();
    CHECK(validate(t) == std::optional<std::string>{"player 3: the nick is empty"});
}

TEST_CASE("the TRF export reads back as the same tournament")
{
    const Tournament t = four_players();
    const std::string text = write_trf(t);
    CHECK(text.find("XXR 3") != std::string::npos);
    const auto read = rochade::pairing::read_trf(text);
    REQUIRE(std::holds_alternative<rochade::pairing::Tournament>(read));
    const auto back = from_trf(std::get<rochade::pairing::Tournament>(read));
    REQUIRE(std::holds_alternative<Tournament>(back));
    const Tournament& u = std::get<Tournament>(back);
    CHECK(u.name == "Club Swiss");
    CHECK(u.total_rounds == 3);
    REQUIRE(u.players.size() == 5);
    for (int p = 1; p <= 5; ++p) {
        const auto a = record_of(t, p), b = record_of(u, p);
        REQUIRE(a.size() == b.size());
        for (std::size_t r = 0; r < a.size(); ++r) {
            CHECK(a[r].outcome == b[r].outcome);
            CHECK(a[r].opponent == b[r].opponent);
        }
    }
}

TEST_CASE("the exported TRF pairs the next round with the Dutch pairer")
{
    const auto paired = rochade::pairing::pair_dutch(to_trf(four_players()));
    REQUIRE(std::holds_alternative<rochade::pairing::DutchPairing>(paired));
    const auto& pairing = std::get<rochade::pairing::DutchPairing>(paired);
    CHECK(pairing.round == 3);
    CHECK(pairing.boards.size() == 2);
    REQUIRE(pairing.bye);
    CHECK(*pairing.bye != 5); // 5 had the pairing-allocated bye already (C.04.1.4)
}

TEST_CASE("a full-point bye in a TRF is refused by name")
{
    rochade::pairing::Tournament trf = to_trf(four_players());
    trf.players[4].rounds[0] =
        rochade::pairing::RoundEntry{0, std::nullopt, rochade::pairing::ResultCode::FullPointBye};
    const auto back = from_trf(trf);
    REQUIRE(std::holds_alternative<ConversionError>(back));
    CHECK(std::get<ConversionError>(back).message ==
          "round 1, player 5: a full-point bye (F) is not a result Rochade's tournaments have");
}
