#include "server/table/event_log.h"

namespace rochade::server {

void EventLog::stored(std::int64_t seq, std::shared_ptr<const std::string> frame)
{
    kept_.emplace_back(seq, std::move(frame));
    while (kept_.size() > kept_events_) kept_.pop_front();
    last_stored_ = seq;
}

// A client whose `since` is older than the kept events would take the tail it got for a full
// catch-up, so it gets none and is told to resync: redraw from the state alone.
protocol::MissedEvents EventLog::missed_since(std::int64_t since) const
{
    protocol::MissedEvents missed;
    if (since == last_taken_) return missed;
    const bool all_kept = since < last_taken_ && !kept_.empty() && kept_.front().first <= since + 1;
    if (!all_kept) {
        missed.resync = true;
        return missed;
    }
    for (const auto& [seq, frame] : kept_)
        if (seq > since) missed.frames.push_back(*frame);
    return missed;
}

} // namespace rochade::server
