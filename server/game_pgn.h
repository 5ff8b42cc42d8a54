// A stored game as PGN (export format): the Seven Tag Roster (Event "Rochade room N", Site
// "Rochade", the start's UTC date, Round "-", the players, the result), TimeControl and
// Termination as the PGN standard spells them (9.6, 9.8), SetUp and FEN for a game from a set-up
// position, and the moves replayed from the stored UCI in English SAN. Pure: values in, text out;
// engine/pgn.h writes and escapes the text.
// Shared by `rochade games` and the admin API (GET /api/admin/games/{id}.pgn); Boost-free, so
// the db tests compile it in beside the games command.
#pragma once

#include <string>

#include "db/store_reader.h"
#include "protocol/time_control.h"

namespace rochade::server {

struct StoredGamePgn {
    std::string text;
    // Empty, or why the moves stop early: a start FEN that does not read, or a stored move that
    // does not replay (a corrupt database); the text then holds the game up to there.
    std::string problem;
};

StoredGamePgn stored_game_pgn(const db::GameLog& log);

// PGN's TimeControl (standard 9.6.1): "-" untimed, "300+2" (seconds + increment),
// "40/5400+30:1800+30" for stages. Delays have no spelling in PGN and are left out.
std::string pgn_time_control(const protocol::TimeControl& time_control);

// PGN's Termination (standard 9.8.1) for a stored termination name: "normal", "time forfeit",
// "abandoned", "unterminated" (running or aborted); "" for a name the store does not know.
std::string pgn_termination(const std::string& stored_termination);

} // namespace rochade::server
