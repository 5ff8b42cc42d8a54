// The winnability driver (docs/winnability-design.md §4): normalise so that White is the side
// trying to mate, replay forced moves, apply the exact quick rules, then run the phases from the
// cheapest to the most expensive. Each phase either decides soundly or passes the question on.
#include "winnability.h"

#include <cstdint>

#include "helpmate.h"
#include "movegen.h"
#include "winnability_proofs.h"
#include "winnability_rules.h"

namespace rochade {

namespace {

using namespace winnability;

bool has_heavy_or_knight(const Position& pos)
{
    return (pos.pieces(PieceType::Queen, PieceType::Rook) | pos.pieces(PieceType::Knight)) != 0;
}

// Root moves after which the static analysis proves there is no mate (§5.3, phase 8 only).
std::vector<Move> punishable_root_moves(const Position& pos)
{
    std::vector<Move> punishable;
    for (Move m : legal_moves(pos))
        if (statically_unwinnable(pos.after(m))) punishable.push_back(m);
    return punishable;
}

// What analyse() found: the answer and, on CannotMate, which proof settled it.
struct Analysis {
    Winnability answer;
    UnwinnableReason reason = UnwinnableReason::NoMatingLine; // meaningful on CannotMate only
};

constexpr Analysis cannot_mate(UnwinnableReason reason) { return {Winnability::CannotMate, reason}; }

// The material rule's reason: a bare king says more to a player than "insufficient material".
UnwinnableReason material_reason(const Position& pos)
{
    return pos.pieces(Color::White) == pos.pieces(Color::White, PieceType::King)
               ? UnwinnableReason::BareKing
               : UnwinnableReason::InsufficientMaterial;
}

// The analysis of a normalised position (White = intended winner). On CanMate, `line` holds
// the mating line from `root`.
Analysis analyse(const Position& root, const WinnabilityLimits& limits, std::vector<Move>& line)
{
    Position pos = root;
    if (play_forced_moves(pos, line) == ForcedChain::Cycles) return cannot_mate(UnwinnableReason::ForcedCycle);

    // The terminal test comes before the material rule: White may be mated already while its
    // material looks insufficient, and Black may already be mated by "insufficient" material.
    if (!has_legal_move(pos))
        return pos.in_check() && pos.side_to_move() == Color::Black ? Analysis{Winnability::CanMate}
                                                                    : cannot_mate(UnwinnableReason::NoMatingLine);
    if (white_cannot_mate_by_material(pos)) return cannot_mate(material_reason(pos));

    HelpmateLine found;
    auto mate = [&] {
        line.insert(line.end(), found.moves.begin(), found.moves.begin() + found.length);
        return Analysis{Winnability::CanMate};
    };

    // Phase 2: a cheap selective search; without a table, a complete tree is a proof.
    HelpmateParams quick{.first_depth = 1,
                         .last_depth = 1,
                         .nodes_per_depth = limits.quick_search_nodes,
                         .node_budget = UINT64_MAX,
                         .transpositions = false,
                         .hints = nullptr};
    HelpmateResult r = find_helpmate(pos, quick, found);
    if (r == HelpmateResult::Mate) return mate();
    if (r == HelpmateResult::NoMate) return cannot_mate(UnwinnableReason::NoMatingLine);

    // Phase 3: pawn-and-bishop walls are usually proved statically faster than searched.
    const bool pieces_that_jump_walls = has_heavy_or_knight(pos);
    if (!pieces_that_jump_walls && statically_unwinnable(pos)) return cannot_mate(UnwinnableReason::Blocked);

    // Phase 4: iterative deepening with the verified table.
    HelpmateParams deep{.first_depth = 2,
                        .last_depth = MaxSearchPlies,
                        .nodes_per_depth = limits.search_nodes_per_depth,
                        .node_budget = limits.search_budget,
                        .transpositions = true,
                        .hints = nullptr};
    r = find_helpmate(pos, deep, found);
    if (r == HelpmateResult::Mate) return mate();
    if (r == HelpmateResult::NoMate) return cannot_mate(UnwinnableReason::NoMatingLine);

    // Phase 5: the static proof for positions with queens, rooks or knights.
    if (pieces_that_jump_walls && statically_unwinnable(pos)) return cannot_mate(UnwinnableReason::Blocked);

    // Phase 6: fortresses with a small reachable world, enumerated exhaustively. (The design's
    // gate, "one side only moves pawns in a probe", turned away 122 of the 136 positions of the
    // test set that this proves, so the closure runs ungated and is bounded by its own cap.)
    if (limits.closure_positions > 0 && exhaustive_closure(pos, limits.closure_positions) == ProofResult::NoMate)
        return cannot_mate(UnwinnableReason::NoMatingLine);

    // Phases 7 and 8 cost far more than the earlier ones; a caller that asks after every move
    // (the server) turns them off with zero limits and lets an undetermined game go on.
    if (limits.check_chain_depth <= 0 && limits.node_budget == 0) return Analysis{Winnability::Undetermined};

    // Phase 7: only checks keep the game alive, every quiet line is statically dead.
    std::vector<Move> chain_line;
    const ProofResult chain = check_chain_proof(pos, limits.check_chain_depth, chain_line);
    if (chain == ProofResult::NoMate) return cannot_mate(UnwinnableReason::NoMatingLine);
    if (chain == ProofResult::Mate) {
        line.insert(line.end(), chain_line.begin(), chain_line.end());
        return Analysis{Winnability::CanMate};
    }

    // Phase 8: the long search, shaped by the static analysis.
    HelpmateHints hints;
    hints.bishop_distance = bishop_distances(pos, steady_squares(pos));
    hints.punishable = punishable_root_moves(pos);
    HelpmateParams last{.first_depth = 2,
                        .last_depth = MaxSearchPlies,
                        .nodes_per_depth = 0,
                        .node_budget = limits.node_budget,
                        .transpositions = true,
                        .hints = &hints};
    r = find_helpmate(pos, last, found);
    if (r == HelpmateResult::Mate) return mate();
    if (r == HelpmateResult::NoMate) return cannot_mate(UnwinnableReason::NoMatingLine);
    return Analysis{Winnability::Undetermined};
}

// A mate search on the normalised position, without the proofs of analyse(): phase 2's
// search or phase 8's, cut off after `nodes` nodes. True with the line from `root`.
bool hunt_mate(const Position& root, MateSearch search, std::uint64_t nodes, std::vector<Move>& line)
{
    Position pos = root;
    if (play_forced_moves(pos, line) == ForcedChain::Cycles) return false;
    if (!has_legal_move(pos)) return pos.in_check() && pos.side_to_move() == Color::Black;
    if (white_cannot_mate_by_material(pos)) return false;

    HelpmateHints hints;
    HelpmateParams params{.first_depth = 1,
                          .last_depth = 1,
                          .nodes_per_depth = nodes,
                          .node_budget = UINT64_MAX,
                          .transpositions = false,
                          .hints = nullptr,
                          .mates_only = true};
    if (search == MateSearch::Medium)
        params = HelpmateParams{.first_depth = 2,
                                .last_depth = 2,
                                .nodes_per_depth = nodes / 2, // an iteration may visit depth * this
                                .node_budget = UINT64_MAX,
                                .transpositions = true,
                                .hints = nullptr,
                                .mates_only = true};
    if (search == MateSearch::Deep) {
        // Phase 8's shaping without the static analysis: steady pieces as bishop walls and
        // punished root moves need the blockade saturation (once, and once per root move),
        // which costs more than it saves in a search this short (docs/performance.md).
        hints.bishop_distance = bishop_distances(pos, 0);
        params = HelpmateParams{.first_depth = 2,
                                .last_depth = MaxSearchPlies,
                                .nodes_per_depth = 0,
                                .node_budget = nodes,
                                .transpositions = true,
                                .hints = &hints,
                                .mates_only = true};
    }
    HelpmateLine found;
    if (find_helpmate(pos, params, found) != HelpmateResult::Mate) return false;
    line.insert(line.end(), found.moves.begin(), found.moves.begin() + found.length);
    return true;
}

Move mirrored_move(Move m)
{
    const PieceType promotion = m.kind() == MoveKind::Promotion ? m.promotion() : PieceType::Knight;
    return Move(Square(index_of(m.from()) ^ 56), Square(index_of(m.to()) ^ 56), m.kind(), promotion);
}

// Runs `question` on the position normalised for `winner` (White to mate) and hands a line
// found there back in the real orientation.
template <class Question>
auto for_winner(const Position& pos, Color winner, std::vector<Move>& mating_line, Question question)
{
    std::vector<Move> line;
    const auto answer = winner == Color::White ? question(pos, line) : question(pos.mirrored(), line);
    mating_line.clear();
    for (Move m : line) mating_line.push_back(winner == Color::White ? m : mirrored_move(m));
    return answer;
}

// can_checkmate with its evidence: the line (when `mating_line` is not null) and the reason
// (when `reason` is not null and the answer is CannotMate).
Winnability checkmate_question(const Position& pos, Color winner, const WinnabilityLimits& limits,
                               std::vector<Move>* mating_line, UnwinnableReason* reason)
{
    std::vector<Move> line;
    const Analysis analysis = for_winner(pos, winner, line, [&](const Position& root, std::vector<Move>& found) {
        return analyse(root, limits, found);
    });
    if (mating_line) {
        mating_line->clear();
        if (analysis.answer == Winnability::CanMate) *mating_line = std::move(line);
    }
    if (reason && analysis.answer == Winnability::CannotMate) *reason = analysis.reason;
    return analysis.answer;
}

constexpr bool about_material(UnwinnableReason reason)
{
    return reason == UnwinnableReason::BareKing || reason == UnwinnableReason::InsufficientMaterial;
}

} // namespace

Winnability can_checkmate(const Position& pos, Color winner, const WinnabilityLimits& limits,
                          std::vector<Move>* mating_line)
{
    return checkmate_question(pos, winner, limits, mating_line, nullptr);
}

Winnability can_checkmate(const Position& pos, Color winner, const WinnabilityLimits& limits)
{
    return can_checkmate(pos, winner, limits, nullptr);
}

WinnabilityVerdict winnability_verdict(const Position& pos, Color winner, const WinnabilityLimits& limits)
{
    WinnabilityVerdict verdict;
    UnwinnableReason reason{};
    verdict.answer = checkmate_question(pos, winner, limits, &verdict.mating_line, &reason);
    if (verdict.answer == Winnability::CannotMate) verdict.reason = reason;
    return verdict;
}

bool is_dead_position(const Position& pos, const WinnabilityLimits& limits)
{
    return dead_position_answer(pos, limits, nullptr) == DeadPositionAnswer::Dead;
}

DeadPositionAnswer dead_position_answer(const Position& pos, const WinnabilityLimits& limits,
                                        std::vector<Move>* mating_line, UnwinnableReason* reason)
{
    if (mating_line) mating_line->clear();
    UnwinnableReason reasons[2]{};
    for (Color winner : {Color::White, Color::Black}) {
        switch (checkmate_question(pos, winner, limits, mating_line, &reasons[index_of(winner)])) {
        case Winnability::CanMate: return DeadPositionAnswer::Alive;
        case Winnability::Undetermined: return DeadPositionAnswer::Undetermined;
        case Winnability::CannotMate: break;
        }
    }
    if (reason) *reason = dead_position_reason(reasons[index_of(Color::White)], reasons[index_of(Color::Black)]);
    return DeadPositionAnswer::Dead;
}

UnwinnableReason dead_position_reason(UnwinnableReason white, UnwinnableReason black)
{
    if (white == black) return white;
    if (about_material(white) && about_material(black)) return UnwinnableReason::InsufficientMaterial;
    return about_material(white) ? black : white;
}

bool find_mating_line(const Position& pos, Color winner, MateSearch search, std::uint64_t nodes,
                      std::vector<Move>& mating_line)
{
    const bool found = for_winner(pos, winner, mating_line, [&](const Position& root, std::vector<Move>& line) {
        return hunt_mate(root, search, nodes, line);
    });
    if (!found) mating_line.clear();
    return found;
}

} // namespace rochade
