// Winnability: can a colour still checkmate by ANY series of legal moves, with the opponent
// cooperating (a helpmate)? FIDE 5.2.2 calls a position where neither side can "dead", and
// FIDE 6.9 makes a flag fall a draw when the opponent cannot mate.
//
// The answer must be sound: CannotMate is returned only with a proof, CanMate only with a
// concrete mating line (which the four-argument form hands back). When the budgets run out
// before a proof or a mate is found, the answer is Undetermined and the caller follows FIDE's
// default (a flag fall loses; the game goes on). Budgets count nodes, never time, so every
// answer is reproducible. The pipeline is described in docs/winnability-design.md.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "outcome.h"
#include "position.h"

namespace rochade {

struct WinnabilityLimits {
    // Nodes of the last, unbounded-depth helpmate search (phase 8).
    std::uint64_t node_budget = 4'000'000;
    // Phase 2: a depth-1 selective search, this many nodes.
    std::uint64_t quick_search_nodes = 1'000;
    // Phase 4: iterative deepening, `nodes_per_depth * depth` per iteration, `budget` in all.
    std::uint64_t search_nodes_per_depth = 7'000;
    std::uint64_t search_budget = 1'000'000;
    // Phase 6: positions an exhaustive closure may enumerate.
    std::size_t closure_positions = 100'000;
    // Phase 7: plies a chain of checks is followed.
    int check_chain_depth = 16;
    // A zero `closure_positions` skips phase 6; zero `check_chain_depth` and `node_budget`
    // together skip phases 7 and 8 (the cheap per-move test of a server).
};

// The budgets of a test asked after every move (the server's referee): the material rule, the
// short searches, the static wall proof and a small closure; no check-chain proof and no long
// search. An undetermined answer then only means the game goes on.
inline constexpr WinnabilityLimits PerMoveLimits{.node_budget = 0,
                                                 .quick_search_nodes = 500,
                                                 .search_nodes_per_depth = 500,
                                                 .search_budget = 2'000,
                                                 .closure_positions = 500,
                                                 .check_chain_depth = 0};

Winnability can_checkmate(const Position& pos, Color winner, const WinnabilityLimits& limits = {});

// As above; on CanMate, `mating_line` (when not null) receives the moves from `pos` that end in
// checkmate of `winner`'s opponent (empty if `pos` is that checkmate already).
Winnability can_checkmate(const Position& pos, Color winner, const WinnabilityLimits& limits,
                          std::vector<Move>* mating_line);

// can_checkmate's answer with its evidence: on CanMate the mating line (as the four-argument
// form gives it), on CannotMate the kind of proof that settled it. The same analysis at the
// same cost; the reason is only which phase decided (docs/winnability-design.md §4):
//  - BareKing, InsufficientMaterial: the material rule (after the forced moves), BareKing when
//    the side has nothing but its king;
//  - ForcedCycle: the single-move chain repeats;
//  - Blocked: the static wall proof (phases 3 and 5);
//  - NoMatingLine: a complete search tree (phases 2, 4, 8), the exhaustive closure (6), the
//    check-chain proof (7), or forced moves that end in a stalemate or in the side's own mate.
struct WinnabilityVerdict {
    Winnability answer = Winnability::Undetermined;
    std::vector<Move> mating_line = {};                    // CanMate only: from `pos`, ends in checkmate
    std::optional<UnwinnableReason> reason = std::nullopt; // CannotMate only
};
WinnabilityVerdict winnability_verdict(const Position& pos, Color winner, const WinnabilityLimits& limits = {});

// FIDE 5.2.2: neither side can checkmate by any series of legal moves.
bool is_dead_position(const Position& pos, const WinnabilityLimits& limits = {});

// The same question with its evidence. Dead exactly when is_dead_position says so (the same
// searches, White first, Black only if White cannot mate); Alive when a side can mate, with
// that side's mating line in `mating_line` (when not null; cleared otherwise); Undetermined
// when the budgets ran out first, which the rules treat as "not dead" without a proof. On
// Dead, `reason` (when not null) receives dead_position_reason of the two sides' reasons.
enum class DeadPositionAnswer { Dead, Alive, Undetermined };
DeadPositionAnswer dead_position_answer(const Position& pos, const WinnabilityLimits& limits,
                                        std::vector<Move>* mating_line, UnwinnableReason* reason = nullptr);

// One reason for a dead position from the reasons each side cannot mate, so that a player is
// told one thing: the common reason when both sides' proofs agree; when both are about material
// (a bare king, insufficient material), InsufficientMaterial (BareKing only when both kings
// stand alone); otherwise the reason that is not about material, White's when both are not
// (the material of one side rarely explains a dead position whose other side has more).
UnwinnableReason dead_position_reason(UnwinnableReason white, UnwinnableReason black);

// A search for a mate only, for callers that want a proof of life cheaply and will run the
// full test when none turns up (engine/liveness.h). Quick is phase 2's selective search,
// Medium one iteration of phase 4's search at depth 2 (with the verified table), Deep the long
// search of phase 8 (bishop distances, all four corners); each stops after `nodes` nodes. True
// with a line from `pos` that ends in checkmate of `winner`'s opponent; false says nothing
// about the position.
enum class MateSearch { Quick, Medium, Deep };
bool find_mating_line(const Position& pos, Color winner, MateSearch search, std::uint64_t nodes,
                      std::vector<Move>& mating_line);

} // namespace rochade
