// The engine pool with Debian's real stockfish and fairy-stockfish, and, at the seam where the
// pool starts a program, small UCI scripts that misbehave as a broken engine would (stop
// answering, die): the pool's own code is what runs.
#include <catch2/catch.hpp>

#include <signal.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <future>
#include <set>
#include <sstream>
#include <thread>

#include <boost/asio/executor_work_guard.hpp>

#include "engine/fen.h"
#include "engine/game.h"
#include "engine/uci.h"
#include "server/engines/computer_levels.h"
#include "server/engines/engine_pool.h"

using namespace rochade;
using namespace rochade::server::engines;
namespace net = boost::asio;
using std::chrono::milliseconds;

namespace {

const std::string start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

// A thread standing for a table's strand: the outcomes are posted to it.
struct ReplyThread {
    net::io_context context;
    net::executor_work_guard<net::io_context::executor_type> work = net::make_work_guard(context);
    std::thread thread{[this] { context.run(); }};
    ~ReplyThread()
    {
        work.reset();
        thread.join();
    }
};

SearchRequest request_at_level(int level_number, std::string fen = start_fen, std::vector<std::string> moves = {})
{
    const auto level = computer_level(level_number).value();
    return {level.program, std::move(fen),    std::move(moves),
            false,         level.skill_level, SearchLimits{level.move_time, level.depth, std::nullopt}};
}

std::future<SearchOutcome> submit(EnginePool& pool, ReplyThread& replies, SearchRequest request,
                                  SearchPriority priority = SearchPriority::Game)
{
    auto promise = std::make_shared<std::promise<SearchOutcome>>();
    auto future = promise->get_future();
    const bool accepted = pool.submit(std::move(request), priority, replies.context.get_executor(),
                                      [promise](SearchOutcome outcome) { promise->set_value(std::move(outcome)); });
    REQUIRE(accepted);
    return future;
}

SearchOutcome wait_for(std::future<SearchOutcome>& future, milliseconds limit = milliseconds(20000))
{
    REQUIRE(future.wait_for(limit) == std::future_status::ready);
    return future.get();
}

std::string best_move_of(const SearchOutcome& outcome)
{
    if (const auto* failure = std::get_if<SearchFailure>(&outcome)) FAIL("the search failed: " << failure->reason);
    return std::get<BestMoveFound>(outcome).uci_move;
}

// The engine processes the pool has started and not yet reaped: this test program's children
// whose program is `name`.
std::set<pid_t> children_named(const std::string& name)
{
    std::set<pid_t> pids;
    for (const auto& task : std::filesystem::directory_iterator("/proc/self/task")) {
        std::ifstream children(task.path() / "children");
        pid_t pid;
        while (children >> pid) {
            std::ifstream comm("/proc/" + std::to_string(pid) + "/comm");
            std::string program;
            std::getline(comm, program);
            if (program == name) pids.insert(pid);
        }
    }
    return pids;
}

// A UCI program that answers the handshake and then never gives a best move; the first
// `hangs` times it is started (counted in a file beside it), after that it is the real stockfish.
std::string engine_that_hangs(int hangs)
{
    const auto dir = std::filesystem::temp_directory_path() /
                     ("rochade-hung-engine-" + std::to_string(::getpid()) + "-" + std::to_string(hangs));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    const auto script = dir / "hung-engine";
    std::ofstream(script) << "#!/bin/sh\n"
                             "count="
                          << (dir / "starts").string()
                          << "\n"
                             "n=$(cat \"$count\" 2>/dev/null || echo 0)\n"
                             "echo $((n + 1)) > \"$count\"\n"
                             "if [ \"$n\" -ge "
                          << hangs
                          << " ]; then exec /usr/games/stockfish; fi\n"
                             "while read -r line; do\n"
                             "  case \"$line\" in uci) echo uciok ;; isready) echo readyok ;; esac\n"
                             "done\n";
    std::filesystem::permissions(script, std::filesystem::perms::owner_all);
    return script.string();
}

EnginePoolConfig config_with(std::size_t engines, std::size_t queue_limit)
{
    EnginePoolConfig config;
    config.engines = engines;
    config.queue_limit = queue_limit;
    config.answer_margin = milliseconds(500);
    config.start_allowance = milliseconds(1000);
    return config;
}

bool is_legal_in(const Position& position, const std::string& uci_move)
{
    return parse_uci(position, uci_move).has_value();
}

} // namespace

