// The per-move dead-position test as the server runs it: seeded games of random legal moves
// (like bench/loadgen's players), the server's per-move budgets, and at every position two
// answers timed side by side: the fresh test (is_dead_position plus the other automatic
// endings, what Game did before it carried proofs; the reference of the same run) and Game's
// automatic_outcome(), which carries the previous position's proof of life (engine/liveness.h).
// It prints microseconds per position for both and their ratio, how the carried test reached
// its answers (the share that searched), and how many outcomes differ, which must be 0: the
// exit status is 1 otherwise.
//
// usage: dead_position_bench [--games N] [--seed S] [--show-differences]
//   --games N            games to play (default 100); each runs until an automatic ending
//   --seed S             the random seed of the moves (default 1)
//   --show-differences   print the FEN and both outcomes of every position that differs
//
// Times are the thread's CPU time (CLOCK_THREAD_CPUTIME_ID), so other processes on a busy
// machine do not count; the two tests alternate which runs first at each position.
#include <time.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "engine/fen.h"
#include "engine/game.h"
#include "engine/liveness.h"
#include "engine/movegen.h"
#include "engine/winnability.h"

using namespace rochade;

namespace {

double thread_cpu_micros()
{
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return double(t.tv_sec) * 1e6 + double(t.tv_nsec) / 1e3;
}

// Game::automatic_outcome() as it was before the carry: every ending tested from scratch.
std::optional<Outcome> fresh_outcome(const Game& game)
{
    const Position& pos = game.position();
    if (!has_legal_move(pos)) {
        if (pos.in_check()) return Outcome{Termination::Checkmate, ~pos.side_to_move()};
        return Outcome{Termination::Stalemate, std::nullopt};
    }
    if (game.repetition_count() >= 5) return Outcome{Termination::FivefoldRepetition, std::nullopt};
    if (pos.halfmove_clock() >= 150) return Outcome{Termination::SeventyFiveMoves, std::nullopt};
    if (is_dead_position(pos, PerMoveLimits)) return Outcome{Termination::DeadPosition, std::nullopt};
    return std::nullopt;
}

std::string describe(const std::optional<Outcome>& outcome)
{
    return outcome ? std::string(to_text(outcome->termination)) : "ongoing";
}

struct Timings {
    std::vector<double> fresh, carried;
    void add(double f, double c)
    {
        fresh.push_back(f);
        carried.push_back(c);
    }
};

double total(const std::vector<double>& v)
{
    double sum = 0;
    for (double x : v) sum += x;
    return sum;
}

double percentile(std::vector<double> v, double p)
{
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    return v[std::min(v.size() - 1, std::size_t(p * double(v.size())))];
}

} // namespace

int main(int argc, char** argv)
{
    int games = 100;
    std::uint64_t seed = 1;
    bool show_differences = false;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--games" && i + 1 < argc) {
            games = std::atoi(argv[++i]);
        } else if (arg == "--seed" && i + 1 < argc) {
            seed = std::strtoull(argv[++i], nullptr, 10);
        } else if (arg == "--show-differences") {
            show_differences = true;
        } else {
            std::fprintf(stderr, "usage: dead_position_bench [--games N] [--seed S] [--show-differences]\n");
            return 2;
        }
    }

    std::mt19937_64 random(seed);
    Timings timings;
    long differences = 0;
    long steps[6] = {};
    double step_micros[6] = {};
    long endings[7] = {};
    for (int g = 0; g < games; ++g) {
        Game game(Position::start(), PerMoveLimits);
        // Replays Game's calls to its tracker (the same computation) to see how it got its answers.
        LivenessTracker tracker;
        for (;;) {
            const MoveList moves = legal_moves(game.position());
            const Move move = moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(random)];
            game.play(move);

            std::optional<Outcome> fresh, carried;
            double fresh_us = 0, carried_us = 0;
            auto time_fresh = [&] {
                const double start = thread_cpu_micros();
                fresh = fresh_outcome(game);
                fresh_us = thread_cpu_micros() - start;
            };
            auto time_carried = [&] {
                const double start = thread_cpu_micros();
                carried = game.automatic_outcome();
                carried_us = thread_cpu_micros() - start;
            };
            if (timings.fresh.size() % 2 == 0) {
                time_fresh();
                time_carried();
            } else {
                time_carried();
                time_fresh();
            }
            timings.add(fresh_us, carried_us);

            const bool reaches_dead_test = !fresh || fresh->termination == Termination::DeadPosition;
            if (reaches_dead_test) {
                const double start = thread_cpu_micros();
                tracker.is_dead(game.position(), move, PerMoveLimits);
                const int step = int(tracker.last_step());
                ++steps[step];
                step_micros[step] += thread_cpu_micros() - start;
            }
            if (fresh != carried) {
                ++differences;
                if (show_differences)
                    std::printf("differs: %s  fresh %s, carried %s\n", to_fen(game.position()).c_str(),
                                describe(fresh).c_str(), describe(carried).c_str());
            }
            if (fresh) {
                ++endings[int(fresh->termination)];
                break;
            }
        }
    }

    const double positions = double(timings.fresh.size());
    const double fresh_total = total(timings.fresh), carried_total = total(timings.carried);
    std::printf("games %d (seed %llu), positions %.0f; endings: checkmate %ld, stalemate %ld, fivefold %ld, "
                "75 moves %ld, dead %ld\n",
                games, (unsigned long long)seed, positions, endings[0], endings[1], endings[2], endings[3], endings[4]);
    std::printf("fresh test:   %8.2f us per position (p99 %.0f us, max %.0f us)\n", fresh_total / positions,
                percentile(timings.fresh, 0.99), percentile(timings.fresh, 1.0));
    std::printf("carried test: %8.2f us per position (p99 %.0f us, max %.0f us), ratio carried/fresh %.3f\n",
                carried_total / positions, percentile(timings.carried, 0.99), percentile(timings.carried, 1.0),
                carried_total / fresh_total);
    long asked = 0;
    for (long n : steps) asked += n;
    const char* names[] = {"mating line",       "detour",           "line replayed",
                           "quick mate search", "deep mate search", "dead-position test"};
    double step_total = 0;
    for (double t : step_micros) step_total += t;
    std::printf("carried answers (%ld positions reached the dead-position test), searched %.1f%%:\n", asked,
                100.0 * double(steps[3] + steps[4] + steps[5]) / double(asked));
    for (int i = 0; i < 6; ++i)
        std::printf("  %-20s %6.1f%% of positions, %8.1f us each, %5.1f%% of the time\n", names[i],
                    100.0 * double(steps[i]) / double(asked), steps[i] ? step_micros[i] / double(steps[i]) : 0.0,
                    100.0 * step_micros[i] / step_total);
    std::printf("outcomes that differ: %ld\n", differences);
    return differences == 0 ? 0 : 1;
}
