// The numbered events of one table (lila's round History): the seq each new event takes, the
// seq up to which the store holds them, and the last stored events, kept so that a client that
// reconnects catches up exactly (watch_table with `since`) or is told to resync. Plain values on
// the table's strand; no I/O.
//
// A seq is taken when an event is made and counts as stored once the store says so. When the
// store fails an emission, the seqs taken since the last stored event are given back, so the
// next event takes the number the failed one had and no client ever sees a gap.
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <utility>

#include "protocol/messages.h"

namespace rochade::server {

class EventLog {
public:
    // Keeps the last `kept_events` stored events (server_config.h, table_history_events).
    explicit EventLog(std::size_t kept_events) : kept_events_(kept_events) {}

    // The seq of a new event: one past the last taken, stored or on its way to the store.
    std::int64_t take_next() { return ++last_taken_; }
    std::int64_t last_taken() const { return last_taken_; }
    std::int64_t last_stored() const { return last_stored_; }

    // The store holds the event `seq` now (events are stored in the order of their seqs).
    void stored(std::int64_t seq, std::shared_ptr<const std::string> frame);
    // The store did not take the events after last_stored(): their seqs are given back.
    void forget_unstored() { last_taken_ = last_stored_; }
    // A table restored from the store, whose events up to `seq` are stored; none kept.
    void restore(std::int64_t seq) { last_taken_ = last_stored_ = seq; }

    // The frames after `since`, for a client that saw up to it; `resync` when the log no longer
    // keeps all of them, or when `since` is ahead of the table (no event of this table has it).
    // Asked once every emission is committed, so the kept events end at last_taken().
    protocol::MissedEvents missed_since(std::int64_t since) const;

private:
    std::size_t kept_events_;
    std::int64_t last_taken_ = 0;
    std::int64_t last_stored_ = 0;
    std::deque<std::pair<std::int64_t, std::shared_ptr<const std::string>>> kept_;
};

} // namespace rochade::server
