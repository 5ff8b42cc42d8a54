// The eleven quick-pairing pools (lichess's set) and how often each pairs.
#pragma once

#include <chrono>
#include <cstddef>
#include <optional>
#include <span>
#include <string_view>

namespace rochade::matchmaking {

struct PoolSpec {
    // The pool's name on the wire and in the client: "<minutes>+<increment seconds>".
    std::string_view id;
    int base_minutes;
    int increment_seconds;
    // A wave runs this long after the previous one...
    std::chrono::seconds wave_interval;
    // ...or at once when this many players wait (enough that most of them find a close
    // partner; fewer would pair badly matched players in a hurry).
    std::size_t players_for_immediate_wave;
};

// The eleven pools, fastest first. Bullet pools pair often, since a player who waits a minute
// for a one-minute game gives up; the long pools wait longer for a closer partner.
std::span<const PoolSpec> pool_catalogue();

// The pool of that id ("3+2"), or nothing.
std::optional<PoolSpec> pool_named(std::string_view id);

} // namespace rochade::matchmaking
