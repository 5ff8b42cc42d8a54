// The rows the server keeps: plain values, no SQLite types. db/ turns them into SQL.
// Times: `*_at_ms` are wall-clock Unix milliseconds (for people reading the log); clock
// readings (`white_ms`, `black_ms`) are remaining thinking time.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <variant>
#include <vector>

#include "db/analysis_records.h"
#include "db/api_token_records.h"
#include "db/identity_records.h"
#include "db/moderation_records.h"
#include "db/open_challenge_records.h"
#include "db/tournament_records.h"
#include "engine/expected.h"
#include "engine/outcome.h"
#include "engine/types.h"
#include "rating/category.h"

namespace rochade::db {

// Who sat on a side: an account, or a guest's session. Both empty for games stored before
// schema version 4, whose seats nobody can take back.
struct SeatOwner {
    std::optional<std::int64_t> account_id;
    std::optional<std::int64_t> guest_session_id;
    friend bool operator==(const SeatOwner&, const SeatOwner&) = default;
};

struct GameStarted {
    std::int64_t game_id = 0;
    std::int64_t table_id = 0;
    std::int64_t room = 0;
    std::string white, black;
    std::string time_control_json; // protocol::time_control_to_json
    std::string start_fen;
    std::int64_t white_ms = 0, black_ms = 0; // clocks at the start
    std::int64_t started_at_ms = 0;
    SeatOwner white_owner, black_owner;
    bool rated = false; // counts for ratings: needs both owners' account_id and a category
    // By the time control's estimated duration (rating::category_for); none for an untimed game.
    // Kept for casual games too, so a player's games can be filtered by it. (Initialised so that
    // the positional initialisers written before it need not name it.)
    std::optional<rating::RatingCategory> category = std::nullopt;
    // The fencing epoch of the node that writes the game (see GameClaimed): stored as the game's
    // owner epoch when it starts; read back with an unfinished game.
    std::int64_t epoch = 0;
    // The rules (schema version 13): a Chess960 game has its start's Scharnagl number; a game
    // from a position is standard chess from a start_fen that is not the standard one. A rated
    // Chess960 game counts in the rating category chess960; `category` stays its speed.
    Variant variant = Variant::Standard;
    std::optional<int> chess960 = std::nullopt;
};

// games.variant's text ("standard", "chess960") and back; the column's CHECK admits no other, so
// anything else reads as standard.
std::string_view variant_text(Variant variant);
Variant variant_named(std::string_view text);
// The rating category of a stored game, as SQL over the games row: a Chess960 game counts in
// 'chess960' whatever its speed (games.category).
inline constexpr std::string_view rating_category_column =
    "CASE WHEN variant = 'chess960' THEN 'chess960' ELSE category END";

struct MovePlayed {
    std::int64_t game_id = 0;
    int ply = 0;          // 1 = White's first move
    std::int64_t seq = 0; // the table event's sequence number
    std::string uci, san;
    std::int64_t white_ms = 0, black_ms = 0; // both clocks after the move
    std::int64_t at_ms = 0;
    std::int64_t epoch = 0; // the writer's fencing epoch for the game (GameClaimed)
};

// What happened at a table, besides moves and the game's start and end rows.
enum class TableEventKind : std::uint8_t {
    GameStarted,
    SeatChanged,
    DrawOffered,
    DrawDeclined,
    DrawClaimRejected,
    RematchOffered,
    PlayerDisconnected,
    PlayerReconnected,
    FlagFall,    // the flag fall and the winnability answer behind its result
    Adjudicated, // who decided, what and why
    TableChat,   // a line of the table's channel, or of its players' while a game runs
    // A spectator's line while a game runs (protocol::ChatChannel::Spectators): no numbered event
    // of the table, it is stored under the seq of the last event before it, which it does not
    // replace (the unique index of a game's events leaves these out).
    SpectatorChat,
    // Takebacks and more time (docs/admin.md): a request, its decline or withdrawal, and the
    // takeback itself (detail: who asked, the plies taken back, the ply and clocks it went back
    // to; the moves rows after that ply are deleted in the same commit, MovesTakenBack); time
    // given (detail: by, seconds, both clocks after it), which a restart adds to the clocks of
    // the last move when no move or takeback came after it.
    TakebackRequested,
    TakebackDeclined,
    TakebackWithdrawn,
    TakenBack,
    TimeGiven,
    // An arena player went berserk (detail: by, removed_ms, both clocks after it); a restart
    // takes the time off when no move came after it, and drops his increment either way.
    Berserk,
};

// The kind's text in table_events.kind and the admin's game log ("draw_offered", "table_chat",
// ...), and back; any other text fails with a message naming it and `source`, where it was read.
std::string_view to_text(TableEventKind kind);
Expected<TableEventKind, std::string> parse_table_event_kind(std::string_view text, std::string_view source);

// Anything else that happens at a table: draw offers, claims, disconnects, flag fall,
// adjudication with the winnability answer, chat. `detail_json` is a JSON object.
struct TableEvent {
    std::int64_t table_id = 0;
    std::optional<std::int64_t> game_id; // empty for chat before any game
    std::int64_t seq = 0;
    TableEventKind kind = TableEventKind::TableChat;
    std::string detail_json;
    std::int64_t at_ms = 0;
    std::int64_t epoch = 0; // the writer's fencing epoch for game_id (GameClaimed); unused without a game
};

struct GameEnded {
    std::int64_t game_id = 0;
    Score result = Score::Unfinished;
    Termination termination = Termination::Aborted;
    std::string detail_json; // message, winnability answer, ...
    std::int64_t white_ms = 0, black_ms = 0;
    std::int64_t ended_at_ms = 0;
    std::int64_t epoch = 0; // the writer's fencing epoch for the game (GameClaimed)
};

// A node takes a running game over (after a restart, or from a node that is gone or cut off):
// the game's stored owner epoch rises to `epoch`, which must be higher than the stored one, else
// the claim is refused (StoreFailure::Superseded: another node claimed the game since it was
// read). From then on the store refuses, in the same transaction that would store them, the
// moves, events and end of that game written with a lower epoch: a node that lost the table
// (paused past its lease, or cut off from the bus) cannot write into a game another node plays
// now. A fencing token, in the sense of Kleppmann's "How to do distributed locking".
struct GameClaimed {
    std::int64_t game_id = 0;
    std::int64_t epoch = 0;
};

// The players agreed to a takeback: the game's stored moves after ply `plies_kept` are deleted,
// so the stored moves are the game as it stands (its PGN, a restart, a takeover). Refused like a
// move: for a game that is not running, and (Superseded) with an epoch older than the game's.
struct MovesTakenBack {
    std::int64_t game_id = 0;
    int plies_kept = 0;
    std::int64_t epoch = 0;
};

struct RoomChatted {
    std::int64_t room = 0;
    std::string nick, text;
    std::int64_t at_ms = 0;
};

// The next table or game id not handed out yet (`name` "table" or "game") moves up to
// `next_free`: the ids below it are reserved by the server that wrote it. Never moves down (a
// lower value is refused), so no id is handed out twice, across restarts too.
struct IdBlockReserved {
    std::string name;
    std::int64_t next_free = 0;
    // When set, refused unless the next free id stored is exactly `from` (no row yet counts as
    // any): the block [from, next_free) is this writer's only if no other node of a cluster
    // reserved ids since it read `from`. Refused, it reads again and asks for the next block.
    std::optional<std::int64_t> from = std::nullopt;
};

using Write =
    std::variant<GameStarted, MovePlayed, TableEvent, GameEnded, GameClaimed, MovesTakenBack, RoomChatted,
                 IdBlockReserved, AccountCreated, PasswordChanged, RoleChanged, ChallengePolicyChanged, SessionStarted,
                 SessionTokenIssued, SessionTokenSpent, RetiredTokenReused, SessionTokenTouched, SessionEnded,
                 ExpiredSessionsPruned, ModerationLogged, SanctionSet, SanctionLifted, OpenChallengeCreated,
                 OpenChallengeClaimed, OpenChallengeCanceled, ExpiredOpenChallengesPruned, TournamentCreated,
                 TournamentStateChanged, TournamentPlayerJoined, TournamentPlayerWithdrawn, TournamentPlayerReadmitted,
                 TournamentByeRequested, TournamentRoundPaired, TournamentGameStarted, TournamentResultRecorded,
                 GameAnalyzed, AccountBecameBot, ApiTokenCreated, ApiTokenRevoked, ApiTokenUsed>;

// The identity writes (db/identity_records.h), which db::IdentityWrites turns into SQL.
template <class T>
constexpr bool is_identity_write =
    std::is_same_v<T, AccountCreated> || std::is_same_v<T, PasswordChanged> || std::is_same_v<T, RoleChanged> ||
    std::is_same_v<T, ChallengePolicyChanged> || std::is_same_v<T, SessionStarted> ||
    std::is_same_v<T, SessionTokenIssued> || std::is_same_v<T, SessionTokenSpent> ||
    std::is_same_v<T, RetiredTokenReused> || std::is_same_v<T, SessionTokenTouched> ||
    std::is_same_v<T, SessionEnded> || std::is_same_v<T, ExpiredSessionsPruned>;

// The moderation writes (db/moderation_records.h), which db::ModerationWrites turns into SQL.
template <class T>
constexpr bool is_moderation_write =
    std::is_same_v<T, ModerationLogged> || std::is_same_v<T, SanctionSet> || std::is_same_v<T, SanctionLifted>;

// The open challenge writes (db/open_challenge_records.h), which db::OpenChallengeWrites turns
// into SQL.
template <class T>
constexpr bool is_open_challenge_write =
    std::is_same_v<T, OpenChallengeCreated> || std::is_same_v<T, OpenChallengeClaimed> ||
    std::is_same_v<T, OpenChallengeCanceled> || std::is_same_v<T, ExpiredOpenChallengesPruned>;

// The tournament writes (db/tournament_records.h), which db::TournamentWrites turns into SQL.
template <class T>
constexpr bool is_tournament_write =
    std::is_same_v<T, TournamentCreated> || std::is_same_v<T, TournamentStateChanged> ||
    std::is_same_v<T, TournamentPlayerJoined> || std::is_same_v<T, TournamentPlayerWithdrawn> ||
    std::is_same_v<T, TournamentPlayerReadmitted> || std::is_same_v<T, TournamentByeRequested> ||
    std::is_same_v<T, TournamentRoundPaired> || std::is_same_v<T, TournamentGameStarted> ||
    std::is_same_v<T, TournamentResultRecorded>;

// The bot account and API token writes (db/api_token_records.h), which db::ApiTokenWrites
// (SQLite) and db::pg::write_api_token (PostgreSQL) turn into SQL.
template <class T>
constexpr bool is_api_token_write = std::is_same_v<T, AccountBecameBot> || std::is_same_v<T, ApiTokenCreated> ||
                                    std::is_same_v<T, ApiTokenRevoked> || std::is_same_v<T, ApiTokenUsed>;

// A game that was running when the server stopped, with what it takes to continue it.
struct UnfinishedGame {
    GameStarted start; // start.epoch: the game's stored owner epoch
    std::vector<MovePlayed> moves; // by ply
    std::int64_t last_seq = 0;     // the table's highest stored seq
};

} // namespace rochade::db
