// The SQL of each rung of the SQLite schema's ladder (schema_ladder.h). Rungs are never edited
// once released (a released database already ran them), only new rungs are added.
#include <array>
#include <string_view>

#include "db/sqlite/schema_ladder.h"

namespace rochade::db {

namespace {

// Version 1: games, their moves, every table event, room chat and resume tokens.
// Clock values are remaining milliseconds; *_at_ms are wall-clock Unix milliseconds.
constexpr std::string_view schema_v1 = R"sql(
CREATE TABLE games (
    id              INTEGER PRIMARY KEY,
    table_id        INTEGER NOT NULL,
    room            INTEGER NOT NULL,
    white           TEXT    NOT NULL,
    black           TEXT    NOT NULL,
    time_control    TEXT    NOT NULL,
    start_fen       TEXT    NOT NULL,
    white_ms        INTEGER NOT NULL,
    black_ms        INTEGER NOT NULL,
    started_at_ms   INTEGER NOT NULL,
    ended_at_ms     INTEGER,
    result          TEXT,
    termination     TEXT,
    end_detail      TEXT,
    final_white_ms  INTEGER,
    final_black_ms  INTEGER
);
-- Restoring after a restart looks for games without an end.
CREATE INDEX games_unfinished ON games (id) WHERE ended_at_ms IS NULL;
CREATE INDEX games_by_table ON games (table_id);

CREATE TABLE moves (
    game_id   INTEGER NOT NULL REFERENCES games (id),
    ply       INTEGER NOT NULL,
    seq       INTEGER NOT NULL,
    uci       TEXT    NOT NULL,
    san       TEXT    NOT NULL,
    white_ms  INTEGER NOT NULL,
    black_ms  INTEGER NOT NULL,
    at_ms     INTEGER NOT NULL,
    PRIMARY KEY (game_id, ply)
) WITHOUT ROWID;

CREATE TABLE table_events (
    id           INTEGER PRIMARY KEY,
    table_id     INTEGER NOT NULL,
    game_id      INTEGER REFERENCES games (id),
    seq          INTEGER NOT NULL,
    kind         TEXT    NOT NULL,
    detail_json  TEXT    NOT NULL,
    at_ms        INTEGER NOT NULL
);
-- A game's log reads its events in seq order; a restored table needs its highest seq.
CREATE INDEX table_events_by_game ON table_events (game_id, seq);
CREATE INDEX table_events_by_table ON table_events (table_id, seq);

CREATE TABLE room_chat (
    id     INTEGER PRIMARY KEY,
    room   INTEGER NOT NULL,
    nick   TEXT    NOT NULL,
    text   TEXT    NOT NULL,
    at_ms  INTEGER NOT NULL
);
CREATE INDEX room_chat_by_room ON room_chat (room, at_ms);

CREATE TABLE resume_tokens (
    token         TEXT PRIMARY KEY,
    nick          TEXT    NOT NULL,
    issued_at_ms  INTEGER NOT NULL
) WITHOUT ROWID;
)sql";

// Version 2: moves are stored in the order they are played. Version 1 kept them in a table
// keyed by (game_id, ply), so a group commit of moves from N games dirtied about N leaf pages,
// each a 4 KiB WAL frame that the checkpoint then copied again. A rowid table puts every new
// row on its last page; the index on (game_id, ply) that reads a game back has ~12-byte
// entries, so many games share a leaf and the same commit dirties a fraction of the pages.
// SQLite cannot change a table's key in place: the rows are copied into a new table in key
// order, the old one is dropped and the new one takes its name (SQLite's documented way).
constexpr std::string_view schema_v2 = R"sql(
CREATE TABLE moves_v2 (
    id        INTEGER PRIMARY KEY,
    game_id   INTEGER NOT NULL REFERENCES games (id),
    ply       INTEGER NOT NULL,
    seq       INTEGER NOT NULL,
    uci       TEXT    NOT NULL,
    san       TEXT    NOT NULL,
    white_ms  INTEGER NOT NULL,
    black_ms  INTEGER NOT NULL,
    at_ms     INTEGER NOT NULL
);
INSERT INTO moves_v2 (game_id, ply, seq, uci, san, white_ms, black_ms, at_ms)
    SELECT game_id, ply, seq, uci, san, white_ms, black_ms, at_ms FROM moves ORDER BY game_id, ply;
DROP TABLE moves;
ALTER TABLE moves_v2 RENAME TO moves;
-- A game's moves by ply; also what keeps a ply from being stored twice.
CREATE UNIQUE INDEX moves_by_game ON moves (game_id, ply);
)sql";

