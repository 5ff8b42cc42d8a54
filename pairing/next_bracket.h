// C.04.3 C7: choose the downfloaters so that the next bracket pairs as many players as it can
// while the rest of the round can still be completed (C4). Counting the next bracket's maximum
// matching alone is not enough: a pair it makes may take the one player who alone could pair
// someone below, or the only player left who may get the bye.
#pragma once

#include <functional>
#include <vector>

namespace rochade::pairing {

// How many pairs the next bracket can make; `exact` is false when the search stopped at
// next_bracket_node_budget and `pairs` is the bracket's own maximum matching (which ignores
// the completion below), as before this search existed.
struct NextBracketPairs {
    int pairs = 0;
    bool exact = true;
};

// The branch and bound below is exponential where the bracket's own maximum cannot be kept
// (seed 3 of the 500-player benchmark ran for minutes; each completion check there is a
// matching of hundreds of players); past this many steps, or completion checks of this many
// players in all, it gives up.
constexpr long next_bracket_node_budget = 2000;
constexpr long next_bracket_completion_budget = 4000;

// The most pairs the players of `next_bracket` (the downfloaters and the next score group) can
// make among themselves such that they, less those paired, and every player of `below` can
// still be paired completely (with at most one bye to a player `bye_allowed`). -1 when no
// pairing completes the round at all.
NextBracketPairs next_bracket_pairs(const std::vector<int>& next_bracket, const std::vector<int>& below,
                                    const std::function<bool(int, int)>& compatible,
                                    const std::function<bool(int)>& bye_allowed);

} // namespace rochade::pairing
