// Round-robin schedules by the Berger tables of FIDE C.05 Annex 1, for 3 to 20 players. With an
// odd number of players the table of the next even size is used and the highest number is the
// bye. A double round robin plays the table twice, the second cycle with colours reversed and,
// as the Annex recommends, the last two rounds of the first cycle switched.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace rochade::pairing {

struct BergerPairing {
    int white = 0; // player numbers 1..n; 0 never appears
    int black = 0;
};

struct BergerRound {
    std::vector<BergerPairing> boards; // board 1 first
    std::optional<int> bye;            // the player who sits out (odd player counts)
};

constexpr int berger_min_players = 3;
constexpr int berger_max_players = 20;

// The whole schedule; std::nullopt unless 3 <= players <= 20.
std::optional<std::vector<BergerRound>> berger_schedule(int players, bool double_round = false);

} // namespace rochade::pairing
