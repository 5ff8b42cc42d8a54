// The Arena's pairing decision: which waiting players play each other now. lila pairs the
// waiting players by a minimum-weight matching (the weight: the distance in the standings, more
// for the leaders, plus the rating difference; two who just played each other are never paired).
// We take its rule and decide greedily: from the top of the standings down, each unpaired player
// takes the waiting player nearest him in the standings (then nearest in rating, then the higher
// ranked) who was not his last opponent and whose last opponent he was not. With an odd count the
// player left over waits for the next wave. No pairing at all once the tournament ends within
// lila's cut-off: max(30 s, min(half the base time, 120 s)).
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace rochade::tournament {

struct WaitingPlayer {
    std::string id;
    int rank = 0; // place in the arena standings, 1 the leader
    int rating = 0;
    std::optional<std::string> last_opponent;
    int whites_minus_blacks = 0; // of his arena games so far
};

struct ArenaPair {
    std::string white;
    std::string black;
};

// The seconds before the end in which no new game is paired (lila's pairingsClosed).
int arena_pairing_cutoff_seconds(int base_time_seconds);

// Time comes in: seconds_to_finish is the time left of the tournament, measured by the caller.
std::vector<ArenaPair> arena_pairings(std::vector<WaitingPlayer> waiting, int seconds_to_finish, int base_time_seconds);

} // namespace rochade::tournament
