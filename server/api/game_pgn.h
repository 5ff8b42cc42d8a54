// A stored game as PGN (export format): the Seven Tag Roster (Event: the listed room's name, else
// "Rochade room N"; Site: the server's public URL, "?" when none is configured, as the standard
// writes an unknown value; Date: the start's UTC date; Round "-"; the players; the result), then
// UTCDate and UTCTime of the start, WhiteElo and BlackElo for a finished rated game (the ratings it was
// rated from, log.rating_changes, rounded), TimeControl and Termination as the PGN standard spells them (9.6, 9.8), SetUp
// and FEN for a game from a set-up position, and the moves replayed from the stored UCI in
// English SAN, each followed in a timed game by the mover's clock after it, {[%clk h:mm:ss]}
// (the comment lichess and the chess GUIs read). Pure: values in, text out; engine/pgn.h writes
// and escapes the text.
// Shared by `rochade games`, the admin API (GET /api/admin/games/{id}.pgn) and the public archive
// (server/api/archive_api.h); Boost-free, so the db tests compile it in beside the games command.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "db/store_reader.h"
#include "protocol/time_control.h"
#include "server/config/server_config.h"

namespace rochade::server {

// Where the games were played: what Event and Site say.
struct PgnSite {
    std::string public_url;               // Site; "" writes "?"
    std::vector<RoomConfig> listed_rooms; // a game in one of them gets its name as Event

    static PgnSite of(const ServerConfig& config) { return {config.public_url, config.rooms}; }
};

struct StoredGamePgn {
    std::string text;
    // Empty, or why the moves stop early: a start FEN that does not read, or a stored move that
    // does not replay (a corrupt database); the text then holds the game up to there.
    std::string problem;
};

// A tournament game's Event and Round tags instead of the room's name and "-": the event's name
// and "round.board", as arbiters' programs write them.
struct PgnEvent {
    std::string event;
    std::string round;
};

StoredGamePgn stored_game_pgn(const db::GameLog& log, const PgnSite& site,
                              const std::optional<PgnEvent>& event = std::nullopt);

// A remaining time as PGN's clock comment wants it: "1:05:09"; whole seconds, rounded down; a
// negative reading (a flag that fell) is 0:00:00.
std::string pgn_clock(std::int64_t ms);

// PGN's TimeControl (standard 9.6.1): "-" untimed, "300+2" (seconds + increment),
// "40/5400+30:1800+30" for stages. Delays have no spelling in PGN and are left out.
std::string pgn_time_control(const protocol::TimeControl& time_control);

// PGN's Termination (standard 9.8.1) for a game's termination: "normal", "time forfeit",
// "abandoned", "adjudication", "unterminated" (aborted; a running game's too).
std::string pgn_termination(Termination termination);

} // namespace rochade::server