// Version 3: a game's moves are found through a chain instead of an index. With the unique
// index of version 2, every move also added an entry to (game_id, ply), and the entries of the
// games running at once sit in different leaves, so a group commit of N games' moves still
// dirtied about N index pages (1.09 WAL pages per move at 1,000 games). Without it, a commit
// appends its moves to the table's last pages and nothing else.
// - moves.prev_id: the row id of the same game's previous move (NULL for its first), so a
//   finished game is read back from its last move, one row-id lookup per ply.
// - games.moves_after_id: every move of the game has a larger row id (the largest one when the
//   game started), so a running game's moves are the matching rows of one row-id range scan.
// - games.last_move_id and games.plies: written with the game's end.
// The writer keeps each running game's last ply and row id in memory; it, not an index, now
// refuses a ply stored twice (db/sqlite/sqlite_writer.cpp).
constexpr std::string_view schema_v3 = R"sql(
ALTER TABLE moves ADD COLUMN prev_id INTEGER;
UPDATE moves SET prev_id = (SELECT p.id FROM moves p WHERE p.game_id = moves.game_id AND p.ply = moves.ply - 1);
ALTER TABLE games ADD COLUMN moves_after_id INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN last_move_id INTEGER;
ALTER TABLE games ADD COLUMN plies INTEGER;
UPDATE games SET moves_after_id =
    COALESCE((SELECT MIN(m.id) FROM moves m WHERE m.game_id = games.id), (SELECT MAX(id) FROM moves) + 1, 1) - 1;
UPDATE games SET last_move_id = (SELECT m.id FROM moves m WHERE m.game_id = games.id ORDER BY m.ply DESC LIMIT 1),
                 plies = (SELECT COUNT(*) FROM moves m WHERE m.game_id = games.id)
    WHERE ended_at_ms IS NOT NULL;
DROP INDEX moves_by_game;
)sql";

// Version 4: accounts, sessions and store-issued ids.
// - accounts: a registered nick belongs to its account; `nick_key` is the folded nick
//   (protocol::nick_key), unique. `password_hash` is libsodium's crypto_pwhash_str output
//   ("$argon2id$..."); no password is ever stored.
// - sessions: one per login or guest hello. Its id comes from id_blocks and is never reused;
//   a guest's seats belong to it, an account's seats to the account.
// - session_tokens: the secrets that name a session, stored only as a hash (hex BLAKE2b-256 of the
//   token). A resume token (kind 1) is spent by its use; a cookie token (kind 2) lives until its
//   idle or absolute expiry or the session's end. Expired rows are pruned by the server.
// - id_blocks: the next table, game and session id not yet handed out. The server reserves ids in blocks
//   ahead of use, so no id is handed out twice, whatever happens between reservation and use.
// - games.{white,black}_{account,session}: who sat there, so a restored seat belongs to its
//   player, not to whoever says the nick.
// - resume_tokens goes: it kept tokens in clear and named a nick, not a session. Its tokens are
//   not carried over (whoever held one says hello anew).
constexpr std::string_view schema_v4 = R"sql(
CREATE TABLE accounts (
    id                      INTEGER PRIMARY KEY AUTOINCREMENT,
    nick                    TEXT    NOT NULL,
    nick_key                TEXT    NOT NULL UNIQUE,
    password_hash           TEXT    NOT NULL,
    role                    TEXT    NOT NULL DEFAULT 'player' CHECK (role IN ('player', 'moderator', 'admin')),
    created_at_ms           INTEGER NOT NULL,
    password_changed_at_ms  INTEGER NOT NULL
);

CREATE TABLE sessions (
    id             INTEGER PRIMARY KEY,
    account_id     INTEGER REFERENCES accounts (id),
    nick           TEXT    NOT NULL,
    created_at_ms  INTEGER NOT NULL,
    expires_at_ms  INTEGER NOT NULL,
    ended_at_ms    INTEGER
);
CREATE INDEX sessions_by_account ON sessions (account_id) WHERE account_id IS NOT NULL;
-- A guest nick is held by its live sessions: another guest may not take it meanwhile.
CREATE INDEX sessions_live_guests ON sessions (nick) WHERE account_id IS NULL AND ended_at_ms IS NULL;

