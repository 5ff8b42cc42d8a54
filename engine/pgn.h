// Portable Game Notation: reading games (English or German SAN, comments, NAGs and variations)
// and writing them as the PGN standard asks (export format: Seven Tag Roster, English SAN,
// lines of at most 80 columns), so that a game we write reads back to the same game.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "expected.h"
#include "outcome.h"
#include "position.h"

namespace rochade {

struct PgnGame {
    // In the order read; SetUp and FEN are not kept here but in start_fen.
    std::vector<std::pair<std::string, std::string>> tags;
    std::string start_fen; // empty: the standard start; from the SetUp/FEN tags
    std::vector<Move> moves;
    // Empty, or one entry per ply: the comment after that move ("" for none). Comments inside
    // variations and before the first move are dropped; several after one move are joined.
    std::vector<std::string> comments_after;
    // Empty, or one entry per ply: the NAG written after that move's SAN ("$2"; "" for none).
    // Writing only: read_pgn drops NAGs.
    std::vector<std::string> nags_after;
    Score result = Score::Unfinished; // the movetext's marker, else the Result tag's, else "*"
};

struct PgnError {
    int game_number; // 1-based
    int ply;         // 0-based index of the bad move, -1 when the error is not a move
    std::string message;
};

// Reads every game of the text; the first error stops reading and names game and move.
// Moves may be English or German SAN (or long algebraic). A game's language is fixed by its first
// move whose letters belong to one language only (N, R, Q, P or S, L, T, D); before that, a move
// both languages could read is read as English, PGN's language, unless only the German reading
// names a legal move. 'B' is always the bishop: German SAN writes pawn moves without a letter.
Expected<std::vector<PgnGame>, PgnError> read_pgn(std::string_view text);

// A game whose start_fen is not a position, or whose moves are not legal, is written up to the
// problem, which a comment then names, so that the text still reads as PGN.
// Tag values are escaped: a quote or backslash gets a backslash before it, and a control
// character (newline, tab, ...) is written as a space, so a value never ends its tag early.
// A game tagged Variant "Chess960" reads its FEN and castling as Chess960 and always writes
// SetUp and FEN.
std::string write_pgn(const PgnGame& game);
Variant pgn_variant(const std::vector<std::pair<std::string, std::string>>& tags);

} // namespace rochade
