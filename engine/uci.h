// UCI move notation: e2e4, e7e8q, castling as the king's two-square move (e1g1).
#pragma once

#include <string>
#include <string_view>

#include "expected.h"
#include "position.h"

namespace rochade {

std::string to_uci(const Position& pos, Move m);

}  // namespace rochade
