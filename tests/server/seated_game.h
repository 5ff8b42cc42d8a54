// Two players at one table of a running server, for the game tests: both say hello, enter a
// room, one opens a table as White and the other joins as Black, and both have seen
// game_started. play() sends moves from the side to move and checks that both players get
// every move event in sequence.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "tests/server/ws_test_client.h"

namespace rochade::test {

struct SeatedGame {
    std::unique_ptr<WsTestClient> white, black;
    std::string white_token, black_token;
    std::int64_t table = 0;
    std::int64_t room = 34;
    json started; // the game_started White received
    std::int64_t last_seq = 0;

    // `time_control` as on the wire ("untimed", "5+3" or an object).
    static SeatedGame start(std::uint16_t port, const json& time_control = "untimed",
                            const std::string& white_nick = "Weiss", const std::string& black_nick = "Schwarz");

    WsTestClient& player(const std::string& side) { return side == "white" ? *white : *black; }

    // Plays `moves` (any notation) alternately, starting with the side to move given by the
    // number of moves played so far (`ply`), and returns the last move event. Throws when a
    // player does not get a move event or the seq does not advance by one.
    json play(const std::vector<std::string>& moves);
    int ply = 0; // moves played so far through play()

    // A request `{"type": type, "table": table}` by `side`.
    json act(const std::string& side, const std::string& type);
};

} // namespace rochade::test