CREATE TABLE session_tokens (
    hash             TEXT    PRIMARY KEY,
    session_id       INTEGER NOT NULL REFERENCES sessions (id),
    kind             INTEGER NOT NULL CHECK (kind IN (1, 2)),
    issued_at_ms     INTEGER NOT NULL,
    last_used_at_ms  INTEGER NOT NULL,
    expires_at_ms    INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX session_tokens_by_session ON session_tokens (session_id);
CREATE INDEX session_tokens_by_expiry ON session_tokens (expires_at_ms);

CREATE TABLE id_blocks (
    name       TEXT    PRIMARY KEY,
    next_free  INTEGER NOT NULL
) WITHOUT ROWID;
INSERT INTO id_blocks (name, next_free) SELECT 'game', COALESCE(MAX(id), 0) + 1 FROM games;
INSERT INTO id_blocks (name, next_free)
    SELECT 'table', COALESCE(MAX(t), 0) + 1 FROM (SELECT MAX(table_id) AS t FROM games
                                                  UNION ALL SELECT MAX(table_id) FROM table_events);
INSERT INTO id_blocks (name, next_free) VALUES ('session', 1);

ALTER TABLE games ADD COLUMN white_account INTEGER REFERENCES accounts (id);
ALTER TABLE games ADD COLUMN white_session INTEGER REFERENCES sessions (id);
ALTER TABLE games ADD COLUMN black_account INTEGER REFERENCES accounts (id);
ALTER TABLE games ADD COLUMN black_session INTEGER REFERENCES sessions (id);

DROP TABLE resume_tokens;
)sql";

// Version 5: searching the games (the admin's game logs, StoreReader::find_games).
// - games.{white,black}_key: the folded nick of each side (protocol::nick_key, as accounts keep
//   theirs), so "JÜRGEN" finds Jürgen's games through an index. The writer fills them with the
//   game's start; SQL cannot fold Latin letters (lower() knows ASCII only), so the upgrade fills
//   the existing rows in C++ (fill_nick_keys below).
// - indexes that serve the search newest first and page by (started_at_ms, id): per side's key,
//   per room, and by start time alone (dates, or no filter). A game row is written twice (start
//   and end), so these cost the move path nothing; moves get no index.
constexpr std::string_view schema_v5 = R"sql(
ALTER TABLE games ADD COLUMN white_key TEXT NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN black_key TEXT NOT NULL DEFAULT '';
CREATE INDEX games_by_white_key ON games (white_key, started_at_ms, id);
CREATE INDEX games_by_black_key ON games (black_key, started_at_ms, id);
CREATE INDEX games_by_room ON games (room, started_at_ms, id);
CREATE INDEX games_by_start ON games (started_at_ms, id);
)sql";

// Version 6: the admin's desk.
// - moderation_log: the audit log of moderators' actions and of refused attempts. Append-only:
//   triggers refuse an UPDATE or DELETE, so not even a bug in the server can rewrite history.
//   actor_key and target_key are the folded nick (protocol::nick_key) of the actor and of the
//   target as written, so the audit is searched by nick as the games are.
// - sanctions: the mutes and bans in force, one row per (kind, target_key, room); setting one
//   again replaces it, lifting it deletes the row, an expired one is simply ignored by readers.
// - games.rated: whether the game counts for ratings (ratings fill it; 0 until then).
// - room_chat.nick_key: the writer's folded nick, so a moderator's chat search by nick uses an
//   index; the upgrade fills the existing rows in C++ (fill_chat_nick_keys below). Room chat
//   is not the move path.
// - table_events_chat: a partial index over table chat only. It costs other table events (and
//   moves, which are another table) nothing: SQLite adds an entry only for a row of that kind.
constexpr std::string_view schema_v6 = R"sql(
CREATE TABLE moderation_log (
    id             INTEGER PRIMARY KEY,
    at_ms          INTEGER NOT NULL,
    actor_account  INTEGER,
    actor_nick     TEXT    NOT NULL,
    actor_key      TEXT    NOT NULL,
    actor_role     TEXT    NOT NULL,
    action         TEXT    NOT NULL,
    target         TEXT    NOT NULL,
    target_key     TEXT    NOT NULL,
    reason         TEXT    NOT NULL,
    until_ms       INTEGER,
    refused        INTEGER NOT NULL CHECK (refused IN (0, 1)),
    detail_json    TEXT    NOT NULL CHECK (json_type(detail_json) = 'object')
);
CREATE INDEX moderation_log_by_actor ON moderation_log (actor_key, id);
CREATE INDEX moderation_log_by_target ON moderation_log (target_key, id);
CREATE INDEX moderation_log_by_action ON moderation_log (action, id);
CREATE TRIGGER moderation_log_no_update BEFORE UPDATE ON moderation_log
BEGIN SELECT RAISE(ABORT, 'moderation_log is append-only'); END;
CREATE TRIGGER moderation_log_no_delete BEFORE DELETE ON moderation_log
BEGIN SELECT RAISE(ABORT, 'moderation_log is append-only'); END;

