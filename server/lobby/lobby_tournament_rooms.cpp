// The tournaments' rooms (docs/tournaments.md, "The room"): the tournament service holds its
// events' rooms open here; everything else about them (entering, chat, the boards' tables
// standing in them, other nodes' members) is the lobby's as for any room.
#include "server/lobby/lobby.h"

#include <spdlog/spdlog.h>

namespace rochade::server {

void Lobby::hold_tournament_room(protocol::RoomNumber number, std::string name)
{
    on_strand([this, number, name = std::move(name)]() mutable {
        Room& r = open_room(number);
        if (!r.held_open()) spdlog::info("room {}: held open for its tournament '{}'", number, name);
        r.hold_open(std::move(name));
    });
}

void Lobby::release_tournament_room(protocol::RoomNumber number)
{
    on_strand([this, number] {
        Room* r = room(number);
        if (!r) return;
        r->let_close();
        close_room_if_done(number);
    });
}

} // namespace rochade::server
