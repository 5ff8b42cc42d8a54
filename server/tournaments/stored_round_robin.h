// A round robin's schedule from the store's rows (docs/tournaments.md, "Round robin on the
// server"): pure functions, no I/O. The schedule is not stored: it follows from the players who
// were entered when the event started, in entry order, which are its Berger numbers 1..n (FIDE
// C.05 Annex 1), and nobody joins a running round robin (its late entry is refused by the
// protocol) nor is readmitted into it who was not there at the start. So every round is paired
// from the same table, after a restart too.
#pragma once

#include <cstdint>
#include <string>
#include <variant>
#include <vector>

#include "db/tournament_records.h"
#include "tournament/round_robin.h"
#include "tournament/tournament_model.h"

namespace rochade::server {

// Whether `player` has a place in the schedule: entered, and not withdrawn before round 1.
bool in_round_robin_schedule(const db::TournamentPlayerRecord& player);

struct RoundRobinSchedule {
    std::vector<std::string> nick_keys; // [Berger number - 1]
    // Every round of the schedule; the stored rounds' results filled in, a withdrawn player's
    // status Withdrawn (FIDE's rule is applied by standings_model, not here).
    tournament::Tournament model;
};

// The schedule of `log`'s round robin ("round_robin", one or two cycles as created.rounds).
std::variant<RoundRobinSchedule, tournament::RoundRobinError> round_robin_schedule(const db::TournamentLog& log);

// Round `round` (1-based) as the store takes it: its games by board, White first as the Berger
// table has them; the player sitting out (an odd number of players) has no board.
db::TournamentRoundPaired round_robin_round(const RoundRobinSchedule& schedule, std::int64_t tournament_id, int round,
                                            std::int64_t at_ms);

// The model the standings read: FIDE's default for withdrawals applied (fewer than half of his
// games played: all annulled; otherwise his remaining games are forfeits).
tournament::Tournament round_robin_standings_model(const RoundRobinSchedule& schedule);

} // namespace rochade::server
