#include "blockade.h"

#include "blockade_saturation.h"

namespace rochade::blockade {

namespace {

using detail::Assumptions;
using detail::Saturation;

bool mate_possible(const Position& pos, const Assumptions& assumptions)
{
    Saturation analysis(pos, assumptions);
    analysis.saturate();
    return analysis.black_could_get_mated();
}

} // namespace

// Design §6.4. A piece that is steady yet might be captured makes the analysis weak: the
// capture frees lines. Every game either (A) never captures it before it has moved, or (B)
// never moves it before it is captured; if neither kind of game can end in a mate, none can.
bool white_cannot_mate(const Position& pos)
{
    // The analysis does not model a capture that is available right now only.
    if (pos.en_passant_square() != Square::None) return false;

    Saturation first(pos, {});
    first.saturate();
    if (!first.black_could_get_mated()) return true;

    const Bitboard splits = first.first_steady_capturable();
    for (Bitboard b = splits; b;) {
        const Bitboard s = square_bb(pop_lsb(b));
        if (mate_possible(pos, {.no_capture_while_steady = s})) continue;
        if (!mate_possible(pos, {.only_captured_in_place = s})) return true;
    }

    // Two such pieces: all four combinations of (A) and (B).
    if (popcount(splits) == 2) {
        const Bitboard s1 = square_bb(lsb(splits));
        const Bitboard s2 = splits & ~s1;
        return !mate_possible(pos, {.no_capture_while_steady = splits}) &&
               !mate_possible(pos, {.no_capture_while_steady = s1, .only_captured_in_place = s2}) &&
               !mate_possible(pos, {.no_capture_while_steady = s2, .only_captured_in_place = s1}) &&
               !mate_possible(pos, {.only_captured_in_place = splits});
    }
    return false;
}

Bitboard steady_squares(const Position& pos)
{
    if (pos.en_passant_square() != Square::None) return 0;
    Saturation analysis(pos, {});
    analysis.saturate();
    return analysis.steady();
}

} // namespace rochade::blockade
