// One bracket of the Dutch system (C.04.3 B and D): the candidates in the Handbook's order
// (transpositions of S2, then exchanges between S1 and S2), each judged by the quality criteria
// C5-C19 in their order, the first best candidate that keeps the round completable (C4) chosen.
#pragma once

#include <optional>
#include <utility>
#include <vector>

#include "pairing/swiss_state.h"

namespace rochade::pairing {

struct BracketInput {
    const SwissRound* round = nullptr;
    const std::vector<char>* compatible = nullptr; // players x players, absolute criteria C1, C3, forbidden pairs
    std::vector<int> members;                      // indices into round->players, in ranking order
    std::vector<int> lower;                        // the players of all lower score groups
    std::vector<int> next;                         // the next score group's players (C7), a prefix of lower
    bool last = false;                             // no lower score group: at most one player left (the bye)
    int bye_score_limit = 0;                       // the bye goes only to a player of at most this score
};

// May `player` get the pairing-allocated bye: allowed it (C2) and of a score no higher than the
// lowest score the round can give it to (see lowest_bye_score in dutch.cpp).
inline bool may_take_bye(const SwissPlayer& player, int bye_score_limit)
{
    return !player.bye_excluded && player.score <= bye_score_limit;
}

struct BracketOutcome {
    std::vector<std::pair<int, int>> pairs; // (higher ranked, lower ranked) indices
    std::vector<int> floaters;              // move down to the next bracket (or get the bye)
    bool exhaustive = true;                 // false when the search stopped at its node budget
};

// Search budget per bracket: past it the best candidate found so far is taken, or, when none
// was found, the bracket's part of a maximum matching of all the players left.
constexpr long bracket_node_budget = 400000;

std::optional<BracketOutcome> pair_bracket(const BracketInput& input);

} // namespace rochade::pairing
