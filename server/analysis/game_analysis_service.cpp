#include "server/analysis/game_analysis_service.h"

#include <spdlog/spdlog.h>

#include "db/read_thread.h"
#include "db/store_writer.h"
#include "engine/fen.h"
#include "protocol/nick.h"
#include "server/base/wall_clock.h"

namespace rochade::server {

using protocol::ErrorCode;

namespace {

constexpr std::chrono::milliseconds pool_full_retry{300};
constexpr std::chrono::hours day{24};

AnalysisRefusal refusal(ErrorCode code, int status, std::string message)
{
    return AnalysisRefusal{code, status, "analysis: " + std::move(message)};
}

} // namespace

bool white_moves_first(const db::GameStarted& start)
{
    const auto position = parse_fen(start.start_fen, start.variant);
    return !position || position->side_to_move() == Color::White;
}

GameAnalysisService::GameAnalysisService(net::io_context& io, db::ReadThread& reads, db::StoreWriter& writer,
                                         engines::EnginePool* engines, AnalysisLimits limits)
    : io_(io), reads_(reads), writer_(writer), engines_(engines), limits_(limits), strand_(net::make_strand(io))
{
}

template <class Work> void GameAnalysisService::on_strand(Work work)
{
    net::post(strand_, [self = shared_from_this(), work = std::move(work)]() mutable {
        if (!self->stopped_) work();
    });
}

void GameAnalysisService::shut_down()
{
    net::post(strand_, [self = shared_from_this()] { self->stopped_ = true; });
}

void GameAnalysisService::progress(std::int64_t game_id, std::function<void(AnalysisProgress)> done)
{
    on_strand([this, game_id, done = std::move(done)] {
        if (const auto found = running_.find(game_id); found != running_.end())
            return done({AnalysisProgress::State::Running, int(found->second.evaluations.size()),
                         int(found->second.positions)});
        for (const auto& job : waiting_)
            if (job.game_id == game_id) return done({AnalysisProgress::State::Queued, 0, int(job.positions)});
        done({});
    });
}

void GameAnalysisService::request(identity::Identity who, std::int64_t game_id,
                                  std::function<void(std::variant<AnalysisProgress, AnalysisRefusal>)> done)
{
    on_strand([this, who = std::move(who), game_id, done = std::move(done)]() mutable {
        if (!engines_) return done(refusal(ErrorCode::EnginesBusy, 503, "this server has no engines to analyse with"));
        if (who.principal.guest() || who.principal.visitor())
            return done(refusal(ErrorCode::Forbidden, 403, "a server analysis is for players with an account"));
        if (const auto found = running_.find(game_id); found != running_.end())
            return done(AnalysisProgress{AnalysisProgress::State::Running, int(found->second.evaluations.size()),
                                         int(found->second.positions)});
        for (const auto& job : waiting_)
            if (job.game_id == game_id) return done(AnalysisProgress{AnalysisProgress::State::Queued, 0, 0});
        const std::string player = protocol::nick_key(who.nick);
        for (const auto& [id, job] : running_)
            if (job.player == player)
                return done(refusal(ErrorCode::RateLimited, 429,
                                    "your analysis of game " + std::to_string(id) +
                                        " is under way; ask again once it is done"));
        for (const auto& job : waiting_)
            if (job.player == player)
                return done(refusal(ErrorCode::RateLimited, 429,
                                    "your analysis of game " + std::to_string(job.game_id) +
                                        " is waiting; ask again once it is done"));
        auto& asked = asked_by_[player];
        const auto now = Clock::now();
        std::erase_if(asked, [now](Clock::time_point at) { return now - at > day; });
        if (int(asked.size()) >= limits_.per_player_per_day)
            return done(refusal(ErrorCode::RateLimited, 429,
                                "you have asked for " + std::to_string(limits_.per_player_per_day) +
                                    " analyses today; ask again tomorrow"));
        if (waiting_.size() >= limits_.queue_limit)
            return done(refusal(ErrorCode::EnginesBusy, 503, "too many analyses are waiting; try again later"));
        reads_.read(
            [game_id](db::StoreReader& reader) { return reader.game_log(game_id); },
            [self = shared_from_this(), who, player, game_id,
             done](db::ReadResult<std::optional<db::GameLog>> log) mutable {
                self->on_strand([self, who, player, game_id, done = std::move(done), log = std::move(log)]() mutable {
                    if (!log)
                        return done(
                            refusal(ErrorCode::StorageUnavailable, 503, "the game could not be read now; try again"));
                    // A game in a secret room is answered as if it did not exist (the archive's rule).
                    if (!*log || (*log)->start.room <= 0)
                        return done(refusal(ErrorCode::NoSuchGame, 404, "there is no game " + std::to_string(game_id)));
                    const db::GameLog& game = **log;
                    if (!game.end)
                        return done(refusal(ErrorCode::BadRequest, 409,
                                            "game " + std::to_string(game_id) +
                                                " is not finished; a running game is not analysed"));
                    if (game.analysis) return done(AnalysisProgress{AnalysisProgress::State::Done, 0, 0});
                    // Asked twice at once: the first read queued it.
                    if (self->running_.contains(game_id) ||
                        std::any_of(self->waiting_.begin(), self->waiting_.end(),
                                    [game_id](const Job& job) { return job.game_id == game_id; }))
                        return done(AnalysisProgress{AnalysisProgress::State::Queued, 0, 0});
                    Job job;
                    job.game_id = game_id;
                    job.account_id = who.principal.id;
                    job.player = player;
                    job.base.program = engines::EngineProgram::Stockfish;
                    job.base.start_fen = game.start.start_fen;
                    job.base.chess960 = game.start.variant == Variant::Chess960;
                    job.base.limits = engines::SearchLimits{self->limits_.move_time, self->limits_.depth, {}};
                    for (const auto& move : game.moves) job.base.uci_moves.push_back(move.uci);
                    job.white_first = white_moves_first(game.start);
                    job.positions = game.moves.size() + 1;
                    // A mate or a stalemate on the board needs no engine: the mated side lost
                    // (stored as a mate in one for the winner, whose winning chances it gives).
                    const bool white_to_move_last = (game.moves.size() % 2 == 0) == job.white_first;
                    if (game.end->termination == Termination::Checkmate)
                        job.final_evaluation = db::PositionEvaluation{std::nullopt, white_to_move_last ? -1 : 1};
                    if (game.end->termination == Termination::Stalemate)
                        job.final_evaluation = db::PositionEvaluation{0, std::nullopt};
                    self->asked_by_[player].push_back(Clock::now());
                    spdlog::info("analysis: game {} ({} positions) asked for by {}", game_id, job.positions, who.nick);
                    const bool starts_now = self->running_.size() < self->limits_.running_at_once;
                    self->queue_job(std::move(job));
                    done(AnalysisProgress{
                        starts_now ? AnalysisProgress::State::Running : AnalysisProgress::State::Queued, 0, 0});
                });
            });
    });
}

void GameAnalysisService::queue_job(Job job)
{
    waiting_.push_back(std::move(job));
    start_waiting();
}

void GameAnalysisService::start_waiting()
{
    while (!waiting_.empty() && running_.size() < limits_.running_at_once) {
        Job job = std::move(waiting_.front());
        waiting_.pop_front();
        const std::int64_t game_id = job.game_id;
        running_.emplace(game_id, std::move(job));
        search_next(game_id);
    }
}

void GameAnalysisService::search_next(std::int64_t game_id)
{
    Job& job = running_.at(game_id);
    const std::size_t ply = job.evaluations.size();
    if (ply == job.positions) return store(game_id);
    if (ply + 1 == job.positions && job.final_evaluation) {
        job.evaluations.push_back(*job.final_evaluation);
        return store(game_id);
    }
    engines::SearchRequest request = job.base;
    request.uci_moves.resize(ply);
    const bool submitted = engines_->submit(std::move(request), engines::SearchPriority::Analysis, strand_,
                                            [self = shared_from_this(), game_id](engines::SearchOutcome outcome) {
                                                if (!self->stopped_) self->searched(game_id, std::move(outcome));
                                            });
    if (submitted) return;
    // Every engine busy and the queue full (games against the computer come first): a moment later.
    auto timer = std::make_shared<net::steady_timer>(strand_, pool_full_retry);
    timer->async_wait([self = shared_from_this(), timer, game_id](boost::system::error_code e) {
        if (!e && !self->stopped_ && self->running_.contains(game_id)) self->search_next(game_id);
    });
}

db::PositionEvaluation GameAnalysisService::white_view(const engines::UciScore& score, bool white_to_move)
{
    const int sign = white_to_move ? 1 : -1;
    if (score.mate_in) return {std::nullopt, sign * *score.mate_in};
    return {sign * score.centipawns.value_or(0), std::nullopt};
}

void GameAnalysisService::searched(std::int64_t game_id, engines::SearchOutcome outcome)
{
    const auto found = running_.find(game_id);
    if (found == running_.end()) return;
    Job& job = found->second;
    const auto* best = std::get_if<engines::BestMoveFound>(&outcome);
    if (!best || !best->score) {
        spdlog::error("analysis: game {} stopped at position {}: {}", game_id, job.evaluations.size(),
                      best ? std::string("the engine gave no score")
                           : std::get<engines::SearchFailure>(outcome).reason);
        return finish(game_id);
    }
    const bool white_to_move = (job.evaluations.size() % 2 == 0) == job.white_first;
    db::PositionEvaluation evaluation = white_view(*best->score, white_to_move);
    // "mate 0": the side to move is mated (a final position the game's end did not name).
    if (evaluation.mate == 0) evaluation.mate = white_to_move ? -1 : 1;
    job.evaluations.push_back(evaluation);
    search_next(game_id);
}

void GameAnalysisService::store(std::int64_t game_id)
{
    const Job& job = running_.at(game_id);
    writer_.submit(db::GameAnalyzed{game_id, job.account_id, wall_clock_ms(), job.evaluations},
                   [self = shared_from_this(), game_id](std::optional<db::StoreError> error) {
                       self->on_strand([self, game_id, error = std::move(error)] {
                           if (error)
                               spdlog::error("analysis: game {} not stored ({}): {}", game_id,
                                             db::store_failure_name(error->kind), error->message);
                           else
                               spdlog::info("analysis: game {} stored", game_id);
                           self->finish(game_id);
                       });
                   });
}

void GameAnalysisService::finish(std::int64_t game_id)
{
    running_.erase(game_id);
    start_waiting();
}

} // namespace rochade::server
