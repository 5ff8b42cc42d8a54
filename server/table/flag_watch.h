// The flag of a table's running game: a timer at the running side's deadline, and, while a
// fallen flag's winnability question is out (table/flag_analysis.h), the requests that came in
// the meantime, in their order. Until the verdict is stored the game is over at the flag but
// its result is not known, so a request waits here rather than see a game that is neither
// running nor over. On the table's strand; the table decides what the verdict means.
#pragma once

#include <chrono>
#include <functional>
#include <utility>
#include <vector>

#include <boost/asio/steady_timer.hpp>

#include "server/base/asio.h"

namespace rochade::server {

class FlagWatch {
public:
    using TimePoint = std::chrono::steady_clock::time_point;
    // A request that waits for the verdict, run with the time it finally runs at.
    using Request = std::function<void(TimePoint now)>;

    explicit FlagWatch(const net::strand<net::io_context::executor_type>& strand) : timer_(strand) {}

    // Calls `at_deadline` on the strand at `deadline`, instead of any wake-up armed before.
    // A template, not a std::function: the table arms it after every move.
    template <class AtDeadline> void arm(TimePoint deadline, AtDeadline at_deadline)
    {
        timer_.expires_at(deadline);
        timer_.async_wait([at_deadline = std::move(at_deadline)](const boost::system::error_code& error) {
            if (!error) at_deadline();
        });
    }
    void cancel() { timer_.cancel(); }

    // A fallen flag's question went out: no wake-up until its verdict; requests wait.
    void question_asked()
    {
        question_out_ = true;
        timer_.cancel();
    }
    bool question_out() const { return question_out_; }
    void defer(Request request) { waiting_.push_back(std::move(request)); }
    // The verdict is stored: the requests that waited, to run again in their order.
    std::vector<Request> settled()
    {
        question_out_ = false;
        return std::exchange(waiting_, {});
    }

private:
    net::steady_timer timer_;
    bool question_out_ = false;
    std::vector<Request> waiting_;
};

} // namespace rochade::server
