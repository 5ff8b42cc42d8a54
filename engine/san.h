// Standard algebraic notation, in English as FIDE and PGN write it (Nf3, exd6, O-O, e8=Q+,
// Nbd7, R1e2, Qh4xe1#) and in German as the seed rules write it (Sf3, Lxc4, 0-0, cxd8D, T1c7).
#pragma once

#include <string>
#include <string_view>

#include "expected.h"
#include "move_error.h"
#include "position.h"
#include "square_names.h"

namespace rochade {

// `m` must be legal in `pos`. Disambiguation follows FIDE: by file, else by rank, else both,
// and only when another LEGAL move of the same piece type reaches the same square.
std::string to_san(const Position& pos, Move m, Language lang = Language::English);

// "+" when `m` gives check, "#" when it mates, else empty; shared by SAN and long algebraic.
std::string check_mark(const Position& pos, Move m);

// Forgiving where it cannot mislead: O-O or 0-0; capture mark x, : or none; e8=Q, e8Q, e8(Q),
// e8=D (promotion letters of either language); trailing + # ! ? !! ?? !? ?!, e.p. or ep;
// over-specified origins (Ng1f3, Ng1-f3, so long algebraic too). Piece letters are those of
// `lang`; check and mate marks are not verified.
Expected<Move, MoveError> parse_san(const Position& pos, std::string_view text, Language lang);

// Without a language, both are tried and the text must name exactly one legal move under the two
// readings together. Only 'B' means different things (English bishop, German pawn "Bauer"), and
// since a pawn move without an origin file is a push, the clash is rare: "Bb4" with both a
// bishop and a b-pawn able to reach b4 is Ambiguous; "Bxc4" is always the bishop, because a
// German pawn capture names its file ("Bbxc4" or "bxc4").
Expected<Move, MoveError> parse_san(const Position& pos, std::string_view text);

} // namespace rochade
