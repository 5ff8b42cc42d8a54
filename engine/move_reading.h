// Reading a move from text, shared by every notation. A text is first read for what it says
// (a pattern such as "a knight from the b-file to d2") without looking at the position; the
// pattern is then matched against the legal move list. The text names a move only when exactly
// one legal move matches; otherwise it is Illegal (none matches) or Ambiguous (several do).
// Internal to engine/: callers use uci.h, san.h and notation.h.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "expected.h"
#include "move_error.h"
#include "position.h"
#include "square_names.h"

namespace rochade {

// What a SAN or long algebraic text says about a move.
struct MovePattern {
    enum class Castling : std::uint8_t { None, Kingside, Queenside };
    Castling castling = Castling::None;
    // The moving piece; empty means "any piece", allowed only when the origin square is written
    // in full ("g1f3", "g1-f3"), because then the square alone says which piece moves.
    std::optional<PieceType> piece;
    int from_file = -1; // -1 when not written
    int from_rank = -1;
    Square to = Square::None;
    std::optional<PieceType> promotion; // empty: not written (several promotions may match)
};

// One reading of a text: the legal moves it matches, and what it asked for, for the Illegal
// message when nothing matches ("no knight move to f3").
struct MoveReading {
    std::vector<Move> moves;
    std::string wanted;
};

// How the candidates of an ambiguous text are named in the error message.
enum class MoveSpelling { Uci, EnglishSan, GermanSan };

// The text without surrounding spaces and without trailing annotations: + # ! ? and "e.p.".
std::string_view strip_move_annotations(std::string_view text);

// Empty when the text is not SAN or long algebraic in `lang` at all.
std::optional<MovePattern> read_san_pattern(std::string_view text, Language lang);
MoveReading match_san_pattern(const Position& pos, const MovePattern& pattern);
std::optional<MoveReading> san_reading(const Position& pos, std::string_view text, Language lang);
// Empty when the text is not UCI at all (four or five characters: e2e4, e7e8q).
std::optional<MoveReading> uci_reading(const Position& pos, std::string_view text);

// The one move that all readings together name, or the error. No reading at all means the text
// is not in `notation` ("'Nf9': not a move in English SAN").
Expected<Move, MoveError> decide_move(const Position& pos, std::string_view text, std::span<const MoveReading> readings,
                                      std::string_view notation, MoveSpelling spelling);

} // namespace rochade
