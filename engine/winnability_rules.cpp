#include "winnability_rules.h"

#include "movegen.h"

namespace rochade::winnability {

namespace {

// Forced chains in the CHA set cycle after at most a few dozen plies; a longer chain simply
// stops being replayed and the search takes over, which is sound either way.
constexpr int MaxForcedPlies = 64;

bool bishops_on_one_colour(Bitboard bishops)
{
    return (bishops & DarkSquaresBB) == 0 || (bishops & LightSquaresBB) == 0;
}

} // namespace

// The three cases of the design, in the words of python-chess's per-colour rule: a bare king;
// a lone knight against nothing that could block a flight square without attacking the knight
// or its square (queens always do); bishops that all stand on one square colour, with nothing
// on the board (no knight, no pawn, no bishop of the other colour) that could block a flight
// square of the other colour.
bool white_cannot_mate_by_material(const Position& pos)
{
    const Bitboard white = pos.pieces(Color::White);
    const Bitboard white_king = pos.pieces(Color::White, PieceType::King);
    const Bitboard white_rest = white & ~white_king;
    if (white_rest == 0) return true;

    const Bitboard black = pos.pieces(Color::Black);
    if (white_rest == pos.pieces(Color::White, PieceType::Knight) && !more_than_one(white_rest)) {
        return (black &
                (pos.pieces(PieceType::Pawn, PieceType::Knight) | pos.pieces(PieceType::Bishop, PieceType::Rook))) == 0;
    }
    if (white_rest == pos.pieces(Color::White, PieceType::Bishop)) {
        return pos.pieces(PieceType::Pawn, PieceType::Knight) == 0 &&
               bishops_on_one_colour(pos.pieces(PieceType::Bishop));
    }
    return false;
}

bool mate_needs_black_promotion(const Position& pos)
{
    const Bitboard white_rest = pos.pieces(Color::White) & ~pos.pieces(PieceType::King);
    const Bitboard black = pos.pieces(Color::Black);
    if (white_rest == 0) return false;
    if (white_rest == pos.pieces(Color::White, PieceType::Knight) && !more_than_one(white_rest))
        return (black & (pos.pieces(PieceType::Knight, PieceType::Bishop) | pos.pieces(PieceType::Rook))) == 0;
    if (white_rest == pos.pieces(Color::White, PieceType::Bishop) && bishops_on_one_colour(white_rest)) {
        const Bitboard opposite = (white_rest & DarkSquaresBB) ? LightSquaresBB : DarkSquaresBB;
        return (black & pos.pieces(PieceType::Knight)) == 0 && (black & pos.pieces(PieceType::Bishop) & opposite) == 0;
    }
    return false;
}

ForcedChain play_forced_moves(Position& pos, std::vector<Move>& line)
{
    MoveList moves = legal_moves(pos);
    if (moves.size() != 1) return ForcedChain::Stopped;
    // Only positions with a single move reach this point, which is rare; copies are fine here.
    std::vector<Position> seen{pos};
    for (int ply = 0; ply < MaxForcedPlies && moves.size() == 1; ++ply) {
        pos = pos.after(moves[0]);
        line.push_back(moves[0]);
        for (const Position& earlier : seen)
            if (earlier.same_position(pos)) return ForcedChain::Cycles;
        seen.push_back(pos);
        moves = legal_moves(pos);
    }
    return ForcedChain::Stopped;
}

} // namespace rochade::winnability
