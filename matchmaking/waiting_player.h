// What the matcher knows of one player waiting in a pool. The service fills it from the
// player's account (rating, deviation) and from the pool's own memory (waves missed, last
// opponent, recent colours); the matcher reads nothing else.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

namespace rochade::matchmaking {

// A player's id as the service knows it (the connection's player id); the matcher only
// compares ids.
using PlayerId = std::uint64_t;

enum class SeatColour : std::uint8_t { White, Black };

struct WaitingPlayer {
    PlayerId id = 0;
    // Glicko-2 rating and its deviation in the pool's category; a guest has none that counts,
    // the service passes the default (1500, 350).
    int rating = 1500;
    int deviation = 350;
    // Registered players play rated games among registered players; guests casual games among
    // guests. The two never meet in a pool.
    bool registered = false;
    // Waves that ran while this player waited and did not pair him; each widens his range.
    int waves_missed = 0;
    // The opponent of this player's previous pool game, if any: not paired again at once while
    // someone else could play him.
    std::optional<PlayerId> last_opponent;
    // The colours of his most recent games, oldest first (the service keeps a few).
    std::vector<SeatColour> recent_colours;
};

// One game the wave starts: `white` plays `black`, rated when both are registered.
struct Pairing {
    PlayerId white = 0;
    PlayerId black = 0;
    bool rated = false;
};

} // namespace rochade::matchmaking
