// Quick pairing under a crowd (issue 27, §2): 1,000 players enter the eleven pools over 60
// seconds of simulated time, the pools run their waves as the server would (matchmaking/
// PoolQueue, each pool's interval or at once when full), and the bench reports how many waves
// each player waited. Then the matching alone at 1,000 waiting players in one pool, against a
// reference measured in the same run: sorting the same 1,000 ratings.
//
// usage: pool_bench [--players N] [--seed S]
// Exit status 1 when a player with a partner in range at his second wave was still unpaired
// after it, or when a wave's matching at 1,000 players took 10 ms or more (the median of 201
// runs: a single run's maximum on a shared machine measures the scheduler, not the matcher).
// Last, the same size of wave as the cluster's pairing authority runs it, its messages included.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "matchmaking/pool_matcher.h"
#include "matchmaking/pool_queue.h"
#include "server/pools/pool_authority.h"

#include <spdlog/spdlog.h>

using namespace rochade::matchmaking;
using SimClock = PoolQueue::Clock;

namespace {

struct Options {
    int players = 1000;
    unsigned seed = 27;
};

Options parse(int argc, char** argv)
{
    Options options;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!std::strcmp(argv[i], "--players"))
            options.players = std::atoi(argv[i + 1]);
        else if (!std::strcmp(argv[i], "--seed"))
            options.seed = unsigned(std::atoi(argv[i + 1]));
        else {
            std::fprintf(stderr, "pool_bench: unknown option %s (usage: pool_bench [--players N] [--seed S])\n",
                         argv[i]);
            std::exit(2);
        }
    }
    return options;
}

WaitingPlayer random_player(PlayerId id, std::mt19937& random)
{
    std::normal_distribution<double> rating(1500, 300);
    std::uniform_int_distribution<int> deviation(45, 150);
    std::bernoulli_distribution is_registered(0.85);
    WaitingPlayer player;
    player.id = id;
    player.registered = is_registered(random);
    player.rating = player.registered ? std::clamp(int(rating(random)), 600, 2800) : 1500;
    player.deviation = player.registered ? deviation(random) : 350;
    return player;
}

double microseconds(SimClock::duration d) { return std::chrono::duration<double, std::micro>(d).count(); }

double median(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    return values[values.size() / 2];
}

