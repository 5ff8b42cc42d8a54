// UCI move notation: e2e4, e7e8q, castling as the king's two-square move (e1g1).
#pragma once

#include <string>
#include <string_view>

#include "expected.h"
#include "move_error.h"
#include "position.h"

namespace rochade {

std::string to_uci(const Position& pos, Move m);

// Also accepts castling as king takes own rook (e1h1), as Chess960 programs send it, and an
// upper-case promotion letter. Without the promotion letter a promotion is Ambiguous.
Expected<Move, MoveError> parse_uci(const Position& pos, std::string_view text);

} // namespace rochade
