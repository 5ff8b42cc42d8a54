#include "winnability.h"

namespace rochade {

namespace {

// The material rule alone: a side with only its king, or a king and a single minor piece
// against a bare king, can never mate. Anything else is left to the search (not written yet).
Winnability material_rule(const Position& pos, Color winner)
{
    const Bitboard ours = pos.pieces(winner);
    const Bitboard theirs = pos.pieces(~winner);
    if (popcount(ours) == 1) return Winnability::CannotMate;
    if (popcount(ours) == 2 && popcount(theirs) == 1 && (ours & pos.pieces(PieceType::Knight, PieceType::Bishop)))
        return Winnability::CannotMate;
    return Winnability::Undetermined;
}

}  // namespace

Winnability can_checkmate(const Position& pos, Color winner, const WinnabilityLimits& limits)
{
    (void)limits;
    return material_rule(pos, winner);
}

bool is_dead_position(const Position& pos, const WinnabilityLimits& limits)
{
    return can_checkmate(pos, Color::White, limits) == Winnability::CannotMate &&
           can_checkmate(pos, Color::Black, limits) == Winnability::CannotMate;
}

}  // namespace rochade
