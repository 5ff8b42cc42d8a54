// The engine pool (docs/bots.md, "The engine pool"): at most `engines` engine processes, each
// running one search at a time, and a queue of searches waiting for one. The pool runs on its own
// thread; a table submits a search and gets the outcome posted back to the executor it names (its
// strand), so no engine ever runs on a table's strand or an I/O thread.
//
// An engine that exits or gives no `bestmove` within the search's move time plus a margin is
// killed and the search is run once more on a fresh process; if that fails too the outcome is a
// SearchFailure naming why. A full queue refuses new searches at once (submit returns false), so a
// caller can answer `engines_busy` instead of starting a slow game.
#pragma once

#include <atomic>
#include <chrono>
#include <cstddef>
#include <deque>
#include <functional>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/executor_work_guard.hpp>

#include "server/base/asio.h"
#include "server/engines/search_request.h"

namespace rochade::server::engines {

class EngineProcess;

struct EnginePoolConfig {
    std::size_t engines = 1;     // processes at most, of both programs together
    std::size_t queue_limit = 8; // searches that may wait when every engine is busy
    std::string stockfish_path = "/usr/games/stockfish";
    std::string fairy_stockfish_path = "/usr/games/fairy-stockfish";
    // How long past its move time a search may run before its engine counts as hung.
    std::chrono::milliseconds answer_margin{2000};
    // A fresh process's extra allowance for starting (uci, uciok) on its first search. 8 s: on
    // a loaded 2-core machine (the browser tests' dozen processes) a fresh fairy-stockfish
    // needed more than 5 s, and the search was run a second time.
    std::chrono::milliseconds start_allowance{8000};
};

// The default number of engines: one per CPU but one, at least one; the server's I/O threads
// and tables keep the rest.
std::size_t default_engine_count();

class EnginePool {
public:
    explicit EnginePool(EnginePoolConfig config);
    // Kills every engine process and joins the pool's thread; searches still running or waiting
    // are dropped without their outcome (the pool lives as long as the server).
    ~EnginePool();
    EnginePool(const EnginePool&) = delete;
    EnginePool& operator=(const EnginePool&) = delete;

    using OnOutcome = std::function<void(SearchOutcome)>;

    // Queues `request`; `on_outcome` runs on `reply_to` once, with the best move or the failure.
    // Returns false, and never calls `on_outcome`, when the pool already holds as many searches
    // as it has engines plus its queue limit. Thread-safe.
    bool submit(SearchRequest request, SearchPriority priority, net::any_io_executor reply_to, OnOutcome on_outcome);

    // Whether submit would accept one more search now (a game against the computer is refused
    // with engines_busy otherwise). Thread-safe; advice only, submit decides.
    bool has_room() const;

    // Engine processes started since the pool began, replacements included. Thread-safe.
    std::size_t processes_started() const { return processes_started_.load(); }

private:
    struct Search;
    struct Engine;

    void enqueue(std::shared_ptr<Search> search);
    void start_waiting_searches();
    std::shared_ptr<Engine> engine_for(EngineProgram program);
    std::shared_ptr<Engine> spawn(EngineProgram program); // throws std::system_error
    const std::string& path_of(EngineProgram program) const;
    void run(std::shared_ptr<Search> search, std::shared_ptr<Engine> engine);
    void read_until_best_move(std::shared_ptr<Search> search, std::shared_ptr<Engine> engine);
    void engine_failed(std::shared_ptr<Search> search, std::shared_ptr<Engine> engine, std::string why);
    void finish(std::shared_ptr<Search> search, SearchOutcome outcome);
    void retire(const std::shared_ptr<Engine>& engine);

    const EnginePoolConfig config_;
    net::io_context context_;
    net::executor_work_guard<net::io_context::executor_type> work_;
    std::atomic<std::size_t> searches_held_{0}; // waiting and running
    std::atomic<std::size_t> processes_started_{0};
    // Owned by the pool's thread.
    std::deque<std::shared_ptr<Search>> waiting_games_;
    std::deque<std::shared_ptr<Search>> waiting_analyses_;
    std::vector<std::shared_ptr<Engine>> idle_;
    std::size_t running_ = 0;
    std::thread thread_;
};

} // namespace rochade::server::engines
