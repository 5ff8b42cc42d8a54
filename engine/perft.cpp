#include "perft.h"

#include "movegen.h"

namespace rochade {

std::uint64_t perft(Position& pos, int depth)
{
    if (depth <= 0) return 1;
    const MoveList moves = legal_moves(pos);
    if (depth == 1) return moves.size();
    std::uint64_t nodes = 0;
    UndoInfo undo;
    for (Move m : moves) {
        pos.make_move(m, undo);
        nodes += perft(pos, depth - 1);
        pos.unmake_move(m, undo);
    }
    return nodes;
}

std::vector<std::pair<Move, std::uint64_t>> perft_divide(Position& pos, int depth)
{
    std::vector<std::pair<Move, std::uint64_t>> result;
    UndoInfo undo;
    for (Move m : legal_moves(pos)) {
        pos.make_move(m, undo);
        result.emplace_back(m, perft(pos, depth - 1));
        pos.unmake_move(m, undo);
    }
    return result;
}

} // namespace rochade
