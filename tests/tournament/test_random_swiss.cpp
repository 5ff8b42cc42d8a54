// Random Swiss tournaments played through pairing/dutch from our model (exported as TRF every
// round), with forfeits, requested half-point byes and withdrawals; the standings are checked
// against invariants that hold whatever the results: the points given out, the order and the
// shared ranks, SB <= BH, Cut-1 <= BH, WON <= WIN, and when no round went unplayed, the sum of
// all Buchholz equals the sum over players of score times games (each score counted once per
// opponent who met that player).
#include <catch2/catch.hpp>

#include <random>

#include "pairing/dutch.h"
#include "tournament/standings.h"
#include "tournament/trf_conversion.h"

using namespace rochade::tournament;

namespace {

struct RandomSwiss {
    Tournament tournament;
    int half_points_given = 0;
    bool any_unplayed = false;
};

RandomSwiss play(unsigned seed, bool clean)
{
    std::mt19937 rng(seed);
    auto chance = [&](int percent) { return static_cast<int>(rng() % 100) < percent; };
    RandomSwiss out;
    Tournament& t = out.tournament;
    const int n = clean ? 2 * (3 + static_cast<int>(rng() % 8)) : 5 + static_cast<int>(rng() % 20);
    t.total_rounds = 3 + static_cast<int>(rng() % 5);
    for (int i = 1; i <= n; ++i)
        t.players.push_back(
            Player{i, std::string("p").append(std::to_string(i)), 1200 + static_cast<int>(rng() % 1200)});
    std::sort(t.players.begin(), t.players.end(), [](const Player& a, const Player& b) { return a.rating > b.rating; });
    for (int i = 0; i < n; ++i) t.players[static_cast<std::size_t>(i)].start_number = i + 1;

    for (int r = 0; r < t.total_rounds; ++r) {
        Round round;
        if (!clean)
            for (Player& p : t.players) {
                if (p.status == PlayerStatus::Active && chance(4)) p.status = PlayerStatus::Withdrawn;
                if (p.status == PlayerStatus::Withdrawn)
                    round.byes.push_back(Bye{p.start_number, ByeKind::ZeroPoint});
                else if (chance(5))
                    round.byes.push_back(Bye{p.start_number, ByeKind::HalfPoint});
            }
        t.rounds.push_back(round);
        const auto paired = rochade::pairing::pair_dutch(to_trf(t));
        if (!std::holds_alternative<rochade::pairing::DutchPairing>(paired)) {
            t.rounds.pop_back(); // too few players left to pair: the event ends here
            break;
        }
        const auto& pairing = std::get<rochade::pairing::DutchPairing>(paired);
        Round& current = t.rounds.back();
        for (const auto& board : pairing.boards) {
            const int roll = static_cast<int>(rng() % 100);
            const GameResult result = clean || roll >= 8 ? (roll % 3 == 0   ? GameResult::WhiteWins
                                                            : roll % 3 == 1 ? GameResult::Draw
                                                                            : GameResult::BlackWins)
                                      : roll < 4         ? GameResult::WhiteWinsByForfeit
                                                         : GameResult::BlackWinsByForfeit;
            current.games.push_back(Game{board.white, board.black, result});
            out.half_points_given += 2;
            out.any_unplayed = out.any_unplayed || (!clean && roll < 8);
        }
        if (pairing.bye) {
            current.byes.push_back(Bye{*pairing.bye, ByeKind::PairingAllocated});
            out.half_points_given += 2;
        }
        for (const Bye& bye : current.byes) {
            if (bye.kind == ByeKind::HalfPoint) out.half_points_given += 1;
            out.any_unplayed = true;
        }
        REQUIRE_FALSE(validate(t));
    }
    return out;
}

void check_standings(const RandomSwiss& swiss)
{
    const Tournament& t = swiss.tournament;
    const std::vector<TieBreak> chosen{TieBreak::BuchholzCut1,    TieBreak::Buchholz, TieBreak::SonnebornBerger,
                                       TieBreak::DirectEncounter, TieBreak::Wins,     TieBreak::WinsOverTheBoard};
    const auto rows = standings(t, chosen);
    REQUIRE(rows.size() == t.players.size());
    int total = 0;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const StandingRow& row = rows[i];
        total += row.half_points;
        CHECK(row.tie_breaks[0] <= row.tie_breaks[1]); // Cut-1 <= BH
        CHECK(row.tie_breaks[2] <= row.tie_breaks[1]); // SB <= BH: own result at most a win
        CHECK(row.tie_breaks[5] <= row.tie_breaks[4]); // WON <= WIN
        CHECK(row.rank_first <= static_cast<int>(i) + 1);
        CHECK(static_cast<int>(i) + 1 <= row.rank_last);
        if (i > 0) {
            const StandingRow& above = rows[i - 1];
            CHECK(above.half_points >= row.half_points);
            const bool same_rank = above.rank_first == row.rank_first;
            CHECK(same_rank == (above.half_points == row.half_points && above.tie_breaks == row.tie_breaks));
        }
    }
    CHECK(total == swiss.half_points_given);
    if (!swiss.any_unplayed) {
        long long buchholz = 0, weighted = 0;
        for (const StandingRow& row : rows) {
            buchholz += row.tie_breaks[1];
            weighted += 50LL * row.half_points * static_cast<long long>(completed_rounds(t));
        }
        CHECK(buchholz == weighted);
    }
}

} // namespace

TEST_CASE("random Swiss tournaments paired by the Dutch system keep the standings' invariants")
{
    for (unsigned seed = 1; seed <= 60; ++seed) {
        INFO("seed " << seed);
        const RandomSwiss swiss = play(seed, false);
        CHECK(completed_rounds(swiss.tournament) >= 3);
        check_standings(swiss);
    }
}

TEST_CASE("without unplayed rounds the Buchholz sums balance")
{
    for (unsigned seed = 100; seed < 130; ++seed) {
        INFO("seed " << seed);
        const RandomSwiss swiss = play(seed, true);
        REQUIRE_FALSE(swiss.any_unplayed);
        CHECK(completed_rounds(swiss.tournament) >= 3); // fewer than planned when no pairing exists (C1)
        check_standings(swiss);
    }
}

TEST_CASE("a random Swiss exported as TRF reads back with the same standings")
{
    for (unsigned seed = 200; seed < 220; ++seed) {
        INFO("seed " << seed);
        const RandomSwiss swiss = play(seed, false);
        const auto read = rochade::pairing::read_trf(write_trf(swiss.tournament));
        REQUIRE(std::holds_alternative<rochade::pairing::Tournament>(read));
        const auto back = from_trf(std::get<rochade::pairing::Tournament>(read));
        REQUIRE(std::holds_alternative<Tournament>(back));
        const auto a = standings(swiss.tournament, default_tie_breaks());
        const auto b = standings(std::get<Tournament>(back), default_tie_breaks());
        REQUIRE(a.size() == b.size());
        for (std::size_t i = 0; i < a.size(); ++i) {
            CHECK(a[i].start_number == b[i].start_number);
            CHECK(a[i].tie_breaks == b[i].tie_breaks);
        }
    }
}
