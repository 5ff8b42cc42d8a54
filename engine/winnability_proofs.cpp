#include "winnability_proofs.h"

#include <deque>
#include <unordered_set>

#include "blockade.h"
#include "helpmate_table.h"
#include "movegen.h"
#include "winnability_rules.h"

namespace rochade::winnability {

bool statically_unwinnable(const Position& pos) { return blockade::white_cannot_mate(pos); }

Bitboard steady_squares(const Position& pos) { return blockade::steady_squares(pos); }

// Breadth-first over the reachable positions, identified exactly (PackedPosition). Dead ends
// are stalemates, mates of White and material-dead positions; every other position has all
// its children in the set, so an exhausted frontier without a mate of Black is a proof.
ProofResult exhaustive_closure(const Position& pos, std::size_t max_positions)
{
    std::unordered_set<PackedPosition> seen;
    std::deque<Position> frontier;
    seen.insert(PackedPosition::of(pos));
    frontier.push_back(pos);
    while (!frontier.empty()) {
        const Position current = frontier.front();
        frontier.pop_front();
        const MoveList moves = legal_moves(current);
        if (moves.empty()) {
            if (current.in_check() && current.side_to_move() == Color::Black) return ProofResult::Unknown;
            continue;
        }
        if (white_cannot_mate_by_material(current)) continue;
        for (Move m : moves) {
            Position child = current.after(m);
            if (!seen.insert(PackedPosition::of(child)).second) continue;
            if (seen.size() > max_positions) return ProofResult::Unknown;
            frontier.push_back(child);
        }
    }
    return ProofResult::NoMate;
}

namespace {

// The visited set only ever grows; a child found in it is either proved already or still on
// the stack (a cycle of checks, which never mates). If any node is left undecided the whole
// proof fails, so the final set is closed exactly when the answer is NoMate.
class CheckChain {
public:
    CheckChain(int max_depth, std::vector<Move>& line) : max_depth_(max_depth), line_(line) {}

    ProofResult prove(Position& pos, int ply)
    {
        const MoveList moves = legal_moves(pos);
        if (moves.empty())
            return pos.in_check() && pos.side_to_move() == Color::Black ? ProofResult::Mate : ProofResult::NoMate;
        if (white_cannot_mate_by_material(pos)) return ProofResult::NoMate;
        if (ply >= max_depth_) return ProofResult::Unknown;
        for (Move m : moves) {
            UndoInfo undo;
            pos.make_move(m, undo);
            const ProofResult r = child(pos, ply);
            if (r == ProofResult::Mate) {
                line_.insert(line_.begin(), m);
                pos.unmake_move(m, undo);
                return r;
            }
            pos.unmake_move(m, undo);
            if (r == ProofResult::Unknown) return r;
        }
        return ProofResult::NoMate;
    }

private:
    ProofResult child(Position& pos, int ply)
    {
        if (!visited_.insert(PackedPosition::of(pos)).second) return ProofResult::NoMate;
        if (ply == 0 || pos.in_check()) return prove(pos, ply + 1);
        if (!has_legal_move(pos)) return ProofResult::NoMate; // stalemate
        if (white_cannot_mate_by_material(pos) || statically_unwinnable(pos)) return ProofResult::NoMate;
        return ProofResult::Unknown;
    }

    int max_depth_;
    std::vector<Move>& line_;
    std::unordered_set<PackedPosition> visited_;
};

} // namespace

ProofResult check_chain_proof(const Position& pos, int max_depth, std::vector<Move>& mating_line)
{
    Position copy = pos;
    CheckChain chain(max_depth, mating_line);
    return chain.prove(copy, 0);
}

} // namespace rochade::winnability
