// The pools' pairing authority (docs/architecture.md, "Pools across nodes"): the one place in the
// cluster that pairs, held by the node whose pool service holds the `pools` lease. It knows
// every waiting player as his node told it (Waiting, WaitEnded, Roster), runs the waves over
// one matchmaking::PoolRegistry, and turns each pairing into messages: Black's node is asked to
// claim Black, then White's node to claim White and start the game. Nothing here does I/O or
// keeps time; the pool service feeds it messages and the clock and publishes what it returns.
//
// A player is never paired twice: his own node claims him once, whichever authority asks, and
// only then is a game started for him. An authority that lost its lease (paused past it, cut
// off) may still ask; the node refuses, and the other player waits on.
#pragma once

#include <chrono>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "matchmaking/pool_registry.h"
#include "server/pools/pool_messages.h"

namespace rochade::server::pools {

class PoolAuthority {
public:
    using Clock = matchmaking::PoolRegistry::Clock;
    using Outbox = std::vector<PoolMessage>;

    PoolAuthority(std::string node, matchmaking::PoolRegistry::WaveInterval interval);

    // This node holds the lease now: it starts from nothing and asks every node for its roster.
    Outbox take_office(Clock::time_point now);
    // The lease is another node's: everything is forgotten.
    void leave_office();
    bool in_office() const { return in_office_; }

    // A message on the pools' channel; only those for the authority do anything, and only while
    // in office.
    Outbox received(const PoolMessage& message, Clock::time_point now);
    Outbox run_due_waves(Clock::time_point now);
    std::optional<Clock::time_point> next_wave_at() const;
    // A node is gone: its players wait no more, and the pairings it had a part in are given up
    // (the other player waits on).
    Outbox node_gone(const std::string& node);
    // Pairings unanswered for `pairing_limit` are given up; the players of a node whose last
    // roster is older than `roster_limit` are forgotten (the node is silent: gone, or cut off).
    Outbox expire(Clock::time_point now, Clock::duration pairing_limit, Clock::duration roster_limit);

    // Waiting players by pool, and the games running (the nodes' rosters) or being started.
    std::vector<protocol::PoolCountView> counts() const;
    // True once after each change of counts().
    bool take_counts_changed() { return std::exchange(counts_changed_, false); }

    // How many players it knows and pairings it waits on (tests, logs).
    std::size_t known_players() const { return players_.size(); }
    std::size_t pairings_in_progress() const { return pending_.size(); }

private:
    struct Known {
        std::string node;
        PoolEntrant entrant;
        matchmaking::PlayerId id = 0;
        bool pairing = false; // taken out of the registry by a wave, until the pairing is resolved
    };
    struct Pending {
        std::string pool;
        Known white, black;
        bool rated = false;
        Clock::time_point since{};
        bool start_asked = false;
    };
    struct NodeRoster {
        std::map<std::string, std::size_t> running;
        Clock::time_point heard{};
    };

    void waiting(const std::string& node, const PoolEntrant& entrant, Clock::time_point now);
    void wait_ended(const std::string& node, const std::string& player, bool for_good);
    void roster(const Roster& roster, Clock::time_point now);
    void claim_answered(const ClaimAnswered& answer, Outbox& out);
    void start_answered(const StartAnswered& answer);
    // Back into his pool, if he still waits (his node did not say otherwise meanwhile).
    void wait_on(const Known& player, Clock::time_point now);
    // A pairing that cannot go on: White waits on unless his node was asked to start, Black's
    // node is told to let Black wait on (if it claimed him).
    void give_up(std::uint64_t pairing, const std::string& why, Outbox& out, Clock::time_point now);
    void forget_player(const std::string& player);
    matchmaking::PlayerId id_of(const std::string& player);

    std::string node_;
    matchmaking::PoolRegistry::WaveInterval interval_;
    matchmaking::PoolRegistry registry_;
    bool in_office_ = false;
    bool counts_changed_ = false;
    std::unordered_map<std::string, Known> players_; // by player key
    // The matcher's ids: an account's kept (the pools remember his last opponent and colours by
    // it), a guest's until his connection closed for good.
    std::unordered_map<std::string, matchmaking::PlayerId> ids_;
    std::unordered_map<matchmaking::PlayerId, std::string> players_by_id_;
    matchmaking::PlayerId next_id_ = 1;
    std::map<std::uint64_t, Pending> pending_;
    std::uint64_t next_pairing_ = 1;
    std::map<std::string, NodeRoster> rosters_;
};

} // namespace rochade::server::pools
