// C.04.3 E (colour allocation rules) for one pair of the Dutch system.
#pragma once

#include "pairing/swiss_state.h"

namespace rochade::pairing {

// The colour `higher` gets against `lower`; `higher` is the higher ranked of the two (score,
// then pairing number, A.2). E.1 grant both preferences; E.2 the stronger one (both absolute:
// the wider colour difference); E.3 alternate to the most recent round in which they had
// different colours; E.4 the higher ranked player's preference; E.5 the initial colour to the
// higher ranked player when his pairing number is odd, the other colour when it is even.
Colour colour_of_higher(const SwissPlayer& higher, const SwissPlayer& lower, Colour initial_colour);

} // namespace rochade::pairing
