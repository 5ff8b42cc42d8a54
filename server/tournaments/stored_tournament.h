// Between the store's rows of a tournament (db/tournament_records.h) and the results model that
// pairs, ranks and exports it (tournament/tournament_model.h): plain functions, no I/O, so that
// the service's strand only decides when and the tests check how.
#pragma once

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "db/tournament_records.h"
#include "protocol/messages.h"
#include "protocol/tournament.h"
#include "tournament/standings.h"
#include "tournament/tournament_model.h"

namespace rochade::server {

// The stored words of a board's result and of a bye (db/tournament_records.h), and back.
std::string result_word(tournament::GameResult result);
std::optional<tournament::GameResult> parse_result_word(const std::string& word);
std::string bye_word(tournament::ByeKind kind);
std::optional<tournament::ByeKind> parse_bye_word(const std::string& word);

// The results model: start number = entry; a player withdrawn by the round after the last paired
// one is Withdrawn, one in `absent` (nick keys: not online when the round is paired) Paused; the
// stored rounds with their results; a late entry's rounds paired before his first as half-point
// byes (tournament::with_late_entry's rule). A round robin is read as Swiss-like rounds too.
tournament::Tournament model_of(const db::TournamentLog& log, const std::set<std::string>& absent = {});

// A round of the model as the store takes it: the games by board, then the byes.
db::TournamentRoundPaired stored_round(const db::TournamentLog& log, int round, const tournament::Round& paired,
                                       std::int64_t at_ms);

// A board's result from its game's end: the score; a game that ended without one because a side
// did not make its first move is that side's loss by forfeit (plies 0: White's, 1: Black's); any
// other game without a score (a moderator's abort, both players banned) a double forfeit.
tournament::GameResult board_result(const protocol::GameResult& result, int plies);

// The tie-breaks the director chose, in his order (TournamentSettings::tie_breaks), or FIDE's
// default order when he chose none.
std::vector<tournament::TieBreak> tie_breaks_of(const db::TournamentCreated& created);

// The event's system as stored (the store takes only the systems' names: a Swiss otherwise).
inline protocol::TournamentSystem system_of(const db::TournamentCreated& created)
{
    return protocol::parse_tournament_system(created.system).value_or(protocol::TournamentSystem::Swiss);
}

// The event's time control as stored (an empty one if it does not read: none should).
protocol::TimeControl time_control_of(const db::TournamentCreated& created);
inline bool withdrawn(const db::TournamentPlayerRecord& player) { return player.withdrawn_from_round.has_value(); }
// Every game of the round has its result (byes have none to wait for).
inline bool round_finished(const db::TournamentRoundRecord& round)
{
    for (const auto& board : round.boards)
        if (board.pairing.black_key && board.result == "pending") return false;
    return true;
}

// The nick key of `start_number` (its entry) in `log`, or nothing.
const db::TournamentPlayerRecord* player_by_entry(const db::TournamentLog& log, int entry);

} // namespace rochade::server
