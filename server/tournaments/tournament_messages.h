// What the nodes' tournament services tell each other (docs/tournaments.md, "Several nodes"). One
// node at a time runs a tournament: the holder of its lease (TournamentLink::claim). The others
// keep a copy for their own players and watchers, read again from the store whenever the holder
// says it changed; they forward their clients' requests for it to the holder, start the boards
// whose White is theirs when the holder asks, and tell what happens at those boards' tables. All
// of these travel on one channel that every node hears, the sender included; a message meant for
// one node names it (`to`), and the others drop it. On a server alone nothing is sent: it runs
// every tournament itself (LoneTournamentLink).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "engine/expected.h"
#include "protocol/messages.h"
#include "server/identity/principal.h"

namespace rochade::server::tournaments {

// The holder changed a tournament (or any node a finished one, which no lease guards): the others
// read it from the store again. `next_round_ms`: the countdown to the next round, which only the
// holder keeps.
struct Changed {
    std::string node;
    std::int64_t tournament = 0;
    std::optional<std::int64_t> next_round_ms;
};
// A client of `node` (its connection there) asked for a change to a tournament `to` runs: the
// client's frame as it sent it. The holder answers through the cluster's ToClients.
struct RequestForwarded {
    std::string node, to;
    std::uint64_t connection = 0;
    identity::Identity identity;
    std::int64_t tournament = 0;
    std::string text;
};
// The holder to White's node: start the game of this board between `white` (online there) and
// `black` (online anywhere), with the event's terms. Asked again for the same board, the node
// answers with the table it opened the first time, so a lost answer never starts two games.
struct BoardStartAsked {
    std::string node, to;
    std::int64_t tournament = 0;
    int round = 0, board = 0;
    std::string white, black;
    protocol::TimeControl time_control;
    bool rated = false;
    int draw_offers_from_move = 0;
    bool berserk_allowed = false;
};
// White's node to the holder: the board's game is at `table`, or why it did not start.
struct BoardStartAnswered {
    std::string node, to;
    std::int64_t tournament = 0;
    int round = 0, board = 0;
    std::optional<protocol::TableId> table;
    std::string refusal;
};
// A tournament table of `node` stored its game's start, or its end (`result`, the board's result
// word, with the plies and berserks an arena scores by). The tournament's holder takes it up.
struct BoardGame {
    std::string node;
    std::int64_t game_id = 0;
    protocol::TableId table = 0;
    std::optional<std::string> result;
    int plies = 0;
    bool white_berserk = false, black_berserk = false;
};

using TournamentMessage = std::variant<Changed, RequestForwarded, BoardStartAsked, BoardStartAnswered, BoardGame>;

std::string encode(const TournamentMessage& message);
// Never throws: a message that is not one of these, whole, is an error naming what was wrong.
rochade::Expected<TournamentMessage, std::string> decode_tournament_message(std::string_view text);

} // namespace rochade::server::tournaments
