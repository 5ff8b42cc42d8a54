// A tournament's results as values: the players (start number, nick, rating, status) and the
// rounds, each with its games and its byes. It is the state the server's tournament service
// keeps and stores; everything else in tournament/ reads it and returns decisions. Points are
// held in half points so that scores compare exactly.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace rochade::tournament {

enum class PlayerStatus { Active, Withdrawn, Paused };

struct Player {
    int start_number = 0; // 1..n, the pairing number of the Swiss and the Berger number
    std::string nick;
    int rating = 0; // 0 for unrated
    PlayerStatus status = PlayerStatus::Active;
};

// A game's result from White's side. A forfeit is a game one player did not appear for
// (FIDE C.07 15.1/16: an unplayed round for both).
enum class GameResult {
    Pending, // paired, not finished
    WhiteWins,
    Draw,
    BlackWins,
    WhiteWinsByForfeit,
    BlackWinsByForfeit,
    DoubleForfeit, // neither appeared: both lose by forfeit
};

struct Game {
    int white = 0; // start numbers
    int black = 0;
    GameResult result = GameResult::Pending;
};

enum class ByeKind {
    PairingAllocated, // C.04.1.3: one point, given by the pairing to the odd player out
    HalfPoint,        // requested, or a late entry's missed round
    ZeroPoint,        // absence: not paired (withdrawn, paused, or asked for a zero bye)
};

struct Bye {
    int player = 0;
    ByeKind kind = ByeKind::ZeroPoint;
};

struct Round {
    std::vector<Game> games; // board 1 first
    std::vector<Bye> byes;
};

enum class System { Swiss, RoundRobin, DoubleRoundRobin };

struct Tournament {
    std::string name;
    System system = System::Swiss;
    int total_rounds = 0;          // planned; 0 when unknown
    std::vector<Player> players;   // in start-number order, start_number == index + 1
    std::vector<Round> rounds;     // index 0 is round 1; only rounds that are paired
    bool first_board_white = true; // the initial colour (C.04.3 E.5)
    std::vector<std::pair<int, int>> forbidden_pairs;

    const Player* player(int start_number) const;
};

// What one round was for one player, seen from his side.
enum class Outcome {
    Pending,
    Win,
    Draw,
    Loss,
    ForfeitWin,
    ForfeitLoss,
    PairingBye,   // 1 point
    HalfPointBye, // ½ point
    Absent,       // 0 points: a zero-point bye, or no entry at all in a paired round
};

struct PlayerRound {
    Outcome outcome = Outcome::Absent;
    int opponent = 0; // 0 when none
    bool white = false;

    // A game that took place over the board (C.07 15.1: everything else is an unplayed round).
    bool played() const { return outcome == Outcome::Win || outcome == Outcome::Draw || outcome == Outcome::Loss; }
    // A finished round that is not a game over the board: byes, forfeits, absence.
    bool unplayed() const { return !played() && outcome != Outcome::Pending; }
};

constexpr int half_points_for_win = 2;
constexpr int half_points_for_draw = 1;
int half_points(Outcome outcome);

// The player's record, one entry per paired round (index 0 is round 1).
std::vector<PlayerRound> record_of(const Tournament& tournament, int start_number);

// The number of leading rounds in which no game is pending: standings count these.
int completed_rounds(const Tournament& tournament);

// Checks the tournament: start numbers 1..n in order, nicks present, every start number a round
// names exists, nobody twice in one round, nobody meets himself. The message names the round and
// the player: "round 3: player 7 appears twice".
std::optional<std::string> validate(const Tournament& tournament);

} // namespace rochade::tournament
