// UCI move notation: e2e4, e7e8q. Castling is the king's two-square move (e1g1) in standard
// chess and king takes own rook (e1h1) in Chess960, as UCI's UCI_Chess960 mode writes it.
#pragma once

#include <string>
#include <string_view>

#include "expected.h"
#include "move_error.h"
#include "position.h"

namespace rochade {

std::string to_uci(const Position& pos, Move m);

// In standard chess also accepts castling as king takes own rook (e1h1), as Chess960 programs
// send it. In Chess960 castling is only king takes rook: there the king's destination can be a
// square it also reaches by a plain step (king f1, rook h1: f1g1 is a king move). An upper-case
// promotion letter is accepted; without the promotion letter a promotion is Ambiguous.
Expected<Move, MoveError> parse_uci(const Position& pos, std::string_view text);

} // namespace rochade
