#include "server/engines/engine_pool.h"

#include <csignal>
#include <system_error>

#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <spdlog/spdlog.h>

#include "server/engines/engine_process.h"

namespace rochade::server::engines {

namespace {

using Clock = std::chrono::steady_clock;
using std::chrono::duration_cast;
using std::chrono::milliseconds;

// How many times a search is tried: once, and once more on a fresh process.
constexpr int attempts_per_search = 2;

// The lines that set up and start one search. `uci` only for a fresh process: its `uciok`
// comes back among the lines read before `bestmove` and is passed over.
std::string search_lines(const SearchRequest& request, bool fresh_process)
{
    std::string lines;
    if (fresh_process) lines += "uci\n";
    lines += "setoption name Skill Level value " + std::to_string(request.skill_level) + "\n";
    lines += std::string("setoption name UCI_Chess960 value ") + (request.chess960 ? "true" : "false") + "\n";
    lines += "position fen " + request.start_fen;
    if (!request.uci_moves.empty()) {
        lines += " moves";
        for (const auto& move : request.uci_moves) lines += " " + move;
    }
    lines += "\ngo movetime " + std::to_string(request.limits.move_time.count());
    if (request.limits.depth) lines += " depth " + std::to_string(*request.limits.depth);
    if (request.limits.nodes) lines += " nodes " + std::to_string(*request.limits.nodes);
    lines += "\n";
    return lines;
}

} // namespace

struct EnginePool::Engine {
    std::shared_ptr<EngineProcess> process;
    EngineProgram program;
    bool answered_before = false; // has had `uci` and finished a search
};

struct EnginePool::Search {
    SearchRequest request;
    SearchPriority priority;
    net::any_io_executor reply_to;
    OnOutcome on_outcome;
    net::steady_timer deadline;
    int attempt = 0; // handlers of an earlier attempt see a different number and stand down
    Clock::time_point go_written;
    std::optional<UciScore> last_score;
};

std::size_t default_engine_count()
{
    const unsigned cpus = std::thread::hardware_concurrency();
    return cpus > 1 ? cpus - 1 : 1;
}

EnginePool::EnginePool(EnginePoolConfig config) : config_(std::move(config)), work_(net::make_work_guard(context_))
{
    // A write to an engine that has just died must come back as an error, not kill the server.
    std::signal(SIGPIPE, SIG_IGN);
    thread_ = std::thread([this] { context_.run(); });
}

EnginePool::~EnginePool()
{
    net::post(context_, [this] {
        idle_.clear(); // ~EngineProcess kills each
        context_.stop();
    });
    thread_.join();
}

bool EnginePool::has_room() const { return searches_held_.load() < config_.engines + config_.queue_limit; }

bool EnginePool::submit(SearchRequest request, SearchPriority priority, net::any_io_executor reply_to,
                        OnOutcome on_outcome)
{
    const std::size_t limit = config_.engines + config_.queue_limit;
    std::size_t held = searches_held_.load();
    do {
        if (held >= limit) return false;
    } while (!searches_held_.compare_exchange_weak(held, held + 1));
    auto search =
        std::make_shared<Search>(Search{std::move(request), priority, std::move(reply_to), std::move(on_outcome),
                                        net::steady_timer(context_), 0, Clock::time_point{}, std::nullopt});
    net::post(context_, [this, search] { enqueue(search); });
    return true;
}

void EnginePool::enqueue(std::shared_ptr<Search> search)
{
    (search->priority == SearchPriority::Game ? waiting_games_ : waiting_analyses_).push_back(std::move(search));
    start_waiting_searches();
}

void EnginePool::start_waiting_searches()
{
    while (running_ < config_.engines && (!waiting_games_.empty() || !waiting_analyses_.empty())) {
        auto& queue = waiting_games_.empty() ? waiting_analyses_ : waiting_games_;
        auto search = std::move(queue.front());
        queue.pop_front();
        std::shared_ptr<Engine> engine;
        try {
            engine = engine_for(search->request.program);
        } catch (const std::system_error& error) {
            ++running_; // finish() counts it back
            finish(search, SearchFailure{error.what()});
            continue;
        }
        ++running_;
        run(std::move(search), std::move(engine));
    }
}

// An idle process of the program, or a new one; an idle process of the other program is ended
// first when the pool is at its size.
std::shared_ptr<EnginePool::Engine> EnginePool::engine_for(EngineProgram program)
{
    for (auto it = idle_.begin(); it != idle_.end(); ++it) {
        if ((*it)->program == program) {
            auto engine = *it;
            idle_.erase(it);
            return engine;
        }
    }
    if (!idle_.empty() && idle_.size() + running_ >= config_.engines) idle_.erase(idle_.begin());
    return spawn(program);
}

const std::string& EnginePool::path_of(EngineProgram program) const
{
    return program == EngineProgram::Stockfish ? config_.stockfish_path : config_.fairy_stockfish_path;
}

std::shared_ptr<EnginePool::Engine> EnginePool::spawn(EngineProgram program)
{
    auto engine = std::make_shared<Engine>(
        Engine{std::make_shared<EngineProcess>(context_.get_executor(), path_of(program)), program, false});
    ++processes_started_;
    return engine;
}

void EnginePool::run(std::shared_ptr<Search> search, std::shared_ptr<Engine> engine)
{
    const int attempt = ++search->attempt;
    const bool fresh = !engine->answered_before;
    const milliseconds allowed =
        search->request.limits.move_time + config_.answer_margin + (fresh ? config_.start_allowance : milliseconds(0));
    search->deadline.expires_after(allowed);
    search->deadline.async_wait([this, search, engine, attempt, allowed](boost::system::error_code error) {
        if (error || search->attempt != attempt || !search->on_outcome) return;
        engine_failed(search, engine, "the engine gave no move within " + std::to_string(allowed.count()) + " ms");
    });
    search->go_written = Clock::now();
    engine->process->write(search_lines(search->request, fresh),
                           [this, search, engine, attempt](boost::system::error_code error) {
                               if (error && search->attempt == attempt && search->on_outcome)
                                   engine_failed(search, engine, "the engine closed its input: " + error.message());
                           });
    read_until_best_move(std::move(search), std::move(engine));
}

void EnginePool::read_until_best_move(std::shared_ptr<Search> search, std::shared_ptr<Engine> engine)
{
    const int attempt = search->attempt;
    auto process = engine->process;
    process->read_line([this, search, engine, attempt](boost::system::error_code error, std::string line) {
        if (search->attempt != attempt || !search->on_outcome) return;
        if (error) {
            engine_failed(search, engine, "the engine exited (" + error.message() + ")");
            return;
        }
        const UciReply reply = read_uci_reply(line);
        if (reply.kind == UciReplyKind::Info && reply.score) search->last_score = reply.score;
        if (reply.kind != UciReplyKind::BestMove) {
            read_until_best_move(search, engine);
            return;
        }
        engine->answered_before = true;
        idle_.push_back(engine);
        finish(search, BestMoveFound{reply.best_move, search->last_score,
                                     duration_cast<milliseconds>(Clock::now() - search->go_written)});
    });
}

void EnginePool::engine_failed(std::shared_ptr<Search> search, std::shared_ptr<Engine> engine, std::string why)
{
    retire(engine);
    spdlog::warn("engine pool: {} failed on attempt {} of {}: {}", path_of(engine->program), search->attempt,
                 attempts_per_search, why);
    if (search->attempt >= attempts_per_search) {
        finish(search, SearchFailure{why});
        return;
    }
    std::shared_ptr<Engine> fresh;
    try {
        fresh = spawn(engine->program);
    } catch (const std::system_error& error) {
        finish(search, SearchFailure{why + "; no fresh engine: " + error.what()});
        return;
    }
    run(std::move(search), std::move(fresh));
}

void EnginePool::retire(const std::shared_ptr<Engine>& engine) { engine->process->kill(); }

void EnginePool::finish(std::shared_ptr<Search> search, SearchOutcome outcome)
{
    ++search->attempt; // any handler still pending for this search stands down
    search->deadline.cancel();
    auto on_outcome = std::move(search->on_outcome);
    search->on_outcome = nullptr;
    --running_;
    --searches_held_;
    net::post(search->reply_to, [on_outcome = std::move(on_outcome), outcome = std::move(outcome)]() mutable {
        on_outcome(std::move(outcome));
    });
    start_waiting_searches();
}

} // namespace rochade::server::engines
