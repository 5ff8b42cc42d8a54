// Server analysis of finished games (issue 29 §2; docs/bots.md, "Server analysis"): a registered
// player asks for a game's analysis; the engine pool evaluates every position of the game at a
// fixed depth, one search at a time and below every game against the computer
// (SearchPriority::Analysis); the evaluations are stored once (db::GameAnalyzed) and read back
// with the game, where review/game_review.h turns them into marks and accuracies.
//
// The one owner of the analyses under way, on its own strand. Bounds, so that analysis never
// crowds the engines out: at most `running_at_once` games analysed at a time on this node, at
// most `queue_limit` waiting, one request under way per player and `per_player_per_day` a day
// (counted since this node started). A game is analysed once: asked again, it answers with what
// is stored or under way.
#pragma once

#include <chrono>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "db/analysis_records.h"
#include "db/store_reader.h"
#include "protocol/error_code.h"
#include "server/base/asio.h"
#include "server/engines/engine_pool.h"
#include "server/identity/principal.h"

namespace rochade::db {
class ReadThread;
class StoreWriter;
} // namespace rochade::db

namespace rochade::server {

struct AnalysisLimits {
    std::size_t running_at_once = 2;
    std::size_t queue_limit = 20;
    int per_player_per_day = 20;
    // Each position: to this depth, within this time (the pool's answer deadline follows from it).
    int depth = 12;
    std::chrono::milliseconds move_time{1000};
};

// Where a game's analysis stands on this node.
struct AnalysisProgress {
    enum class State { None, Queued, Running, Done };
    State state = State::None;
    int positions_done = 0, positions = 0; // Running: how far
};

struct AnalysisRefusal {
    protocol::ErrorCode code = protocol::ErrorCode::BadRequest;
    int http_status = 400;
    std::string message;
};

// Whether the game's start position has White to move (its evaluations and judgements alternate
// from that side); a start that does not read counts as White's.
bool white_moves_first(const db::GameStarted& start);

class GameAnalysisService : public std::enable_shared_from_this<GameAnalysisService> {
public:
    using Clock = std::chrono::steady_clock;

    // `engines` may be null (a server without engines): every request is then refused.
    GameAnalysisService(net::io_context& io, db::ReadThread& reads, db::StoreWriter& writer,
                        engines::EnginePool* engines, AnalysisLimits limits = {});

    // `who` asks for game `game_id`'s analysis. `done` (on the service's strand) gets where it
    // stands now (Queued, Running, or Done when it was stored already) or why not.
    void request(identity::Identity who, std::int64_t game_id,
                 std::function<void(std::variant<AnalysisProgress, AnalysisRefusal>)> done);
    // Where game `game_id`'s analysis stands on this node (None: not asked here, perhaps stored).
    void progress(std::int64_t game_id, std::function<void(AnalysisProgress)> done);
    void shut_down();

private:
    struct Job {
        std::int64_t game_id = 0;
        std::int64_t account_id = 0;
        std::string player; // the asker's nick key (one job each at a time)
        engines::SearchRequest base;
        bool white_first = true;
        std::vector<db::PositionEvaluation> evaluations; // so far
        std::size_t positions = 0;
        std::optional<db::PositionEvaluation> final_evaluation; // a mate or stalemate on the board
    };

    template <class Work> void on_strand(Work work);
    void queue_job(Job job);
    void start_waiting();
    void search_next(std::int64_t game_id);
    void searched(std::int64_t game_id, engines::SearchOutcome outcome);
    void store(std::int64_t game_id);
    void finish(std::int64_t game_id);
    // The engine's score of the position before ply `ply` (0: the start), seen from White.
    static db::PositionEvaluation white_view(const engines::UciScore& score, bool white_to_move);

    net::io_context& io_;
    db::ReadThread& reads_;
    db::StoreWriter& writer_;
    engines::EnginePool* engines_;
    AnalysisLimits limits_;
    net::strand<net::io_context::executor_type> strand_;
    std::map<std::int64_t, Job> running_;
    std::deque<Job> waiting_;
    std::map<std::string, std::vector<Clock::time_point>> asked_by_; // player -> his requests in the last day
    bool stopped_ = false;
};

} // namespace rochade::server
