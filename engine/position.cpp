#include "position.h"

#include "zobrist.h"

namespace rochade {

namespace {

constexpr CastlingRight AllCastlingRights[4] = {CastlingRight::WhiteKingside, CastlingRight::WhiteQueenside,
                                                CastlingRight::BlackKingside, CastlingRight::BlackQueenside};

constexpr bool is_slider(PieceType t)
{
    return t == PieceType::Bishop || t == PieceType::Rook || t == PieceType::Queen;
}

// The squares a piece now on `s` may have come from by the move just played, when that move was
// not a slider's: a pawn's push, double push or capture, a knight's jump, or a promotion on `s`.
// `mover` is the side that played it.
Bitboard last_move_origins(const Position& pos, Square s, Color mover)
{
    const PieceType type = type_of(pos.piece_on(s));
    Bitboard origins = 0;
    const bool promoted_here = relative_rank(mover, s) == 7 && type != PieceType::Pawn;
    if (type == PieceType::Pawn || promoted_here) {
        const Square behind = s - pawn_push(mover);
        origins |= square_bb(behind) | pawn_attacks(~mover, s);
        if (type == PieceType::Pawn && relative_rank(mover, s) == 3) origins |= square_bb(behind - pawn_push(mover));
    }
    if (type == PieceType::Knight) origins |= knight_attacks(s);
    return origins;
}

// Whether one move can have given the checks the side to move is in (SetupRules::Strict). A
// check is given by the piece that moved or discovered by it, and only sliders are discovered:
// never three checkers, never two non-sliders (two pawns, two knights, pawn and knight), never
// two on one line through the king (the nearer would block the farther). A pawn or knight
// beside a slider moved from a square on the slider's line to the king, since a check by a
// piece that did not move stood before the move, on a side that was not to move.
bool checkers_are_possible(const Position& pos)
{
    const Bitboard checkers = pos.checkers();
    if (!more_than_one(checkers)) return true;
    if (popcount(checkers) > 2) return false;
    const Square king = pos.king_square(pos.side_to_move());
    const Square a = lsb(checkers), b = msb(checkers);
    const bool a_slides = is_slider(type_of(pos.piece_on(a))), b_slides = is_slider(type_of(pos.piece_on(b)));
    if (!a_slides && !b_slides) return false;
    if (aligned(a, b, king)) return false;
    if (a_slides && b_slides) return true;
    const Square slider = a_slides ? a : b, mover = a_slides ? b : a;
    return (last_move_origins(pos, mover, ~pos.side_to_move()) & between_bb(slider, king)) != 0;
}

} // namespace

// The corner rook of each right, the only one standard chess allows.
constexpr Square StandardCastlingRooks[4] = {Square::H1, Square::A1, Square::H8, Square::A8};

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

// Scharnagl's numbering, as the FIDE Laws' Guidelines II list the positions: the remainders of
// dividing by 4, 4 and 6 place the light-squared bishop, the dark-squared bishop and the queen
// (on the n-th empty square), the quotient (0-9) the two knights on the five squares left, and
// the three squares left after that take rook, king and rook in that order.
std::optional<Position> Position::chess960_start(int number)
{
    if (number < 0 || number > 959) return std::nullopt;
    std::array<PieceType, 8> back_rank;
    back_rank.fill(PieceType::None);
    auto place_on_empty = [&](int nth, PieceType type) {
        for (int file = 0; file < 8; ++file)
            if (back_rank[file] == PieceType::None && nth-- == 0) {
                back_rank[file] = type;
                return;
            }
    };
    int n = number;
    back_rank[2 * (n % 4) + 1] = PieceType::Bishop;
    n /= 4;
    back_rank[2 * (n % 4)] = PieceType::Bishop;
    n /= 4;
    place_on_empty(n % 6, PieceType::Queen);
    n /= 6;
    constexpr int knights[10][2] = {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2}, {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}};
    place_on_empty(knights[n][1], PieceType::Knight); // the later square first: the earlier keeps its count
    place_on_empty(knights[n][0], PieceType::Knight);
    place_on_empty(0, PieceType::Rook);
    place_on_empty(0, PieceType::King);
    place_on_empty(0, PieceType::Rook);

