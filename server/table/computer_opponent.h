// The computer at a table (play_computer): which side it plays, its level, and the search or the
// pause before its move that it is in. Owned by the table, on the table's strand; the table
// (table_computer.cpp) asks the engine pool and plays the answer as a move.
#pragma once

#include <cstdint>

#include <boost/asio/steady_timer.hpp>

#include "protocol/messages.h"
#include "server/base/asio.h"
#include "server/engines/computer_levels.h"
#include "server/engines/search_request.h"
#include "server/identity/principal.h"

namespace rochade::server {

struct ComputerOpponent {
    ComputerOpponent(const net::strand<net::io_context::executor_type>& strand, protocol::Side side,
                     engines::ComputerLevel level)
        : side(side), level(level), pause(strand)
    {
    }

    identity::Principal principal() const { return {identity::Principal::Kind::Computer, level.number}; }

    protocol::Side side;
    engines::ComputerLevel level;
    // A search is asked or its move waits out the pause: no second search for the same turn.
    bool thinking = false;
    // Numbers the searches; an answer that is not the last one asked is stale and dropped.
    std::uint64_t searches_asked = 0;
    // The ply and game the last search was asked for: an answer for another is stale too.
    int asked_at_ply = -1;
    std::int64_t asked_in_game = 0;
    net::steady_timer pause; // the human-like pause, and the wait for room in a full pool
};

} // namespace rochade::server
