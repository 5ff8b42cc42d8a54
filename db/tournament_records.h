// The rows of tournaments (docs/tournaments.md, "The service"): the event and its settings, its
// players in registration order, and its rounds with their pairings, results and tables. Plain
// values, no SQL types. Everything the service needs to continue a round after a restart is
// here: which round is paired, which boards have a table, which have a result.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace rochade::db {

// The words the store keeps, checked by both backends (a CHECK in the schema and the writer's
// own test, so a wrong word is refused with a message, not stored).
//   system: "swiss", "round_robin", "arena"
//   state:  "registering", "running", "paused", "finished"
//   result: "pending", "white_wins", "draw", "black_wins", "white_wins_by_forfeit",
//           "black_wins_by_forfeit", "double_forfeit" (tournament::GameResult, from White's side)
//   bye:    "pairing_allocated" (1 point), "half_point", "zero_point" (tournament::ByeKind)

// ---- writes -----------------------------------------------------------------------------

// A new tournament, registering. Refused when the id is taken or a word is not one of the above.
struct TournamentCreated {
    std::int64_t id = 0;
    std::string name;
    std::string system;
    // Planned rounds: a Swiss's; a round robin's follow from its players (the service says); an
    // arena has none planned (1 is stored), its pairing waves are stored as rounds as they come.
    int rounds = 0;
    std::string time_control_json; // protocol::time_control_json
    bool rated = false;
    std::string director_nick, director_key; // as shown, and folded (protocol::nick_key)
    // What only the service reads (late entry until round N, forbidden pairs, tie-break order,
    // double round robin, first board's colour): validated by the service, kept as given.
    std::string settings_json;
    std::int64_t created_at_ms = 0;
};

// registering -> running -> (paused <-> running) -> finished. Refused unless the stored state is
// `from`: of two nodes or two clicks only one moves the event on.
struct TournamentStateChanged {
    std::int64_t tournament_id = 0;
    std::string from, to;
    std::int64_t at_ms = 0;
};

// A player registers, before the start or (a late entry) during the event. His entry number
// (registration order, from 1) is the next one of the tournament. Refused when he is registered
// already or the tournament is finished or unknown.
struct TournamentPlayerJoined {
    std::int64_t tournament_id = 0;
    std::string nick, nick_key;
    int rating = 0;      // at registration; 0 for unrated
    int first_round = 1; // the first round he can be paired in; earlier rounds are his missed ones
    std::int64_t at_ms = 0;
};

// The player takes no part from `from_round` on (he withdrew, the director withdrew him, or he
// missed a game's start). Refused unless he is registered and not withdrawn.
struct TournamentPlayerWithdrawn {
    std::int64_t tournament_id = 0;
    std::string nick_key;
    int from_round = 1;
};

// A withdrawn player returns (he asked, or the director re-admitted him). Refused unless he is
// withdrawn.
struct TournamentPlayerReadmitted {
    std::int64_t tournament_id = 0;
    std::string nick_key;
};

// The player asks for a half-point bye in `round` (C.04.1: he will not play it), or (round
// nothing) takes his request back; by himself or by the director. Refused unless he is
// registered and not withdrawn, and unless the round is 1 or later.
struct TournamentByeRequested {
    std::int64_t tournament_id = 0;
    std::string nick_key;
    std::optional<int> round;
};

// One board of a round: a game between two registered players, or a bye (black_key empty and
// `bye` set).
struct TournamentPairing {
    int board = 0; // 1..n within the round, byes after the games
    std::string white_key;
    std::optional<std::string> black_key;
    std::optional<std::string> bye;
};

// A round's pairing, all boards at once. Refused unless `round` is the next one (1 for the first,
// then one more than the last stored), so no round is paired twice; and unless every player
// named is registered.
struct TournamentRoundPaired {
    std::int64_t tournament_id = 0;
    int round = 0;
    std::vector<TournamentPairing> pairings;
    std::int64_t at_ms = 0;
};

// A board's game started at a table. Refused unless the board is a game without a table yet.
struct TournamentGameStarted {
    std::int64_t tournament_id = 0;
    int round = 0, board = 0;
    std::int64_t table_id = 0, game_id = 0;
};

// A board's result. Refused for a bye, for "pending", and for a board that has a result already
// unless `correction` (the director corrects it; the audit log says who and why).
struct TournamentResultRecorded {
    std::int64_t tournament_id = 0;
    int round = 0, board = 0;
    std::string result;
    bool correction = false;
    // What an arena scores by (tournament/arena_sheet.h): the game's half moves, and who went
    // berserk. Nothing for a forfeit or a result set by the director; a correction keeps them.
    std::optional<int> plies;
    bool white_berserk = false, black_berserk = false;
};

// ---- reads ------------------------------------------------------------------------------

struct TournamentRecord {
    TournamentCreated created;
    std::string state;
    std::optional<std::int64_t> started_at_ms;  // when it first went running
    std::optional<std::int64_t> finished_at_ms; // when it went finished
};

struct TournamentPlayerRecord {
    int entry = 0; // registration order, from 1
    std::string nick, nick_key;
    int rating = 0;
    int first_round = 1;
    std::optional<int> withdrawn_from_round; // set while withdrawn
    std::optional<int> bye_round;            // the round he asked a half-point bye for
    std::int64_t joined_at_ms = 0;
};

struct TournamentBoardRecord {
    TournamentPairing pairing;
    std::optional<std::int64_t> table_id, game_id;
    std::string result = "pending"; // "pending" for a bye too: a bye's points are its kind's
    std::optional<int> plies;       // TournamentResultRecorded's, once the result is recorded
    bool white_berserk = false, black_berserk = false;
};

struct TournamentRoundRecord {
    int round = 0;
    std::int64_t paired_at_ms = 0;
    std::vector<TournamentBoardRecord> boards; // by board
};

// Everything stored about one tournament.
struct TournamentLog {
    TournamentRecord tournament;
    std::vector<TournamentPlayerRecord> players; // by entry
    std::vector<TournamentRoundRecord> rounds;   // by round
};

// The words above, for both backends' checks.
bool is_tournament_system(const std::string& word);
bool is_tournament_state(const std::string& word);
bool is_tournament_result(const std::string& word); // "pending" included
bool is_tournament_bye(const std::string& word);

// What is wrong with a write on its face, before the store looks at what is stored: a word not
// one of the above, a state change the event cannot make, a pairing that names a player twice or
// is neither a game nor a bye. Both backends refuse such a write with this message.
std::optional<std::string> tournament_write_problem(const TournamentCreated& w);
std::optional<std::string> tournament_write_problem(const TournamentStateChanged& w);
std::optional<std::string> tournament_write_problem(const TournamentRoundPaired& w);
std::optional<std::string> tournament_write_problem(const TournamentResultRecorded& w);

} // namespace rochade::db
