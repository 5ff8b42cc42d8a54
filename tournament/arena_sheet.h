// The Arena's scoring, as lichess's arena scores (lila, modules/tournament arena/Sheet), written
// again from its rules: a win 2, a draw 1, a loss 0; after two wins in a row ("on fire") a win 4
// and a draw 2 until a game is not won; a draw under 20 plies scores nothing; a draw that follows
// another draw with no win in between (losses do not break the series) scores nothing unless the
// game lasted 60 plies or more; berserk adds 1 to a win of at least 14 plies (7 own moves).
#pragma once

#include <string>
#include <vector>

namespace rochade::tournament {

enum class ArenaResult { Win, Draw, Loss };

// One finished arena game from the player's side.
struct ArenaGame {
    ArenaResult result = ArenaResult::Loss;
    int plies = 0; // half moves played in the game, both sides
    bool berserk = false;
    int opponent_rating = 0;
};

constexpr int arena_quick_draw_plies = 20;  // a draw below this scores nothing
constexpr int arena_long_game_plies = 60;   // a draw this long scores even after another draw
constexpr int arena_berserk_min_plies = 14; // a berserk win needs 7 own moves

enum class ArenaFlag {
    Normal,
    Double,   // on fire: the last two games were won
    NoPoints, // a quick draw, or a draw after a draw
};

struct ArenaScore {
    ArenaResult result = ArenaResult::Loss;
    ArenaFlag flag = ArenaFlag::Normal;
    bool berserk_bonus = false;
    int points = 0;
};

struct ArenaSheet {
    std::vector<ArenaScore> scores; // oldest first
    int total = 0;
    bool on_fire = false; // the next win or draw counts double
    // The sheet as shown, most recent last: "2 4 4 0 1".
    std::string text() const;
};

ArenaSheet arena_sheet(const std::vector<ArenaGame>& games);

// What going berserk does to the player's clock, for the server to apply before his first move:
// half his base time is taken away (lila's berserk penalty; none when the base time is under 40
// increments, where halving would make little sense) and the increment is dropped for the game.
struct BerserkEffect {
    int base_time_removed_ms = 0;
    bool increment_removed = true;
};
BerserkEffect berserk_effect(int base_time_ms, int increment_ms);

// lila's performance for the arena standings: the mean over the games of the opponent's rating,
// +500 for a win, -500 for a loss; std::nullopt-like 0 when no game was played.
int arena_performance(const std::vector<ArenaGame>& games);

struct ArenaEntry {
    std::string id; // the nick
    int rating = 0;
    std::vector<ArenaGame> games; // oldest first
};

struct ArenaStanding {
    std::string id;
    int score = 0;
    int performance = 0; // the rating when no game was played yet
    std::string sheet;
    bool on_fire = false;
    int games = 0;      // finished games
    int rank_first = 0; // equal score and performance share the rank
    int rank_last = 0;
};

// Score first, then performance (the rating for a player without games), as lila ranks by score
// and then performance; ties after both share the rank and are listed by id.
std::vector<ArenaStanding> arena_standings(const std::vector<ArenaEntry>& entries);

} // namespace rochade::tournament
