// The Dutch pairer at the size the issue asks for: 500 players after 9 rounds, the 10th round
// paired. The tournament is played out with our own pairer and random results (the stronger
// player wins more often), from a fixed seed. The reference, timed in the same run, is a greedy
// Swiss pairing of the same round (sorted by score, each player takes the first one he has not
// met): the floor any pairer pays for reading the state.
//   pairing_bench [--players N] [--rounds R] [--repeat K] [--seed S]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "pairing/dutch.h"

using namespace rochade::pairing;
using Clock = std::chrono::steady_clock;

namespace {

void set_entry(Tournament& t, int player, int round, RoundEntry entry)
{
    auto& rounds = t.players[static_cast<std::size_t>(player - 1)].rounds;
    if (rounds.size() < static_cast<std::size_t>(round)) rounds.resize(static_cast<std::size_t>(round));
    rounds[static_cast<std::size_t>(round - 1)] = entry;
}

// Greedy: by score then pairing number, each unpaired player takes the first unpaired one he
// has not met. No colours, no floats: only a reference for the cost of the state.
std::size_t greedy_pairs(const SwissRound& round)
{
    std::vector<char> taken(round.players.size(), 0);
    std::size_t pairs = 0;
    for (std::size_t i = 0; i < round.players.size(); ++i) {
        if (taken[i]) continue;
        for (std::size_t j = i + 1; j < round.players.size(); ++j)
            if (!taken[j] && !round.players[i].opponents.contains(round.players[j].start_number)) {
                taken[i] = taken[j] = 1;
                ++pairs;
                break;
            }
    }
    return pairs;
}

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

} // namespace

int main(int argc, char** argv)
{
    int players = 500, rounds = 9, repeat = 5;
    unsigned seed = 1;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!std::strcmp(argv[i], "--players"))
            players = std::atoi(argv[i + 1]);
        else if (!std::strcmp(argv[i], "--rounds"))
            rounds = std::atoi(argv[i + 1]);
        else if (!std::strcmp(argv[i], "--repeat"))
            repeat = std::atoi(argv[i + 1]);
        else if (!std::strcmp(argv[i], "--seed"))
            seed = static_cast<unsigned>(std::atoi(argv[i + 1]));
        else {
            std::fprintf(stderr, "pairing_bench: unknown option '%s'\n", argv[i]);
            return 2;
        }
    }
    std::mt19937 rng(seed);
    Tournament t;
    t.total_rounds = rounds + 1;
    for (int i = 1; i <= players; ++i) {
        TrfPlayer p;
        p.start_number = i;
        p.rating = 2700 - 3 * i;
        t.players.push_back(p);
    }
    double slowest_played = 0;
    for (int round = 1; round <= rounds; ++round) {
        const auto start = Clock::now();
        const auto result = pair_dutch(t);
        slowest_played = std::max(slowest_played, std::chrono::duration<double>(Clock::now() - start).count());
        if (const auto* error = std::get_if<DutchError>(&result)) {
            std::fprintf(stderr, "pairing_bench: round %d: %s\n", round, error->message.c_str());
            return 1;
        }
        const auto& pairing = std::get<DutchPairing>(result);
        for (const Board& b : pairing.boards) {
            const int gap = t.players[static_cast<std::size_t>(b.black - 1)].rating -
                            t.players[static_cast<std::size_t>(b.white - 1)].rating;
            const double white_wins = 0.4 - gap / 2000.0;
            const double roll = std::uniform_real_distribution<double>(0, 1)(rng);
            const ResultCode w = roll < white_wins         ? ResultCode::Win
                                 : roll < white_wins + 0.3 ? ResultCode::Draw
                                                           : ResultCode::Loss;
            const ResultCode k = w == ResultCode::Win    ? ResultCode::Loss
                                 : w == ResultCode::Loss ? ResultCode::Win
                                                         : ResultCode::Draw;
            set_entry(t, b.white, round, RoundEntry{b.black, Colour::White, w});
            set_entry(t, b.black, round, RoundEntry{b.white, Colour::Black, k});
        }
        if (pairing.bye) set_entry(t, *pairing.bye, round, RoundEntry{0, std::nullopt, ResultCode::PairingBye});
    }
    const auto state = swiss_round_from(t);
    if (!std::holds_alternative<SwissRound>(state)) return 1;
    std::vector<double> ours, reference;
    bool exhaustive = true;
    for (int k = 0; k < repeat; ++k) {
        // Alternate the two, so that a busy machine slows both alike.
        auto start = Clock::now();
        const auto reference_state = swiss_round_from(t);
        const std::size_t greedy = greedy_pairs(std::get<SwissRound>(reference_state));
        reference.push_back(std::chrono::duration<double>(Clock::now() - start).count());
        start = Clock::now();
        const auto result = pair_dutch(t);
        ours.push_back(std::chrono::duration<double>(Clock::now() - start).count());
        if (!std::holds_alternative<DutchPairing>(result) || greedy == 0) return 1;
        exhaustive = exhaustive && std::get<DutchPairing>(result).exhaustive;
    }
    std::printf("players %d, rounds played %d, pairing round %d (%d runs, medians)\n", players, rounds, rounds + 1,
                repeat);
    std::printf("dutch  %.3f s   (slowest of rounds 1-%d: %.3f s)%s\n", median(ours), rounds, slowest_played,
                exhaustive ? "" : "   [a bracket stopped at its search budget]");
    std::printf("greedy %.4f s   ratio dutch/greedy %.1f\n", median(reference), median(ours) / median(reference));
    return 0;
}
