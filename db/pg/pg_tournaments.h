// Tournaments on PostgreSQL (db/tournament_records.h; SQLite's are in db/sqlite/tournament_sql.cpp,
// which says what each write refuses): the writer's statements and the two reads.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "db/pg/pg.h"
#include "db/tournament_records.h"

namespace rochade::db::pg {

// Inside the writer's transaction; throw DbError (Refused) when the write contradicts what is
// stored or itself, as SQLite's.
void write_tournament(Connection& c, const TournamentCreated& w);
void write_tournament(Connection& c, const TournamentStateChanged& w);
void write_tournament(Connection& c, const TournamentPlayerJoined& w);
void write_tournament(Connection& c, const TournamentPlayerWithdrawn& w);
void write_tournament(Connection& c, const TournamentPlayerReadmitted& w);
void write_tournament(Connection& c, const TournamentByeRequested& w);
void write_tournament(Connection& c, const TournamentRoundPaired& w);
void write_tournament(Connection& c, const TournamentGameStarted& w);
void write_tournament(Connection& c, const TournamentResultRecorded& w);

std::vector<TournamentRecord> read_tournaments(Connection& c);
std::optional<TournamentLog> read_tournament(Connection& c, std::int64_t tournament_id);

} // namespace rochade::db::pg
