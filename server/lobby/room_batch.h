// What changed in one room since its last update went out: whether anybody entered or left, and
// the tables that opened, changed or closed. A room of thousands would otherwise send every
// entry and every table change to every member at once (3,000 entries: 4.5 million frames);
// the lobby sends the batch as at most two frames per interval instead (docs/protocol.md,
// "Room updates"). A plain value, owned by its Room and so by the lobby's strand.
#pragma once

#include <map>
#include <optional>
#include <vector>

#include "protocol/messages.h"

namespace rochade::server {

class RoomBatch {
public:
    struct Taken {
        bool presence = false;                      // the member list changed
        std::vector<protocol::TableSummary> tables; // opened or changed, latest summary of each
        std::vector<protocol::TableId> closed;
    };

    bool empty() const { return !presence_ && tables_.empty(); }
    void presence_changed() { presence_ = true; }
    // A table's latest summary replaces an earlier one in the same batch.
    void table_changed(const protocol::TableSummary& table) { tables_[table.table] = table; }
    // Sent even for a table opened within the same batch: a member who entered meanwhile saw it
    // in the `room` reply.
    void table_closed(protocol::TableId table) { tables_[table] = std::nullopt; }
    // The batch so far, leaving this one empty.
    Taken take();

private:
    bool presence_ = false;
    // nullopt: closed. Keyed by id, so a batch lists its tables in id order.
    std::map<protocol::TableId, std::optional<protocol::TableSummary>> tables_;
};

} // namespace rochade::server
