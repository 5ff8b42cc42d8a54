// Provers of the winnability analysis that are not the helpmate search
// (docs/winnability-design.md §7): an exhaustive closure over all reachable positions, and a
// proof that follows chains of checks until every quiet continuation is statically dead.
// Positions are normalised: WHITE is the side trying to mate.
#pragma once

#include <cstddef>
#include <vector>

#include "position.h"

namespace rochade::winnability {

enum class ProofResult { Mate, NoMate, Unknown };

// The static blockade proof (§6) of the normalised position: true only with a proof.
bool statically_unwinnable(const Position& pos);
// Squares of pieces that provably never move nor get captured (0 when unknown).
Bitboard steady_squares(const Position& pos);

// Every position reachable from `pos`, skipping materially dead ones: NoMate if there are at
// most `max_positions` of them and none is a checkmate of Black; Unknown otherwise.
ProofResult exhaustive_closure(const Position& pos, std::size_t max_positions);

// §7.3: every line from the root continues either with checks (followed up to `max_depth`
// plies) or into a position that is statically or materially dead. Mate carries the line.
ProofResult check_chain_proof(const Position& pos, int max_depth, std::vector<Move>& mating_line);

} // namespace rochade::winnability