CREATE TABLE sanctions (
    kind        TEXT    NOT NULL CHECK (kind IN ('mute', 'ban', 'address_ban')),
    target_key  TEXT    NOT NULL,
    room        INTEGER NOT NULL,
    target      TEXT    NOT NULL,
    until_ms    INTEGER,
    reason      TEXT    NOT NULL,
    by_nick     TEXT    NOT NULL,
    at_ms       INTEGER NOT NULL,
    PRIMARY KEY (kind, target_key, room)
) WITHOUT ROWID;

ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 0 CHECK (rated IN (0, 1));

ALTER TABLE room_chat ADD COLUMN nick_key TEXT NOT NULL DEFAULT '';
CREATE INDEX room_chat_by_nick ON room_chat (nick_key, at_ms);
CREATE INDEX room_chat_by_time ON room_chat (at_ms);
CREATE INDEX table_events_chat ON table_events (at_ms) WHERE kind = 'table_chat';
)sql";

// Version 7: ratings (docs/ratings.md).
// - games.category: the time control's category (bullet, blitz, rapid, classical; NULL when
//   untimed), written with every timed game's start, rated or casual, so a player's games can be
//   filtered by it. The upgrade fills the older rows in C++ (fill_categories below), by the one
//   rule of rating::category_for rather than a second copy of it in SQL.
// - ratings: a player's standing per category, written only by the end of a rated game. The
//   leaderboard reads a category's best ratings through ratings_by_category.
// - rating_changes: what each rated game did to each player, written in the transaction that
//   stores the game's end; the profile's history reads an account's changes in a category by time.
// - games_by_category: the search of the games by category alone, newest first.
constexpr std::string_view schema_v7 = R"sql(
ALTER TABLE games ADD COLUMN category TEXT CHECK (category IN ('bullet', 'blitz', 'rapid', 'classical'));
CREATE INDEX games_by_category ON games (category, started_at_ms, id) WHERE category IS NOT NULL;

CREATE TABLE ratings (
    account_id       INTEGER NOT NULL REFERENCES accounts (id),
    category         TEXT    NOT NULL CHECK (category IN ('bullet', 'blitz', 'rapid', 'classical')),
    rating           REAL    NOT NULL,
    rd               REAL    NOT NULL,
    volatility       REAL    NOT NULL,
    games            INTEGER NOT NULL,
    wins             INTEGER NOT NULL,
    draws            INTEGER NOT NULL,
    losses           INTEGER NOT NULL,
    last_game_at_ms  INTEGER NOT NULL,
    PRIMARY KEY (account_id, category)
) WITHOUT ROWID;
CREATE INDEX ratings_by_category ON ratings (category, rating DESC);

CREATE TABLE rating_changes (
    game_id            INTEGER NOT NULL REFERENCES games (id),
    account_id         INTEGER NOT NULL REFERENCES accounts (id),
    white              INTEGER NOT NULL CHECK (white IN (0, 1)),
    category           TEXT    NOT NULL CHECK (category IN ('bullet', 'blitz', 'rapid', 'classical')),
    rating_before      REAL    NOT NULL,
    rd_before          REAL    NOT NULL,
    volatility_before  REAL    NOT NULL,
    rating_after       REAL    NOT NULL,
    rd_after           REAL    NOT NULL,
    volatility_after   REAL    NOT NULL,
    at_ms              INTEGER NOT NULL,
    PRIMARY KEY (game_id, account_id)
) WITHOUT ROWID;
CREATE INDEX rating_changes_by_account ON rating_changes (account_id, category, at_ms);
)sql";

// Version 8: fencing between the nodes of a cluster (db/records.h, GameClaimed).
// - games.owner_epoch: the epoch of the node that plays the game. A node that takes a running
//   game over raises it first; the writer refuses a move, event or end written with a lower one.
// - table_events_by_game becomes unique on (game_id, seq): a game's event is stored once. (Events
//   without a game, NULL game_id, are not constrained.) Two events of one game with one seq can
//   only come from a node that went on writing after its table was taken over, before this
//   version; the upgrade keeps the first stored of each such pair and drops the other, since a
//   unique index cannot be built over both.
constexpr std::string_view schema_v8 = R"sql(
ALTER TABLE games ADD COLUMN owner_epoch INTEGER NOT NULL DEFAULT 0;
DELETE FROM table_events WHERE game_id IS NOT NULL AND id NOT IN
    (SELECT MIN(id) FROM table_events WHERE game_id IS NOT NULL GROUP BY game_id, seq);
DROP INDEX table_events_by_game;
CREATE UNIQUE INDEX table_events_by_game ON table_events (game_id, seq);
)sql";

