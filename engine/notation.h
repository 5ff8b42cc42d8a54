// One entry point for moves typed by people or sent by programs: UCI, English SAN, German SAN
// or long algebraic in either language, whichever the text is.
#pragma once

#include <string_view>

#include "expected.h"
#include "move_error.h"
#include "position.h"

namespace rochade {

// Every notation reads the text; the readings together must name exactly one legal move. When
// none does, the error is the most telling one: Ambiguous, else Illegal (some notation read the
// text but no legal move fits), else Invalid ("'Nf9': not a move in any notation").
Expected<Move, MoveError> parse_move(const Position& pos, std::string_view text);

} // namespace rochade
