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
};

struct FenParseError {
    FenError code;
    std::string message; // names the field and what is wrong, for people
};

inline constexpr std::string_view StartFen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

// Accepts the six standard fields, or the first four (counters default to 0 and 1).
Expected<Setup, FenParseError> parse_fen_setup(std::string_view fen);
Expected<Position, FenParseError> parse_fen(std::string_view fen, SetupRules rules = SetupRules::Strict);
std::string to_fen(const Position& pos);
// The first four fields only: what FIDE 9.2.3 compares, handy as a readable position identity.
std::string to_fen_without_counters(const Position& pos);

} // namespace rochade
