// A table's emissions on their way to the store (commit before broadcast): one at the store at
// a time, the next ones waiting behind it in their order, and the work that waits until nothing
// is at the store (a state snapshot must never show what the store does not hold yet). The table
// decides what a stored or a failed emission means (table/table_commits.cpp); this keeps them in
// order. On the table's strand.
//
// One at a time, because an emission's rows depend on those before it (a move's ply, an
// event's seq): when one fails, all behind it fail with it, and none is sent out of turn.
#pragma once

#include <deque>
#include <functional>
#include <optional>
#include <utility>
#include <vector>

namespace rochade::server {

template <class Emission> class EmissionQueue {
public:
    // Whether an emission is at the store.
    bool busy() const { return in_flight_.has_value(); }
    // The emission at the store, if any.
    Emission* in_flight() { return in_flight_ ? &*in_flight_ : nullptr; }

    // Queues `emission`; returns it when it goes to the store now (nothing else was there).
    Emission* push(Emission emission)
    {
        if (in_flight_) {
            waiting_.push_back(std::move(emission));
            return nullptr;
        }
        return &in_flight_.emplace(std::move(emission));
    }

    // The store took the emission in flight: hands it back, and the next one waiting (if any)
    // is in flight now.
    Emission take_stored()
    {
        Emission stored = std::move(*in_flight_);
        in_flight_.reset();
        if (!waiting_.empty()) {
            in_flight_.emplace(std::move(waiting_.front()));
            waiting_.pop_front();
        }
        return stored;
    }

    // The store failed the emission in flight: it and all behind it, in their order; none left.
    std::vector<Emission> take_failed()
    {
        std::vector<Emission> failed;
        failed.reserve(1 + waiting_.size());
        failed.push_back(std::move(*in_flight_));
        in_flight_.reset();
        for (auto& emission : waiting_) failed.push_back(std::move(emission));
        waiting_.clear();
        return failed;
    }

    // Runs `work` now if nothing is at the store, else once nothing is.
    void after_commits(std::function<void()> work)
    {
        if (!in_flight_)
            work();
        else
            after_commits_.push_back(std::move(work));
    }
    void run_after_commits()
    {
        for (auto& work : std::exchange(after_commits_, {})) work();
    }
    // For a table that stops: what waited will not run.
    void drop_after_commits() { after_commits_.clear(); }

private:
    std::optional<Emission> in_flight_;
    std::deque<Emission> waiting_;
    std::vector<std::function<void()>> after_commits_;
};

} // namespace rochade::server
