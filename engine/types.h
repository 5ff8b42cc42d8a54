// Small value types of the chess domain: colours, pieces, squares, moves.
// Everything here is constexpr and header-only so the compiler can fold it away.
#pragma once

#include <cstdint>

namespace rochade {

using Bitboard = std::uint64_t;

// The rules a position is played by. Chess960 (Fischer random chess, FIDE Laws, Guidelines II)
// differs from standard chess only in the start position and in castling: king and rooks start
// anywhere on the back rank, and castling moves them to the standard squares (g1/f1, c1/d1).
// A position carries its variant, so that notation (UCI, FEN) can be written as it expects.
enum class Variant : std::uint8_t { Standard, Chess960 };

enum class Color : std::uint8_t { White, Black };

constexpr Color operator~(Color c) { return Color(int(c) ^ 1); }
constexpr int index_of(Color c) { return int(c); }

enum class PieceType : std::uint8_t { Pawn, Knight, Bishop, Rook, Queen, King, None };

constexpr int index_of(PieceType t) { return int(t); }

// Pieces are numbered colour * 8 + type, so colour and type fall out with a shift and a mask.
enum class Piece : std::uint8_t {
    WhitePawn = 0,
    WhiteKnight,
    WhiteBishop,
    WhiteRook,
    WhiteQueen,
    WhiteKing,
    BlackPawn = 8,
    BlackKnight,
    BlackBishop,
    BlackRook,
    BlackQueen,
    BlackKing,
    None = 16
};

constexpr Piece make_piece(Color c, PieceType t) { return Piece(int(c) * 8 + int(t)); }
constexpr Color color_of(Piece p) { return Color(int(p) >> 3); }
constexpr PieceType type_of(Piece p) { return p == Piece::None ? PieceType::None : PieceType(int(p) & 7); }
constexpr int index_of(Piece p) { return int(p); }

// Squares are numbered a1 = 0, b1 = 1, ..., h8 = 63, as in most bitboard engines.
// clang-format off
enum class Square : std::uint8_t {
    A1, B1, C1, D1, E1, F1, G1, H1,
    A2, B2, C2, D2, E2, F2, G2, H2,
    A3, B3, C3, D3, E3, F3, G3, H3,
    A4, B4, C4, D4, E4, F4, G4, H4,
    A5, B5, C5, D5, E5, F5, G5, H5,
    A6, B6, C6, D6, E6, F6, G6, H6,
    A7, B7, C7, D7, E7, F7, G7, H7,
    A8, B8, C8, D8, E8, F8, G8, H8,
    None
};
// clang-format on

constexpr int index_of(Square s) { return int(s); }
constexpr int file_of(Square s) { return int(s) & 7; }
constexpr int rank_of(Square s) { return int(s) >> 3; }
constexpr Square make_square(int file, int rank) { return Square(rank * 8 + file); }
constexpr bool is_on_board(int file, int rank) { return file >= 0 && file < 8 && rank >= 0 && rank < 8; }
constexpr Square operator+(Square s, int delta) { return Square(int(s) + delta); }
constexpr Square operator-(Square s, int delta) { return Square(int(s) - delta); }
constexpr Bitboard square_bb(Square s) { return Bitboard{1} << int(s); }
// The rank as seen from `c`'s side of the board: 0 is the home rank.
constexpr int relative_rank(Color c, Square s) { return c == Color::White ? rank_of(s) : 7 - rank_of(s); }
constexpr Square relative_square(Color c, Square s) { return Square(int(s) ^ (c == Color::White ? 0 : 56)); }
// Squares of a colour: a1 is dark.
constexpr bool is_dark(Square s) { return ((file_of(s) + rank_of(s)) & 1) == 0; }
// One step forward for a pawn of colour c.
constexpr int pawn_push(Color c) { return c == Color::White ? 8 : -8; }

// Castling rights as four bits; a position keeps them as a small bit set. Each right belongs to
// one rook, which the position names (Position::castling_rook_square): in standard chess the
// corner rooks, in Chess960 the rook on the right's side of the king that the start position or
// the FEN gave it. A right never moves to another rook, only goes.
enum class CastlingRight : std::uint8_t {
    WhiteKingside = 1,
    WhiteQueenside = 2,
    BlackKingside = 4,
    BlackQueenside = 8
};

struct CastlingRights {
    std::uint8_t bits = 0;
    constexpr bool has(CastlingRight r) const { return (bits & std::uint8_t(r)) != 0; }
    constexpr bool any(Color c) const { return (bits & (c == Color::White ? 3 : 12)) != 0; }
    constexpr bool none() const { return bits == 0; }
    constexpr void add(CastlingRight r) { bits |= std::uint8_t(r); }
    constexpr void remove(CastlingRight r) { bits &= std::uint8_t(~std::uint8_t(r)); }
    friend constexpr bool operator==(CastlingRights, CastlingRights) = default;
};

// The index 0-3 of a right, for tables with one entry per right.
constexpr int index_of(CastlingRight r)
{
    return r == CastlingRight::WhiteKingside    ? 0
           : r == CastlingRight::WhiteQueenside ? 1
           : r == CastlingRight::BlackKingside  ? 2
                                                : 3;
}
constexpr Color color_of(CastlingRight r) { return index_of(r) < 2 ? Color::White : Color::Black; }
constexpr bool is_kingside(CastlingRight r) { return (index_of(r) & 1) == 0; }

constexpr CastlingRight castling_right(Color c, bool kingside)
{
    if (c == Color::White) return kingside ? CastlingRight::WhiteKingside : CastlingRight::WhiteQueenside;
    return kingside ? CastlingRight::BlackKingside : CastlingRight::BlackQueenside;
}

enum class MoveKind : std::uint8_t { Normal, Promotion, EnPassant, Castling };

// A move in 16 bits:
//   bits  0- 5  origin square
//   bits  6-11  destination square (for castling: the square of the rook the king "takes")
//   bits 12-13  promotion piece: 0 knight, 1 bishop, 2 rook, 3 queen
//   bits 14-15  kind: normal, promotion, en passant, castling
// Encoding castling as king-takes-own-rook keeps the move unambiguous for any rook placement;
// UCI and SAN spell it differently, and only the notation code translates.
class Move {
public:
    Move() = default;
    constexpr Move(Square from, Square to, MoveKind kind = MoveKind::Normal, PieceType promotion = PieceType::Knight)
        : bits_(std::uint16_t(int(from) | (int(to) << 6) | ((int(promotion) - int(PieceType::Knight)) << 12) |
                              (int(kind) << 14)))
    {
    }
    // Value-initialised (Move{} or none()) it is zero; default-initialised it is left
    // uninitialised, so a fixed-size move list costs nothing to construct.
    static constexpr Move none() { return Move{}; }

    constexpr Square from() const { return Square(bits_ & 63); }
    constexpr Square to() const { return Square((bits_ >> 6) & 63); }
    constexpr MoveKind kind() const { return MoveKind(bits_ >> 14); }
    constexpr PieceType promotion() const
    {
        return kind() == MoveKind::Promotion ? PieceType(((bits_ >> 12) & 3) + int(PieceType::Knight))
                                             : PieceType::None;
    }
    constexpr std::uint16_t raw() const { return bits_; }
    constexpr explicit operator bool() const { return bits_ != 0; }
    friend constexpr bool operator==(Move, Move) = default;

private:
    std::uint16_t bits_; // a1a1 is never a legal move, so zero can mean "no move"
};

} // namespace rochade
