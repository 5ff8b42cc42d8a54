// What the Dutch system needs to know about each player before a round, derived from a TRF:
// score, colour history and preference (C.04.3 A.6), floats (A.4), opponents met, byes.
#pragma once

#include <optional>
#include <set>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "pairing/trf.h"

namespace rochade::pairing {

enum class Float { None, Down, Up };

enum class PreferenceStrength { None, Mild, Strong, Absolute };

struct SwissPlayer {
    int start_number = 0;
    int pairing_number = 0;                             // TPN: 1 for the highest in the initial order (A.2)
    int score = 0;                                      // tenths of a point
    int colour_difference = 0;                          // games with White minus games with Black
    std::vector<std::optional<Colour>> colour_by_round; // the colour of each played game, by round
    std::vector<Colour> played_colours;                 // the same without the unplayed rounds
    std::optional<Colour> preference;
    PreferenceStrength strength = PreferenceStrength::None;
    std::set<int> opponents;   // start numbers of players met over the board
    bool bye_excluded = false; // had a pairing-allocated bye, a full-point bye or a forfeit win (C2)
    Float float_last_round = Float::None;
    Float float_two_rounds_ago = Float::None;
    bool topscorer = false; // A.7: over half the maximum score when the final round is paired
};

struct SwissRound {
    int round = 1;           // the round to pair
    bool last_round = false; // known only when the TRF gives the number of rounds
    Colour initial_colour = Colour::White;
    std::vector<SwissPlayer> players;              // those to pair this round, by score then pairing number
    std::set<std::pair<int, int>> forbidden_pairs; // (lower, higher) start numbers
    int full_point = 10;                           // a win's value in tenths, for the topscorer threshold
};

struct SwissStateError {
    std::string message;
};

// The round after the last one with a game or a pairing-allocated bye. Players whose entry for
// that round is already filled in (a requested half-point, full-point or zero-point bye) are
// not paired.
std::variant<SwissRound, SwissStateError> swiss_round_from(const Tournament& tournament);

// A.6 for a sequence of played colours.
std::pair<std::optional<Colour>, PreferenceStrength> colour_preference(const std::vector<Colour>& played);

} // namespace rochade::pairing
