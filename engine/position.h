// A legal chess position: pieces, side to move, castling rights, en passant, move counters,
// and an incrementally updated Zobrist key. Moves are made and unmade in place with an undo
// record per ply; `after()` gives a copy for callers who prefer values.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>

#include "bitboard.h"
#include "expected.h"
#include "types.h"

namespace rochade {

// An unchecked description of a position, as read from a FEN or built by hand. It becomes a
// Position only through Position::from_setup, which validates it.
struct Setup {
    std::array<Piece, 64> board{};
    Color side_to_move = Color::White;
    CastlingRights castling;
    // The rook each right belongs to, indexed by index_of(CastlingRight); read only for the rights
    // in `castling`. Standard chess requires the corners; Chess960 any rook of that colour on its
    // back rank on the right's side of the king.
    std::array<Square, 4> castling_rooks{Square::H1, Square::A1, Square::H8, Square::A8};
    Variant variant = Variant::Standard;
    Square en_passant = Square::None; // the square a pawn skipped, as the FEN field names it
    int halfmove_clock = 0;
    int fullmove_number = 1;

    Setup() { board.fill(Piece::None); }
};

// How strictly a setup is checked. Strict refuses what no legal game can reach (more than eight
// pawns, a check no move can give); AllowUnreachable accepts those, for analysing composed or
// test positions such as the CHA winnability set. Both refuse what the engine cannot represent
// or what breaks the rules of play (no king, a pawn on a back rank, the side not to move in check).
enum class SetupRules { Strict, AllowUnreachable };

// Why a setup is not a legal position. Each names one rule; fen.cpp turns them into messages.
enum class SetupError {
    MissingKing,
    TooManyKings,
    TooManyPieces,
    TooManyPawns,
    PawnOnBackRank,
    CastlingWithoutKing,
    CastlingWithoutRook,
    EnPassantNotExplained,
    OpponentInCheck,
    ImpossibleCheck,
    BadHalfmoveClock,
    BadFullmoveNumber,
};

// The state a move destroys and unmake needs back.
struct UndoInfo {
    Piece captured = Piece::None;
    CastlingRights castling;
    Square en_passant = Square::None;
    int halfmove_clock = 0;
    std::uint64_t key = 0;
    Bitboard checkers = 0;
};

class Position {
public:
    // The standard starting position.
    static Position start();
    // The Chess960 start position numbered `number` (0-959) as Scharnagl numbered them; number
    // 518 is the standard arrangement, played under Chess960's rules. Empty outside 0-959.
    static std::optional<Position> chess960_start(int number);
    static Expected<Position, SetupError> from_setup(const Setup& setup, SetupRules rules = SetupRules::Strict);
    Setup setup() const;

    Color side_to_move() const { return side_to_move_; }
    Piece piece_on(Square s) const { return board_[index_of(s)]; }
    bool empty(Square s) const { return board_[index_of(s)] == Piece::None; }
    Bitboard pieces() const { return by_color_[0] | by_color_[1]; }
    Bitboard pieces(Color c) const { return by_color_[index_of(c)]; }
    Bitboard pieces(PieceType t) const { return by_type_[index_of(t)]; }
    Bitboard pieces(PieceType a, PieceType b) const { return by_type_[index_of(a)] | by_type_[index_of(b)]; }
    Bitboard pieces(Color c, PieceType t) const { return by_color_[index_of(c)] & by_type_[index_of(t)]; }
    Bitboard pieces(Color c, PieceType a, PieceType b) const { return by_color_[index_of(c)] & pieces(a, b); }
    Square king_square(Color c) const { return lsb(pieces(c, PieceType::King)); }

    Variant variant() const { return variant_; }
    CastlingRights castling_rights() const { return castling_; }
    // The rook that a castling right belongs to (standard chess: the corner rooks). Meaningful
    // only while the right is held.
    Square castling_rook_square(CastlingRight r) const { return castling_rooks_[index_of(r)]; }
    // Set only when a legal en passant capture exists, so that equal keys mean equal positions
    // in the sense of FIDE 9.2.3.
    Square en_passant_square() const { return en_passant_; }
    int halfmove_clock() const { return halfmove_clock_; }
    int fullmove_number() const { return fullmove_number_; }
    std::uint64_t key() const { return key_; }

    Bitboard checkers() const { return checkers_; }
    bool in_check() const { return checkers_ != 0; }
    // Pieces of both colours that attack `s`, given an occupancy (so callers can lift pieces).
    Bitboard attackers_to(Square s, Bitboard occupied) const;
    Bitboard attackers_to(Square s) const { return attackers_to(s, pieces()); }
    bool attacked_by(Color c, Square s) const { return (attackers_to(s) & pieces(c)) != 0; }
    // Pieces (of either colour) that alone stand between the king of `c` and an enemy slider.
    Bitboard king_blockers(Color c) const;

    // Whether the side to move's pawn on `from` may capture en passant onto `ep_square`
    // without leaving its king attacked (the two pawns leave the rank or diagonal at once).
    bool en_passant_capture_is_legal(Square from, Square ep_square) const;

    Piece moved_piece(Move m) const { return piece_on(m.from()); }
    bool is_capture(Move m) const;
    // Makes a move known to be legal in this position (from the legal move list).
    void make_move(Move m, UndoInfo& undo);
    void unmake_move(Move m, const UndoInfo& undo);
    Position after(Move m) const;
    // The same position seen from the other side: ranks flipped, colours swapped. Code that
    // reasons about "the side trying to mate" is written for White and run on the mirror.
    Position mirrored() const;

    // Same pieces, side, castling rights and en passant possibilities: FIDE 9.2.3 identity.
    bool same_position(const Position& other) const;

private:
    Position() { board_.fill(Piece::None); }
    void put_piece(Piece p, Square s);
    void remove_piece(Square s);
    void move_piece(Square from, Square to);
    // The en passant square after a double push to `to`, if a legal capture exists, else None.
    Square legal_en_passant_after_double_push(Square to) const;
    Bitboard compute_checkers() const;
    std::uint64_t compute_key() const;

    std::array<Piece, 64> board_;
    std::array<Bitboard, 6> by_type_{};
    std::array<Bitboard, 2> by_color_{};
    Color side_to_move_ = Color::White;
    CastlingRights castling_;
    Square en_passant_ = Square::None;
    int halfmove_clock_ = 0;
    int fullmove_number_ = 1;
    std::uint64_t key_ = 0;
    Bitboard checkers_ = 0;
    Variant variant_ = Variant::Standard;
    std::array<Square, 4> castling_rooks_{Square::H1, Square::A1, Square::H8, Square::A8};
    // The rights that survive a move from or to each square: a move touching a king's or a
    // castling rook's start square takes away the rights that depend on it. One table per
    // position because in Chess960 the squares depend on the start; make_move reads it as it
    // would a constant table.
    std::array<std::uint8_t, 64> castling_mask_;
};

} // namespace rochade
