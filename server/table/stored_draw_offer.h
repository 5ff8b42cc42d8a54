// The draw offer that stood when a game was stored, read back from its log for a restart.
//
// FIDE 9.1.2 as Offers (offers.h) applies it: an offer stands until the opponent accepts it (then
// the game is over and not restored), declines it (a "draw_declined" table event) or moves (the
// opponent's next move row), or a takeback is accepted (a "taken_back" event). An offer made with a move is a
// "draw_offered" event under that move's seq: it comes after the move, so that move does not lapse it.
#pragma once

#include <optional>
#include <vector>

#include "db/records.h"
#include "protocol/messages.h"

namespace rochade::server {

// `moves` by ply, `events` by seq (db::StoreReader::game_log's order), `first_mover` the side to move
// in the start position. Events of other kinds are passed over; so is an event whose `by` is
// not "white" or "black" (the server never writes one).
std::optional<protocol::Side> standing_draw_offer(const std::vector<db::MovePlayed>& moves,
                                                  const std::vector<db::TableEvent>& events,
                                                  protocol::Side first_mover);

} // namespace rochade::server
