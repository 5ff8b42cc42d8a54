// The SQL of tournaments (db/tournament_records.h) on SQLite: the writer's statements, and the
// reads of the list and of one tournament with its players and rounds. db::SqliteWriter calls
// TournamentWrites inside its transactions, db::SqliteReader the reads. PostgreSQL's twin is
// db/pg/pg_tournaments.cpp.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "db/sqlite/sqlite.h"
#include "db/tournament_records.h"

namespace rochade::db {

// Prepared once per connection. Each write throws DbError when SQLite fails, and RefusedWrite
// (db/sqlite/identity_sql.h) when it contradicts what is stored or itself.
class TournamentWrites {
public:
    explicit TournamentWrites(Database& db);

    void write(const TournamentCreated& w);
    void write(const TournamentStateChanged& w);
    void write(const TournamentPlayerJoined& w);
    void write(const TournamentPlayerWithdrawn& w);
    void write(const TournamentPlayerReadmitted& w);
    void write(const TournamentByeRequested& w);
    void write(const TournamentRoundPaired& w);
    void write(const TournamentGameStarted& w);
    void write(const TournamentResultRecorded& w);

private:
    // The tournament's state, or a refusal naming `doing` when no tournament has this id.
    std::string state_of(std::int64_t tournament_id, const std::string& doing);
    bool registered(std::int64_t tournament_id, const std::string& nick_key);

    Database& db_;
    Statement created_, state_changed_, state_, joined_, registered_, withdrawn_, readmitted_, bye_requested_,
        last_round_, round_paired_, board_paired_, game_started_, result_recorded_;
};

// Every tournament, newest first.
std::vector<TournamentRecord> read_tournaments(Database& db);
std::optional<TournamentLog> read_tournament(Database& db, std::int64_t tournament_id);

} // namespace rochade::db
