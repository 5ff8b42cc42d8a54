#include "position.h"

#include "zobrist.h"

namespace rochade {

namespace {

// Castling rights that survive a move touching each square: moving or capturing on a king's or
// rook's home square removes the rights that depend on it.
constexpr auto CastlingMaskBySquare = [] {
    std::array<std::uint8_t, 64> mask{};
    mask.fill(15);
    mask[index_of(Square::E1)] = 15 & ~(1 | 2);
    mask[index_of(Square::H1)] = 15 & ~1;
    mask[index_of(Square::A1)] = 15 & ~2;
    mask[index_of(Square::E8)] = 15 & ~(4 | 8);
    mask[index_of(Square::H8)] = 15 & ~4;
    mask[index_of(Square::A8)] = 15 & ~8;
    return mask;
}();

constexpr CastlingRight AllCastlingRights[4] = {CastlingRight::WhiteKingside, CastlingRight::WhiteQueenside,
                                                CastlingRight::BlackKingside, CastlingRight::BlackQueenside};

constexpr bool is_slider(PieceType t)
{
    return t == PieceType::Bishop || t == PieceType::Rook || t == PieceType::Queen;
}

} // namespace

Square Position::castling_rook_square(CastlingRight r)
{
    switch (r) {
    case CastlingRight::WhiteKingside: return Square::H1;
    case CastlingRight::WhiteQueenside: return Square::A1;
    case CastlingRight::BlackKingside: return Square::H8;
    case CastlingRight::BlackQueenside: return Square::A8;
    }
    return Square::None;
}

Position Position::start()
{
    Setup s;
    const PieceType back_rank[8] = {PieceType::Rook, PieceType::Knight, PieceType::Bishop, PieceType::Queen,
                                    PieceType::King, PieceType::Bishop, PieceType::Knight, PieceType::Rook};
    for (int f = 0; f < 8; ++f) {
        s.board[index_of(make_square(f, 0))] = make_piece(Color::White, back_rank[f]);
        s.board[index_of(make_square(f, 1))] = Piece::WhitePawn;
        s.board[index_of(make_square(f, 6))] = Piece::BlackPawn;
        s.board[index_of(make_square(f, 7))] = make_piece(Color::Black, back_rank[f]);
    }
    s.castling.bits = 15;
    return *from_setup(s);
}

Expected<Position, SetupError> Position::from_setup(const Setup& setup, SetupRules rules)
{
    Position pos;
    for (int i = 0; i < 64; ++i)
        if (setup.board[i] != Piece::None) pos.put_piece(setup.board[i], Square(i));

    for (Color c : {Color::White, Color::Black}) {
        const int kings = popcount(pos.pieces(c, PieceType::King));
        if (kings == 0) return unexpected(SetupError::MissingKing);
        if (kings > 1) return unexpected(SetupError::TooManyKings);
        // Sixteen pieces a side also bound the legal move list (see MoveList::Capacity).
        if (popcount(pos.pieces(c)) > 16) return unexpected(SetupError::TooManyPieces);
        if (rules == SetupRules::Strict && popcount(pos.pieces(c, PieceType::Pawn)) > 8)
            return unexpected(SetupError::TooManyPawns);
    }
    if (pos.pieces(PieceType::Pawn) & (rank_bb(0) | rank_bb(7))) return unexpected(SetupError::PawnOnBackRank);
    if (setup.halfmove_clock < 0) return unexpected(SetupError::BadHalfmoveClock);
    if (setup.fullmove_number < 1) return unexpected(SetupError::BadFullmoveNumber);

    pos.side_to_move_ = setup.side_to_move;
    pos.halfmove_clock_ = setup.halfmove_clock;
    pos.fullmove_number_ = setup.fullmove_number;

    for (CastlingRight r : AllCastlingRights) {
        if (!setup.castling.has(r)) continue;
        const Color c =
            (r == CastlingRight::WhiteKingside || r == CastlingRight::WhiteQueenside) ? Color::White : Color::Black;
        if (pos.piece_on(relative_square(c, Square::E1)) != make_piece(c, PieceType::King))
            return unexpected(SetupError::CastlingWithoutKing);
        if (pos.piece_on(castling_rook_square(r)) != make_piece(c, PieceType::Rook))
            return unexpected(SetupError::CastlingWithoutRook);
        pos.castling_.add(r);
    }

    const Color us = pos.side_to_move_, them = ~us;
    if (pos.attackers_to(pos.king_square(them)) & pos.pieces(us)) return unexpected(SetupError::OpponentInCheck);

    pos.checkers_ = pos.compute_checkers();
    if (pos.checkers_ && rules == SetupRules::Strict) {
        // Only a moving piece plus a discovered slider can check at once: never three checkers,
        // never two that are not sliders, never two sliders on the same line through the king.
        const Bitboard c = pos.checkers_;
        if (popcount(c) > 2) return unexpected(SetupError::ImpossibleCheck);
        if (popcount(c) == 2) {
            const Square a = lsb(c), b = msb(c);
            if (!is_slider(type_of(pos.piece_on(a))) && !is_slider(type_of(pos.piece_on(b))))
                return unexpected(SetupError::ImpossibleCheck);
            if (aligned(a, b, pos.king_square(us))) return unexpected(SetupError::ImpossibleCheck);
        }
    }

    if (setup.en_passant != Square::None) {
        // The skipped square must lie behind an enemy pawn that just made a double push.
        const Square ep = setup.en_passant;
        const Square pushed_to = ep - pawn_push(us);
        const Square pushed_from = ep + pawn_push(us);
        if (relative_rank(us, ep) != 5 || !pos.empty(ep) || !pos.empty(pushed_from) ||
            pos.piece_on(pushed_to) != make_piece(them, PieceType::Pawn))
            return unexpected(SetupError::EnPassantNotExplained);
        Bitboard capturers = pawn_attacks(them, ep) & pos.pieces(us, PieceType::Pawn);
        while (capturers)
            if (pos.en_passant_capture_is_legal(pop_lsb(capturers), ep)) {
                pos.en_passant_ = ep;
                break;
            }
    }
    pos.key_ = pos.compute_key();
    return pos;
}

Setup Position::setup() const
{
    Setup s;
    s.board = board_;
    s.side_to_move = side_to_move_;
    s.castling = castling_;
    s.en_passant = en_passant_;
    s.halfmove_clock = halfmove_clock_;
    s.fullmove_number = fullmove_number_;
    return s;
}

Bitboard Position::attackers_to(Square s, Bitboard occupied) const
{
    return (pawn_attacks(Color::White, s) & pieces(Color::Black, PieceType::Pawn)) |
           (pawn_attacks(Color::Black, s) & pieces(Color::White, PieceType::Pawn)) |
           (knight_attacks(s) & pieces(PieceType::Knight)) | (king_attacks(s) & pieces(PieceType::King)) |
           (bishop_attacks(s, occupied) & pieces(PieceType::Bishop, PieceType::Queen)) |
           (rook_attacks(s, occupied) & pieces(PieceType::Rook, PieceType::Queen));
}

Bitboard Position::king_blockers(Color c) const
{
    const Square king = king_square(c);
    const Color them = ~c;
    Bitboard snipers = (rook_attacks(king, 0) & pieces(them, PieceType::Rook, PieceType::Queen)) |
                       (bishop_attacks(king, 0) & pieces(them, PieceType::Bishop, PieceType::Queen));
    Bitboard blockers = 0;
    const Bitboard occupied = pieces();
    while (snipers) {
        const Bitboard between = between_bb(king, pop_lsb(snipers)) & occupied;
        if (between && !more_than_one(between)) blockers |= between;
    }
    return blockers;
}

bool Position::is_capture(Move m) const
{
    if (m.kind() == MoveKind::EnPassant) return true;
    if (m.kind() == MoveKind::Castling) return false;
    return !empty(m.to());
}

bool Position::en_passant_capture_is_legal(Square from, Square ep_square) const
{
    const Color us = side_to_move_;
    const Square captured = ep_square - pawn_push(us);
    const Bitboard occupied = (pieces() ^ square_bb(from) ^ square_bb(captured)) | square_bb(ep_square);
    const Bitboard attackers = attackers_to(king_square(us), occupied) & pieces(~us) & ~square_bb(captured);
    return attackers == 0;
}

Square Position::legal_en_passant_after_double_push(Square to) const
{
    const Color us = side_to_move_; // the side that may now capture
    const Square ep = to + pawn_push(us);
    Bitboard capturers = pawn_attacks(~us, ep) & pieces(us, PieceType::Pawn);
    while (capturers)
        if (en_passant_capture_is_legal(pop_lsb(capturers), ep)) return ep;
    return Square::None;
}

Bitboard Position::compute_checkers() const
{
    return attackers_to(king_square(side_to_move_)) & pieces(~side_to_move_);
}

std::uint64_t Position::compute_key() const
{
    std::uint64_t key = 0;
    for (int i = 0; i < 64; ++i)
        if (board_[i] != Piece::None) key ^= zobrist::piece_square(board_[i], Square(i));
    key ^= zobrist::castling(castling_);
    if (en_passant_ != Square::None) key ^= zobrist::en_passant(en_passant_);
    if (side_to_move_ == Color::Black) key ^= zobrist::black_to_move();
    return key;
}

void Position::put_piece(Piece p, Square s)
{
    board_[index_of(s)] = p;
    by_type_[index_of(type_of(p))] |= square_bb(s);
    by_color_[index_of(color_of(p))] |= square_bb(s);
}

void Position::remove_piece(Square s)
{
    const Piece p = board_[index_of(s)];
    by_type_[index_of(type_of(p))] ^= square_bb(s);
    by_color_[index_of(color_of(p))] ^= square_bb(s);
    board_[index_of(s)] = Piece::None;
}

void Position::move_piece(Square from, Square to)
{
    const Piece p = board_[index_of(from)];
    const Bitboard from_to = square_bb(from) | square_bb(to);
    by_type_[index_of(type_of(p))] ^= from_to;
    by_color_[index_of(color_of(p))] ^= from_to;
    board_[index_of(from)] = Piece::None;
    board_[index_of(to)] = p;
}

void Position::make_move(Move m, UndoInfo& undo)
{
    undo.castling = castling_;
    undo.en_passant = en_passant_;
    undo.halfmove_clock = halfmove_clock_;
    undo.key = key_;
    undo.checkers = checkers_;
    undo.captured = Piece::None;

    const Color us = side_to_move_;
    const Square from = m.from(), to = m.to();
    const Piece piece = piece_on(from);
    std::uint64_t key = key_;
    if (en_passant_ != Square::None) key ^= zobrist::en_passant(en_passant_);
    en_passant_ = Square::None;
    ++halfmove_clock_;

    if (m.kind() == MoveKind::Castling) {
        const bool kingside = to > from;
        const Square king_to = relative_square(us, kingside ? Square::G1 : Square::C1);
        const Square rook_to = relative_square(us, kingside ? Square::F1 : Square::D1);
        const Piece rook = piece_on(to);
        remove_piece(from);
        remove_piece(to);
        put_piece(piece, king_to);
        put_piece(rook, rook_to);
        key ^= zobrist::piece_square(piece, from) ^ zobrist::piece_square(piece, king_to) ^
               zobrist::piece_square(rook, to) ^ zobrist::piece_square(rook, rook_to);
    } else {
        const Square captured_on = m.kind() == MoveKind::EnPassant ? to - pawn_push(us) : to;
        const Piece captured = piece_on(captured_on);
        if (captured != Piece::None) {
            remove_piece(captured_on);
            key ^= zobrist::piece_square(captured, captured_on);
            halfmove_clock_ = 0;
            undo.captured = captured;
        }
        move_piece(from, to);
        key ^= zobrist::piece_square(piece, from) ^ zobrist::piece_square(piece, to);
        if (type_of(piece) == PieceType::Pawn) {
            halfmove_clock_ = 0;
            if (m.kind() == MoveKind::Promotion) {
                const Piece promoted = make_piece(us, m.promotion());
                remove_piece(to);
                put_piece(promoted, to);
                key ^= zobrist::piece_square(piece, to) ^ zobrist::piece_square(promoted, to);
            }
        }
    }

    const CastlingRights old_rights = castling_;
    castling_.bits &= CastlingMaskBySquare[index_of(from)] & CastlingMaskBySquare[index_of(to)];
    if (castling_ != old_rights) key ^= zobrist::castling(old_rights) ^ zobrist::castling(castling_);

    side_to_move_ = ~us;
    key ^= zobrist::black_to_move();
    if (us == Color::Black) ++fullmove_number_;

    if (type_of(piece) == PieceType::Pawn && (int(to) ^ int(from)) == 16) {
        en_passant_ = legal_en_passant_after_double_push(to);
        if (en_passant_ != Square::None) key ^= zobrist::en_passant(en_passant_);
    }
    key_ = key;
    checkers_ = compute_checkers();
}

void Position::unmake_move(Move m, const UndoInfo& undo)
{
    side_to_move_ = ~side_to_move_;
    const Color us = side_to_move_;
    if (us == Color::Black) --fullmove_number_;
    const Square from = m.from(), to = m.to();

    if (m.kind() == MoveKind::Castling) {
        const bool kingside = to > from;
        const Square king_to = relative_square(us, kingside ? Square::G1 : Square::C1);
        const Square rook_to = relative_square(us, kingside ? Square::F1 : Square::D1);
        const Piece king = piece_on(king_to), rook = piece_on(rook_to);
        remove_piece(king_to);
        remove_piece(rook_to);
        put_piece(king, from);
        put_piece(rook, to);
    } else {
        if (m.kind() == MoveKind::Promotion) {
            remove_piece(to);
            put_piece(make_piece(us, PieceType::Pawn), to);
        }
        move_piece(to, from);
        if (undo.captured != Piece::None)
            put_piece(undo.captured, m.kind() == MoveKind::EnPassant ? to - pawn_push(us) : to);
    }
    castling_ = undo.castling;
    en_passant_ = undo.en_passant;
    halfmove_clock_ = undo.halfmove_clock;
    key_ = undo.key;
    checkers_ = undo.checkers;
}

Position Position::after(Move m) const
{
    Position next = *this;
    UndoInfo undo;
    next.make_move(m, undo);
    return next;
}

Position Position::mirrored() const
{
    Setup s;
    for (int i = 0; i < 64; ++i) {
        const Piece p = board_[i];
        if (p != Piece::None) s.board[i ^ 56] = make_piece(~color_of(p), type_of(p));
    }
    s.side_to_move = ~side_to_move_;
    s.castling.bits = std::uint8_t(((castling_.bits & 3) << 2) | ((castling_.bits >> 2) & 3));
    s.en_passant = en_passant_ == Square::None ? Square::None : Square(index_of(en_passant_) ^ 56);
    s.halfmove_clock = halfmove_clock_;
    s.fullmove_number = fullmove_number_;
    // The mirror of an accepted position breaks no rule the original did not break.
    return *from_setup(s, SetupRules::AllowUnreachable);
}

bool Position::same_position(const Position& other) const
{
    return key_ == other.key_ && board_ == other.board_ && side_to_move_ == other.side_to_move_ &&
           castling_ == other.castling_ && en_passant_ == other.en_passant_;
}

} // namespace rochade
