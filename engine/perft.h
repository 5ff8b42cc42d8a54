// Perft: the number of leaf nodes of the legal move tree to a fixed depth, the standard
// correctness test (and speed benchmark) of a move generator.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "position.h"

namespace rochade {

// Counts leaves at `depth`. At depth 1 the legal move list is counted without making the
// moves ("bulk counting"), as Stockfish's perft does.
std::uint64_t perft(Position& pos, int depth);

// The leaf count below each legal move of the root, in move generation order.
std::vector<std::pair<Move, std::uint64_t>> perft_divide(Position& pos, int depth);

} // namespace rochade
