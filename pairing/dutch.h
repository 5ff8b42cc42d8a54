// The FIDE (Dutch) system, C.04.3, on the general Swiss rules C.04.1: the next round's pairing
// of a tournament read from a TRF. Deterministic: the same tournament gives the same pairing.
#pragma once

#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "pairing/swiss_state.h"
#include "pairing/trf.h"

namespace rochade::pairing {

struct Board {
    int white = 0; // start numbers
    int black = 0;
};

struct DutchPairing {
    int round = 0;
    std::vector<Board> boards; // board 1 first (C.04.2 board order)
    std::optional<int> bye;    // the pairing-allocated bye
    bool exhaustive = true;    // false when a bracket's search stopped at its budget
};

struct DutchError {
    std::string message;
};

using DutchResult = std::variant<DutchPairing, DutchError>;

DutchResult pair_dutch(const Tournament& tournament);
DutchResult pair_dutch(const SwissRound& round);

// "3\n1 4\n2 3\n5 0\n": the number of pairs (the bye counted), then one `white black` line per
// board and `player 0` for the bye, as pairing programs print them.
std::string format_pairing(const DutchPairing& pairing);

} // namespace rochade::pairing