    Setup s;
    s.variant = Variant::Chess960;
    int rook_files[2] = {-1, -1};
    for (int f = 0; f < 8; ++f) {
        s.board[index_of(make_square(f, 0))] = make_piece(Color::White, back_rank[f]);
        s.board[index_of(make_square(f, 1))] = Piece::WhitePawn;
        s.board[index_of(make_square(f, 6))] = Piece::BlackPawn;
        s.board[index_of(make_square(f, 7))] = make_piece(Color::Black, back_rank[f]);
        if (back_rank[f] == PieceType::Rook) rook_files[rook_files[0] < 0 ? 0 : 1] = f;
    }
    s.castling.bits = 15;
    s.castling_rooks = {make_square(rook_files[1], 0), make_square(rook_files[0], 0), make_square(rook_files[1], 7),
                        make_square(rook_files[0], 7)};
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

    pos.variant_ = setup.variant;
    pos.castling_mask_.fill(15);
    for (CastlingRight r : AllCastlingRights) {
        if (!setup.castling.has(r)) continue;
        const Color c = color_of(r);
        const Square king = pos.king_square(c);
        const bool king_home =
            setup.variant == Variant::Chess960 ? relative_rank(c, king) == 0 : king == relative_square(c, Square::E1);
        if (!king_home) return unexpected(SetupError::CastlingWithoutKing);
        // The rook stands on the king's rank, on the right's side of the king.
        const Square rook = setup.castling_rooks[index_of(r)];
        const bool rook_placed = rook != Square::None && pos.piece_on(rook) == make_piece(c, PieceType::Rook) &&
                                 rank_of(rook) == rank_of(king) &&
                                 (is_kingside(r) ? file_of(rook) > file_of(king) : file_of(rook) < file_of(king)) &&
                                 (setup.variant == Variant::Chess960 || rook == StandardCastlingRooks[index_of(r)]);
        if (!rook_placed) return unexpected(SetupError::CastlingWithoutRook);
        pos.castling_.add(r);
        pos.castling_rooks_[index_of(r)] = rook;
        pos.castling_mask_[index_of(king)] &= std::uint8_t(~int(r));
        pos.castling_mask_[index_of(rook)] &= std::uint8_t(~int(r));
    }

    const Color us = pos.side_to_move_, them = ~us;
    if (pos.attackers_to(pos.king_square(them)) & pos.pieces(us)) return unexpected(SetupError::OpponentInCheck);

    pos.checkers_ = pos.compute_checkers();
    if (pos.checkers_ && rules == SetupRules::Strict && !checkers_are_possible(pos))
        return unexpected(SetupError::ImpossibleCheck);

    if (setup.en_passant != Square::None) {
        // The skipped square must lie behind an enemy pawn that just made a double push.
        const Square ep = setup.en_passant;
        const Square pushed_to = ep - pawn_push(us);
        const Square pushed_from = ep + pawn_push(us);
        if (relative_rank(us, ep) != 5 || !pos.empty(ep) || !pos.empty(pushed_from) ||
            pos.piece_on(pushed_to) != make_piece(them, PieceType::Pawn))
            return unexpected(SetupError::EnPassantNotExplained);
        // The double push was the last move, so a check must come from that pawn or from a
        // slider whose line to the king the pawn left.
        if (rules == SetupRules::Strict) {
            Bitboard unexplained = pos.checkers_ & ~square_bb(pushed_to);
            while (unexplained)
                if (!(between_bb(pop_lsb(unexplained), pos.king_square(us)) & square_bb(pushed_from)))
                    return unexpected(SetupError::EnPassantNotExplained);
        }
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
    s.castling_rooks = castling_rooks_;
    s.variant = variant_;
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
    castling_.bits &= castling_mask_[index_of(from)] & castling_mask_[index_of(to)];
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
    for (int r = 0; r < 4; ++r) s.castling_rooks[r ^ 2] = Square(index_of(castling_rooks_[r]) ^ 56);
    s.variant = variant_;
    s.en_passant = en_passant_ == Square::None ? Square::None : Square(index_of(en_passant_) ^ 56);
    s.halfmove_clock = halfmove_clock_;
    s.fullmove_number = fullmove_number_;
    // The mirror of an accepted position breaks no rule the original did not break.
    return *from_setup(s, SetupRules::AllowUnreachable);
}

// The key covers which rights are held, not which rook each belongs to: within one game a right
// keeps its rook, so only positions from different starts could differ there.
bool Position::same_position(const Position& other) const
{
    if (!(key_ == other.key_ && board_ == other.board_ && side_to_move_ == other.side_to_move_ &&
          castling_ == other.castling_ && en_passant_ == other.en_passant_))
        return false;
    for (CastlingRight r : AllCastlingRights)
        if (castling_.has(r) && castling_rook_square(r) != other.castling_rook_square(r)) return false;
    return true;
}

} // namespace rochade
