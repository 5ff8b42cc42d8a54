// What Lobby::start_game needs to start a game at once between two online players (a challenge
// accepted, a quick pairing), and what it answers.
#pragma once

#include <optional>
#include <string>

#include "engine/expected.h"
#include "protocol/error_code.h"
#include "protocol/messages.h"
#include "server/identity/principal.h"

namespace rochade::server {

struct GameStart {
    // Online on the node whose lobby is asked; sits down first, as a table's opener.
    identity::Identity challenger;
    // Online on this node or on another one of the cluster; takes the other seat.
    std::string challenged;
    protocol::TimeControl time_control;
    protocol::ColorChoice challenger_color = protocol::ColorChoice::Random;
    // Checked here: timed, and the challenger with an account; the challenged player's table
    // refuses a guest (rated_needs_account) when it seats him.
    bool rated = false;
    // The variant; a Chess960 start without a number gets one drawn (with_chances_drawn).
    protocol::GameSetup setup;
    // The room the table stands in; absent: the challenger's room (the lowest listed one he
    // stands in, else any he stands in), else the first configured room.
    std::optional<protocol::RoomNumber> room;
    // A tournament's board: no takeback, abort or rematch at its table (Table::tournament_game).
    bool tournament = false;
    // A tournament's rule: no draw offers before this move (0: at any time).
    int draw_offers_from_move = 0;
    // An arena's board whose players may go berserk (Table::Opening::berserk_allowed).
    bool berserk_allowed = false;
};

struct GameStartRefusal {
    protocol::ErrorCode code = protocol::ErrorCode::InternalError;
    std::string message;
};

// The new table as its room lists it (both seats are being taken: the challenger's at once,
// the other once its node has forwarded the join), or why no table was opened.
using GameStartResult = rochade::Expected<protocol::TableSummary, GameStartRefusal>;

} // namespace rochade::server