// Version 9: look-alike nicks.
// - accounts.nick_skeleton: the nick's skeleton (protocol::nick_skeleton: "admin", "admın" and
//   "ạdmin" share one), unique, so a look-alike of a registered nick cannot be registered. The
//   upgrade fills the existing rows in C++ (fill_nick_skeletons below), oldest account first.
//   Accounts registered before the rule may look alike already: the oldest of them keeps the
//   skeleton, the younger ones keep their nick, password, games and ratings but get NULL, which
//   the unique index allows any number of times. They block nobody and the older one blocks
//   every new look-alike (docs/admin.md, "Look-alike nicks").
constexpr std::string_view schema_v9 = R"sql(
ALTER TABLE accounts ADD COLUMN nick_skeleton TEXT;
CREATE UNIQUE INDEX accounts_by_skeleton ON accounts (nick_skeleton);
)sql";

// Version 10: a secret room's games stay out of the public counts.
// - ratings.public_{games,wins,draws,losses}: the rated games played in public rooms (room > 0)
//   and their results, beside the counts of every rated game, which stay what the rating is made
//   of. Public pages (the profile, the leaderboards) show these. The store keeps both at every
//   rated game's end; the upgrade counts the stored rating changes of public rooms' games.
constexpr std::string_view schema_v10 = R"sql(
ALTER TABLE ratings ADD COLUMN public_games INTEGER NOT NULL DEFAULT 0;
ALTER TABLE ratings ADD COLUMN public_wins INTEGER NOT NULL DEFAULT 0;
ALTER TABLE ratings ADD COLUMN public_draws INTEGER NOT NULL DEFAULT 0;
ALTER TABLE ratings ADD COLUMN public_losses INTEGER NOT NULL DEFAULT 0;
UPDATE ratings SET
    public_games = (SELECT COUNT(*) FROM rating_changes c JOIN games g ON g.id = c.game_id
                    WHERE c.account_id = ratings.account_id AND c.category = ratings.category AND g.room > 0),
    public_wins = (SELECT COUNT(*) FROM rating_changes c JOIN games g ON g.id = c.game_id
                   WHERE c.account_id = ratings.account_id AND c.category = ratings.category AND g.room > 0
                     AND g.result = CASE c.white WHEN 1 THEN '1-0' ELSE '0-1' END),
    public_draws = (SELECT COUNT(*) FROM rating_changes c JOIN games g ON g.id = c.game_id
                    WHERE c.account_id = ratings.account_id AND c.category = ratings.category AND g.room > 0
                      AND g.result = '1/2-1/2'),
    public_losses = (SELECT COUNT(*) FROM rating_changes c JOIN games g ON g.id = c.game_id
                     WHERE c.account_id = ratings.account_id AND c.category = ratings.category AND g.room > 0
                       AND g.result = CASE c.white WHEN 1 THEN '0-1' ELSE '1-0' END);
)sql";

// Version 11: retired resume tokens. A resume token spent stays here for a short
// grace (server/identity/authenticator.cpp), hash and session only, so that a client whose
// hello_ok was lost with its node may resume once more instead of being locked out; the
// session's older retired token goes when a later one is spent, and all of them with the
// session (db/identity_records.h, SessionTokenSpent).
constexpr std::string_view schema_v11 = R"sql(
CREATE TABLE retired_tokens (
    hash        TEXT    PRIMARY KEY,
    session_id  INTEGER NOT NULL REFERENCES sessions (id),
    until_ms    INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX retired_tokens_by_session ON retired_tokens (session_id);
)sql";

// Version 12: the spectators' chat channel (protocol::ChatChannel, docs/protocol.md).
// - A spectator's line during a game (kind 'spectator_chat') is no numbered event of the table:
//   it is stored under the seq of the last event before it, so table_events_by_game, unique on
//   (game_id, seq), leaves these lines out; every other event of a game is still stored once.
// - table_events_chat covers both kinds of table chat, for the moderators' chat search.
constexpr std::string_view schema_v12 = R"sql(
DROP INDEX table_events_by_game;
CREATE UNIQUE INDEX table_events_by_game ON table_events (game_id, seq) WHERE kind <> 'spectator_chat';
CREATE INDEX table_events_spectator_chat ON table_events (game_id, seq) WHERE kind = 'spectator_chat';
DROP INDEX table_events_chat;
CREATE INDEX table_events_chat ON table_events (at_ms) WHERE kind IN ('table_chat', 'spectator_chat');
)sql";

