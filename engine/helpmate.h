// The helpmate search of the winnability analysis (docs/winnability-design.md §5): iterative
// deepening over a cooperative tree in which "depth" is spent only on moves that make no
// progress towards a mate (Reward / Normal / Punish), with a verified transposition table.
//
// Positions are normalised: WHITE is the side trying to mate. A found mate is a concrete line
// ending in checkmate of Black; NoMate is returned only when an iteration explored a closed set
// of positions without any cut-off (§5.4), which proves that no mate exists.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "position.h"

namespace rochade::winnability {

inline constexpr int MaxSearchPlies = 128;
inline constexpr std::uint8_t Unreachable = 255;

// A mating line kept on the stack: the search never allocates.
struct HelpmateLine {
    std::array<Move, MaxSearchPlies> moves;
    int length = 0;
};

// Knowledge from the static analysis that shapes the last, longest search (§5.5).
struct HelpmateHints {
    // Bishop moves from each square to the target corner, sliding through everything that is
    // not a steady piece; Unreachable where no bishop path exists.
    std::array<std::uint8_t, 64> bishop_distance{};
    // Root moves after which the static analysis proves that no mate exists; punished wherever
    // the same move (from, to, promotion) occurs in the tree.
    std::vector<Move> punishable;
};

struct HelpmateParams {
    int first_depth = 1;
    int last_depth = 1;
    std::uint64_t nodes_per_depth = 0; // an iteration may visit depth * this many nodes; 0: no cap
    std::uint64_t node_budget = 0;     // all iterations together
    bool transpositions = false;
    // Phase 8 extras when set: bishop rules, punished moves, and widening over the four corners
    // (the default corner, a small slice for each other corner, then the default again).
    const HelpmateHints* hints = nullptr;
    // Only a Mate answer matters to the caller: a child at the depth limit is made only when
    // it could be the checkmate of Black (White moved and gives check). The nodes are counted
    // and the order is kept, so the mates found are the same; but every iteration counts as
    // cut off, so NoMate is never answered and a search without a mate uses its whole budget.
    bool mates_only = false;
};

enum class HelpmateResult { Mate, NoMate, Unknown };

// Searches from `pos` (restored on return). On Mate, `line` holds the moves from `pos` to the
// checkmate of Black. `nodes_used`, when given, receives the number of nodes visited.
HelpmateResult find_helpmate(Position& pos, const HelpmateParams& params, HelpmateLine& line,
                             std::uint64_t* nodes_used = nullptr);

// Bishop distances to the target corner of `pos` with `steady` squares as walls (§5.5).
std::array<std::uint8_t, 64> bishop_distances(const Position& pos, Bitboard steady);
// The same towards the corner `corner` (its square and its two edge neighbours).
std::array<std::uint8_t, 64> bishop_distances_to(Square corner, Bitboard steady);

} // namespace rochade::winnability
