// The winnability questions of flag falls, answered on a thread of their own. A flag fall asks
// the engine with its full budgets whether the opponent can still mate (FIDE 6.9): under a
// millisecond on ordinary positions, up to about 2 s on composed ones. On a table's strand
// that would stop one of the io_context's threads for that long (with `--threads 1`, the whole
// server), so the table hands the question over as a value and waits for the answer instead.
//
// One thread: flag falls are rare and nearly always quick, and a second slow one may wait its
// turn (first come, first answered) rather than take a core from the io_context.
#pragma once

#include <functional>

#include <boost/asio/thread_pool.hpp>

#include "engine/winnability.h"
#include "server/game/refereed_game.h"

namespace rochade::server {

class FlagAnalysis {
public:
    FlagAnalysis();
    // stop() and join().
    ~FlagAnalysis();
    FlagAnalysis(const FlagAnalysis&) = delete;
    FlagAnalysis& operator=(const FlagAnalysis&) = delete;

    // Answers flag_fall_winnability(fall) on the analysis thread and calls `answered` there
    // with the answer; `answered` must only hand it on (post to the asker's strand). Callable
    // from any thread. After stop(), the question is never answered and `answered` never runs.
    void ask(FlagFall fall, std::function<void(WinnabilityVerdict)> answered);
    // For shutdown: questions not started yet are dropped (their callbacks are destroyed with
    // this object, unrun) and no new one starts. Returns at once.
    void stop();
    // Blocks until the thread has ended, after finishing the question it was answering. Call
    // after stop(), while the strands the answers are posted to still run.
    void join();

private:
    boost::asio::thread_pool pool_{1};
};

} // namespace rochade::server
