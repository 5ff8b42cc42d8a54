#include "shortest_mate.h"

#include "movegen.h"

namespace rochade {
namespace {

class ShortestMateSearch {
public:
    explicit ShortestMateSearch(std::uint64_t budget) : budget_(budget) {}

    // A mate in exactly `plies` plies from `pos` (the caller's parity makes it the winner's), whose
    // moves are pushed onto `line_` on the way back. Shorter mates were excluded by the earlier
    // iterations, so only the last ply is tested for mate.
    bool search(Position& pos, int plies)
    {
        const MoveList moves = legal_moves(pos);
        for (Move m : moves) {
            if (++nodes_ > budget_) return false;
            UndoInfo undo;
            pos.make_move(m, undo);
            const bool found = plies == 1 ? pos.in_check() && !has_legal_move(pos) : search(pos, plies - 1);
            pos.unmake_move(m, undo);
            if (found) {
                line_.push_back(m);
                return true;
            }
            if (nodes_ > budget_) return false;
        }
        return false;
    }

    bool exhausted() const { return nodes_ > budget_; }
    std::vector<Move>& line() { return line_; }

private:
    std::uint64_t budget_;
    std::uint64_t nodes_ = 0;
    std::vector<Move> line_; // reversed: the last move first
};

} // namespace

bool find_shortest_mate(const Position& pos, Color winner, int max_plies, std::uint64_t node_budget,
                        std::vector<Move>& line)
{
    ShortestMateSearch search(node_budget);
    Position work = pos;
    // The winner makes the last move: odd lengths when the winner is to move, even ones otherwise.
    const int first = pos.side_to_move() == winner ? 1 : 2;
    for (int plies = first; plies <= max_plies; plies += 2) {
        if (search.search(work, plies)) {
            line.assign(search.line().rbegin(), search.line().rend());
            return true;
        }
        if (search.exhausted()) return false;
    }
    return false;
}

} // namespace rochade
