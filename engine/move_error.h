// Why a text does not name a move. Every notation reader (UCI, SAN, long algebraic, PGN) answers
// with one of three errors, because a caller reacts differently to each: a typo (Invalid), a
// well-formed move the rules forbid here (Illegal), or a text that fits several moves (Ambiguous).
#pragma once

#include <string>

namespace rochade {

enum class MoveErrorKind { Invalid, Illegal, Ambiguous };

struct MoveError {
    MoveErrorKind kind;
    // Names the text and what is wrong, for people: "'Nd2': ambiguous, could be Nbd2 or Nfd2".
    std::string message;
};

} // namespace rochade
