// Static unwinnability proof for blocked positions (docs/winnability-design.md §6).
//
// A monotone fixpoint over-approximates, for every piece, the squares it may ever stand on in a
// game that ends with Black checkmated; the pieces that provably never move ("steady") then act
// as walls. If no square of the Black king's region can be a mating square under that
// approximation, White can never mate. The analysis ignores the side to move and is sound but
// incomplete: `true` is a proof, `false` means "not proved".
#pragma once

#include "position.h"

namespace rochade::blockade {

// All functions take a position normalised so that WHITE is the side trying to mate
// (callers use Position::mirrored() for Black).

// True only with a proof that White can never checkmate, whatever both sides play.
bool white_cannot_mate(const Position& pos);

// The squares of pieces that never move and are never captured, after saturation (used by the
// search to steer bishops); 0 if the analysis cannot run (e.g. en passant pending).
Bitboard steady_squares(const Position& pos);

} // namespace rochade::blockade
