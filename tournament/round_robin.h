// Round robin: the whole schedule as rounds of pending games (pairing/berger, FIDE C.05 Annex 1),
// FIDE's default withdrawal rule, and the crosstable as a value the server renders.
#pragma once

#include <string>
#include <variant>
#include <vector>

#include "tournament/tournament_model.h"

namespace rochade::tournament {

struct RoundRobinError {
    std::string message;
};

// Every round paired from the Berger tables, every game Pending; the player sitting out a round
// of an odd-sized event has no entry in it. 3..20 players, start numbers 1..n in order.
std::variant<Tournament, RoundRobinError> round_robin_tournament(std::string name, std::vector<Player> players,
                                                                 bool double_round);

// FIDE's default for a player who withdraws (status Withdrawn): if he has played fewer than half
// of his scheduled games over the board, all his games are annulled (removed: they count for
// nobody); otherwise his results stand and his games still pending become forfeit wins for his
// opponents. Returns the adjusted tournament; the input is left as it is.
Tournament apply_round_robin_withdrawals(const Tournament& tournament);

// Rows and columns in start-number order. A cell holds the row player's results against the
// column player in round order: "1", "½", "0", "+" (forfeit win), "-" (forfeit loss); two per cell
// in a double round robin ("1½"); empty while not played; "X" on the diagonal.
struct Crosstable {
    std::vector<int> players; // start numbers
    std::vector<std::string> nicks;
    std::vector<std::vector<std::string>> cells; // [row][column]
    std::vector<int> half_points;
    std::vector<int> sonneborn_berger; // hundredths, C.07 9.1 with 15.2 (forfeits count as games)
};

Crosstable crosstable(const Tournament& tournament);

} // namespace rochade::tournament