TEST_CASE("every level answers a legal move from its program", "[engines][pool]")
{
    EnginePool pool(config_with(2, 4));
    ReplyThread replies;
    const Position start = Position::start();
    for (int level = lowest_computer_level; level <= highest_computer_level; ++level) {
        INFO("level " << level);
        auto request = request_at_level(level);
        request.limits.move_time = std::min(request.limits.move_time, milliseconds(200));
        auto future = submit(pool, replies, request);
        CHECK(is_legal_in(start, best_move_of(wait_for(future))));
    }
    // Levels 1-3 on fairy-stockfish, 4-8 on stockfish, never more than two processes at once.
    CHECK(children_named("stockfish").size() + children_named("fairy-stockfish").size() <= 2);
}

TEST_CASE("a Chess960 position is searched under UCI_Chess960, castling as king takes rook",
          "[engines][pool][chess960]")
{
    EnginePool pool(config_with(1, 1));
    ReplyThread replies;
    // The answer must be legal under Chess960's rules; castling, when chosen, comes as king takes
    // rook, which engine/uci.h reads.
    const Position start = Position::chess960_start(0).value(); // bbqnnrkr
    const auto fen = to_fen(start, FenCastling::Shredder);
    for (int level : {2, 6}) {
        auto request = request_at_level(level, fen);
        request.chess960 = true;
        auto future = submit(pool, replies, request);
        CHECK(is_legal_in(start, best_move_of(wait_for(future))));
    }
    // A few moves in, with both sides' castling rights standing.
    Game game(start);
    for (const char* move : {"g2g3", "g7g6", "e1f3", "e8f6"}) {
        auto parsed = parse_uci(game.position(), move);
        REQUIRE(parsed);
        game.play(*parsed);
    }
    std::vector<std::string> moves;
    Position replay = start;
    for (Move move : game.moves()) {
        moves.push_back(to_uci(replay, move));
        UndoInfo undo;
        replay.make_move(move, undo);
    }
    auto request = request_at_level(8, fen, moves);
    request.chess960 = true;
    request.limits.move_time = milliseconds(200);
    auto future = submit(pool, replies, request);
    CHECK(is_legal_in(game.position(), best_move_of(wait_for(future))));
}

TEST_CASE("an engine killed in the middle of a search is replaced and the search answered", "[engines][pool][crash]")
{
    EnginePool pool(config_with(1, 1));
    ReplyThread replies;
    auto request = request_at_level(8);
    request.limits.move_time = milliseconds(3000);
    request.limits.depth = std::nullopt;
    auto future = submit(pool, replies, request);

    std::set<pid_t> running;
    for (int tries = 0; tries < 100 && running.empty(); ++tries) {
        std::this_thread::sleep_for(milliseconds(20));
        running = children_named("stockfish");
    }
    REQUIRE(running.size() == 1);
    std::this_thread::sleep_for(milliseconds(300)); // well inside the search
    ::kill(*running.begin(), SIGKILL);

    CHECK(is_legal_in(Position::start(), best_move_of(wait_for(future))));
    CHECK(pool.processes_started() == 2);
    const auto now_running = children_named("stockfish");
    CHECK(now_running.size() == 1);
    CHECK(now_running != running);
}

TEST_CASE("a hung engine is killed after its move time and margin and replaced by a fresh one", "[engines][pool][hang]")
{
    auto config = config_with(1, 1);
    config.stockfish_path = engine_that_hangs(1);
    EnginePool pool(config);
    ReplyThread replies;
    auto request = request_at_level(4);
    const auto started = std::chrono::steady_clock::now();
    auto future = submit(pool, replies, request);
    const auto outcome = wait_for(future);
    const auto took = std::chrono::steady_clock::now() - started;
    CHECK(is_legal_in(Position::start(), best_move_of(outcome)));
    CHECK(pool.processes_started() == 2);
    // 200 ms move time + 500 ms margin + 1000 ms start allowance before the first one is given up.
    CHECK(took >= milliseconds(1700));
    CHECK(children_named("hung-engine").empty());
}

