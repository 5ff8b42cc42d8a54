// The typed messages of the WebSocket protocol (docs/protocol.md is the reference for the
// wire format). Client messages are what decode() produces; the server-side values below are
// what the encode functions (encode.h) turn into JSON text, once per event.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "engine/outcome.h"
#include "protocol/challenge.h"
#include "protocol/error_code.h"
#include "protocol/game_setup.h"
#include "protocol/time_control.h"
#include "protocol/tournament_system.h"

namespace rochade::protocol {

inline constexpr int protocol_version = 8;

using TableId = std::int64_t;
using RoomNumber = std::int64_t; // positive: listed; negative: secret; 0 is no room

enum class ColorChoice : std::uint8_t { White, Black, Random };
enum class Side : std::uint8_t { White, Black };

constexpr Side opponent_of(Side side) { return side == Side::White ? Side::Black : Side::White; }

// The channel of a table_chat line (docs/protocol.md, "table_chat"). While a game runs its
// players and its spectators talk apart, as FIDE 11.3 forbids advice during play: a seated
// player's line is in Players and reaches everyone at the table; a spectator's is in Spectators
// and reaches the spectators only, never a seat. Before the game and after it there is one
// channel, Table.
enum class ChatChannel : std::uint8_t { Table, Players, Spectators };

// ---- client -> server -------------------------------------------------------------------

// Who the client is, one of four ways: `nick` alone (a guest); `nick` and `password` (an
// account); `resume_token` (the session of an earlier connection); or nothing, on a connection
// whose WebSocket upgrade carried a browser's session cookie.
struct Hello {
    std::string nick;
    std::optional<std::string> resume_token;
    std::optional<std::string> password;
};
// Creates an account and logs in with it, as hello with a password would.
struct Register {
    std::string nick;
    std::string password;
};
// Ends the session: its tokens are void, and the server closes the connection.
struct Logout {};
// A moderator's notice to one room's members, or to everyone online when `room` is absent.
struct Notice {
    std::optional<RoomNumber> room;
    std::string text;
};
// The account's password, checked, replaced by `new_password`; every session of the account
// ends, and this connection goes on in a new one.
struct ChangePassword {
    std::string password;
    std::string new_password;
};
struct Ping {};
struct ListRooms {};
struct EnterRoom {
    RoomNumber room = 0;
};
struct LeaveRoom {
    RoomNumber room = 0;
};
// A page of a room's member list (a large room's `room` reply and updates carry only the count).
struct RoomMembers {
    RoomNumber room = 0;
    std::int64_t offset = 0; // index of the first member, in the list's order (by nick key)
    int limit = 50;          // 1..max_member_page
};
inline constexpr int max_member_page = 100;
struct RoomChat {
    RoomNumber room = 0;
    std::string text;
};
struct Whisper {
    std::string to;
    std::string text;
};
struct OpenTable {
    RoomNumber room = 0;
    TimeControl time_control;
    ColorChoice color = ColorChoice::Random;
    std::optional<std::string> invite; // the only nick that may take the free seat
    bool rated = false;                // counts for ratings: needs accounts and a clock (docs/ratings.md)
    GameSetup setup;                   // the variant and start (game_setup.h); not rated from a position
    // Whether the players may take moves back (docs/protocol.md, "Takebacks and more time");
    // none: on for a casual table, off for a rated one.
    std::optional<bool> takebacks;
};
struct JoinTable {
    TableId table = 0;
};
// Subscribes to a table's events. `since` (a table seq) asks for the events after it, too.
struct WatchTable {
    TableId table = 0;
    std::optional<std::int64_t> since;
};
struct LeaveTable {
    TableId table = 0;
};
struct TableChat {
    TableId table = 0;
    std::string text;
};
// `move` is UCI, English SAN or German SAN. `offer_draw` makes a draw offer with the move
// (FIDE 9.1.2.2: make the move, then offer).
struct PlayMove {
    TableId table = 0;
    std::string move;
    bool offer_draw = false;
};
struct OfferDraw {
    TableId table = 0;
};
struct AcceptDraw {
    TableId table = 0;
};
struct DeclineDraw {
    TableId table = 0;
};
// Takebacks and more time (docs/protocol.md, "Takebacks and more time"): a player asks to take
// back his last move (on his turn: his last move and the opponent's reply); the opponent
// accepts or declines, the asker may withdraw. give_time adds `seconds` to the opponent's clock.
struct Takeback {
    TableId table = 0;
};
struct AcceptTakeback {
    TableId table = 0;
};
struct DeclineTakeback {
    TableId table = 0;
};
struct WithdrawTakeback {
    TableId table = 0;
};
inline constexpr int min_given_seconds = 5;
inline constexpr int max_given_seconds = 60;
struct GiveTime {
    TableId table = 0;
    int seconds = 15; // min_given_seconds..max_given_seconds
};
// An arena player halves his own clock and loses his increment, for an extra point should he win
// (docs/tournaments.md, "Arena"); before his first move, in an arena game that allows it.
struct Berserk {
    TableId table = 0;
};
// Threefold or fifty moves, now or (with `move`) with an intended move (FIDE 9.2, 9.3).
struct ClaimDraw {
    TableId table = 0;
    std::optional<std::string> move;
};
struct Resign {
    TableId table = 0;
};
struct Abort {
    TableId table = 0;
};
// The opponent has been disconnected for longer than the grace period.
struct ClaimWin {
    TableId table = 0;
};
// After a game: offers a rematch with colours swapped, or accepts the opponent's offer.
struct Rematch {
    TableId table = 0;
};
// The invited player turns the invitation down: the opener is told and the table closes, as
// lichess withdraws a declined challenge (docs/protocol.md, decline_invitation).
struct DeclineInvitation {
    TableId table = 0;
};
// Challenges (docs/protocol.md, "Challenges"): a game asked of one named player, who is online
// on any node. The challenge lives on the challenger's node while its connection is open, at
// most the server's challenge_expiry_ms unanswered.
struct Challenge {
    std::string to; // the challenged player's nick
    TimeControl time_control;
    ColorChoice color = ColorChoice::Random; // the challenger's colour
    bool rated = false;
    std::optional<std::string> message; // at most max_challenge_message_bytes
    GameSetup setup;                    // the variant, as open_table's (a Chess960 number may stay open)
};
struct CancelChallenge {
    ChallengeId challenge;
};
struct AcceptChallenge {
    ChallengeId challenge;
};
struct DeclineChallenge {
    ChallengeId challenge;
    DeclineReason reason = DeclineReason::Generic;
};
// Open challenges (docs/protocol.md, "Open challenges"): a link /challenge/<token> whose first
// opener accepts the game. The token is shown to its creator once; the server keeps its hash,
// which is the link's id for its creator (list, cancel) and opens no game.
struct CreateOpenChallenge {
    TimeControl time_control;
    ColorChoice color = ColorChoice::Random; // the creator's colour
    bool rated = false;
    GameSetup setup;
    std::vector<std::string> players; // at most max_open_challenge_players: only they may accept
    int valid_hours = default_open_challenge_hours;
};
struct ListOpenChallenges {};
struct CancelOpenChallenge {
    std::string link; // the link's id (its token's hash)
};
struct ShowOpenChallenge {
    std::string token;
};
struct AcceptOpenChallenge {
    std::string token;
};
// Quick pairing (docs/protocol.md, "Pools"): a player waits in one of the eleven pools until a
// wave pairs him; list_pools asks for the pools' counts (visitors may ask too).
struct JoinPool {
    std::string pool; // "3+0": an id of matchmaking::pool_catalogue()
};
struct LeavePool {};
struct ListPools {};
// A game against the computer (docs/protocol.md, "Playing the computer"): the server opens a
// table with the player and the computer at `level` seated, in `room` or else the player's room.
// Casual only: `rated: true` is refused by the decoder.
struct PlayComputer {
    int level = 1; // 1..8 (server/engines/computer_levels.h)
    TimeControl time_control;
    ColorChoice color = ColorChoice::Random; // the player's colour
    GameSetup setup;
    std::optional<RoomNumber> room;
};
// Tournaments (docs/protocol.md, "Tournaments"): directors, moderators and admins create them;
// anyone may list and show them; players join and withdraw; the director starts the event and
// withdraws or readmits players. The settings are checked on their face by the decoder
// (protocol/tournament.h); the service judges the rest.
enum class FirstBoardColour : std::uint8_t { White, Black, Random };
struct CreateTournament {
    std::string name;
    TournamentSystem system = TournamentSystem::Swiss;
    int rounds = 0;  // a Swiss's, 1..max_swiss_rounds; 0 for a round robin or an arena
    int cycles = 1;  // a round robin's: 1 or 2; 1 for the others
    int minutes = 0; // an arena's duration, 1..max_arena_minutes; 0 for the others
    // A round robin's season (the long form): days per round, 1..max_round_days; each round's
    // games are played when both players are online before its deadline. 0: rounds follow each
    // other as soon as the last one is over.
    int round_days = 0;
    // A Swiss's colour on the first board of round 1 (FIDE's initial colour): "white", "black" or
    // "random" (drawn at creation); none: white.
    std::optional<FirstBoardColour> first_board;
    // When the server starts the event by itself (ms since the epoch); none: the director does.
    std::optional<std::int64_t> starts_at_ms;
    bool berserk = false;           // an arena's: whether its players may go berserk (default yes)
    TimeControl time_control;       // as tables read it
    bool rated = false;             // needs a clock
    int late_entry_until_round = 0; // 0: entries close at the start; at most `rounds`
    std::optional<std::string> password;
    // Two nicks that must never be paired (family, clubmates): a Swiss's, entered or not yet.
    std::vector<std::pair<std::string, std::string>> forbidden_pairs;
    // A Swiss's tie-breaks in the director's order (tie_break_codes); empty: the default.
    std::vector<std::string> tie_breaks;
    // The first move at which a draw may be offered in the event's games (the "no draw offers
    // before move 30" rule); 0: at any time.
    int draw_offers_from_move = 0;
    // Who may enter: a rating range in the event's category, a number of rated games in it,
    // invited players only (by nick). None of them: everyone.
    std::optional<int> min_rating, max_rating;
    int min_rated_games = 0;
    std::vector<std::string> invited;
    // Whether bot accounts (the Bot API, docs/bots.md) may enter; lichess's "allow bots".
    bool bots_allowed = false;
};
struct ListTournaments {};
struct ShowTournament {
    std::int64_t tournament = 0;
};
struct JoinTournament {
    std::int64_t tournament = 0;
    std::optional<std::string> password;
};
struct WithdrawTournament {
    std::int64_t tournament = 0;
};
struct StartTournament {
    std::int64_t tournament = 0;
};
struct DirectorWithdraw {
    std::int64_t tournament = 0;
    std::string nick;
};
// A player asks for a half-point bye in the next round to be paired, or takes it back; a
// director gives one to a player (docs/protocol.md, "request_bye").
struct RequestBye {
    std::int64_t tournament = 0;
};
struct CancelBye {
    std::int64_t tournament = 0;
};
struct DirectorBye {
    std::int64_t tournament = 0;
    std::string nick;
};
// The director pairs a Swiss's next round by hand (docs/protocol.md, "director_pairing"):
// `games` as White-Black pairs of nicks, `bye` the player who gets the pairing-allocated bye
// (one point), if any. Players he leaves out are not paired (a zero-point bye).
struct DirectorPairing {
    std::int64_t tournament = 0;
    std::vector<std::pair<std::string, std::string>> games;
    std::optional<std::string> bye;
};
struct DirectorReadmit {
    std::int64_t tournament = 0;
    std::string nick;
};
// A board's result set or corrected by the director; `result` one of the store's words
// (white_wins, draw, black_wins, white_wins_by_forfeit, black_wins_by_forfeit, double_forfeit),
// `reason` for the audit log.
struct DirectorResult {
    std::int64_t tournament = 0;
    int round = 0, board = 0;
    std::string result;
    std::string reason;
};
struct PauseTournament {
    std::int64_t tournament = 0;
};
struct ResumeTournament {
    std::int64_t tournament = 0;
};
struct EndTournament {
    std::int64_t tournament = 0;
};

using ClientMessage =
    std::variant<Hello, Ping, ListRooms, EnterRoom, LeaveRoom, RoomChat, Whisper, OpenTable, JoinTable, WatchTable,
                 LeaveTable, TableChat, PlayMove, OfferDraw, AcceptDraw, DeclineDraw, ClaimDraw, Resign, Abort,
                 ClaimWin, Rematch, Register, Logout, ChangePassword, Notice, RoomMembers, DeclineInvitation, Challenge,
                 CancelChallenge, AcceptChallenge, DeclineChallenge, JoinPool, LeavePool, ListPools,
                 CreateOpenChallenge, ListOpenChallenges, CancelOpenChallenge, ShowOpenChallenge, AcceptOpenChallenge,
                 PlayComputer, Takeback, AcceptTakeback, DeclineTakeback, WithdrawTakeback, GiveTime, Berserk,
                 CreateTournament, ListTournaments, ShowTournament, JoinTournament, WithdrawTournament, StartTournament,
                 DirectorWithdraw, DirectorReadmit, DirectorResult, PauseTournament, ResumeTournament, EndTournament,
                 RequestBye, CancelBye, DirectorBye, DirectorPairing>;

// A client's request id, echoed in the reply: a string or an integer, kept as the client wrote
// it. Absent ids get no `ok` reply (errors are always sent).
struct RequestId {
    std::variant<std::int64_t, std::string> value;
    friend bool operator==(const RequestId&, const RequestId&) = default;
};

struct Request {
    std::optional<RequestId> id;
    ClientMessage message;
};

// ---- server -> client values --------------------------------------------------------------

struct RoomSummary {
    RoomNumber room = 0;
    std::string name;
    int members = 0;
    int tables = 0;
};

enum class TableStatus : std::uint8_t { Waiting, Playing, Finished };

// A rating as a table shows it: rounded, and whether it is still provisional ("1500?").
struct SeatRating {
    int rating = 0;
    bool provisional = true;
    friend bool operator==(const SeatRating&, const SeatRating&) = default;
};

// What a rated game did to one player's rating, as the players see it (docs/ratings.md).
struct PlayerRatingChange {
    std::string nick;
    int before = 0, after = 0; // rounded; diff = after - before
    int rd = 0;                // after the game, rounded
    bool provisional = true;
};
struct RatingChangeEvent {
    TableId table = 0;
    std::int64_t game_id = 0;
    std::string category; // "bullet", "blitz", "rapid", "classical"
    PlayerRatingChange white, black;
};

struct TableSummary {
    TableId table = 0;
    RoomNumber room = 0;
    TableStatus status = TableStatus::Waiting;
    std::optional<std::string> white, black; // seated nicks
    bool white_guest = false, black_guest = false;
    // The seat is the computer's (play_computer); such a seat is no guest's.
    bool white_computer = false, black_computer = false;
    ColorChoice opener_color = ColorChoice::Random;
    TimeControl time_control;
    std::optional<std::string> invite;
    int spectators = 0;
    bool rated = false;
    // A seated account's rating in the table's category, when it has one (rated tables only).
    std::optional<SeatRating> white_rating, black_rating;
    GameSetup setup; // resolved: a Chess960 setup has its number
    bool takebacks = false; // the players may take moves back
};

// Remaining time of each side at the moment of the event, and whose clock runs.
// Before both sides' first moves the clocks do not run: whose first move is awaited, and how
// long that side has left to make it before the game is aborted (docs/protocol.md, section 11;
// none when there is no limit).
struct FirstMoveWait {
    Side side = Side::White;
    std::optional<std::int64_t> ms_left;
    bool operator==(const FirstMoveWait&) const = default;
};

struct ClockReading {
    std::int64_t white_ms = 0;
    std::int64_t black_ms = 0;
    std::optional<Side> running;
    bool untimed = false;
    std::optional<FirstMoveWait> first_move; // only while a first move is awaited
};

// A move of a proof's line, spelled as the move events spell moves.
struct LineMove {
    std::string uci, san, san_de;
};

// The evidence behind a flag fall's can_mate: the mating line the engine found from the
// position at the flag, `first_ply` the number its first move would have had in the game's
// `moves` (so a client can write "41...Nf2+ 42.Kg1 Nh3#").
struct MatingLineProof {
    Side side = Side::White; // the side that mates
    int first_ply = 0;
    std::vector<LineMove> line = {};
};

// The evidence behind a cannot_mate (flag fall: `side` is the side that cannot mate) or a dead
// position (no side: the reason neither side can).
struct UnwinnableProof {
    std::optional<Side> side;
    UnwinnableReason reason = UnwinnableReason::NoMatingLine;
};

using Proof = std::variant<MatingLineProof, UnwinnableProof>;

struct GameResult {
    Score result = Score::Unfinished; // "*": an aborted game
    std::optional<Side> winner;
    Termination termination = Termination::Aborted; // docs/protocol.md lists them all
    std::string message;                            // a human sentence: "White's flag fell; Black cannot checkmate"
    std::optional<Winnability> winnability;         // flag falls only
    std::optional<Proof> proof = std::nullopt;      // flag falls decided either way; dead positions
};

struct MoveRecord {
    int ply = 0; // 1 = White's first move
    std::string uci, san, san_de;
    std::string fen = {}; // the position after the move, so a client can show any ply without rules
};

// A takeback request that waits for the opponent's answer: `plies` (1 or 2) moves would go.
struct TakebackRequest {
    Side by = Side::White;
    int plies = 1;
    friend bool operator==(const TakebackRequest&, const TakebackRequest&) = default;
};

// Everything a client needs to draw a table from scratch.
struct TableState {
    TableSummary summary;
    std::int64_t seq = 0; // the last event's sequence number
    std::optional<std::int64_t> game_id;
    std::string start_fen, fen;
    std::vector<MoveRecord> moves;
    ClockReading clocks;
    std::optional<Side> to_move;
    std::vector<std::string> legal_moves; // UCI, of the side to move; empty unless playing
    bool check = false;                   // the side to move (or the mated side) is in check
    std::optional<Side> draw_offer;       // the side whose offer stands
    std::optional<Side> rematch_offer;
    std::optional<TakebackRequest> takeback_request; // the one that stands
    std::vector<Side> disconnected; // seated players whose connection is gone
    // An arena game's berserk: whether its players may go berserk, and who did.
    bool berserk_allowed = false;
    std::vector<Side> berserk;
    std::optional<GameResult> result;
    std::optional<RatingChangeEvent> rating_change; // the last game's, once stored, until the next starts
};

// What a client watching a table again with `since` missed: the earlier-encoded event frames
// after its seq, in order; or, when the table no longer keeps all of them, none and `resync`,
// which tells the client to redraw from the state alone rather than take a tail for the whole.
struct MissedEvents {
    std::vector<std::string> frames;
    bool resync = false;
};

} // namespace rochade::protocol
