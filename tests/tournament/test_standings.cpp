// Standings and the FIDE C.07 tie-breaks on a small Swiss worked out by hand, with a
// pairing-allocated bye, a forfeit, a half-point bye and a last-round absence (Article 16).
#include <catch2/catch.hpp>

#include <map>

#include "tournament/standings.h"

using namespace rochade::tournament;

namespace {

// Five players, ratings 1990, 1980, 1970, 1960, 1950.
//   R1: 1-2 1-0, 3-4 ½-½, 5 the pairing-allocated bye
//   R2: 5-1 0-1, 4-2 won by 4 on forfeit, 3 a half-point bye
//   R3: 1-3 ½-½, 2-5 1-0, 4 absent (a zero-point bye in the last round)
// Scores: 1: 2½, 2: 1, 3: 1½, 4: 1½, 5: 1 (7½ in all: 3 + 2½ + 2 points given out by round).
Tournament hand_worked_swiss()
{
    Tournament t;
    t.total_rounds = 3;
    for (int i = 1; i <= 5; ++i)
        t.players.push_back(Player{i, std::string("p").append(std::to_string(i)), 2000 - 10 * i});
    t.rounds.push_back(
        Round{{{1, 2, GameResult::WhiteWins}, {3, 4, GameResult::Draw}}, {{5, ByeKind::PairingAllocated}}});
    t.rounds.push_back(
        Round{{{5, 1, GameResult::BlackWins}, {4, 2, GameResult::WhiteWinsByForfeit}}, {{3, ByeKind::HalfPoint}}});
    t.rounds.push_back(Round{{{1, 3, GameResult::Draw}, {2, 5, GameResult::WhiteWins}}, {{4, ByeKind::ZeroPoint}}});
    return t;
}

const StandingRow& row_of(const std::vector<StandingRow>& rows, int start_number)
{
    for (const StandingRow& row : rows)
        if (row.start_number == start_number) return row;
    FAIL("no row for " << start_number);
    return rows.front();
}

} // namespace

TEST_CASE("points are written with a half sign")
{
    CHECK(format_points(0) == "0");
    CHECK(format_points(1) == "½");
    CHECK(format_points(3) == "1½");
    CHECK(format_points(4) == "2");
}

// Adjusted scores for the opponents (16.3): 1: 2½; 2: 1 (the forfeit loss counts as a loss,
// 16.2.4); 3: 1½ (his half-point bye is followed by a game, 16.2.3); 4: 2 (his last-round
// absence is 16.2.5 and counts as a draw: ½ + 1 + ½); 5: 1.
// The dummy of an unplayed round (16.4) has the player's own score, at most the scheduled
// opponent's adjusted score for a forfeit and at most 1½ (a draw in each of 3 rounds) for a bye.
//   1: opponents 2 (1), 5 (1), 3 (1½)                  BH 3½, Cut-1 drops 1: 2½
//   2: 1 (2½), forfeit R2: min(1, adj 4 = 2) = 1, 5 (1)  BH 4½, Cut-1 drops the forfeit loss
//      (a voluntary unplayed round, 16.5) worth 1: 3½
//   3: 4 (2), bye R2: min(1½, 1½) = 1½, 1 (2½)          BH 6, Cut-1 drops the bye's 1½: 4½
//   4: 3 (1½), forfeit win: min(1½, adj 2 = 1) = 1, absent R3: min(1½, 1½) = 1½
//      BH 4, Cut-1 drops the absence's 1½ (not the lowest 1, 16.5): 2½
//   5: bye R1: min(1, 1½) = 1, 1 (2½), 2 (1)           BH 4½, Cut-1 drops 1: 3½
// SB (opponent's score times own result): 1: 1·1 + 1·1 + 1½·½ = 2¾; 2: 1·1 = 1;
//   3: 2·½ + 1½·½ + 2½·½ = 3; 4: 1½·½ + 1·1 + 1½·0 = 1¾; 5: 1·1 = 1.
TEST_CASE("Buchholz, its cuts and Sonneborn-Berger follow C.07 Article 16 for unplayed rounds")
{
    const auto rows =
        standings(hand_worked_swiss(), {TieBreak::Buchholz, TieBreak::BuchholzCut1, TieBreak::SonnebornBerger,
                                        TieBreak::BuchholzCut2, TieBreak::BuchholzMedian1});
    const std::map<int, std::vector<int>> expected{
        {1, {350, 250, 275, 150, 100}}, // Cut-2 drops 1 and 1; Median-1 drops 1 and 1½, leaving 1
        {2, {450, 350, 100, 250, 100}}, // Cut-2 drops the forfeit's 1, then 1, leaving 2½; Median-1 drops 1, then 2½
        {3, {600, 450, 300, 250, 200}}, // Cut-2: 1½ (bye), then 2; Median-1: 1½ and 2½
        {4, {400, 250, 175, 150, 100}}, // Cut-2: 1½ (absence), then 1; Median-1: 1½ and 1½
        {5, {450, 350, 100, 250, 100}}, // Cut-2: 1, 1; Median-1: 1 and 2½
    };
    for (const auto& [player, values] : expected) {
        INFO("player " << player);
        CHECK(row_of(rows, player).tie_breaks == values);
    }
}