TEST_CASE("an engine that hangs again on its fresh process fails the search with the reason", "[engines][pool][hang]")
{
    auto config = config_with(1, 1);
    config.stockfish_path = engine_that_hangs(2);
    EnginePool pool(config);
    ReplyThread replies;
    auto future = submit(pool, replies, request_at_level(4));
    const auto outcome = wait_for(future);
    const auto* failure = std::get_if<SearchFailure>(&outcome);
    REQUIRE(failure);
    CHECK(failure->reason == "the engine gave no move within 1700 ms");
    CHECK(pool.processes_started() == 2);
    CHECK(children_named("hung-engine").empty());

    // The pool goes on: the next search gets a third process, the real stockfish.
    auto next = submit(pool, replies, request_at_level(4));
    CHECK(is_legal_in(Position::start(), best_move_of(wait_for(next))));
}

TEST_CASE("a program that cannot be started fails the search, naming why", "[engines][pool]")
{
    auto config = config_with(1, 1);
    config.stockfish_path = "/nonexistent/stockfish";
    EnginePool pool(config);
    ReplyThread replies;
    auto future = submit(pool, replies, request_at_level(4));
    const auto outcome = wait_for(future);
    const auto* failure = std::get_if<SearchFailure>(&outcome);
    REQUIRE(failure);
    CHECK(failure->reason == "engine /nonexistent/stockfish cannot be started: No such file or directory");
    CHECK(pool.processes_started() == 0);
}

TEST_CASE("a full pool refuses a search at once, and has room again when one ends", "[engines][pool][busy]")
{
    auto config = config_with(1, 1);
    config.stockfish_path = engine_that_hangs(1); // the first search holds the engine ~1.7 s
    EnginePool pool(config);
    ReplyThread replies;
    CHECK(pool.has_room());
    auto running = submit(pool, replies, request_at_level(4));
    auto waiting = submit(pool, replies, request_at_level(4));
    CHECK_FALSE(pool.has_room());
    bool called = false;
    CHECK_FALSE(pool.submit(request_at_level(4), SearchPriority::Game, replies.context.get_executor(),
                            [&called](SearchOutcome) { called = true; }));
    best_move_of(wait_for(running));
    best_move_of(wait_for(waiting));
    CHECK(pool.has_room());
    CHECK_FALSE(called);
}

TEST_CASE("a waiting game search starts before a waiting analysis", "[engines][pool][priority]")
{
    EnginePool pool(config_with(1, 2));
    ReplyThread replies;
    std::mutex order_mutex;
    std::vector<std::string> order;
    std::promise<void> all_done;
    auto note = [&](std::string name) {
        return [&, name](SearchOutcome) {
            std::lock_guard lock(order_mutex);
            order.push_back(name);
            if (order.size() == 3) all_done.set_value();
        };
    };
    auto request = request_at_level(5);
    REQUIRE(pool.submit(request, SearchPriority::Game, replies.context.get_executor(), note("first game")));
    REQUIRE(pool.submit(request, SearchPriority::Analysis, replies.context.get_executor(), note("analysis")));
    REQUIRE(pool.submit(request, SearchPriority::Game, replies.context.get_executor(), note("second game")));
    REQUIRE(all_done.get_future().wait_for(std::chrono::seconds(20)) == std::future_status::ready);
    CHECK(order == std::vector<std::string>{"first game", "second game", "analysis"});
}

TEST_CASE("level 8 beats level 1 in a game played to its end through the pool", "[engines][pool][game]")
{
    EnginePool pool(config_with(2, 2));
    ReplyThread replies;
    Game game;
    std::vector<std::string> moves;
    const int white_level = 8, black_level = 1;
    while (!game.is_over() && game.ply_count() < 300) {
        const int level = game.position().side_to_move() == Color::White ? white_level : black_level;
        auto request = request_at_level(level, start_fen, moves);
        request.limits.move_time = std::min(request.limits.move_time, milliseconds(150));
        auto future = submit(pool, replies, request);
        const auto uci_move = best_move_of(wait_for(future));
        auto move = parse_uci(game.position(), uci_move);
        REQUIRE(move);
        moves.push_back(uci_move);
        game.play(*move);
    }
    const auto outcome = game.automatic_outcome();
    REQUIRE(outcome);
    INFO("moves: " << moves.size());
    CHECK(outcome->termination == Termination::Checkmate);
    CHECK(outcome->winner == Color::White);
}
