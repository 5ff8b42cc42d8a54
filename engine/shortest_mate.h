// The shortest mating line within a budget, to show a verdict to a reader. The winnability
// analysis (winnability.h) proves that a side can mate with *a* line, which its searches find by
// progress heuristics: sound, but often dozens of plies of aimless cooperation. A reader of "Black
// could still have mated" wants the short one. This search deepens ply by ply over every legal
// move of both sides (they cooperate), so the first mate it finds is a shortest one; it gives up
// after `node_budget` nodes, which makes it reproducible and bounded. It is asked once per flag
// fall that the opponent could win, never on the move path.
#pragma once

#include <cstdint>
#include <vector>

#include "position.h"

namespace rochade {

// True with `line` (the moves from `pos`, ending in checkmate of `winner`'s opponent) when a
// mate in at most `max_plies` plies exists and was found within `node_budget` nodes; `line` is
// a shortest such line. False says only that none was found within the limits.
bool find_shortest_mate(const Position& pos, Color winner, int max_plies, std::uint64_t node_budget,
                        std::vector<Move>& line);

} // namespace rochade
