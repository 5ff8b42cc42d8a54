// The writes in PostgreSQL's SQL. Unlike db::SqliteWriter, nothing is kept in memory between
// transactions: a move's ply is checked against the stored moves by its own INSERT (the key
// (game_id, ply) makes MAX(ply) one index descent), so several nodes and a reconnect after a
// lost connection need no state rebuilt.
#include "db/pg/pg_writes.h"

#include <type_traits>

#include <nlohmann/json.hpp>

#include "db/game_query.h"
#include "db/pg/pg_api_tokens.h"
#include "db/pg/pg_open_challenges.h"
#include "db/pg/pg_tournaments.h"
#include "db/rating_records.h"
#include "db/rating_rules.h"
#include "protocol/nick.h"

namespace rochade::db::pg {

namespace {

DbError refused(const std::string& message) { return DbError(message, StoreFailure::Refused); }

// The game's stored owner epoch (schema version 2); nullopt for an unknown game.
std::optional<std::int64_t> stored_epoch(Connection& c, std::int64_t game_id)
{
    return c.query_int("SELECT owner_epoch FROM games WHERE id = $1", Params().add(game_id));
}

// A write of `game_id` with `epoch` that a newer owner epoch kept out; `what` as "storing ply 5
// of game".
DbError superseded(Connection& c, std::int64_t game_id, std::int64_t epoch, const std::string& what)
{
    return DbError(what + " " + std::to_string(game_id) + " failed on PostgreSQL " + c.where() +
                       ": another node has taken the game over (its owner epoch is " +
                       std::to_string(stored_epoch(c, game_id).value_or(0)) + ", this writer's " +
                       std::to_string(epoch) + ")",
                   StoreFailure::Superseded);
}

std::string category_text(rating::RatingCategory category) { return std::string(rating::category_name(category)); }

// A table chat line's writer ({"from", "text", "channel"}; server/table/table_chat.cpp), for the
// chat search: a line of any channel, the spectators' too.
std::optional<std::string> table_chat_writer(const TableEvent& event)
{
    if (event.kind != TableEventKind::TableChat && event.kind != TableEventKind::SpectatorChat) return std::nullopt;
    const auto detail = nlohmann::json::parse(event.detail_json, nullptr, false);
    if (!detail.is_object() || !detail.contains("from") || !detail["from"].is_string()) return std::nullopt;
    return detail["from"].get<std::string>();
}

// The statements the hot path sends in a pipeline: each one INSERT whose parameters are known
// before anything is read back (db/pg/pg_writer.cpp).
constexpr std::string_view game_started_sql =
    "INSERT INTO games (id, table_id, room, white, black, time_control, start_fen, white_ms, black_ms, "
    "started_at_ms, white_account, white_session, black_account, black_session, white_key, black_key, rated, "
    "category, owner_epoch, variant, chess960) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, "
    "$15, $16, $17, $18, $19, $20, $21)";
// Stored only as the next ply of a running game, and only while no newer owner epoch is stored
// (fencing, db/records.h GameClaimed); otherwise no row. FOR SHARE holds the game's row to the
// end of the transaction: a node's claim (an UPDATE of the row) waits until this move is
// committed and is then read with the game, or came first and this move sees its epoch (read
// committed re-checks a row changed since the statement began).
constexpr std::string_view move_played_sql =
    "INSERT INTO moves (game_id, ply, seq, uci, san, white_ms, black_ms, at_ms) "
    "SELECT $1::bigint, $2::integer, $3::bigint, $4::text, $5::text, $6::bigint, $7::bigint, $8::bigint "
    "WHERE EXISTS (SELECT 1 FROM games WHERE id = $1::bigint AND ended_at_ms IS NULL AND owner_epoch <= $9::bigint "
    "FOR SHARE) AND $2::integer = COALESCE((SELECT MAX(ply) FROM moves WHERE game_id = $1::bigint), 0) + 1";
// As a move: a game's event only while no newer owner epoch is stored (an unknown game passes the
// epoch and meets the foreign key); an event without a game always.
constexpr std::string_view table_event_sql =
    "INSERT INTO table_events (table_id, game_id, seq, kind, detail_json, at_ms, nick_key) "
    "SELECT $1::bigint, $2::bigint, $3::bigint, $4::text, $5::text, $6::bigint, $7::text "
    "WHERE $2::bigint IS NULL OR NOT EXISTS (SELECT 1 FROM games WHERE id = $2::bigint) "
    "OR EXISTS (SELECT 1 FROM games WHERE id = $2::bigint AND owner_epoch <= $8::bigint FOR SHARE)";
constexpr std::string_view room_chatted_sql =
    "INSERT INTO room_chat (room, nick, text, at_ms, nick_key) VALUES ($1, $2, $3, $4, $5)";

void check_game_started(Connection& c, const GameStarted& w)
{
    if (const auto why = why_start_cannot_be_rated(w))
        throw refused("storing the start of rated game " + std::to_string(w.game_id) + " failed on PostgreSQL " +
                      c.where() + ": " + *why);
}

Params game_started_params(const GameStarted& w)
{
    Params p;
    p.add(w.game_id).add(w.table_id).add(w.room).add(w.white).add(w.black).add(w.time_control_json);
    p.add(w.start_fen).add(w.white_ms).add(w.black_ms).add(w.started_at_ms);
    p.add(w.white_owner.account_id).add(w.white_owner.guest_session_id);
    p.add(w.black_owner.account_id).add(w.black_owner.guest_session_id);
    p.add(protocol::nick_key(w.white)).add(protocol::nick_key(w.black)).add(w.rated);
    if (w.category)
        p.add(rating::category_name(*w.category));
    else
        p.add_null();
    p.add(w.epoch).add(std::string(variant_text(w.variant)));
    if (w.chess960)
        p.add(std::int64_t{*w.chess960});
    else
        p.add_null();
    return p;
}

Params move_played_params(const MovePlayed& w)
{
    Params p;
    p.add(w.game_id).add(w.ply).add(w.seq).add(w.uci).add(w.san).add(w.white_ms).add(w.black_ms).add(w.at_ms);
    p.add(w.epoch);
    return p;
}

Params table_event_params(const TableEvent& w)
{
    Params p;
    p.add(w.table_id).add(w.game_id).add(w.seq).add(to_text(w.kind)).add(w.detail_json).add(w.at_ms);
    if (const auto writer = table_chat_writer(w))
        p.add(protocol::nick_key(*writer));
    else
        p.add_null();
    p.add(w.epoch);
    return p;
}

Params room_chatted_params(const RoomChatted& w)
{
    return Params().add(w.room).add(w.nick).add(w.text).add(w.at_ms).add(protocol::nick_key(w.nick));
}

// Why a move was not stored (its INSERT changed no row).
[[noreturn]] void refuse_move(Connection& c, const MovePlayed& w)
{
    const Result state = c.run("SELECT (SELECT ended_at_ms IS NULL FROM games WHERE id = $1), "
                               "(SELECT COALESCE(MAX(ply), 0) FROM moves WHERE game_id = $1), "
                               "(SELECT owner_epoch FROM games WHERE id = $1)",
                               Params().add(w.game_id));
    const std::string what = "storing ply " + std::to_string(w.ply) + " of game " + std::to_string(w.game_id) +
                             " failed on PostgreSQL " + c.where() + ": ";
    if (state.is_null(0, 0) || !state.boolean(0, 0))
        throw refused(what + "no running game has this id (unknown or ended)");
    if (state.integer(0, 2) > w.epoch)
        throw superseded(c, w.game_id, w.epoch, "storing ply " + std::to_string(w.ply) + " of game");
    const std::int64_t last = state.integer(0, 1);
    if (w.ply <= last) throw refused(what + "ply " + std::to_string(last) + " is stored already");
    throw refused(what + "the last stored ply is " + std::to_string(last) + ", not " + std::to_string(w.ply - 1));
}

// A takeback: the running game's moves after `plies_kept` go, under the same fencing as a move
// (the game's row held FOR UPDATE, so a claim waits for it or comes first and refuses it).
void take_back_moves(Connection& c, const MovesTakenBack& w)
{
    const std::string what = "taking game " + std::to_string(w.game_id) + " back to ply " +
                             std::to_string(w.plies_kept) + " failed on PostgreSQL " + c.where() + ": ";
    const Result game = c.run("SELECT ended_at_ms IS NULL, owner_epoch, "
                              "(SELECT COALESCE(MAX(ply), 0) FROM moves WHERE game_id = $1) "
                              "FROM games WHERE id = $1 FOR UPDATE",
                              Params().add(w.game_id));
    if (game.rows() != 1 || !game.boolean(0, 0)) throw refused(what + "no running game has this id (unknown or ended)");
    if (game.integer(0, 1) > w.epoch) throw superseded(c, w.game_id, w.epoch, "taking back moves of game");
    const std::int64_t last = game.integer(0, 2);
    if (w.plies_kept < 0 || w.plies_kept > last) throw refused(what + "its last stored ply is " + std::to_string(last));
    c.run("DELETE FROM moves WHERE game_id = $1 AND ply > $2", Params().add(w.game_id).add(w.plies_kept));
}

// Columns from `first` of the first row: games, wins, draws, losses.
GameCounts read_counts(const Result& row, int first)
{
    return GameCounts{static_cast<int>(row.integer(0, first)), static_cast<int>(row.integer(0, first + 1)),
                      static_cast<int>(row.integer(0, first + 2)), static_cast<int>(row.integer(0, first + 3))};
}

RatingStanding read_standing(Connection& c, std::int64_t account_id, rating::RatingCategory category)
{
    RatingStanding standing;
    standing.account_id = account_id;
    const Result row = c.run("SELECT rating, rd, volatility, games, wins, draws, losses, public_games, public_wins, "
                             "public_draws, public_losses, last_game_at_ms FROM ratings "
                             "WHERE account_id = $1 AND category = $2",
                             Params().add(account_id).add(category_text(category)));
    if (row.rows() == 1) {
        standing.value = rating::Rating{row.real(0, 0), row.real(0, 1), row.real(0, 2)};
        standing.all = read_counts(row, 3);
        standing.in_public_rooms = read_counts(row, 7);
        standing.last_game_at_ms = row.integer(0, 11);
    }
    return standing;
}

void write_standing(Connection& c, const RatingStanding& standing, rating::RatingCategory category)
{
    const GameCounts& all = standing.all;
    const GameCounts& shown = standing.in_public_rooms;
    Params s;
    s.add(standing.account_id).add(category_text(category)).add(standing.value.rating).add(standing.value.rd);
    s.add(standing.value.volatility).add(all.games).add(all.wins).add(all.draws).add(all.losses);
    s.add(shown.games).add(shown.wins).add(shown.draws).add(shown.losses).add(*standing.last_game_at_ms);
    c.run("INSERT INTO ratings (account_id, category, rating, rd, volatility, games, wins, draws, losses, "
          "public_games, public_wins, public_draws, public_losses, last_game_at_ms) VALUES ($1, $2, $3, $4, $5, "
          "$6, $7, $8, $9, $10, $11, $12, $13, $14) ON CONFLICT (account_id, category) DO UPDATE SET "
          "rating = excluded.rating, rd = excluded.rd, volatility = excluded.volatility, games = excluded.games, "
          "wins = excluded.wins, draws = excluded.draws, losses = excluded.losses, "
          "public_games = excluded.public_games, public_wins = excluded.public_wins, "
          "public_draws = excluded.public_draws, public_losses = excluded.public_losses, "
          "last_game_at_ms = excluded.last_game_at_ms",
          s);
}

void write_change(Connection& c, const RatingChange& change)
{
    Params p;
    p.add(change.game_id).add(change.account_id).add(change.white).add(category_text(change.category));
    p.add(change.before.rating).add(change.before.rd).add(change.before.volatility);
    p.add(change.after.rating).add(change.after.rd).add(change.after.volatility).add(change.at_ms);
    c.run("INSERT INTO rating_changes (game_id, account_id, white, category, rating_before, rd_before, "
          "volatility_before, rating_after, rd_after, volatility_after, at_ms) VALUES ($1, $2, $3, $4, $5, $6, "
          "$7, $8, $9, $10, $11)",
          p);
}

// db::RatingWrites::rate_ended_game in PostgreSQL: the rules of db/rating_rules.h between this
// SQL's reads and writes, in the end's transaction.
void rate_ended_game(Connection& c, const GameEnded& ended)
{
    if (!white_result(ended.result)) return;
    const Result row = c.run("SELECT rated, " + std::string(rating_category_column) +
                                 ", white_account, black_account, room > 0 FROM games WHERE id = $1",
                             Params().add(ended.game_id));
    if (row.rows() != 1) return;
    GameToRate game;
    game.rated = row.boolean(0, 0);
    if (!row.is_null(0, 1)) game.category = rating::category_named(row.text(0, 1));
    game.white_account = row.optional_integer(0, 2);
    game.black_account = row.optional_integer(0, 3);
    game.public_room = row.boolean(0, 4);
    const auto end = rated_end(ended, game);
    if (!end) return;

    // Another node may be rating a game of the same player: the two accounts' rows are locked,
    // in id order (no deadlock), until this transaction ends, so their ratings are read and
    // written by one transaction at a time.
    c.run("SELECT id FROM accounts WHERE id IN ($1, $2) ORDER BY id FOR UPDATE",
          Params().add(end->accounts[0]).add(end->accounts[1]));

    const RatedEndWrites writes = rate_end(
        *end, {read_standing(c, end->accounts[0], end->category), read_standing(c, end->accounts[1], end->category)});
    for (int side = 0; side < 2; ++side) {
        write_standing(c, writes.standings[side], end->category);
        write_change(c, writes.changes[side]);
    }
}

void write_game_ended(Connection& c, const GameEnded& w)
{
    Params p;
    p.add(w.game_id).add(w.ended_at_ms).add(to_text(w.result)).add(to_text(w.termination)).add(w.detail_json);
    p.add(w.white_ms);
    p.add(w.black_ms).add(w.epoch);
    // Only a game without an end: an end is stored once (a rated game is rated once with it).
    const Result updated = c.run("UPDATE games SET ended_at_ms = $2, result = $3, termination = $4, end_detail = $5, "
                                 "final_white_ms = $6, final_black_ms = $7 WHERE id = $1 AND ended_at_ms IS NULL "
                                 "AND owner_epoch <= $8",
                                 p);
    if (updated.affected() != 1 && stored_epoch(c, w.game_id).value_or(0) > w.epoch)
        throw superseded(c, w.game_id, w.epoch, "recording the end of game");
    if (updated.affected() != 1)
        throw refused("recording the end of game " + std::to_string(w.game_id) + " failed on PostgreSQL " + c.where() +
                      ": game " + std::to_string(w.game_id) + " has ended already or does not exist");
    rate_ended_game(c, w);
}

void claim_game(Connection& c, const GameClaimed& w)
{
    const Result claimed = c.run("UPDATE games SET owner_epoch = $2 WHERE id = $1 AND ended_at_ms IS NULL "
                                 "AND owner_epoch < $2",
                                 Params().add(w.game_id).add(w.epoch));
    if (claimed.affected() == 1) return;
    const std::string what = "claiming game " + std::to_string(w.game_id) + " with owner epoch " +
                             std::to_string(w.epoch) + " failed on PostgreSQL " + c.where() + ": ";
    const Result game =
        c.run("SELECT owner_epoch, ended_at_ms IS NOT NULL FROM games WHERE id = $1", Params().add(w.game_id));
    if (game.rows() == 0) throw refused(what + "no game has this id");
    if (game.boolean(0, 1)) throw refused(what + "the game has ended");
    throw DbError(what + "another node claimed it with epoch " + std::to_string(game.integer(0, 0)) + " already",
                  StoreFailure::Superseded);
}

// ---- identity (db/sqlite/identity_sql.cpp) --------------------------------------------------------

void write_identity(Connection& c, const AccountCreated& w)
{
    // The unique nick_key and nick_skeleton are the arbiters (as db/sqlite/identity_sql.cpp says); ON
    // CONFLICT, on either, keeps the transaction usable.
    const std::string skeleton = protocol::nick_skeleton(w.nick);
    const Result inserted =
        c.run("INSERT INTO accounts (nick, nick_key, nick_skeleton, password_hash, role, created_at_ms, "
              "password_changed_at_ms) VALUES ($1, $2, $3, $4, $5, $6, $6) ON CONFLICT DO NOTHING",
              Params()
                  .add(w.nick)
                  .add(w.nick_key)
                  .add(skeleton)
                  .add(w.password_hash)
                  .add(protocol::role_name(w.role))
                  .add(w.at_ms));
    if (inserted.affected() != 1) {
        const std::string what = "creating account '" + w.nick + "' on PostgreSQL " + c.where();
        const Result look_alike = c.run("SELECT nick, nick_key = $2 FROM accounts WHERE nick_key = $2 OR "
                                        "nick_skeleton = $1 ORDER BY nick_key = $2 DESC LIMIT 1",
                                        Params().add(skeleton).add(w.nick_key));
        if (look_alike.rows() == 1 && !look_alike.boolean(0, 1))
            throw refused(what + ": the nick is too similar to the registered nick '" + look_alike.text(0, 0) + "'");
        throw refused(what + ": the nick is registered");
    }
    // A registered nick ends every guest session that held it or a look-alike (as
    // db/sqlite/identity_sql.cpp does).
    const Result live = c.run("SELECT id, nick FROM sessions WHERE account_id IS NULL AND ended_at_ms IS NULL");
    for (int row = 0; row < live.rows(); ++row) {
        if (protocol::nick_skeleton(live.text(row, 1)) != skeleton) continue;
        const std::int64_t session = live.integer(row, 0);
        c.run("DELETE FROM session_tokens WHERE session_id = $1", Params().add(session));
        c.run("UPDATE sessions SET ended_at_ms = $2 WHERE id = $1 AND ended_at_ms IS NULL",
              Params().add(session).add(w.at_ms));
    }
}

void write_identity(Connection& c, const PasswordChanged& w)
{
    const Result updated = c.run("UPDATE accounts SET password_hash = $2, password_changed_at_ms = $3 WHERE id = $1",
                                 Params().add(w.account_id).add(w.password_hash).add(w.at_ms));
    if (updated.affected() != 1)
        throw refused("changing the password of account " + std::to_string(w.account_id) + " on PostgreSQL " +
                      c.where() + ": no such account");
    c.run("DELETE FROM session_tokens WHERE session_id IN (SELECT id FROM sessions WHERE account_id = $1)",
          Params().add(w.account_id));
    c.run("UPDATE sessions SET ended_at_ms = $2 WHERE account_id = $1 AND ended_at_ms IS NULL",
          Params().add(w.account_id).add(w.at_ms));
}

void write_identity(Connection& c, const RoleChanged& w)
{
    const Result updated = c.run("UPDATE accounts SET role = $2 WHERE id = $1",
                                 Params().add(w.account_id).add(protocol::role_name(w.role)));
    if (updated.affected() != 1)
        throw refused("changing the role of account " + std::to_string(w.account_id) + " on PostgreSQL " + c.where() +
                      ": no such account");
}

void write_identity(Connection& c, const ChallengePolicyChanged& w)
{
    const Result updated =
        c.run("UPDATE accounts SET challenge_policy = $2 WHERE id = $1",
              Params().add(w.account_id).add(std::string(protocol::challenge_policy_name(w.policy))));
    if (updated.affected() != 1)
        throw refused("changing the challenge setting of account " + std::to_string(w.account_id) + " on PostgreSQL " +
                      c.where() + ": no such account");
}

void write_identity(Connection& c, const SessionStarted& w)
{
    c.run("INSERT INTO sessions (id, account_id, nick, created_at_ms, expires_at_ms) VALUES ($1, $2, $3, $4, $5)",
          Params().add(w.session_id).add(w.account_id).add(w.nick).add(w.created_at_ms).add(w.expires_at_ms));
}

void write_identity(Connection& c, const SessionTokenIssued& w)
{
    c.run(
        "INSERT INTO session_tokens (hash, session_id, kind, issued_at_ms, last_used_at_ms, expires_at_ms) "
        "VALUES ($1, $2, $3, $4, $4, $5)",
        Params().add(w.hash).add(w.session_id).add(static_cast<int>(w.kind)).add(w.issued_at_ms).add(w.expires_at_ms));
}

void write_identity(Connection& c, const SessionTokenSpent& w)
{
    if (w.retired_until_ms > w.at_ms) {
        // The session's older retired token goes: a later token of it is spent now.
        c.run("DELETE FROM retired_tokens WHERE session_id = (SELECT session_id FROM session_tokens WHERE hash = $1)",
              Params().add(w.hash));
        c.run("INSERT INTO retired_tokens (hash, session_id, until_ms) SELECT hash, session_id, $2 "
              "FROM session_tokens WHERE hash = $1 AND kind = 1",
              Params().add(w.hash).add(w.retired_until_ms));
    }
    const Result deleted =
        c.run("DELETE FROM session_tokens WHERE hash = $1 AND kind = 1 AND expires_at_ms > $2 AND session_id IN "
              "(SELECT id FROM sessions WHERE ended_at_ms IS NULL AND expires_at_ms > $2)",
              Params().add(w.hash).add(w.at_ms));
    if (deleted.affected() != 1)
        throw refused("spending a resume token on PostgreSQL " + c.where() + ": unknown, spent already or expired");
}

void write_identity(Connection& c, const RetiredTokenReused& w)
{
    const Result retired = c.run("SELECT r.session_id FROM retired_tokens r JOIN sessions s ON s.id = r.session_id "
                                 "WHERE r.hash = $1 AND r.until_ms > $2 AND s.ended_at_ms IS NULL AND "
                                 "s.expires_at_ms > $2 FOR UPDATE OF r",
                                 Params().add(w.hash).add(w.at_ms));
    if (retired.rows() == 0)
        throw refused("resuming with a retired token on PostgreSQL " + c.where() +
                      ": unknown, its time is over, or a later token was used");
    // The successor whose answer was lost.
    c.run("DELETE FROM session_tokens WHERE session_id = $1 AND kind = 1", Params().add(retired.integer(0, 0)));
}

void write_identity(Connection& c, const SessionTokenTouched& w)
{
    c.run("UPDATE session_tokens SET last_used_at_ms = $2, expires_at_ms = $3 WHERE hash = $1 AND expires_at_ms > $2",
          Params().add(w.hash).add(w.at_ms).add(w.expires_at_ms));
}

void write_identity(Connection& c, const SessionEnded& w)
{
    c.run("DELETE FROM session_tokens WHERE session_id = $1", Params().add(w.session_id));
    c.run("DELETE FROM retired_tokens WHERE session_id = $1", Params().add(w.session_id));
    c.run("UPDATE sessions SET ended_at_ms = $2 WHERE id = $1 AND ended_at_ms IS NULL",
          Params().add(w.session_id).add(w.at_ms));
}

void write_identity(Connection& c, const ExpiredSessionsPruned& w)
{
    c.run("DELETE FROM session_tokens WHERE expires_at_ms <= $1", Params().add(w.at_ms));
    c.run("UPDATE sessions SET ended_at_ms = $1 WHERE ended_at_ms IS NULL AND expires_at_ms <= $1",
          Params().add(w.at_ms));
    c.run("DELETE FROM session_tokens WHERE session_id IN (SELECT id FROM sessions WHERE ended_at_ms IS NOT NULL)");
    c.run("DELETE FROM retired_tokens WHERE until_ms <= $1 OR session_id IN (SELECT id FROM sessions WHERE "
          "ended_at_ms IS NOT NULL)",
          Params().add(w.at_ms));
}

// ---- moderation (db/sqlite/moderation_sql.cpp) ----------------------------------------------------

void write_moderation(Connection& c, const ModerationLogged& w)
{
    Params p;
    p.add(w.at_ms).add(w.actor_account).add(w.actor_nick).add(protocol::nick_key(w.actor_nick)).add(w.actor_role);
    p.add(w.action).add(w.target).add(protocol::nick_key(w.target)).add(w.reason).add(w.until_ms).add(w.refused);
    p.add(w.detail_json);
    c.run("INSERT INTO moderation_log (at_ms, actor_account, actor_nick, actor_key, actor_role, action, target, "
          "target_key, reason, until_ms, refused, detail_json) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, "
          "$11, $12)",
          p);
}

void write_moderation(Connection& c, const SanctionSet& w)
{
    Params p;
    p.add(sanction_kind_name(w.kind)).add(w.target_key).add(w.room).add(w.target).add(w.until_ms).add(w.reason);
    p.add(w.by_nick).add(w.at_ms);
    c.run("INSERT INTO sanctions (kind, target_key, room, target, until_ms, reason, by_nick, at_ms) VALUES ($1, $2, "
          "$3, $4, $5, $6, $7, $8) ON CONFLICT (kind, target_key, room) DO UPDATE SET target = excluded.target, "
          "until_ms = excluded.until_ms, reason = excluded.reason, by_nick = excluded.by_nick, at_ms = excluded.at_ms",
          p);
}

void write_moderation(Connection& c, const SanctionLifted& w)
{
    c.run("DELETE FROM sanctions WHERE kind = $1 AND target_key = $2 AND room = $3",
          Params().add(sanction_kind_name(w.kind)).add(w.target_key).add(w.room));
}

// One per finished game, never replaced: the game's row is held (FOR SHARE) while the analysis
// is written, and the primary key refuses a second.
void write_analysis(Connection& c, const GameAnalyzed& w)
{
    const std::string doing =
        "storing the analysis of game " + std::to_string(w.game_id) + " on PostgreSQL " + c.where();
    if (w.evaluations.empty()) throw refused(doing + ": it has no evaluations");
    const Result game =
        c.run("SELECT ended_at_ms IS NOT NULL FROM games WHERE id = $1 FOR SHARE", Params().add(w.game_id));
    if (game.rows() == 0) throw refused(doing + ": there is no such game");
    if (game.text(0, 0) != "t") throw refused(doing + ": the game is not finished");
    const Result inserted =
        c.run("INSERT INTO game_analyses (game_id, account_id, at_ms, evaluations) VALUES "
              "($1, $2, $3, $4) ON CONFLICT (game_id) DO NOTHING",
              Params().add(w.game_id).add(w.account_id).add(w.at_ms).add(evaluations_text(w.evaluations)));
    if (inserted.affected() != 1) throw refused(doing + ": it has an analysis already");
}

} // namespace

void apply_write(Connection& c, const Write& record)
{
    std::visit(
        [&c](const auto& w) {
            using T = std::decay_t<decltype(w)>;
            if constexpr (std::is_same_v<T, GameStarted>) {
                check_game_started(c, w);
                c.run(game_started_sql, game_started_params(w));
            } else if constexpr (std::is_same_v<T, MovePlayed>) {
                if (c.run(move_played_sql, move_played_params(w)).affected() != 1) refuse_move(c, w);
            } else if constexpr (std::is_same_v<T, TableEvent>) {
                if (c.run(table_event_sql, table_event_params(w)).affected() != 1)
                    throw superseded(c, w.game_id.value_or(0), w.epoch,
                                     "storing event " + std::to_string(w.seq) + " of game");
            } else if constexpr (std::is_same_v<T, GameEnded>) {
                write_game_ended(c, w);
            } else if constexpr (std::is_same_v<T, GameClaimed>) {
                claim_game(c, w);
            } else if constexpr (std::is_same_v<T, MovesTakenBack>) {
                take_back_moves(c, w);
            } else if constexpr (std::is_same_v<T, RoomChatted>) {
                c.run(room_chatted_sql, room_chatted_params(w));
            } else if constexpr (std::is_same_v<T, IdBlockReserved>) {
                // Only upward: a lower next_free changes no row, and is refused.
                // Only upward, and from `from` when given (two nodes reserving at once: one wins).
                const Result reserved =
                    c.run("INSERT INTO id_blocks (name, next_free) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET "
                          "next_free = excluded.next_free WHERE excluded.next_free >= id_blocks.next_free "
                          "AND ($3::bigint IS NULL OR id_blocks.next_free = $3::bigint)",
                          Params().add(w.name).add(w.next_free).add(w.from));
                if (reserved.affected() != 1)
                    throw refused("reserving " + w.name + " ids below " + std::to_string(w.next_free) +
                                  " failed on PostgreSQL " + c.where() + ": " +
                                  (w.from ? "the next free id is not " + std::to_string(*w.from) +
                                                " any more (reserved by another node meanwhile)"
                                          : std::string("a higher next free id is stored already")));
            } else if constexpr (is_identity_write<T>) {
                write_identity(c, w);
            } else if constexpr (is_moderation_write<T>) {
                write_moderation(c, w);
            } else if constexpr (is_open_challenge_write<T>) {
                write_open_challenge(c, w);
            } else if constexpr (is_tournament_write<T>) {
                write_tournament(c, w);
            } else if constexpr (is_api_token_write<T>) {
                write_api_token(c, w);
            } else if constexpr (std::is_same_v<T, GameAnalyzed>) {
                write_analysis(c, w);
            }
        },
        record);
}

} // namespace rochade::db::pg

namespace rochade::db::pg {

std::optional<PipelinedWrite> pipelined_write(Connection& c, const Write& record)
{
    if (const auto* w = std::get_if<GameStarted>(&record)) {
        check_game_started(c, *w);
        return PipelinedWrite{{game_started_sql, game_started_params(*w)}, false};
    }
    if (const auto* w = std::get_if<MovePlayed>(&record))
        return PipelinedWrite{{move_played_sql, move_played_params(*w)}, true};
    if (const auto* w = std::get_if<TableEvent>(&record))
        return PipelinedWrite{{table_event_sql, table_event_params(*w)}, true};
    if (const auto* w = std::get_if<RoomChatted>(&record))
        return PipelinedWrite{{room_chatted_sql, room_chatted_params(*w)}, false};
    return std::nullopt;
}

} // namespace rochade::db::pg
