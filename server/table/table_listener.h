// What a table tells the part above it (the lobby, lobby/lobby.h, implements it): its summary
// changed, a seat changed, it closed, it stopped. Given to each table when it is made. The table knows this interface
// only, so that the arrow points down from the lobby to the table and never back up. Called from the table's strand.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "db/store_error.h"
#include "protocol/messages.h"
#include "server/clients/connection.h"
#include "server/identity/principal.h"

namespace rochade::server {

// A table that stopped because the store would not take its writes (server/table/table_commits.cpp):
// another node has its game now (Superseded), or the store holds something else than the table
// thought (Refused). Either way the game goes on from what the store holds, never from memory.
struct StoppedTable {
    protocol::TableId table = 0;
    protocol::RoomNumber room = 0;
    std::int64_t game_id = 0;
    db::StoreFailure why = db::StoreFailure::Refused;
    // The table's watchers (players and spectators), still open: whoever takes the game up closes
    // them with 1012 and `close_reason` once it stands again (or could not be taken up), so that
    // a client that reconnects and resumes at once finds it. Closed at once when the game goes on
    // on another node.
    std::vector<std::shared_ptr<Connection>> watchers;
    std::string close_reason;
};

// Who takes a stopped table's game up again from the store (the router,
// router/router_takeover.cpp; the lobby hands each stopped table on to it).
class StoppedTables {
public:
    virtual void table_stopped(StoppedTable stopped) = 0;

protected:
    ~StoppedTables() = default;
};

class TableListener {
public:
    // What the room's list shows of the table: players, time control, state.
    virtual void table_changed(protocol::TableSummary summary) = 0;
    virtual void table_closed(protocol::RoomNumber room, protocol::TableId table) = 0;
    // `who` sits (or no longer sits) at `table` since a game started there: while it runs, and
    // after it until the player stands up (or stays away for the grace period).
    virtual void seat_changed(identity::Identity who, protocol::TableId table, bool seated) = 0;
    // The table stopped: its game is taken up again from the store, here or on the node that
    // claimed it.
    virtual void table_stopped(StoppedTable stopped) = 0;

protected:
    ~TableListener() = default;
};

} // namespace rochade::server
