// Pairing the next round of a Swiss (issue 28 §2; docs/tournaments.md, "The next round"): who
// sits out and why, then the FIDE Dutch system (pairing/dutch) for everyone else, as a Round of
// the results model that the server's tournament service stores and starts. A round robin needs
// none of this: its whole schedule is made at the start (round_robin.h).
#pragma once

#include <string>
#include <variant>
#include <vector>

#include "tournament/tournament_model.h"

namespace rochade::tournament {

struct NextRoundError {
    std::string message; // "round 3 cannot be paired: board 2 of round 2 is still being played"
};

// What players asked for the round to be paired.
struct RoundRequests {
    // Half-point byes (C.04.1 c: a player may ask not to be paired for a round, as the
    // tournament's regulations allow; we allow it in every round but the last, as lichess's
    // Swiss and most club regulations do).
    std::vector<int> half_point_byes;
};

// The round after the last one paired. Withdrawn and paused players are absent (a zero-point
// bye), the players in `requests.half_point_byes` get a half-point bye, the others are paired by
// the Dutch system, and the odd one out gets the pairing-allocated bye. Refused, with the
// reason: not a Swiss, every planned round paired, a game of an earlier round still pending, a
// half-point bye for someone who is not an active player or in the last round, fewer than two
// players to pair, or no pairing that satisfies the absolute criteria.
std::variant<Round, NextRoundError> pair_next_swiss_round(const Tournament& tournament,
                                                          const RoundRequests& requests = {});

// A player who registers after rounds were paired (a late entry): the next start number (the
// pairer orders players by rating itself, C.04.3 A.2), Active, and a half-point bye for every
// round already paired, so that his score counts the rounds he could not play.
Tournament with_late_entry(const Tournament& tournament, std::string nick, int rating);

} // namespace rochade::tournament
