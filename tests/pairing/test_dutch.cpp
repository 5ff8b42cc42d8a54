#include <catch2/catch.hpp>

#include "pairing/dutch.h"
#include "tournament_builder.h"

using namespace rochade::pairing;
using rochade::pairing::test::add_bye;
using rochade::pairing::test::add_game;
using rochade::pairing::test::tournament_of;

namespace {

std::string pair_text(const Tournament& t)
{
    const auto result = pair_dutch(t);
    if (const auto* error = std::get_if<DutchError>(&result)) FAIL(error->message);
    return format_pairing(std::get<DutchPairing>(result));
}

} // namespace

TEST_CASE("round 1: the top half meets the bottom half, colours alternate from the initial colour", "[pairing][dutch]")
{
    Tournament t = tournament_of(8, 5);
    CHECK(pair_text(t) == "4\n1 5\n6 2\n3 7\n8 4\n");
    t.initial_colour = Colour::Black;
    CHECK(pair_text(t) == "4\n5 1\n2 6\n7 3\n4 8\n");
}

TEST_CASE("round 1 with an odd number: the lowest player gets the pairing-allocated bye", "[pairing][dutch]")
{
    Tournament t = tournament_of(7, 5);
    CHECK(pair_text(t) == "4\n1 4\n5 2\n3 6\n7 0\n");
}

// Worked by hand from C.04.3. After round 1 (1-5 1-0, 6-2 1-0, 3-7 =, 8-4 1-0):
// bracket 1 (1, 6, 8 with 1 point, all wanting Black mildly): S1 = {1}, S2 = {6, 8}; 1-6 misses
// one preference (E.4 gives 1 his Black), as every candidate must; 8 floats down.
// Bracket 0.5 (8 as MDP; 3 and 7 met): 8-3 would cost 3 his preference, 8-7 costs none: 7-8.
// Bracket 0 (3 as MDP; 2, 4, 5): 3 takes 2 (both preferences granted), 4-5 (E.4: 4 gets White).
TEST_CASE("round 2 worked by hand: floaters, the MDP pairing and colour preferences", "[pairing][dutch]")
{
    Tournament t = tournament_of(8, 5);
    add_game(t, 1, 1, 5, '1');
    add_game(t, 1, 6, 2, '1');
    add_game(t, 1, 3, 7, '=');
    add_game(t, 1, 8, 4, '1');
    CHECK(pair_text(t) == "4\n6 1\n7 8\n2 3\n4 5\n");
}

TEST_CASE("a forbidden pair never meets, even where it would be the natural pairing", "[pairing][dutch]")
{
    Tournament t = tournament_of(8, 5);
    t.forbidden_pairs.push_back({1, 5});
    const auto result = pair_dutch(t);
    REQUIRE(std::holds_alternative<DutchPairing>(result));
    for (const Board& b : std::get<DutchPairing>(result).boards)
        CHECK_FALSE(((b.white == 1 && b.black == 5) || (b.white == 5 && b.black == 1)));
    // The next transposition of S2: 1 meets 6.
    CHECK(pair_text(t) == "4\n1 6\n5 2\n3 7\n8 4\n");
}

TEST_CASE("a player who had the pairing-allocated bye does not get it again (C.04.1.4)", "[pairing][dutch]")
{
    // The bye is worth nothing here (TRF-2026 line 162 P 0.0), so its receiver stays at the
    // bottom with 3: the bye must go to 3.
    Tournament t = tournament_of(5, 5);
    t.points.pairing_bye = 0;
    add_game(t, 1, 1, 3, '1');
    add_game(t, 1, 2, 4, '=');
    add_bye(t, 1, 5, ResultCode::PairingBye);
    const auto result = pair_dutch(t);
    REQUIRE(std::holds_alternative<DutchPairing>(result));
    const auto& pairing = std::get<DutchPairing>(result);
    REQUIRE(pairing.bye);
    CHECK(*pairing.bye == 3);
}

TEST_CASE("requested byes and late entries: a pre-filled entry keeps a player out of the round", "[pairing][dutch]")
{
    Tournament t = tournament_of(6, 5);
    add_game(t, 1, 1, 4, '1');
    add_game(t, 1, 5, 2, '0');
    add_bye(t, 1, 3, ResultCode::HalfPointBye); // entered late
    add_bye(t, 1, 6, ResultCode::HalfPointBye);
    add_bye(t, 2, 6, ResultCode::ZeroPointBye); // absent in round 2, as the TRF says in advance
    const auto result = pair_dutch(t);
    REQUIRE(std::holds_alternative<DutchPairing>(result));
    const auto& pairing = std::get<DutchPairing>(result);
    CHECK(pairing.round == 2);
    CHECK(pairing.boards.size() == 2);
    REQUIRE(pairing.bye);
    for (const Board& b : pairing.boards) {
        CHECK(b.white != 6);
        CHECK(b.black != 6);
    }
}

TEST_CASE("no pairing at all: the error says which criteria block it", "[pairing][dutch]")
{
    Tournament t = tournament_of(2, 3);
    add_game(t, 1, 1, 2, '1');
    const auto result = pair_dutch(t);
    REQUIRE(std::holds_alternative<DutchError>(result));
    CHECK(std::get<DutchError>(result).message.find("no pairing meets the absolute criteria") != std::string::npos);
    Tournament done = tournament_of(2, 1);
    add_game(done, 1, 1, 2, '1');
    const auto over = pair_dutch(done);
    REQUIRE(std::holds_alternative<DutchError>(over));
    CHECK(std::get<DutchError>(over).message.find("already paired") != std::string::npos);
}