// Version 13: variants (issue 27; docs/chess960.md, docs/ratings.md).
// - games.variant: the rules the game is played under, 'standard' or 'chess960' (a game from a
//   position is standard chess from its start_fen); games.chess960: the Chess960 start's
//   Scharnagl number. A game is restored, replayed and written as PGN by them.
// - games.category stays the time control's category (the player's games are filtered by it);
//   a rated Chess960 game counts in the rating category 'chess960' whatever its speed, so the
//   CHECKs of ratings and rating_changes admit it. SQLite cannot change a CHECK in place: the two
//   tables are rebuilt with every row and index.
constexpr std::string_view schema_v13 = R"sql(
ALTER TABLE games ADD COLUMN variant TEXT NOT NULL DEFAULT 'standard' CHECK (variant IN ('standard', 'chess960'));
ALTER TABLE games ADD COLUMN chess960 INTEGER CHECK (chess960 BETWEEN 0 AND 959);

CREATE TABLE ratings_v13 (
    account_id       INTEGER NOT NULL REFERENCES accounts (id),
    category         TEXT    NOT NULL CHECK (category IN ('bullet', 'blitz', 'rapid', 'classical', 'chess960')),
    rating           REAL    NOT NULL,
    rd               REAL    NOT NULL,
    volatility       REAL    NOT NULL,
    games            INTEGER NOT NULL,
    wins             INTEGER NOT NULL,
    draws            INTEGER NOT NULL,
    losses           INTEGER NOT NULL,
    last_game_at_ms  INTEGER NOT NULL,
    public_games     INTEGER NOT NULL DEFAULT 0,
    public_wins      INTEGER NOT NULL DEFAULT 0,
    public_draws     INTEGER NOT NULL DEFAULT 0,
    public_losses    INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (account_id, category)
) WITHOUT ROWID;
INSERT INTO ratings_v13 (account_id, category, rating, rd, volatility, games, wins, draws, losses, last_game_at_ms,
                         public_games, public_wins, public_draws, public_losses)
    SELECT account_id, category, rating, rd, volatility, games, wins, draws, losses, last_game_at_ms,
           public_games, public_wins, public_draws, public_losses FROM ratings;
DROP TABLE ratings;
ALTER TABLE ratings_v13 RENAME TO ratings;
CREATE INDEX ratings_by_category ON ratings (category, rating DESC);

CREATE TABLE rating_changes_v13 (
    game_id            INTEGER NOT NULL REFERENCES games (id),
    account_id         INTEGER NOT NULL REFERENCES accounts (id),
    white              INTEGER NOT NULL CHECK (white IN (0, 1)),
    category           TEXT    NOT NULL CHECK (category IN ('bullet', 'blitz', 'rapid', 'classical', 'chess960')),
    rating_before      REAL    NOT NULL,
    rd_before          REAL    NOT NULL,
    volatility_before  REAL    NOT NULL,
    rating_after       REAL    NOT NULL,
    rd_after           REAL    NOT NULL,
    volatility_after   REAL    NOT NULL,
    at_ms              INTEGER NOT NULL,
    PRIMARY KEY (game_id, account_id)
) WITHOUT ROWID;
INSERT INTO rating_changes_v13 SELECT game_id, account_id, white, category, rating_before, rd_before,
    volatility_before, rating_after, rd_after, volatility_after, at_ms FROM rating_changes;
DROP TABLE rating_changes;
ALTER TABLE rating_changes_v13 RENAME TO rating_changes;
CREATE INDEX rating_changes_by_account ON rating_changes (account_id, category, at_ms);
)sql";

// Version 14: each account's challenge setting (issue 27: take challenges from everyone, only
// from registered players, or from nobody).
constexpr std::string_view schema_v14 = R"sql(
ALTER TABLE accounts ADD COLUMN challenge_policy TEXT NOT NULL DEFAULT 'everyone'
    CHECK (challenge_policy IN ('everyone', 'registered', 'nobody'));
)sql";

// Version 15: the open challenges (issue 27), links whose first opener accepts a game (db/open_challenge_records.h).
// Only a token's hash is stored. A link stands while accepted_by and canceled_at_ms are NULL and
// expires_at_ms is ahead; rows are deleted once expired (ExpiredOpenChallengesPruned).
constexpr std::string_view schema_v15 = R"sql(
CREATE TABLE open_challenges (
    token_hash      TEXT    PRIMARY KEY,
    creator_nick    TEXT    NOT NULL,
    creator_key     TEXT    NOT NULL,
    creator_guest   INTEGER NOT NULL CHECK (creator_guest IN (0, 1)),
    time_control    TEXT    NOT NULL,
    setup           TEXT    NOT NULL,
    color           TEXT    NOT NULL CHECK (color IN ('white', 'black', 'random')),
    rated           INTEGER NOT NULL CHECK (rated IN (0, 1)),
    allowed_1       TEXT,
    allowed_2       TEXT,
    created_at_ms   INTEGER NOT NULL,
    expires_at_ms   INTEGER NOT NULL,
    accepted_by     TEXT,
    accepted_at_ms  INTEGER,
    canceled_at_ms  INTEGER
) WITHOUT ROWID;
CREATE INDEX open_challenges_by_creator ON open_challenges (creator_key, expires_at_ms);
CREATE INDEX open_challenges_by_expiry ON open_challenges (expires_at_ms);
)sql";

