#include "server/table/chat_inbox.h"

#include <iterator>

namespace rochade::server {

bool ChatInbox::try_add(Line& line)
{
    if (lines_.size() >= capacity_) return false;
    lines_.push_back(std::move(line));
    return true;
}

std::optional<ChatInbox::Line> ChatInbox::take()
{
    if (lines_.empty()) return std::nullopt;
    Line oldest = std::move(lines_.front());
    lines_.pop_front();
    return oldest;
}

std::vector<ChatInbox::Line> ChatInbox::take_all()
{
    std::vector<Line> all(std::make_move_iterator(lines_.begin()), std::make_move_iterator(lines_.end()));
    lines_.clear();
    return all;
}

} // namespace rochade::server
