#include "db/sqlite/tournament_sql.h"

#include <string>

#include "db/sqlite/identity_sql.h"

namespace rochade::db {

namespace {

constexpr const char* tournament_columns =
    "id, name, system, rounds, time_control, rated, director_nick, director_key, "
    "settings, created_at_ms, state, started_at_ms, finished_at_ms";

TournamentRecord read_tournament_row(const Statement& row)
{
    TournamentRecord record;
    TournamentCreated& c = record.created;
    c.id = row.column_int(0);
    c.name = row.column_text(1);
    c.system = row.column_text(2);
    c.rounds = static_cast<int>(row.column_int(3));
    c.time_control_json = row.column_text(4);
    c.rated = row.column_int(5) != 0;
    c.director_nick = row.column_text(6);
    c.director_key = row.column_text(7);
    c.settings_json = row.column_text(8);
    c.created_at_ms = row.column_int(9);
    record.state = row.column_text(10);
    record.started_at_ms = row.column_optional_int(11);
    record.finished_at_ms = row.column_optional_int(12);
    return record;
}

std::string tournament_named(std::int64_t id) { return "tournament " + std::to_string(id); }

} // namespace

TournamentWrites::TournamentWrites(Database& db)
    : db_(db),
      created_(db.prepare("INSERT INTO tournaments (id, name, system, rounds, time_control, rated, director_nick, "
                          "director_key, settings, state, created_at_ms) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, "
                          "'registering', ?10)")),
      state_changed_(db.prepare("UPDATE tournaments SET state = ?3, started_at_ms = CASE WHEN ?3 = 'running' THEN "
                                "COALESCE(started_at_ms, ?4) ELSE started_at_ms END, finished_at_ms = CASE WHEN ?3 = "
                                "'finished' THEN ?4 ELSE finished_at_ms END WHERE id = ?1 AND state = ?2")),
      state_(db.prepare("SELECT state FROM tournaments WHERE id = ?1")),
      joined_(db.prepare("INSERT INTO tournament_players (tournament_id, nick_key, nick, entry, rating, first_round, "
                         "joined_at_ms) VALUES (?1, ?2, ?3, (SELECT COALESCE(MAX(entry), 0) + 1 FROM "
                         "tournament_players WHERE tournament_id = ?1), ?4, ?5, ?6)")),
      registered_(db.prepare("SELECT 1 FROM tournament_players WHERE tournament_id = ?1 AND nick_key = ?2")),
      withdrawn_(db.prepare("UPDATE tournament_players SET withdrawn_from_round = ?3 WHERE tournament_id = ?1 AND "
                            "nick_key = ?2 AND withdrawn_from_round IS NULL")),
      readmitted_(db.prepare("UPDATE tournament_players SET withdrawn_from_round = NULL WHERE tournament_id = ?1 AND "
                             "nick_key = ?2 AND withdrawn_from_round IS NOT NULL")),
      bye_requested_(db.prepare("UPDATE tournament_players SET bye_round = ?3 WHERE tournament_id = ?1 AND nick_key = "
                                "?2 AND withdrawn_from_round IS NULL")),
      last_round_(db.prepare("SELECT COALESCE(MAX(round), 0) FROM tournament_rounds WHERE tournament_id = ?1")),
      round_paired_(
          db.prepare("INSERT INTO tournament_rounds (tournament_id, round, paired_at_ms) VALUES (?1, ?2, ?3)")),
      board_paired_(db.prepare("INSERT INTO tournament_pairings (tournament_id, round, board, white_key, black_key, "
                               "bye) VALUES (?1, ?2, ?3, ?4, ?5, ?6)")),
      game_started_(db.prepare("UPDATE tournament_pairings SET table_id = ?4, game_id = ?5 WHERE tournament_id = ?1 "
                               "AND round = ?2 AND board = ?3 AND black_key IS NOT NULL AND table_id IS NULL")),
      // A correction keeps the game's length and berserks (?6 NULL: not given).
      result_recorded_(db.prepare("UPDATE tournament_pairings SET result = ?4, plies = COALESCE(?6, plies), "
                                  "white_berserk = MAX(white_berserk, ?7), black_berserk = MAX(black_berserk, ?8) "
                                  "WHERE tournament_id = ?1 AND round = ?2 "
                                  "AND board = ?3 AND black_key IS NOT NULL AND (?5 OR result = 'pending')"))
{
}

std::string TournamentWrites::state_of(std::int64_t tournament_id, const std::string& doing)
{
    state_.bind(1, tournament_id);
    const bool found = state_.step();
    const std::string state = found ? state_.column_text(0) : std::string();
    state_.reset();
    if (!found) throw RefusedWrite(doing + " on " + db_.path() + ": no " + tournament_named(tournament_id));
    return state;
}

bool TournamentWrites::registered(std::int64_t tournament_id, const std::string& nick_key)
{
    registered_.bind(1, tournament_id).bind(2, nick_key);
    const bool found = registered_.step();
    registered_.reset();
    return found;
}

void TournamentWrites::write(const TournamentCreated& w)
{
    const std::string doing = "creating " + tournament_named(w.id) + " on " + db_.path();
    if (const auto problem = tournament_write_problem(w)) throw RefusedWrite(doing + ": " + *problem);
    state_.bind(1, w.id);
    const bool taken = state_.step();
    state_.reset();
    if (taken) throw RefusedWrite(doing + ": the id is taken");
    created_.bind(1, w.id).bind(2, w.name).bind(3, w.system).bind(4, w.rounds).bind(5, w.time_control_json);
    created_.bind(6, w.rated ? 1 : 0).bind(7, w.director_nick).bind(8, w.director_key).bind(9, w.settings_json);
    created_.bind(10, w.created_at_ms).run();
}

void TournamentWrites::write(const TournamentStateChanged& w)
{
    const std::string doing = "moving " + tournament_named(w.tournament_id) + " from " + w.from + " to " + w.to;
    if (const auto problem = tournament_write_problem(w))
        throw RefusedWrite(doing + " on " + db_.path() + ": " + *problem);
    const std::string stored = state_of(w.tournament_id, doing);
    state_changed_.bind(1, w.tournament_id).bind(2, w.from).bind(3, w.to).bind(4, w.at_ms).run();
    if (db_.changes() != 1) throw RefusedWrite(doing + " on " + db_.path() + ": it is " + stored);
}

void TournamentWrites::write(const TournamentPlayerJoined& w)
{
    const std::string doing = "registering " + w.nick + " for " + tournament_named(w.tournament_id);
    const std::string state = state_of(w.tournament_id, doing);
    if (state == "finished") throw RefusedWrite(doing + " on " + db_.path() + ": it is finished");
    if (registered(w.tournament_id, w.nick_key))
        throw RefusedWrite(doing + " on " + db_.path() + ": registered already");
    if (w.first_round < 1)
        throw RefusedWrite(doing + " on " + db_.path() + ": first round " + std::to_string(w.first_round));
    joined_.bind(1, w.tournament_id).bind(2, w.nick_key).bind(3, w.nick).bind(4, w.rating).bind(5, w.first_round);
    joined_.bind(6, w.at_ms).run();
}

void TournamentWrites::write(const TournamentPlayerWithdrawn& w)
{
    withdrawn_.bind(1, w.tournament_id).bind(2, w.nick_key).bind(3, w.from_round).run();
    if (db_.changes() != 1)
        throw RefusedWrite("withdrawing " + w.nick_key + " from " + tournament_named(w.tournament_id) + " on " +
                           db_.path() + ": not registered, or withdrawn already");
}

void TournamentWrites::write(const TournamentPlayerReadmitted& w)
{
    readmitted_.bind(1, w.tournament_id).bind(2, w.nick_key).run();
    if (db_.changes() != 1)
        throw RefusedWrite("re-admitting " + w.nick_key + " to " + tournament_named(w.tournament_id) + " on " +
                           db_.path() + ": not registered, or not withdrawn");
}

void TournamentWrites::write(const TournamentByeRequested& w)
{
    const std::string doing = (w.round ? "a half-point bye in round " + std::to_string(*w.round) + " for "
                                       : std::string("taking back the bye request of ")) +
                              w.nick_key + " in " + tournament_named(w.tournament_id) + " on " + db_.path();
    if (w.round && *w.round < 1) throw RefusedWrite(doing + ": there is no such round");
    bye_requested_.bind(1, w.tournament_id).bind(2, w.nick_key);
    if (w.round)
        bye_requested_.bind(3, std::int64_t{*w.round});
    else
        bye_requested_.bind_null(3);
    bye_requested_.run();
    if (db_.changes() != 1) throw RefusedWrite(doing + ": not registered, or withdrawn");
}

void TournamentWrites::write(const TournamentRoundPaired& w)
{
    const std::string doing =
        "pairing round " + std::to_string(w.round) + " of " + tournament_named(w.tournament_id) + " on " + db_.path();
    if (const auto problem = tournament_write_problem(w)) throw RefusedWrite(doing + ": " + *problem);
    const std::string state = state_of(w.tournament_id, doing);
    if (state != "running") throw RefusedWrite(doing + ": it is " + state + ", not running");
    last_round_.bind(1, w.tournament_id);
    last_round_.step();
    const std::int64_t last = last_round_.column_int(0);
    last_round_.reset();
    if (w.round != last + 1)
        throw RefusedWrite(doing + ": the next round is " + std::to_string(last + 1) + " (no round is paired twice)");
    for (const TournamentPairing& p : w.pairings)
        for (const auto* key : {&p.white_key, p.black_key ? &*p.black_key : nullptr})
            if (key && !registered(w.tournament_id, *key))
                throw RefusedWrite(doing + ": " + *key + " is not registered");
    round_paired_.bind(1, w.tournament_id).bind(2, w.round).bind(3, w.at_ms).run();
    for (const TournamentPairing& p : w.pairings) {
        board_paired_.bind(1, w.tournament_id).bind(2, w.round).bind(3, p.board).bind(4, p.white_key);
        if (p.black_key)
            board_paired_.bind(5, *p.black_key).bind_null(6);
        else
            board_paired_.bind_null(5).bind(6, *p.bye);
        board_paired_.run();
    }
}

void TournamentWrites::write(const TournamentGameStarted& w)
{
    game_started_.bind(1, w.tournament_id).bind(2, w.round).bind(3, w.board).bind(4, w.table_id).bind(5, w.game_id);
    game_started_.run();
    if (db_.changes() != 1)
        throw RefusedWrite("starting board " + std::to_string(w.board) + " of round " + std::to_string(w.round) +
                           " of " + tournament_named(w.tournament_id) + " on " + db_.path() +
                           ": no such game, or it has a table already");
}

void TournamentWrites::write(const TournamentResultRecorded& w)
{
    const std::string doing = "recording board " + std::to_string(w.board) + " of round " + std::to_string(w.round) +
                              " of " + tournament_named(w.tournament_id) + " on " + db_.path();
    if (const auto problem = tournament_write_problem(w)) throw RefusedWrite(doing + ": " + *problem);
    result_recorded_.bind(1, w.tournament_id).bind(2, w.round).bind(3, w.board).bind(4, w.result);
    result_recorded_.bind(5, w.correction ? 1 : 0);
    if (w.plies)
        result_recorded_.bind(6, std::int64_t{*w.plies});
    else
        result_recorded_.bind_null(6);
    result_recorded_.bind(7, w.white_berserk ? 1 : 0).bind(8, w.black_berserk ? 1 : 0).run();
    if (db_.changes() != 1)
        throw RefusedWrite(doing + ": no such game, or it has a result already (only a correction changes it)");
}

std::vector<TournamentRecord> read_tournaments(Database& db)
{
    Statement rows = db.prepare(std::string("SELECT ") + tournament_columns + " FROM tournaments ORDER BY id DESC");
    std::vector<TournamentRecord> records;
    while (rows.step()) records.push_back(read_tournament_row(rows));
    return records;
}

std::optional<TournamentLog> read_tournament(Database& db, std::int64_t tournament_id)
{
    Statement row = db.prepare(std::string("SELECT ") + tournament_columns + " FROM tournaments WHERE id = ?1");
    row.bind(1, tournament_id);
    if (!row.step()) return std::nullopt;
    TournamentLog log;
    log.tournament = read_tournament_row(row);

    Statement players =
        db.prepare("SELECT entry, nick, nick_key, rating, first_round, withdrawn_from_round, joined_at_ms, bye_round "
                   "FROM tournament_players WHERE tournament_id = ?1 ORDER BY entry");
    players.bind(1, tournament_id);
    while (players.step()) {
        TournamentPlayerRecord p;
        p.entry = static_cast<int>(players.column_int(0));
        p.nick = players.column_text(1);
        p.nick_key = players.column_text(2);
        p.rating = static_cast<int>(players.column_int(3));
        p.first_round = static_cast<int>(players.column_int(4));
        if (const auto from = players.column_optional_int(5)) p.withdrawn_from_round = static_cast<int>(*from);
        p.joined_at_ms = players.column_int(6);
        if (const auto bye = players.column_optional_int(7)) p.bye_round = static_cast<int>(*bye);
        log.players.push_back(std::move(p));
    }

    Statement rounds =
        db.prepare("SELECT round, paired_at_ms FROM tournament_rounds WHERE tournament_id = ?1 ORDER BY round");
    rounds.bind(1, tournament_id);
    while (rounds.step())
        log.rounds.push_back(TournamentRoundRecord{static_cast<int>(rounds.column_int(0)), rounds.column_int(1), {}});

    Statement boards = db.prepare(
        "SELECT round, board, white_key, black_key, bye, table_id, game_id, result, plies, "
        "white_berserk, black_berserk FROM tournament_pairings WHERE tournament_id = ?1 ORDER BY round, board");
    boards.bind(1, tournament_id);
    while (boards.step()) {
        TournamentBoardRecord b;
        b.pairing.board = static_cast<int>(boards.column_int(1));
        b.pairing.white_key = boards.column_text(2);
        if (!boards.column_is_null(3)) b.pairing.black_key = boards.column_text(3);
        if (!boards.column_is_null(4)) b.pairing.bye = boards.column_text(4);
        b.table_id = boards.column_optional_int(5);
        b.game_id = boards.column_optional_int(6);
        b.result = boards.column_text(7);
        if (const auto plies = boards.column_optional_int(8)) b.plies = static_cast<int>(*plies);
        b.white_berserk = boards.column_int(9) != 0;
        b.black_berserk = boards.column_int(10) != 0;
        const auto round = static_cast<std::size_t>(boards.column_int(0));
        if (round >= 1 && round <= log.rounds.size()) log.rounds[round - 1].boards.push_back(std::move(b));
    }
    return log;
}

} // namespace rochade::db