// Version 16: tournaments (db/tournament_records.h; docs/tournaments.md, "The service").
// - tournaments: the event, its settings the service alone reads (settings, JSON) and its state.
// - tournament_players: registration order (entry), rating at registration, the first round he
//   can be paired in (a late entry's missed rounds are before it), and the round from which he
//   is withdrawn while he is.
// - tournament_rounds, tournament_pairings: a round is stored once, with all its boards; a board
//   is a game (black_key set) or a bye (bye set), and keeps its table, game and result, so a
//   restarted service knows which games run and which round to continue.
constexpr std::string_view schema_v16 = R"sql(
CREATE TABLE tournaments (
    id              INTEGER PRIMARY KEY,
    name            TEXT    NOT NULL,
    system          TEXT    NOT NULL CHECK (system IN ('swiss', 'round_robin')),
    rounds          INTEGER NOT NULL CHECK (rounds >= 1),
    time_control    TEXT    NOT NULL,
    rated           INTEGER NOT NULL CHECK (rated IN (0, 1)),
    director_nick   TEXT    NOT NULL,
    director_key    TEXT    NOT NULL,
    settings        TEXT    NOT NULL,
    state           TEXT    NOT NULL CHECK (state IN ('registering', 'running', 'paused', 'finished')),
    created_at_ms   INTEGER NOT NULL,
    started_at_ms   INTEGER,
    finished_at_ms  INTEGER
);
CREATE INDEX tournaments_by_state ON tournaments (state, id);
CREATE TABLE tournament_players (
    tournament_id   INTEGER NOT NULL REFERENCES tournaments (id),
    nick_key        TEXT    NOT NULL,
    nick            TEXT    NOT NULL,
    entry           INTEGER NOT NULL CHECK (entry >= 1),
    rating          INTEGER NOT NULL,
    first_round     INTEGER NOT NULL CHECK (first_round >= 1),
    withdrawn_from_round INTEGER,
    joined_at_ms    INTEGER NOT NULL,
    PRIMARY KEY (tournament_id, nick_key),
    UNIQUE (tournament_id, entry)
) WITHOUT ROWID;
CREATE TABLE tournament_rounds (
    tournament_id   INTEGER NOT NULL REFERENCES tournaments (id),
    round           INTEGER NOT NULL CHECK (round >= 1),
    paired_at_ms    INTEGER NOT NULL,
    PRIMARY KEY (tournament_id, round)
) WITHOUT ROWID;
CREATE TABLE tournament_pairings (
    tournament_id   INTEGER NOT NULL,
    round           INTEGER NOT NULL,
    board           INTEGER NOT NULL CHECK (board >= 1),
    white_key       TEXT    NOT NULL,
    black_key       TEXT,
    bye             TEXT    CHECK (bye IN ('pairing_allocated', 'half_point', 'zero_point')),
    table_id        INTEGER,
    game_id         INTEGER,
    result          TEXT    NOT NULL DEFAULT 'pending' CHECK (result IN ('pending', 'white_wins', 'draw',
                        'black_wins', 'white_wins_by_forfeit', 'black_wins_by_forfeit', 'double_forfeit')),
    PRIMARY KEY (tournament_id, round, board),
    FOREIGN KEY (tournament_id, round) REFERENCES tournament_rounds (tournament_id, round),
    FOREIGN KEY (tournament_id, white_key) REFERENCES tournament_players (tournament_id, nick_key),
    FOREIGN KEY (tournament_id, black_key) REFERENCES tournament_players (tournament_id, nick_key),
    CHECK ((black_key IS NULL) <> (bye IS NULL))
) WITHOUT ROWID;
)sql";

