// Quick, exact rules of the winnability analysis (docs/winnability-design.md §3 and §4.1).
// Every routine here is written for WHITE as the side trying to mate; the driver mirrors the
// position when the intended winner is Black.
#pragma once

#include <vector>

#include "position.h"

namespace rochade::winnability {

// True only when no sequence of legal moves can ever end with Black checkmated, judged from
// material alone. Every condition is preserved by every future move (White gains no material,
// and without pawns nobody promotes), so a search may prune on it at any node.
bool white_cannot_mate_by_material(const Position& pos);

// When White's only mating material is a knight, or bishops on one square colour, the Black
// king can only be mated with the help of a Black piece that does not exist yet: a mate needs a
// Black promotion. The search rewards Black pawn moves then (an ordering hint, not a rule).
bool mate_needs_black_promotion(const Position& pos);

// What replaying the single-move chain from a position found.
enum class ForcedChain { Stopped, Cycles };

// Plays moves while the side to move has exactly one legal move, appending them to `line`.
// A forced move leaves winnability unchanged. If a position of the chain repeats, the whole
// future is that cycle of single-move positions, none of them a mate: ForcedChain::Cycles.
ForcedChain play_forced_moves(Position& pos, std::vector<Move>& line);

} // namespace rochade::winnability
