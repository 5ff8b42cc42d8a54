// The computer's ladder (docs/performance.md, "The computer's levels"): level n plays level n+1
// through the server's own engine pool (server/engines/), colours alternating, and the score of
// the stronger level is printed per pair. A game ends by the rules (engine/game.h) or, after
// --max-plies, is counted a draw.
//
//   build/bench/computer_ladder [--from N] [--to N] [--games G] [--move-time-cap MS] [--parallel P]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <future>
#include <string>
#include <thread>
#include <vector>

#include <boost/asio/executor_work_guard.hpp>

#include "engine/game.h"
#include "engine/uci.h"
#include "server/engines/computer_levels.h"
#include "server/engines/engine_pool.h"

using namespace rochade;
using namespace rochade::server::engines;
namespace net = boost::asio;
using std::chrono::milliseconds;

namespace {

struct Options {
    int from = 1;
    int to = 8;
    int games = 24;
    int max_plies = 300;
    int parallel = 2;
    std::optional<milliseconds> move_time_cap;
};

Options read_options(int argc, char** argv)
{
    Options options;
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string name = argv[i];
        const int value = std::atoi(argv[i + 1]);
        if (name == "--from")
            options.from = value;
        else if (name == "--to")
            options.to = value;
        else if (name == "--games")
            options.games = value;
        else if (name == "--max-plies")
            options.max_plies = value;
        else if (name == "--parallel")
            options.parallel = value;
        else if (name == "--move-time-cap")
            options.move_time_cap = milliseconds(value);
        else {
            std::fprintf(stderr, "computer_ladder: unknown option %s\n", name.c_str());
            std::exit(2);
        }
    }
    if (options.from < lowest_computer_level || options.to > highest_computer_level || options.from >= options.to) {
        std::fprintf(stderr, "computer_ladder: --from and --to must be levels 1-8, from below to\n");
        std::exit(2);
    }
    return options;
}

// 1 when White wins, 0 when Black wins, 0.5 for a draw (by the rules or at the ply limit).
double play_game(EnginePool& pool, net::any_io_executor replies, int white_level, int black_level,
                 const Options& options)
{
    Game game;
    std::vector<std::string> moves;
    while (!game.is_over() && game.ply_count() < options.max_plies) {
        const int number = game.position().side_to_move() == Color::White ? white_level : black_level;
        const auto level = computer_level(number).value();
        SearchLimits limits{level.move_time, level.depth, std::nullopt};
        if (options.move_time_cap && *options.move_time_cap < limits.move_time)
            limits.move_time = *options.move_time_cap;
        SearchRequest request{
            level.program, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", moves, false, level.skill_level,
            limits};
        std::promise<SearchOutcome> answer;
        while (!pool.submit(request, SearchPriority::Game, replies,
                            [&answer](SearchOutcome outcome) { answer.set_value(std::move(outcome)); }))
            std::this_thread::sleep_for(milliseconds(10));
        const SearchOutcome outcome = answer.get_future().get();
        const auto* found = std::get_if<BestMoveFound>(&outcome);
        if (!found) {
            std::fprintf(stderr, "computer_ladder: %s\n", std::get<SearchFailure>(outcome).reason.c_str());
            std::exit(1);
        }
        const auto move = parse_uci(game.position(), found->uci_move);
        if (!move) {
            std::fprintf(stderr, "computer_ladder: level %d played %s, not legal here\n", number,
                         found->uci_move.c_str());
            std::exit(1);
        }
        moves.push_back(found->uci_move);
        game.play(*move);
    }
    const auto outcome = game.automatic_outcome();
    if (!outcome || !outcome->winner) return 0.5;
    return *outcome->winner == Color::White ? 1.0 : 0.0;
}

} // namespace

int main(int argc, char** argv)
{
    const Options options = read_options(argc, argv);
    EnginePoolConfig config;
    // One process per program per game in flight: a pair across the two programs (4 against 3)
    // would otherwise end an idle process of one program to start the other's at every move.
    config.engines = std::size_t(2 * options.parallel);
    config.queue_limit = std::size_t(options.parallel);
    EnginePool pool(config);
    net::io_context replies;
    auto work = net::make_work_guard(replies);
    std::thread reply_thread([&replies] { replies.run(); });

    std::printf("| pair | games | stronger wins | draws | weaker wins | stronger's score |\n");
    std::printf("|---|---|---|---|---|---|\n");
    for (int weaker = options.from; weaker < options.to; ++weaker) {
        const int stronger = weaker + 1;
        std::vector<double> stronger_points(std::size_t(options.games), 0.0);
        std::vector<std::thread> players;
        for (int lane = 0; lane < options.parallel; ++lane) {
            players.emplace_back([&, lane] {
                for (int g = lane; g < options.games; g += options.parallel) {
                    const bool stronger_white = g % 2 == 0;
                    const double white_points =
                        play_game(pool, replies.get_executor(), stronger_white ? stronger : weaker,
                                  stronger_white ? weaker : stronger, options);
                    stronger_points[std::size_t(g)] = stronger_white ? white_points : 1.0 - white_points;
                }
            });
        }
        for (auto& player : players) player.join();
        int wins = 0, draws = 0, losses = 0;
        double score = 0;
        for (double points : stronger_points) {
            score += points;
            wins += points == 1.0;
            draws += points == 0.5;
            losses += points == 0.0;
        }
        std::printf("| %d vs %d | %d | %d | %d | %d | %.1f%% |\n", stronger, weaker, options.games, wins, draws, losses,
                    100.0 * score / options.games);
        std::fflush(stdout);
    }
    work.reset();
    reply_thread.join();
}