// Version 17: the director's role (protocol::Role::Director, docs/tournaments.md). accounts.role's
// CHECK gains 'director'. SQLite cannot alter a CHECK, and rebuilding accounts would break the
// foreign keys of the sessions, games and sanctions that name it (a DROP TABLE inside the
// migration's transaction is an implicit DELETE, which the deferred keys refuse at commit). A
// CHECK that allows more words changes nothing stored, so the table's text is edited in place,
// as SQLite's documentation of ALTER TABLE describes for such changes; widen_check() then
// raises the schema cookie so that every connection reads the new text.
constexpr std::string_view schema_v17 = R"sql(
PRAGMA writable_schema = ON;
UPDATE sqlite_master
   SET sql = replace(sql, '(''player'', ''moderator'', ''admin'')', '(''player'', ''director'', ''moderator'', ''admin'')')
 WHERE type = 'table' AND name = 'accounts';
)sql";

// Version 18: a player's request for a half-point bye (db::TournamentByeRequested): the round he
// asked it for, NULL when he has none.
constexpr std::string_view schema_v18 = R"sql(
ALTER TABLE tournament_players ADD COLUMN bye_round INTEGER CHECK (bye_round IS NULL OR bye_round >= 1);
)sql";

// Version 19: the Arena (docs/tournaments.md, "Arena"). tournaments.system's CHECK gains 'arena',
// edited in place as version 17 edits accounts (the tables naming tournaments would refuse a
// rebuild the same way); widen_check() raises the schema cookie. An arena scores a game by
// its length and by who went berserk, so each board keeps its half moves and both berserks.
constexpr std::string_view schema_v19 = R"sql(
ALTER TABLE tournament_pairings ADD COLUMN plies INTEGER CHECK (plies IS NULL OR plies >= 0);
ALTER TABLE tournament_pairings ADD COLUMN white_berserk INTEGER NOT NULL DEFAULT 0 CHECK (white_berserk IN (0, 1));
ALTER TABLE tournament_pairings ADD COLUMN black_berserk INTEGER NOT NULL DEFAULT 0 CHECK (black_berserk IN (0, 1));
PRAGMA writable_schema = ON;
UPDATE sqlite_master
   SET sql = replace(sql, '(''swiss'', ''round_robin'')', '(''swiss'', ''round_robin'', ''arena'')')
 WHERE type = 'table' AND name = 'tournaments';
)sql";

// Version 20: a finished game's server analysis (db::GameAnalyzed; docs/bots.md "Server
// analysis"): one row per game, the engine's evaluations of its positions as one text
// (db::evaluations_text), and who asked.
constexpr std::string_view schema_v20 = R"sql(
CREATE TABLE game_analyses (
    game_id      INTEGER PRIMARY KEY REFERENCES games (id),
    account_id   INTEGER NOT NULL REFERENCES accounts (id),
    at_ms        INTEGER NOT NULL,
    evaluations  TEXT    NOT NULL
);
)sql";

// Version 21: bot accounts and personal API tokens (issue 29 §3; db/api_token_records.h).
// - accounts.bot: the account is a bot (db::AccountBecameBot); every account stored before is not.
// - api_tokens: a player's tokens for his programs, only as hashes (hex BLAKE2b-256, as
//   session_tokens), with his name for each and its scopes as one space-separated text; listed
//   per account, newest first.
// - games_by_{white,black}_account: an account may become a bot only if no game names it in a
//   seat. Without them that question reads every game on the writer's thread, and every move
//   waits meanwhile; a seat's account is written once, with the game's start.
constexpr std::string_view schema_v21 = R"sql(
ALTER TABLE accounts ADD COLUMN bot INTEGER NOT NULL DEFAULT 0 CHECK (bot IN (0, 1));
CREATE TABLE api_tokens (
    hash             TEXT    PRIMARY KEY,
    account_id       INTEGER NOT NULL REFERENCES accounts (id),
    description      TEXT    NOT NULL,
    scopes           TEXT    NOT NULL,
    created_at_ms    INTEGER NOT NULL,
    last_used_at_ms  INTEGER
) WITHOUT ROWID;
CREATE INDEX api_tokens_by_account ON api_tokens (account_id, created_at_ms);
CREATE INDEX games_by_white_account ON games (white_account) WHERE white_account IS NOT NULL;
CREATE INDEX games_by_black_account ON games (black_account) WHERE black_account IS NOT NULL;
)sql";

constexpr std::array<std::string_view, 21> rungs = {
    schema_v1,  schema_v2,  schema_v3,  schema_v4,  schema_v5,  schema_v6,  schema_v7,
    schema_v8,  schema_v9,  schema_v10, schema_v11, schema_v12, schema_v13, schema_v14,
    schema_v15, schema_v16, schema_v17, schema_v18, schema_v19, schema_v20, schema_v21};

} // namespace

std::span<const std::string_view> schema_rungs() { return rungs; }

} // namespace rochade::db
