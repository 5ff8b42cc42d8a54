// Winnability: can a colour still checkmate by ANY series of legal moves, with the opponent
// cooperating (a helpmate)? FIDE 5.2.2 calls a position where neither side can "dead", and
// FIDE 6.9 makes a flag fall a draw when the opponent cannot mate.
//
// The answer must be sound: CannotMate is returned only with a proof. When the search budget
// runs out before a proof or a mate is found, the answer is Undetermined and the caller follows
// FIDE's default (a flag fall loses; the game goes on).
#pragma once

#include <cstdint>

#include "position.h"

namespace rochade {

enum class Winnability { CanMate, CannotMate, Undetermined };

struct WinnabilityLimits {
    // Positions the helpmate search may visit before it gives up.
    std::uint64_t node_budget = 500'000;
};

Winnability can_checkmate(const Position& pos, Color winner, const WinnabilityLimits& limits = {});

// FIDE 5.2.2: neither side can checkmate by any series of legal moves.
bool is_dead_position(const Position& pos, const WinnabilityLimits& limits = {});

}  // namespace rochade