// The crowd: returns the number of players who waited past their second wave although a
// partner was in range then.
int run_crowd(const Options& options)
{
    std::mt19937 random(options.seed);
    const auto catalogue = pool_catalogue();
    // How lichess's pools are used, roughly: blitz and bullet busiest.
    const std::vector<double> popularity{8, 6, 12, 10, 12, 8, 10, 6, 4, 2, 2};
    std::discrete_distribution<std::size_t> pool_choice(popularity.begin(), popularity.end());
    std::uniform_int_distribution<int> arrival_ms(0, 59'999);

    struct Arrival {
        int at_ms;
        std::size_t pool;
        WaitingPlayer player;
    };
    std::vector<Arrival> arrivals;
    for (int i = 0; i < options.players; ++i)
        arrivals.push_back({arrival_ms(random), pool_choice(random), random_player(PlayerId(i + 1), random)});
    std::sort(arrivals.begin(), arrivals.end(), [](const Arrival& a, const Arrival& b) { return a.at_ms < b.at_ms; });

    const SimClock::time_point start{};
    std::vector<PoolQueue> pools;
    for (const PoolSpec& spec : catalogue) pools.emplace_back(spec, start);
    std::vector<int> waves_run(pools.size(), 0);
    std::map<PlayerId, int> joined_at_wave;
    std::map<PlayerId, WaitingPlayer> players;
    std::map<int, int> waited_histogram; // waves waited -> players
    std::vector<double> wave_us;
    int late_with_partner = 0;

    std::size_t next = 0;
    // 60 s of arrivals, then three minutes for the last ones to drain, in 100 ms steps.
    for (int now_ms = 0; now_ms <= 240'000; now_ms += 100) {
        const SimClock::time_point now = start + std::chrono::milliseconds(now_ms);
        for (; next < arrivals.size() && arrivals[next].at_ms <= now_ms; ++next) {
            pools[arrivals[next].pool].join(arrivals[next].player);
            joined_at_wave[arrivals[next].player.id] = waves_run[arrivals[next].pool];
            players[arrivals[next].player.id] = arrivals[next].player;
        }
        for (std::size_t p = 0; p < pools.size(); ++p) {
            if (!pools[p].wave_due(now)) continue;
            // Who, before this wave, has waited one wave already and has someone in range.
            std::vector<PlayerId> due_second_wave;
            for (const auto& [id, wave] : joined_at_wave)
                if (wave == waves_run[p] - 1 && pools[p].is_waiting(id)) due_second_wave.push_back(id);

            const auto before = SimClock::now();
            const auto games = pools[p].run_wave(now);
            wave_us.push_back(microseconds(SimClock::now() - before));
            ++waves_run[p];
            for (const Pairing& game : games)
                for (PlayerId id : {game.white, game.black}) {
                    ++waited_histogram[waves_run[p] - joined_at_wave[id]];
                    joined_at_wave.erase(id);
                }
            for (PlayerId id : due_second_wave) {
                if (!pools[p].is_waiting(id)) continue;
                // Still waiting after his second wave: was anyone of his group in range of him?
                // (Everyone in range may have been taken by a closer partner; count those too,
                // so the figure is an upper bound on the misses.)
                for (const auto& [other, wave] : joined_at_wave) {
                    (void)wave;
                    if (other != id && pools[p].is_waiting(other) &&
                        players[other].registered == players[id].registered &&
                        std::abs(players[other].rating - players[id].rating) <=
                            allowed_rating_difference(players[id], players[other])) {
                        ++late_with_partner;
                        break;
                    }
                }
            }
        }
    }

    int paired = 0;
    std::printf("crowd: %d players over 60 s into %zu pools, seed %u\n", options.players, pools.size(), options.seed);
    for (const auto& [waves, count] : waited_histogram) {
        std::printf("  paired at wave %d after joining: %d players\n", waves, count);
        paired += count;
    }
    std::printf("  never paired (alone or out of range when the run ended): %zu\n", joined_at_wave.size());
    std::printf("  waited past the second wave with a partner in range: %d\n", late_with_partner);
    std::printf("  waves run: %zu, matching per wave: median %.1f us, max %.1f us\n", wave_us.size(), median(wave_us),
                *std::max_element(wave_us.begin(), wave_us.end()));
    (void)paired;
    return late_with_partner;
}

// The matching of one wave at 1,000 waiting players, against sorting their 1,000 ratings.
double run_full_pool(const Options& options)
{
    std::mt19937 random(options.seed + 1);
    std::vector<WaitingPlayer> waiting;
    std::vector<int> ratings;
    for (int i = 0; i < 1000; ++i) {
        waiting.push_back(random_player(PlayerId(i + 1), random));
        waiting.back().waves_missed = i % 4;
        if (i % 7 == 0) waiting.back().last_opponent = PlayerId(i + 2);
        waiting.back().recent_colours = {SeatColour(i % 2), SeatColour((i / 2) % 2)};
        ratings.push_back(waiting.back().rating);
    }

    std::vector<double> match_us;
    std::vector<double> sort_us;
    std::size_t games = 0;
    for (int run = 0; run < 201; ++run) {
        auto before = SimClock::now();
        games = match_wave(waiting).size();
        match_us.push_back(microseconds(SimClock::now() - before));

        std::vector<int> copy = ratings;
        before = SimClock::now();
        std::sort(copy.begin(), copy.end());
        sort_us.push_back(microseconds(SimClock::now() - before));
    }
    const double match = median(match_us);
    const double sort = median(sort_us);
    std::printf("full pool: 1,000 waiting, %zu games per wave\n", games);
    std::printf("  matching: median %.1f us over 201 runs (max %.1f us)\n", match,
                *std::max_element(match_us.begin(), match_us.end()));
    std::printf("  reference, sorting 1,000 ratings: median %.2f us\n", sort);
    std::printf("  matching / sort: %.1f\n", match / sort);
    return match;
}

// The same wave as the cluster's pairing authority runs it (server/pools/pool_authority.h): 1,000
// Waiting messages decoded from the wire, the wave, its ClaimAsked/StartAsked/StartAnswered round
// encoded and decoded, against match_wave alone on the same players. Returns the authority's
// median per wave in microseconds.
double run_authority(const Options& options)
{
    using namespace rochade::server::pools;
    spdlog::set_level(spdlog::level::warn); // the authority logs each office it takes
    std::mt19937 random(options.seed + 2);
    std::vector<std::string> waiting_wire;
    std::vector<WaitingPlayer> waiting;
    for (int i = 0; i < 1000; ++i) {
        const auto player = random_player(PlayerId(i + 1), random);
        waiting.push_back(player);
        PoolEntrant entrant;
        entrant.player = player.registered ? "a" : "g";
        entrant.player += std::to_string(i + 1);
        entrant.nick = "Spieler";
        entrant.nick += std::to_string(i + 1);
        entrant.guest = !player.registered;
        entrant.pool = "3+0";
        entrant.rating = player.rating;
        entrant.deviation = player.deviation;
        waiting_wire.push_back(encode(Waiting{i % 2 ? "n1" : "n2", entrant}));
    }
    std::vector<double> authority_us, wave_us, match_us;
    std::size_t games = 0;
    for (int run = 0; run < 51; ++run) {
        PoolAuthority authority("n1", [](const PoolSpec&) { return SimClock::duration(std::chrono::seconds(1)); });
        const auto now = SimClock::now();
        authority.take_office(now);
        const auto before = SimClock::now();
        for (const auto& text : waiting_wire) authority.received(*decode_pool_message(text), now);
        std::vector<std::string> wire;
        const auto wave_before = SimClock::now();
        const auto claims = authority.run_due_waves(now + std::chrono::seconds(2));
        wave_us.push_back(microseconds(SimClock::now() - wave_before));
        for (const auto& message : claims) wire.push_back(encode(message));
        games = wire.size();
        // Each claim answered yes by Black's node, each start answered with a table by White's.
        for (const auto& text : wire) {
            const auto claim = std::get<ClaimAsked>(*decode_pool_message(text));
            for (const auto& start : authority.received(
                     ClaimAnswered{claim.authority, claim.pairing, claim.node, claim.player, true}, now)) {
                const auto asked = std::get<StartAsked>(*decode_pool_message(encode(start)));
                StartAnswered answer = answer_to(asked);
                answer.table = std::int64_t(asked.pairing);
                authority.received(*decode_pool_message(encode(answer)), now);
            }
        }
        authority_us.push_back(microseconds(SimClock::now() - before));

        const auto match_before = SimClock::now();
        (void)match_wave(waiting);
        match_us.push_back(microseconds(SimClock::now() - match_before));
    }
    const double whole = median(authority_us);
    const double match = median(match_us);
    std::printf("authority: 1,000 waiting in one pool, %zu games, every message through its JSON\n", games);
    std::printf("  joins + wave + claims + starts: median %.1f us over 51 runs\n", whole);
    std::printf("  the wave alone (run_due_waves): median %.1f us\n", median(wave_us));
    std::printf("  reference, match_wave alone on the same players: median %.1f us\n", match);
    std::printf("  authority / match_wave: %.1f\n", whole / match);
    return whole;
}
} // namespace

int main(int argc, char** argv)
{
    const Options options = parse(argc, argv);
    const int late = run_crowd(options);
    const double median_us = run_full_pool(options);
    run_authority(options);
    if (late > 0 || median_us >= 10'000) {
        std::printf("FAIL: %d players waited past two waves with a partner in range; matching %.0f us\n", late,
                    median_us);
        return 1;
    }
    std::printf("OK\n");
    return 0;
}
