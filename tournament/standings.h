// Standings with the tie-breaks of FIDE C.07 (Tie-Break Regulations, the 2023 edition and its
// rules for unplayed rounds, Article 16), in the order the director chose. A pure function of the
// results: the rounds in which every game is finished count, a round still being played does not.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tournament/tournament_model.h"

namespace rochade::tournament {

enum class TieBreak {
    BuchholzCut1,             // BH-C1, C.07 8.1 with 14.1 and 16.5
    Buchholz,                 // BH, 8.1
    BuchholzCut2,             // BH-C2, 14.2
    BuchholzMedian1,          // BH-M1, 14.3
    SonnebornBerger,          // SB, 9.1
    DirectEncounter,          // DE, 6
    Wins,                     // WIN, 7.1: rounds with a win's points, played or not
    WinsOverTheBoard,         // WON, 7.2
    GamesWithBlack,           // BPG, 7.3: games played over the board with Black
    WinsWithBlack,            // BWG, 7.4
    ProgressiveScore,         // PS, 7.5: the sum of the running scores
    AverageRatingOfOpponents, // ARO, 10.1: opponents met over the board, rounded
};

// BH-C1, BH, SB, DE, WIN, BPG: the default.
std::vector<TieBreak> default_tie_breaks();
std::string_view tie_break_code(TieBreak tie_break); // "BH-C1"
// The tie-break a code names ("BH-C1"), or nothing.
std::optional<TieBreak> parse_tie_break(std::string_view code);

struct StandingRow {
    int start_number = 0;
    std::string nick;
    int half_points = 0;
    // One value per chosen tie-break, in hundredths (a Buchholz of 12½ is 1250, a count of 3 is
    // 300, an ARO of 1850 is 185000), so that every value compares exactly.
    std::vector<int> tie_breaks;
    int rank_first = 0; // players tied after every tie-break share the ranks first..last
    int rank_last = 0;

    std::string rank() const; // "3" or "3-4"
};

// Everybody, withdrawn players too, best first; ties after all tie-breaks in start-number order.
std::vector<StandingRow> standings(const Tournament& tournament, const std::vector<TieBreak>& tie_breaks);

// The points as they are written: "3", "3½", "½".
std::string format_points(int half_points);

} // namespace rochade::tournament
