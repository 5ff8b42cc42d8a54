// Forsyth-Edwards Notation. Reading is strict: every error names the field and what is wrong.
// Writing records the en passant square only when a legal en passant capture exists.
#pragma once

#include <string>
#include <string_view>

#include "expected.h"
#include "position.h"

namespace rochade {

enum class FenError {
    WrongFieldCount,
    WrongRankCount,
    RankTooLong,
    RankTooShort,
    BadPieceLetter,
    BadDigit,
    BadSideToMove,
    BadCastling,
    BadEnPassant,
    BadHalfmoveClock,
    BadFullmoveNumber,
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
    // Only parse_start_fen: a game cannot start from a position that is over.
    AlreadyCheckmate,
    AlreadyStalemate,
};

// The error's name for other programs (the preview's "reason", a client's catalogue key):
// snake_case of the enumerator, e.g. "pawn_on_back_rank".
std::string_view fen_error_name(FenError error);

struct FenParseError {
    FenError code;
    std::string message; // names the field and what is wrong, for people
};

inline constexpr std::string_view StartFen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

// How the castling field is written. X-FEN (the default) writes KQkq as standard FEN does and
// a rook's file only where K or Q would name another rook (Chess960: a right of the inner of
// two rooks on one side of the king); Shredder-FEN always the rooks' files (HAha). For standard
// chess X-FEN is plain FEN. Both are read, in either variant.
enum class FenCastling { XFen, Shredder };

// Accepts the six standard fields, or the first four (counters default to 0 and 1). The
// castling field may be standard FEN, X-FEN or Shredder-FEN; its letters are resolved against
// the board (K: the outermost white rook on the king's h-side, H: the white rook on h1).
Expected<Setup, FenParseError> parse_fen_setup(std::string_view fen);
// Standard chess: castling rights only for a king on e1/e8 and corner rooks.
Expected<Position, FenParseError> parse_fen(std::string_view fen, SetupRules rules = SetupRules::Strict);
Expected<Position, FenParseError> parse_fen(std::string_view fen, Variant variant,
                                            SetupRules rules = SetupRules::Strict);
// A position a game may start from (a game "from position"): everything parse_fen refuses under
// SetupRules::Strict, and a position that is already checkmate or stalemate. The halfmove clock
// it gives counts towards the fifty- and seventy-five-move rules of the game that starts there.
Expected<Position, FenParseError> parse_start_fen(std::string_view fen, Variant variant = Variant::Standard);

std::string to_fen(const Position& pos, FenCastling style = FenCastling::XFen);
// The first four fields only: what FIDE 9.2.3 compares, handy as a readable position identity.
std::string to_fen_without_counters(const Position& pos, FenCastling style = FenCastling::XFen);

} // namespace rochade