TEST_CASE("the default tie-breaks order the hand-worked Swiss, direct encounter separates the last two")
{
    const auto rows = standings(hand_worked_swiss(), default_tie_breaks());
    std::vector<int> order;
    for (const StandingRow& row : rows) order.push_back(row.start_number);
    // 1 (2½); 3 before 4 on BH-C1 (4½ to 2½); 2 and 5 equal on BH-C1, BH and SB, and 2 beat 5.
    CHECK(order == std::vector<int>{1, 3, 4, 2, 5});
    CHECK(row_of(rows, 2).tie_breaks[3] == 100); // DE: 2 scored 1 against 5
    CHECK(row_of(rows, 5).tie_breaks[3] == 0);
    CHECK(row_of(rows, 2).rank() == "4");
    CHECK(row_of(rows, 5).rank() == "5");
    CHECK(rows[0].half_points == 5);
}

TEST_CASE("players still tied after every tie-break share the rank")
{
    const auto rows = standings(hand_worked_swiss(), {TieBreak::Buchholz});
    CHECK(row_of(rows, 2).rank() == "4-5");
    CHECK(row_of(rows, 5).rank() == "4-5");
    CHECK(row_of(rows, 4).rank() == "3"); // 1½ with BH 4, below 3's 6
}

TEST_CASE("counts, the progressive score and the average rating of opponents")
{
    const auto rows = standings(hand_worked_swiss(), {TieBreak::Wins, TieBreak::WinsOverTheBoard,
                                                      TieBreak::GamesWithBlack, TieBreak::WinsWithBlack,
                                                      TieBreak::ProgressiveScore, TieBreak::AverageRatingOfOpponents});
    // 1: won R1 (White) and R2 (Black), drew R3 (White): WIN 2, WON 2, BPG 1, BWG 1,
    //    PS 1 + 2 + 2½ = 5½, ARO (1980 + 1950 + 1970) / 3 = 1966.67 -> 1967.
    CHECK(row_of(rows, 1).tie_breaks == std::vector<int>{200, 200, 100, 100, 550, 196700});
    // 4: the forfeit win is a WIN (7.1) but not a WON (7.2); one game, with Black; PS ½ + 1½ + 1½.
    CHECK(row_of(rows, 4).tie_breaks == std::vector<int>{100, 0, 100, 0, 350, 197000});
    // 5: the pairing-allocated bye is a WIN, nothing over the board; ARO of 1 and 2: 1985.
    CHECK(row_of(rows, 5).tie_breaks == std::vector<int>{100, 0, 100, 0, 300, 198500});
}

TEST_CASE("a round still being played does not count")
{
    Tournament t = hand_worked_swiss();
    t.rounds.push_back(Round{{{1, 4, GameResult::Pending}}, {}});
    const auto rows = standings(t, {TieBreak::Buchholz});
    CHECK(row_of(rows, 1).half_points == 5);
    CHECK(row_of(rows, 1).tie_breaks[0] == 350);
}

TEST_CASE("direct encounter does not separate players who have not all met")
{
    // 3 and 4 both took a half-point bye and are tied on ½; they never met, so DE (Article 6
    // as we apply it: only when all tied players have met) leaves them sharing the rank.
    Tournament t;
    for (int i = 1; i <= 4; ++i) t.players.push_back(Player{i, std::string("p").append(std::to_string(i)), 1500});
    t.rounds.push_back(Round{{{1, 2, GameResult::WhiteWins}}, {{3, ByeKind::HalfPoint}, {4, ByeKind::HalfPoint}}});
    const auto rows = standings(t, {TieBreak::DirectEncounter});
    CHECK(row_of(rows, 3).tie_breaks[0] == 0);
    CHECK(row_of(rows, 4).tie_breaks[0] == 0);
    CHECK(row_of(rows, 3).rank() == "2-3");
}
