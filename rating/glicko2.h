// Glicko-2 as Mark Glickman's "Example of the Glicko-2 system" describes it, with no I/O: the
// rating of one player after one rating period, and the growth of RD while a player is idle.
// On Rochade each rated game is a rating period of its own, and before a game each
// player's RD grows once for every whole day since their last rated game in that category
// (age_rd); the caller ages both players, then rates each against the other's aged rating.
//
// Ratings are on the Glicko scale (1500, RD 350); the conversion to the paper's mu and phi and
// back (steps 2 and 8) stays inside glicko2.cpp. After a period RD is kept between the
// configured floor and ceiling: the floor keeps a steady player's rating able to move, the
// ceiling is a newcomer's uncertainty, which nobody should exceed.
#pragma once

#include <cstdint>
#include <span>

namespace rochade::rating {

struct Rating {
    double rating = 1500;
    double rd = 350;
    double volatility = 0.06;

    friend bool operator==(const Rating&, const Rating&) = default;
};

// A game's result from the rated player's side.
enum class GameResult { Win, Draw, Loss };

// The paper's s_j: 1 for a win, 0.5 for a draw, 0 for a loss.
constexpr double score(GameResult result)
{
    switch (result) {
    case GameResult::Win: return 1.0;
    case GameResult::Draw: return 0.5;
    case GameResult::Loss: return 0.0;
    }
    return 0.0;
}

struct Glicko2Config {
    // The system constant: how far volatility may move in one period (the paper suggests 0.3 to 1.2).
    double tau = 0.75;
    double rd_min = 45;
    double rd_max = 350;
    Rating initial{1500, 350, 0.06};
    // The paper's epsilon: the Illinois iteration of step 5 stops when its bracket is this narrow.
    double convergence = 0.000001;
};

// One game of a rating period, seen from the rated player.
struct RatedGame {
    Rating opponent;
    GameResult result;
};

// Steps 2 to 8 for one rating period with these games (volatility by the Illinois algorithm);
// a period without games is step 6 alone, as age_rd for one day. RD ends within
// [rd_min, rd_max]. Throws std::invalid_argument, naming the value, for a rating that is not
// finite or an RD or volatility that is not positive, and for a config that makes no sense.
Rating rate_period(const Rating& player, std::span<const RatedGame> games, const Glicko2Config& config);

// A rating period of one game: Rochade's way.
Rating rate_game(const Rating& player, const Rating& opponent, GameResult result, const Glicko2Config& config);

// RD after `whole_days_idle` days without a rated game: step 6 once per day, phi^2 + sigma^2
// each time, so phi^2 + days * sigma^2 in all, at most rd_max. Rating and volatility stay.
// Zero days (a game on the same day) and a negative count (a clock set back) age nothing.
Rating age_rd(const Rating& rating, std::int64_t whole_days_idle, const Glicko2Config& config);

// Above this RD a rating is provisional (shown with a "?", kept off leaderboards).
inline constexpr double provisional_rd_above = 110;

constexpr bool is_provisional(const Rating& rating) { return rating.rd > provisional_rd_above; }

} // namespace rochade::rating
