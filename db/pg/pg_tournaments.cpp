#include "db/pg/pg_tournaments.h"

#include <string>

#include "db/pg/pg_store.h"

namespace rochade::db::pg {

namespace {

DbError tournament_refused(const std::string& message) { return DbError(message, StoreFailure::Refused); }

constexpr const char* tournament_columns =
    "id, name, system, rounds, time_control, rated, director_nick, director_key, "
    "settings, created_at_ms, state, started_at_ms, finished_at_ms";

TournamentRecord read_tournament_row(const Result& rows, int row)
{
    TournamentRecord record;
    TournamentCreated& c = record.created;
    c.id = rows.integer(row, 0);
    c.name = rows.text(row, 1);
    c.system = rows.text(row, 2);
    c.rounds = static_cast<int>(rows.integer(row, 3));
    c.time_control_json = rows.text(row, 4);
    c.rated = rows.boolean(row, 5);
    c.director_nick = rows.text(row, 6);
    c.director_key = rows.text(row, 7);
    c.settings_json = rows.text(row, 8);
    c.created_at_ms = rows.integer(row, 9);
    record.state = rows.text(row, 10);
    record.started_at_ms = rows.optional_integer(row, 11);
    record.finished_at_ms = rows.optional_integer(row, 12);
    return record;
}

std::string tournament_named(std::int64_t id) { return "tournament " + std::to_string(id); }

// The tournament's state, locked for the rest of the transaction (two nodes pairing or
// registering at once queue here), or a refusal naming `doing` when no tournament has this id.
std::string state_of(Connection& c, std::int64_t tournament_id, const std::string& doing)
{
    const Result rows = c.run("SELECT state FROM tournaments WHERE id = $1 FOR UPDATE", Params().add(tournament_id));
    if (rows.rows() == 0)
        throw tournament_refused(doing + " on PostgreSQL " + c.where() + ": no " + tournament_named(tournament_id));
    return rows.text(0, 0);
}

bool registered(Connection& c, std::int64_t tournament_id, const std::string& nick_key)
{
    return c.run("SELECT 1 FROM tournament_players WHERE tournament_id = $1 AND nick_key = $2",
                 Params().add(tournament_id).add(nick_key))
               .rows() > 0;
}

} // namespace

void write_tournament(Connection& c, const TournamentCreated& w)
{
    const std::string doing = "creating " + tournament_named(w.id) + " on PostgreSQL " + c.where();
    if (const auto problem = tournament_write_problem(w)) throw tournament_refused(doing + ": " + *problem);
    if (c.run("SELECT 1 FROM tournaments WHERE id = $1", Params().add(w.id)).rows() > 0)
        throw tournament_refused(doing + ": the id is taken");
    Params params;
    params.add(w.id).add(w.name).add(w.system).add(w.rounds).add(w.time_control_json).add(w.rated);
    params.add(w.director_nick).add(w.director_key).add(w.settings_json).add(w.created_at_ms);
    c.run("INSERT INTO tournaments (id, name, system, rounds, time_control, rated, director_nick, director_key, "
          "settings, state, created_at_ms) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'registering', $10)",
          params);
}

void write_tournament(Connection& c, const TournamentStateChanged& w)
{
    const std::string doing = "moving " + tournament_named(w.tournament_id) + " from " + w.from + " to " + w.to;
    if (const auto problem = tournament_write_problem(w))
        throw tournament_refused(doing + " on PostgreSQL " + c.where() + ": " + *problem);
    const std::string stored = state_of(c, w.tournament_id, doing);
    const Result changed =
        c.run("UPDATE tournaments SET state = $3, started_at_ms = CASE WHEN $3 = 'running' THEN "
              "COALESCE(started_at_ms, $4) ELSE started_at_ms END, finished_at_ms = CASE WHEN $3 = 'finished' THEN $4 "
              "ELSE finished_at_ms END WHERE id = $1 AND state = $2",
              Params().add(w.tournament_id).add(w.from).add(w.to).add(w.at_ms));
    if (changed.affected() != 1) throw tournament_refused(doing + " on PostgreSQL " + c.where() + ": it is " + stored);
}

void write_tournament(Connection& c, const TournamentPlayerJoined& w)
{
    const std::string doing = "registering " + w.nick + " for " + tournament_named(w.tournament_id);
    const std::string where = " on PostgreSQL " + c.where();
    if (state_of(c, w.tournament_id, doing) == "finished") throw tournament_refused(doing + where + ": it is finished");
    if (registered(c, w.tournament_id, w.nick_key)) throw tournament_refused(doing + where + ": registered already");
    if (w.first_round < 1) throw tournament_refused(doing + where + ": first round " + std::to_string(w.first_round));
    c.run("INSERT INTO tournament_players (tournament_id, nick_key, nick, entry, rating, first_round, joined_at_ms) "
          "VALUES ($1, $2, $3, (SELECT COALESCE(MAX(entry), 0) + 1 FROM tournament_players WHERE tournament_id = $1), "
          "$4, $5, $6)",
          Params().add(w.tournament_id).add(w.nick_key).add(w.nick).add(w.rating).add(w.first_round).add(w.at_ms));
}

void write_tournament(Connection& c, const TournamentPlayerWithdrawn& w)
{
    const Result withdrawn = c.run("UPDATE tournament_players SET withdrawn_from_round = $3 WHERE tournament_id = $1 "
                                   "AND nick_key = $2 AND withdrawn_from_round IS NULL",
                                   Params().add(w.tournament_id).add(w.nick_key).add(w.from_round));
    if (withdrawn.affected() != 1)
        throw tournament_refused("withdrawing " + w.nick_key + " from " + tournament_named(w.tournament_id) +
                                 " on PostgreSQL " + c.where() + ": not registered, or withdrawn already");
}

void write_tournament(Connection& c, const TournamentPlayerReadmitted& w)
{
    const Result readmitted = c.run("UPDATE tournament_players SET withdrawn_from_round = NULL WHERE tournament_id = "
                                    "$1 AND nick_key = $2 AND withdrawn_from_round IS NOT NULL",
                                    Params().add(w.tournament_id).add(w.nick_key));
    if (readmitted.affected() != 1)
        throw tournament_refused("re-admitting " + w.nick_key + " to " + tournament_named(w.tournament_id) +
                                 " on PostgreSQL " + c.where() + ": not registered, or not withdrawn");
}

void write_tournament(Connection& c, const TournamentByeRequested& w)
{
    const std::string doing = (w.round ? "a half-point bye in round " + std::to_string(*w.round) + " for "
                                       : std::string("taking back the bye request of ")) +
                              w.nick_key + " in " + tournament_named(w.tournament_id) + " on PostgreSQL " + c.where();
    if (w.round && *w.round < 1) throw tournament_refused(doing + ": there is no such round");
    Params params;
    params.add(w.tournament_id).add(w.nick_key);
    if (w.round)
        params.add(*w.round);
    else
        params.add_null();
    const Result requested = c.run("UPDATE tournament_players SET bye_round = $3 WHERE tournament_id = $1 AND "
                                   "nick_key = $2 AND withdrawn_from_round IS NULL",
                                   params);
    if (requested.affected() != 1) throw tournament_refused(doing + ": not registered, or withdrawn");
}

void write_tournament(Connection& c, const TournamentRoundPaired& w)
{
    const std::string doing = "pairing round " + std::to_string(w.round) + " of " + tournament_named(w.tournament_id) +
                              " on PostgreSQL " + c.where();
    if (const auto problem = tournament_write_problem(w)) throw tournament_refused(doing + ": " + *problem);
    const std::string state = state_of(c, w.tournament_id, doing);
    if (state != "running") throw tournament_refused(doing + ": it is " + state + ", not running");
    const std::int64_t last =
        c.query_int("SELECT COALESCE(MAX(round), 0) FROM tournament_rounds WHERE tournament_id = $1",
                    Params().add(w.tournament_id))
            .value_or(0);
    if (w.round != last + 1)
        throw tournament_refused(doing + ": the next round is " + std::to_string(last + 1) +
                                 " (no round is paired twice)");
    for (const TournamentPairing& p : w.pairings)
        for (const auto* key : {&p.white_key, p.black_key ? &*p.black_key : nullptr})
            if (key && !registered(c, w.tournament_id, *key))
                throw tournament_refused(doing + ": " + *key + " is not registered");
    c.run("INSERT INTO tournament_rounds (tournament_id, round, paired_at_ms) VALUES ($1, $2, $3)",
          Params().add(w.tournament_id).add(w.round).add(w.at_ms));
    for (const TournamentPairing& p : w.pairings) {
        Params params;
        params.add(w.tournament_id).add(w.round).add(p.board).add(p.white_key);
        if (p.black_key)
            params.add(*p.black_key).add_null();
        else
            params.add_null().add(*p.bye);
        c.run("INSERT INTO tournament_pairings (tournament_id, round, board, white_key, black_key, bye) VALUES ($1, "
              "$2, $3, $4, $5, $6)",
              params);
    }
}

void write_tournament(Connection& c, const TournamentGameStarted& w)
{
    const Result started =
        c.run("UPDATE tournament_pairings SET table_id = $4, game_id = $5 WHERE tournament_id = $1 AND round = $2 AND "
              "board = $3 AND black_key IS NOT NULL AND table_id IS NULL",
              Params().add(w.tournament_id).add(w.round).add(w.board).add(w.table_id).add(w.game_id));
    if (started.affected() != 1)
        throw tournament_refused("starting board " + std::to_string(w.board) + " of round " + std::to_string(w.round) +
                                 " of " + tournament_named(w.tournament_id) + " on PostgreSQL " + c.where() +
                                 ": no such game, or it has a table already");
}

void write_tournament(Connection& c, const TournamentResultRecorded& w)
{
    const std::string doing = "recording board " + std::to_string(w.board) + " of round " + std::to_string(w.round) +
                              " of " + tournament_named(w.tournament_id) + " on PostgreSQL " + c.where();
    if (const auto problem = tournament_write_problem(w)) throw tournament_refused(doing + ": " + *problem);
    const Result recorded =
        // A correction keeps the game's length and berserks ($6 NULL: not given).
        c.run("UPDATE tournament_pairings SET result = $4, plies = COALESCE($6, plies), white_berserk = white_berserk "
              "OR $7, black_berserk = black_berserk OR $8 WHERE tournament_id = $1 AND round = $2 AND board = $3 AND "
              "black_key IS NOT NULL AND ($5 OR result = 'pending')",
              Params()
                  .add(w.tournament_id)
                  .add(w.round)
                  .add(w.board)
                  .add(w.result)
                  .add(w.correction)
                  .add(w.plies ? std::optional<std::int64_t>(*w.plies) : std::nullopt)
                  .add(w.white_berserk)
                  .add(w.black_berserk));
    if (recorded.affected() != 1)
        throw tournament_refused(doing + ": no such game, or it has a result already (only a correction changes it)");
}

std::vector<TournamentRecord> read_tournaments(Connection& c)
{
    const Result rows = c.run(std::string("SELECT ") + tournament_columns + " FROM tournaments ORDER BY id DESC");
    std::vector<TournamentRecord> records;
    for (int row = 0; row < rows.rows(); ++row) records.push_back(read_tournament_row(rows, row));
    return records;
}

std::optional<TournamentLog> read_tournament(Connection& c, std::int64_t tournament_id)
{
    const Result found = c.run(std::string("SELECT ") + tournament_columns + " FROM tournaments WHERE id = $1",
                               Params().add(tournament_id));
    if (found.rows() == 0) return std::nullopt;
    TournamentLog log;
    log.tournament = read_tournament_row(found, 0);

    const Result players =
        c.run("SELECT entry, nick, nick_key, rating, first_round, withdrawn_from_round, joined_at_ms, bye_round "
              "FROM tournament_players WHERE tournament_id = $1 ORDER BY entry",
              Params().add(tournament_id));
    for (int row = 0; row < players.rows(); ++row) {
        TournamentPlayerRecord p;
        p.entry = static_cast<int>(players.integer(row, 0));
        p.nick = players.text(row, 1);
        p.nick_key = players.text(row, 2);
        p.rating = static_cast<int>(players.integer(row, 3));
        p.first_round = static_cast<int>(players.integer(row, 4));
        if (const auto from = players.optional_integer(row, 5)) p.withdrawn_from_round = static_cast<int>(*from);
        p.joined_at_ms = players.integer(row, 6);
        if (const auto bye = players.optional_integer(row, 7)) p.bye_round = static_cast<int>(*bye);
        log.players.push_back(std::move(p));
    }

    const Result rounds = c.run("SELECT round, paired_at_ms FROM tournament_rounds WHERE tournament_id = $1 ORDER BY "
                                "round",
                                Params().add(tournament_id));
    for (int row = 0; row < rounds.rows(); ++row)
        log.rounds.push_back(
            TournamentRoundRecord{static_cast<int>(rounds.integer(row, 0)), rounds.integer(row, 1), {}});

    const Result boards =
        c.run("SELECT round, board, white_key, black_key, bye, table_id, game_id, result, plies, "
              "white_berserk, black_berserk FROM tournament_pairings WHERE tournament_id = $1 ORDER BY round, board",
              Params().add(tournament_id));
    for (int row = 0; row < boards.rows(); ++row) {
        TournamentBoardRecord b;
        b.pairing.board = static_cast<int>(boards.integer(row, 1));
        b.pairing.white_key = boards.text(row, 2);
        if (!boards.is_null(row, 3)) b.pairing.black_key = boards.text(row, 3);
        if (!boards.is_null(row, 4)) b.pairing.bye = boards.text(row, 4);
        b.table_id = boards.optional_integer(row, 5);
        b.game_id = boards.optional_integer(row, 6);
        b.result = boards.text(row, 7);
        if (const auto plies = boards.optional_integer(row, 8)) b.plies = static_cast<int>(*plies);
        b.white_berserk = boards.boolean(row, 9);
        b.black_berserk = boards.boolean(row, 10);
        const auto round = static_cast<std::size_t>(boards.integer(row, 0));
        if (round >= 1 && round <= log.rounds.size()) log.rounds[round - 1].boards.push_back(std::move(b));
    }
    return log;
}

std::vector<TournamentRecord> PgStore::tournaments()
{
    return reading([&](Connection& c) { return read_tournaments(c); });
}

std::optional<TournamentLog> PgStore::tournament(std::int64_t tournament_id)
{
    return reading([&](Connection& c) { return read_tournament(c, tournament_id); });
}

} // namespace rochade::db::pg
