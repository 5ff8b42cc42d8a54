// The table chat lines a table has taken but not yet sent to the store, bounded by
// `table_chat_queue` (server_config.h). A table has one emission at the store at a time, and a
// chat line there is one commit: a flood of chat would otherwise queue thousands of emissions
// (their frames, rows and senders) ahead of the next move. So while the store is busy with the
// table, chat waits here and the game's requests (moves, draws, claims, resignation) go first;
// a chat line beyond the bound is refused with `busy`, and one taken is never dropped: it is
// stored and answered ok, or its sender is told why not. A plain value, owned by the table's
// strand.
#pragma once

#include <cstddef>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "protocol/messages.h"
#include "server/identity/principal.h"

namespace rochade::server {

class Connection;

class ChatInbox {
public:
    struct Line {
        std::shared_ptr<Connection> sender;
        std::optional<protocol::RequestId> id;
        std::string nick; // as the sender wrote it
        std::string text;
        // Who said it: a seated player's line and a spectator's go to different channels while
        // a game runs, decided when the line goes (it may have waited while the game started).
        identity::Principal who;
    };

    explicit ChatInbox(std::size_t capacity) : capacity_(capacity) {}

    // Keeps the line, last in order, unless `capacity` lines wait already (then false, and
    // `line` is left as it was, so the caller can still answer its sender).
    bool try_add(Line& line);
    // The oldest line, or nothing.
    std::optional<Line> take();
    // Every line, oldest first; the inbox is empty after.
    std::vector<Line> take_all();

    bool empty() const { return lines_.empty(); }
    std::size_t size() const { return lines_.size(); }
    std::size_t capacity() const { return capacity_; }

private:
    std::size_t capacity_;
    std::deque<Line> lines_;
};

} // namespace rochade::server
