#include "movegen.h"

namespace rochade {

namespace {

constexpr Bitboard shift(Bitboard b, int delta) { return delta > 0 ? b << delta : b >> -delta; }

void add_pawn_moves(MoveList& list, Square from, Square to, bool promotes)
{
    if (promotes) {
        for (PieceType t : {PieceType::Queen, PieceType::Rook, PieceType::Bishop, PieceType::Knight})
            list.push_back(Move(from, to, MoveKind::Promotion, t));
    } else {
        list.push_back(Move(from, to));
    }
}

// Adds pawn moves whose destinations are `targets`, reached from `to - delta`.
void add_pawn_set(const Position& pos, MoveList& list, Bitboard targets, int delta, Bitboard pinned, Square king)
{
    const Color us = pos.side_to_move();
    const Bitboard promotion_rank = rank_bb(us == Color::White ? 7 : 0);
    while (targets) {
        const Square to = pop_lsb(targets);
        const Square from = to - delta;
        if (contains(pinned, from) && !aligned(king, from, to)) continue;
        add_pawn_moves(list, from, to, contains(promotion_rank, to));
    }
}

void add_pawn_moves(const Position& pos, MoveList& list, Bitboard target, Bitboard pinned)
{
    const Color us = pos.side_to_move(), them = ~us;
    const Square king = pos.king_square(us);
    const int up = pawn_push(us);
    const Bitboard pawns = pos.pieces(us, PieceType::Pawn);
    const Bitboard empty = ~pos.pieces();
    const Bitboard third_rank = rank_bb(us == Color::White ? 2 : 5);

    const Bitboard single = shift(pawns, up) & empty;
    const Bitboard double_push = shift(single & third_rank, up) & empty & target;
    add_pawn_set(pos, list, single & target, up, pinned, king);
    add_pawn_set(pos, list, double_push, 2 * up, pinned, king);

    const Bitboard enemies = pos.pieces(them) & target;
    add_pawn_set(pos, list, shift(pawns & ~file_bb(0), up - 1) & enemies, up - 1, pinned, king);
    add_pawn_set(pos, list, shift(pawns & ~file_bb(7), up + 1) & enemies, up + 1, pinned, king);

    const Square ep = pos.en_passant_square();
    if (ep != Square::None) {
        Bitboard capturers = pawn_attacks(them, ep) & pawns;
        while (capturers) {
            const Square from = pop_lsb(capturers);
            if (pos.en_passant_capture_is_legal(from, ep)) list.push_back(Move(from, ep, MoveKind::EnPassant));
        }
    }
}

void add_castling_moves(const Position& pos, MoveList& list)
{
    const Color us = pos.side_to_move(), them = ~us;
    const Square king = pos.king_square(us);
    for (bool kingside : {true, false}) {
        const CastlingRight right = castling_right(us, kingside);
        if (!pos.castling_rights().has(right)) continue;
        const Square rook = pos.castling_rook_square(right);
        const Square king_to = relative_square(us, kingside ? Square::G1 : Square::C1);
        const Square rook_to = relative_square(us, kingside ? Square::F1 : Square::D1);
        // Every square either piece crosses or lands on must be empty but for the two of them
        // (FIDE Guidelines II.3.2 for Chess960; in standard chess the same squares).
        const Bitboard path =
            (between_bb(king, king_to) | square_bb(king_to) | between_bb(rook, rook_to) | square_bb(rook_to)) &
            ~square_bb(king) & ~square_bb(rook);
        if (path & pos.pieces()) continue;
        // The king may not pass through or land on an attacked square (it is not in check).
        Bitboard king_walk = between_bb(king, king_to) | square_bb(king_to);
        const Bitboard occupied = pos.pieces() ^ square_bb(rook);
        bool safe = true;
        while (king_walk && safe) safe = !(pos.attackers_to(pop_lsb(king_walk), occupied) & pos.pieces(them));
        if (safe) list.push_back(Move(king, rook, MoveKind::Castling));
    }
}

// Without a popcount instruction (no -march), clearing four bits is cheaper than counting.
bool at_most_four(Bitboard b)
{
    for (int i = 0; i < 4; ++i) b &= b - 1;
    return b == 0;
}

// Every square `them` attacks, sliders seeing through `occupied`.
Bitboard attacked_by(const Position& pos, Color them, Bitboard occupied)
{
    const Bitboard pawns = pos.pieces(them, PieceType::Pawn);
    Bitboard attacked = them == Color::White ? ((pawns & ~file_bb(0)) << 7) | ((pawns & ~file_bb(7)) << 9)
                                             : ((pawns & ~file_bb(0)) >> 9) | ((pawns & ~file_bb(7)) >> 7);
    attacked |= king_attacks(pos.king_square(them));
    for (Bitboard b = pos.pieces(them, PieceType::Knight); b;) attacked |= knight_attacks(pop_lsb(b));
    for (Bitboard b = pos.pieces(them, PieceType::Bishop, PieceType::Queen); b;)
        attacked |= bishop_attacks(pop_lsb(b), occupied);
    for (Bitboard b = pos.pieces(them, PieceType::Rook, PieceType::Queen); b;)
        attacked |= rook_attacks(pop_lsb(b), occupied);
    return attacked;
}

// Where a move other than the king's may end: any square not ours, or, in check (by one piece),
// the checker and the squares between it and the king.
Bitboard move_target(const Position& pos, Square king, Bitboard ours)
{
    const Bitboard checkers = pos.checkers();
    return checkers ? (between_bb(king, lsb(checkers)) | checkers) : ~ours;
}

// Whether the king of the side to move may step to `to` (a square next to it, not its own
// piece's): no enemy piece attacks it once the king is lifted, so it cannot hide behind itself.
bool king_may_step_to(const Position& pos, Square king, Square to)
{
    return !(pos.attackers_to(to, pos.pieces() ^ square_bb(king)) & pos.pieces(~pos.side_to_move()));
}

// Where a knight, bishop, rook or queen on `from` may legally go: onto `target` (move_target),
// and along the line through the king when the piece is one of the `pinned`.
Bitboard piece_targets(PieceType type, Square from, Bitboard occupied, Bitboard target, Bitboard pinned, Square king)
{
    Bitboard targets = attacks_of(type, from, occupied) & target;
    if (contains(pinned, from)) targets &= line_bb(king, from);
    return targets;
}

} // namespace

bool MoveList::contains(Move m) const
{
    for (Move candidate : *this)
        if (candidate == m) return true;
    return false;
}

MoveList legal_moves(const Position& pos)
{
    MoveList list;
    const Color us = pos.side_to_move(), them = ~us;
    const Square king = pos.king_square(us);
    const Bitboard ours = pos.pieces(us);
    const Bitboard checkers = pos.checkers();

    // The king may not step onto an attacked square; lift it so it cannot hide behind itself.
    // With at most four enemy pieces besides pawns, king included (the endgames where the helpmate
    // search spends most of its nodes), one pass over their attacks is cheaper than asking about
    // each square; with more, not.
    const Bitboard without_king = pos.pieces() ^ square_bb(king);
    const Bitboard theirs = pos.pieces(them);
    Bitboard king_targets = king_attacks(king) & ~ours;
    if (at_most_four(theirs & ~pos.pieces(PieceType::Pawn))) {
        king_targets &= ~attacked_by(pos, them, without_king);
        while (king_targets) list.push_back(Move(king, pop_lsb(king_targets)));
    } else {
        while (king_targets) {
            const Square to = pop_lsb(king_targets);
            if (king_may_step_to(pos, king, to)) list.push_back(Move(king, to));
        }
    }
    if (more_than_one(checkers)) return list;

    // In check, a move must capture the checker or step between it and the king.
    const Bitboard target = move_target(pos, king, ours);
    const Bitboard pinned = pos.king_blockers(us) & ours;
    const Bitboard occupied = pos.pieces();

    add_pawn_moves(pos, list, target, pinned);
    for (PieceType type : {PieceType::Knight, PieceType::Bishop, PieceType::Rook, PieceType::Queen}) {
        Bitboard movers = pos.pieces(us, type);
        while (movers) {
            const Square from = pop_lsb(movers);
            Bitboard targets = piece_targets(type, from, occupied, target, pinned, king);
            while (targets) list.push_back(Move(from, pop_lsb(targets)));
        }
    }
    if (!checkers) add_castling_moves(pos, list);
    return list;
}

// The answer of !legal_moves(pos).empty() without building the list: it stops at the first
// legal move and tries the pieces before the king, whose every step needs an attack test. The
// helpmate search asks this at each leaf of its tree (engine/helpmate.cpp), where only "mate,
// stalemate or neither" matters. Castling is tried last; it is legal only when the king's step
// towards the rook is, so it never decides the answer, but it costs nothing to stay exact.
bool has_legal_move(const Position& pos)
{
    const Color us = pos.side_to_move();
    const Square king = pos.king_square(us);
    const Bitboard ours = pos.pieces(us);
    const Bitboard checkers = pos.checkers();
    const Bitboard occupied = pos.pieces();

    if (!more_than_one(checkers)) {
        const Bitboard target = move_target(pos, king, ours);
        const Bitboard pinned = pos.king_blockers(us) & ours;
        for (PieceType type : {PieceType::Knight, PieceType::Bishop, PieceType::Rook, PieceType::Queen}) {
            Bitboard movers = pos.pieces(us, type);
            while (movers) {
                if (piece_targets(type, pop_lsb(movers), occupied, target, pinned, king)) return true;
            }
        }
        MoveList pawn_moves;
        add_pawn_moves(pos, pawn_moves, target, pinned);
        if (!pawn_moves.empty()) return true;
    }

    Bitboard king_targets = king_attacks(king) & ~ours;
    while (king_targets)
        if (king_may_step_to(pos, king, pop_lsb(king_targets))) return true;
    if (checkers) return false;
    MoveList castling;
    add_castling_moves(pos, castling);
    return !castling.empty();
}

// The same rules as legal_moves, applied to the one piece on the move's origin: a caller that
// follows a known line (engine/liveness.cpp) asks this once per move instead of listing all.
// Pawn moves and castling are rare enough there to be checked against their own lists.
bool is_legal(const Position& pos, Move m)
{
    const Color us = pos.side_to_move();
    const Square from = m.from(), to = m.to();
    const Piece piece = pos.piece_on(from);
    if (piece == Piece::None || color_of(piece) != us) return false;
    const PieceType type = type_of(piece);
    const Square king = pos.king_square(us);
    const Bitboard ours = pos.pieces(us);
    const Bitboard checkers = pos.checkers();

    if (m.kind() == MoveKind::Castling) {
        if (type != PieceType::King || checkers) return false;
        MoveList castling;
        add_castling_moves(pos, castling);
        return castling.contains(m);
    }
    if (type == PieceType::Pawn) {
        if (more_than_one(checkers)) return false;
        MoveList pawn_moves;
        add_pawn_moves(pos, pawn_moves, move_target(pos, king, ours), pos.king_blockers(us) & ours);
        return pawn_moves.contains(m);
    }
    if (m != Move(from, to)) return false; // promotion, en passant or stray bits on a piece move
    if (type == PieceType::King) return contains(king_attacks(king) & ~ours, to) && king_may_step_to(pos, king, to);
    if (more_than_one(checkers)) return false;
    // Only a piece on a line through the king can be pinned; the pin test is the costly part.
    const Bitboard pinned = line_bb(king, from) ? pos.king_blockers(us) & ours : 0;
    return contains(piece_targets(type, from, pos.pieces(), move_target(pos, king, ours), pinned, king), to);
}

bool is_checkmate(const Position& pos) { return pos.in_check() && !has_legal_move(pos); }
bool is_stalemate(const Position& pos) { return !pos.in_check() && !has_legal_move(pos); }

} // namespace rochade
