#include "pairing/berger.h"

#include <utility>

namespace rochade::pairing {

namespace {

// FIDE's tables follow one rule: with n even and m = n - 1, in round r the first board pairs
// player n with p = ((r - 1) * n / 2) mod m + 1 (p has White in odd rounds), and board j pairs
// p + (j - 1) (White) with p - (j - 1), counted round the circle 1..m. This reproduces the
// printed tables (tests/pairing/test_berger.cpp holds them as printed).
int on_circle(int number, int m) { return ((number - 1) % m + m) % m + 1; }

BergerRound single_round(int even_players, int round)
{
    const int n = even_players;
    const int m = n - 1;
    const int p = ((round - 1) * (n / 2)) % m + 1;
    BergerRound result;
    result.boards.push_back(round % 2 == 1 ? BergerPairing{p, n} : BergerPairing{n, p});
    for (int j = 2; j <= n / 2; ++j) result.boards.push_back({on_circle(p + (j - 1), m), on_circle(p - (j - 1), m)});
    return result;
}

} // namespace

std::optional<std::vector<BergerRound>> berger_schedule(int players, bool double_round)
{
    if (players < berger_min_players || players > berger_max_players) return std::nullopt;
    const int even = players % 2 == 0 ? players : players + 1;
    std::vector<BergerRound> rounds;
    for (int r = 1; r < even; ++r) {
        BergerRound round = single_round(even, r);
        if (even != players) {
            // The phantom player `even` is the bye: his board leaves the table.
            for (auto it = round.boards.begin(); it != round.boards.end(); ++it)
                if (it->white == even || it->black == even) {
                    round.bye = it->white == even ? it->black : it->white;
                    round.boards.erase(it);
                    break;
                }
        }
        rounds.push_back(std::move(round));
    }
    if (double_round) {
        // C.05 Annex 1 recommends switching the last two rounds of the first cycle, so that
        // nobody gets the same colour three times in a row across the turn of the cycles.
        if (rounds.size() >= 2) std::swap(rounds[rounds.size() - 1], rounds[rounds.size() - 2]);
        const std::size_t first_cycle = rounds.size();
        for (std::size_t r = 0; r < first_cycle; ++r) {
            BergerRound reversed = rounds[r];
            for (auto& board : reversed.boards) std::swap(board.white, board.black);
            rounds.push_back(std::move(reversed));
        }
    }
    return rounds;
}

} // namespace rochade::pairing
