// What a table tells the part above it (the lobby, lobby/lobby.h, implements it): its summary
// changed, a seat changed, it closed. The table knows this interface only, so that the arrow
// points down from the lobby to the table and never back up. Called from the table's strand.
#pragma once

#include "protocol/messages.h"
#include "server/identity/principal.h"

namespace rochade::server {

class TableListener {
public:
    // What the room's list shows of the table: players, time control, state.
    virtual void table_changed(protocol::TableSummary summary) = 0;
    virtual void table_closed(protocol::RoomNumber room, protocol::TableId table) = 0;
    // `who` sits (or no longer sits) at `table` since a game started there: while it runs, and
    // after it until the player stands up (or stays away for the grace period).
    virtual void seat_changed(identity::Identity who, protocol::TableId table, bool seated) = 0;

protected:
    ~TableListener() = default;
};

} // namespace rochade::server
