// What the lobby leaves to chance when a table opens: every way a table opens (open_table, an
// accepted challenge, a pool's pairing through Lobby::start_game) goes through it, so the draws
// are made in one place, from libsodium's generator.
#pragma once

#include "server/table/table.h"

namespace rochade::server {

// `opening` with its chances drawn: the opener's side when he chose ColorChoice::Random (a coin
// flip), and a Chess960 start's Scharnagl number when none was chosen (uniform over 0..959).
Table::Opening with_chances_drawn(Table::Opening opening);

} // namespace rochade::server
