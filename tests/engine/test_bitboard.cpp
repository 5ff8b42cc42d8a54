// The fast kindergarten slider attacks must agree with the slow ray-walking definition.
#include <catch2/catch.hpp>

#include "engine/bitboard.h"

using namespace rochade;

namespace {
std::uint64_t next_random(std::uint64_t& state)
{
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
}
} // namespace

TEST_CASE("slider attacks agree with ray walking on random occupancies", "[bitboard]")
{
    std::uint64_t state = 0x9E3779B97F4A7C15ULL;
    for (int s = 0; s < 64; ++s) {
        for (int i = 0; i < 2000; ++i) {
            // Sparse and dense boards both: AND or OR two random words.
            const Bitboard a = next_random(state), b = next_random(state);
            const Bitboard occupied = (i & 1) ? (a & b) : (a | b);
            const Square sq = Square(s);
            REQUIRE(bishop_attacks(sq, occupied) == reference_bishop_attacks(sq, occupied));
            REQUIRE(rook_attacks(sq, occupied) == reference_rook_attacks(sq, occupied));
        }
    }
}

TEST_CASE("step attacks", "[bitboard]")
{
    CHECK(knight_attacks(Square::A1) == (square_bb(Square::B3) | square_bb(Square::C2)));
    CHECK(popcount(knight_attacks(Square::D4)) == 8);
    CHECK(popcount(king_attacks(Square::H8)) == 3);
    CHECK(pawn_attacks(Color::White, Square::E4) == (square_bb(Square::D5) | square_bb(Square::F5)));
    CHECK(pawn_attacks(Color::Black, Square::A5) == square_bb(Square::B4));
}

TEST_CASE("between and line tables", "[bitboard]")
{
    CHECK(between_bb(Square::A1, Square::D4) == (square_bb(Square::B2) | square_bb(Square::C3)));
    CHECK(between_bb(Square::A1, Square::B3) == 0);
    CHECK(between_bb(Square::E1, Square::E2) == 0);
    CHECK(line_bb(Square::C1, Square::E1) == rank_bb(0));
    CHECK(line_bb(Square::A1, Square::B3) == 0);
    CHECK(aligned(Square::A1, Square::H8, Square::D4));
    CHECK_FALSE(aligned(Square::A1, Square::H8, Square::D5));
    CHECK(distance(Square::A1, Square::H8) == 7);
    CHECK(distance(Square::E4, Square::F6) == 2);
}
