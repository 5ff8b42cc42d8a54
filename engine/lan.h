// Long algebraic notation: origin and destination in full, as German books and the seed rules
// write it (e2-e4, Sb1xc3+, Td1-d8#, e7-e8D, f5xg6 e.p., 0-0) or in English (Ng1-f3, e7-e8=Q,
// O-O). Reading it is the forgiving SAN reader's job (san.h, notation.h).
#pragma once

#include <string>

#include "position.h"
#include "square_names.h"

namespace rochade {

// `m` must be legal in `pos`. The check or mate mark comes last, after " e.p.".
std::string to_lan(const Position& pos, Move m, Language lang = Language::German);

} // namespace rochade
