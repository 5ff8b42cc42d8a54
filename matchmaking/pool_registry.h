// All eleven pools of one pairing authority: which pool each player waits in (one at a time),
// the waves that are due, and the counts the first page shows. The server's pool service owns
// one on its strand and drives it with its clock: join/leave from the players' requests and
// closed connections, run_due_waves when its timer fires at next_wave_at().
#pragma once

#include <chrono>
#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "matchmaking/pool_queue.h"

namespace rochade::matchmaking {

enum class JoinOutcome {
    Joined,
    UnknownPool,   // no pool has that id
    AlreadyInPool, // the player waits in a pool already (this one or another): leave it first
};

// One game a wave started, and its pool.
struct PoolPairing {
    std::string pool;
    Pairing game;
};

// What the first page and the lobby show of one pool.
struct PoolCount {
    std::string pool;
    std::size_t waiting = 0;
    std::size_t games_running = 0;
};

class PoolRegistry {
public:
    using Clock = PoolQueue::Clock;
    // The wave interval of each pool: the catalogue's, or a test's shorter one.
    using WaveInterval = std::function<Clock::duration(const PoolSpec&)>;

    explicit PoolRegistry(Clock::time_point now, WaveInterval interval = {});

    JoinOutcome join(const std::string& pool, WaitingPlayer player, Clock::time_point now);
    // The pool the player left, or nothing when he waited nowhere.
    std::optional<std::string> leave(PlayerId player);
    // The pool the player waits in.
    std::optional<std::string> pool_of(PlayerId player) const;
    // The player left for good (a guest's connection closed: his id is never used again): every
    // pool forgets his previous games, so that their memory does not grow with every guest who
    // ever waited. He also stops waiting, if he still did.
    void forget(PlayerId player);
    // How many players' previous games the pools remember, summed over the pools.
    std::size_t remembered_count() const;

    // Runs every pool's wave that is due; the paired players wait nowhere any more, and each
    // game counts as running in its pool until game_over().
    std::vector<PoolPairing> run_due_waves(Clock::time_point now);
    // A game started by a pool ended (or never started: the table could not be opened).
    void game_over(const std::string& pool);
    // The earliest time a wave can be due without anyone joining, or nothing when no pool has two
    // players waiting (then only a join can make a wave due).
    std::optional<Clock::time_point> next_wave_at() const;

    // In the catalogue's order.
    std::vector<PoolCount> counts() const;

private:
    PoolQueue* queue(const std::string& pool);

    std::vector<PoolQueue> queues_; // in the catalogue's order
    std::vector<std::size_t> games_running_;
    std::unordered_map<PlayerId, std::size_t> pool_of_player_; // index into queues_
};

} // namespace rochade::matchmaking
