// What a restart (or a takeover by another node) reads back of a game's courtesies from its
// stored moves and table events (courtesies.h): whether its table allowed takebacks, the time
// given since its last move or takeback (which the clocks of the last stored move do not hold
// yet), and the clocks after each ply, for a later takeback.
//
// A takeback request that stood is not read back: after a restart it is gone, and the players'
// table_state says so (takeback_request null); the asker may ask again. A takeback that was
// accepted is wholly in the store or not at all (its moves' deletion and its event are one
// commit), so the moves read back are the game as it stands.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "db/records.h"
#include "server/table/courtesies.h"

namespace rochade::server {

struct StoredCourtesies {
    // From the game_started event's detail; none for a game stored before takebacks existed
    // (the table's default applies).
    std::optional<bool> takebacks;
    // A tournament's board (the game_started event's detail says so): its table keeps the
    // tournament's rules (Table::tournament_game).
    bool tournament = false;
    // Its rule on draw offers (Table::Opening::draw_offers_from_move); 0: none.
    int draw_offers_from_move = 0;
    // time_given events after the last stored move and the last taken_back event, less the time
    // a berserk after them took away (the stored clocks of a later move hold both).
    std::int64_t white_given_ms = 0, black_given_ms = 0;
    // An arena's board: whether its players may go berserk (the game_started event's detail),
    // and who did (berserk events): his increment stays dropped.
    bool berserk_allowed = false;
    bool white_berserk = false, black_berserk = false;

    // The clocks at the start and after each stored move (`moves` by ply).
    std::vector<ClockReadings> readings_after(const db::GameStarted& start,
                                              const std::vector<db::MovePlayed>& moves) const;
};

// `moves` by ply, `events` by seq (db::StoreReader::game_log's order). Events of other kinds,
// and details the server never writes, are passed over.
StoredCourtesies stored_courtesies(const std::vector<db::MovePlayed>& moves, const std::vector<db::TableEvent>& events);

} // namespace rochade::server
