// The waiting room of one pool: who waits, when the next wave is due, and what each player's
// previous pool games were (for the matcher's rematch and colour rules). A value with time
// passed in, so the service, the benchmark and the tests drive it with their own clocks.
#pragma once

#include <chrono>
#include <cstddef>
#include <optional>
#include <unordered_map>
#include <vector>

#include "matchmaking/pool_catalogue.h"
#include "matchmaking/waiting_player.h"

namespace rochade::matchmaking {

class PoolQueue {
public:
    using Clock = std::chrono::steady_clock;

    // `wave_interval` overrides the catalogue's (tests run waves in milliseconds).
    PoolQueue(PoolSpec spec, Clock::duration wave_interval, Clock::time_point now);
    explicit PoolQueue(PoolSpec spec, Clock::time_point now) : PoolQueue(spec, spec.wave_interval, now) {}

    const PoolSpec& spec() const { return spec_; }

    // Adds the player; his waves missed, last opponent and recent colours are the pool's to fill,
    // whatever the caller passed. False when he already waits here.
    bool join(WaitingPlayer player);
    // False when he did not wait here.
    bool leave(PlayerId id);
    bool is_waiting(PlayerId id) const;
    std::size_t waiting_count() const { return waiting_.size(); }

    // A wave is due when the interval since the last one has passed, or at once when enough
    // players wait; never with fewer than two waiting. A second player joining a lone
    // player who has waited out the interval is paired at once.
    bool wave_due(Clock::time_point now) const;
    // When the interval since the last wave ends (a wave is due from then on, or earlier when the
    // pool fills), or nothing while fewer than two wait.
    std::optional<Clock::time_point> next_wave_at() const;
    // Runs the matcher on everyone waiting: the paired leave the queue and their games are
    // remembered; everyone else has missed one more wave.
    std::vector<Pairing> run_wave(Clock::time_point now);

    // Forgets a player's previous pool games (he left the server).
    void forget(PlayerId id) { history_.erase(id); }
    // How many players' previous games the pool remembers.
    std::size_t remembered_count() const { return history_.size(); }

private:
    struct History {
        PlayerId last_opponent;
        std::vector<SeatColour> recent_colours;
    };
    void remember(PlayerId player, PlayerId opponent, SeatColour colour);

    PoolSpec spec_;
    Clock::duration wave_interval_;
    Clock::time_point last_wave_;
    std::vector<WaitingPlayer> waiting_; // in order of arrival
    std::unordered_map<PlayerId, History> history_;
};

// Colours remembered per player: enough to see a streak, few enough that an old run of whites
// does not decide today's colour.
inline constexpr std::size_t recent_colours_kept = 5;

} // namespace rochade::matchmaking
