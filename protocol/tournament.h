// Tournaments on the wire (docs/protocol.md, "Tournaments"; docs/tournaments.md, "The service"):
// the systems, the rules of a tournament's settings that a request can break on its face, and
// the views the server sends. The service (server/tournaments/) judges what needs the stored
// tournament: who may act, whether a player may still join.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "protocol/encode.h"
#include "protocol/messages.h"
#include "protocol/time_control.h"
#include "protocol/tournament_system.h"

namespace rochade::protocol {

inline constexpr std::size_t min_tournament_name_chars = 3;
inline constexpr std::size_t max_tournament_name_chars = 60;
inline constexpr int max_swiss_rounds = 20;
inline constexpr int max_round_robin_cycles = 2;
inline constexpr int min_arena_minutes = 1;
inline constexpr int max_arena_minutes = 720;
// A round robin played as a season: at most four weeks per round.
inline constexpr int max_round_days = 28;
inline constexpr std::size_t max_manual_boards = 500;         // a director's pairing of a round, by hand
inline constexpr std::int64_t max_start_ms = 253402300799999; // 9999-12-31, a bound for the field
// Berger tables (pairing/berger.h) hold 3 to 20 players.
inline constexpr int min_round_robin_players = 3;
inline constexpr int max_round_robin_players = 20;
inline constexpr std::size_t min_tournament_password_bytes = 4;
inline constexpr std::size_t max_tournament_password_bytes = 64;
inline constexpr std::size_t max_director_reason_bytes = 200;
inline constexpr std::size_t max_forbidden_pairs = 50;
inline constexpr int max_draw_offers_from_move = 100;
inline constexpr int max_entry_rating = 4000;
inline constexpr int max_min_rated_games = 1000;
inline constexpr std::size_t max_invited_players = 200;

// The tie-breaks a director may choose, by their FIDE C.07 codes (tournament/standings.h
// computes each; a test keeps the two lists equal).
inline constexpr std::array<std::string_view, 12> tie_break_codes{"BH-C1", "BH",  "BH-C2", "BH-M1", "SB", "DE",
                                                                  "WIN",   "WON", "BPG",   "BWG",   "PS", "ARO"};
bool is_tie_break_code(std::string_view code);

// The results a director may give a board (director_result): every stored result but pending.
inline constexpr std::string_view director_result_words =
    "white_wins, draw, black_wins, white_wins_by_forfeit, black_wins_by_forfeit, double_forfeit";
bool is_director_result(std::string_view word);

// What is wrong with a tournament's name, or nothing: 3 to 60 code points of valid UTF-8, no
// control characters, no spaces at either end and no two in a row (names are shown in lists and
// rooms, where invisible differences would make two events look alike).
std::optional<std::string> tournament_name_error(std::string_view name);

// One registered player as shown: by entry (registration order, from 1).
struct TournamentPlayerView {
    int entry = 0;
    std::string nick;
    int rating = 0;      // at registration; 0 for a guest in a casual event
    int first_round = 1; // a late entry's first round
    bool withdrawn = false;
    std::optional<int> bye_round; // a half-point bye asked for a round not yet paired
};

// One board of a paired round: a game (white and black), or a bye (white alone, `bye` its kind:
// pairing_allocated, half_point, zero_point). `result` in the store's words (pending, white_wins,
// draw, black_wins, white_wins_by_forfeit, black_wins_by_forfeit, double_forfeit), games only.
struct TournamentBoardView {
    int board = 0;
    std::string white;
    std::optional<std::string> black;
    std::optional<std::string> bye;
    std::optional<std::int64_t> table; // once the game was started at a table
    std::string result = "pending";
    bool white_berserk = false, black_berserk = false; // an arena's
};

struct TournamentRoundView {
    int round = 0;
    std::int64_t paired_ms = 0;
    std::vector<TournamentBoardView> boards;
    // A season's round (round_days): until when its games may be played; an unplayed game then
    // waits for the director's result.
    std::optional<std::int64_t> deadline_ms;
};

// A row of the standings: points and tie-breaks as numbers (the tie-breaks in hundredths in the
// model, shown as 12.5), the rank as "3" or "3-4" for players tied after every tie-break.
struct TournamentStandingView {
    std::string rank;
    std::string nick;
    int half_points = 0;
    std::vector<int> tie_break_hundredths;
    bool withdrawn = false;
};

// A row of an arena's standings (tournament/arena_sheet.h): its score, its sheet of points per
// game ("2 4 4 0"), whether its next win counts double, the performance it ranks by after the
// score; the rank as "3" or "3-4".
struct TournamentArenaStandingView {
    std::string rank;
    std::string nick;
    int score = 0;
    int performance = 0;
    std::string sheet;
    bool on_fire = false;
    int games = 0;
    bool playing = false; // a game of the arena runs for him now
    bool withdrawn = false;
};

// A round robin's crosstable, rows and columns in Berger order: a cell holds the row player's
// results against the column player in round order ("1", "½", "0", "+" forfeit win, "-"
// forfeit loss; two in a double round robin), "" while not played, "X" on the diagonal.
struct TournamentCrosstableView {
    std::vector<std::string> nicks;
    std::vector<std::vector<std::string>> cells;
    std::vector<int> half_points;
    std::vector<int> sonneborn_berger_hundredths;
};

// A tournament as shown. `players` is filled for show_tournament and tournament_updated, left
// empty in the list (which gives `player_count`).
struct TournamentView {
    std::int64_t id = 0;
    std::string name;
    TournamentSystem system = TournamentSystem::Swiss;
    int rounds = 0; // a Swiss's rounds; a round robin's follow from its players at the start
    int cycles = 1; // a round robin's: 1 single, 2 double
    int minutes = 0;      // an arena's duration
    int round_days = 0;   // a round robin's season: days per round (0: rounds follow at once)
    bool berserk = false; // an arena's: whether its players may go berserk
    TimeControl time_control;
    bool rated = false;
    std::string director;
    int late_entry_until_round = 0; // 0: entries close at the start
    int draw_offers_from_move = 0;  // 0: draws may be offered at any time
    std::optional<int> min_rating, max_rating;
    int min_rated_games = 0;
    bool invited_only = false;      // the list itself is the director's
    bool bots_allowed = false;      // bot accounts may enter
    bool password = false;          // whether joining needs one (never the password or its hash)
    std::string state;              // registering, running, paused, finished
    std::int64_t created_ms = 0;
    std::optional<std::int64_t> started_ms, finished_ms;
    int rounds_paired = 0;
    // While the pause before the next round runs: when it ends (ms since the epoch).
    std::optional<std::int64_t> next_round_ms;
    // When the server starts it by itself (registering only); none: the director starts it.
    std::optional<std::int64_t> starts_ms;
    bool first_board_white = true; // a Swiss's initial colour
    // An arena's end (started_ms + minutes), once started.
    std::optional<std::int64_t> ends_ms;
    int player_count = 0; // registered and not withdrawn
    std::vector<TournamentPlayerView> players;
    // With the players (show_tournament, tournament_updated) once the event has started: the
    // tie-break codes in the director's order, every paired round, and the standings after the
    // rounds whose games are all finished.
    std::vector<std::string> tie_breaks;
    std::vector<TournamentRoundView> pairings;
    std::vector<TournamentStandingView> standings;
    std::optional<TournamentCrosstableView> crosstable; // a round robin's, once started
    std::vector<TournamentArenaStandingView> arena_standings; // an arena's, once started
};

// The reply to create_tournament: {"type":"ok","id":...,"tournament":{...}}.
std::string encode_tournament_created(const OptionalId& id, const TournamentView& tournament);
// {"type":"tournaments","upcoming":[...],"running":[...],"finished":[...]}: summaries without
// players; upcoming is registering, running includes paused, each newest first.
std::string encode_tournaments(const std::vector<TournamentView>& tournaments);
// {"type":"tournament","tournament":{...}} with its players: the answer to show_tournament.
std::string encode_tournament(const TournamentView& tournament);
// {"type":"tournament_updated","tournament":{...}}: to its watchers, after every change.
std::string encode_tournament_updated(const TournamentView& tournament);

} // namespace rochade::protocol
