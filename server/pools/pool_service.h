// The quick-pairing service (docs/protocol.md, "Pools"; issue 27 §2): the one owner of who waits
// in which of the eleven pools on this server. It holds a matchmaking::PoolRegistry on its own
// strand, runs the due waves when its timer fires at the registry's next_wave_at(), and starts
// each pairing's game through Lobby::start_game. Joining players' ratings are read on the read
// thread (pool_rating_reads.cpp); the counts go out at most once a second (pool_counts.cpp).
#pragma once

#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "matchmaking/pool_registry.h"
#include "protocol/messages.h"
#include "protocol/pool_encode.h"
#include <boost/asio/steady_timer.hpp>

#include "server/asio.h"
#include "server/clients/connection.h"
#include "server/identity/principal.h"

namespace rochade::server {

class Lobby;
struct TableServices;

class PoolService : public std::enable_shared_from_this<PoolService> {
public:
    using ConnectionPtr = std::shared_ptr<Connection>;
    using Id = std::optional<protocol::RequestId>;

    PoolService(TableServices& services, std::shared_ptr<Lobby> lobby);

    // Requests, from any strand; each is answered on the service's strand.
    void join(ConnectionPtr connection, identity::Identity who, Id id, protocol::JoinPool join);
    void leave(ConnectionPtr connection, Id id);
    // Visitors too: the counts now, and again whenever they change while the connection is open.
    void list(ConnectionPtr connection, Id id);
    // The connection closed: its player waits in no pool any more and hears no counts.
    void disconnected(const ConnectionPtr& connection);
    // Shutdown: the timers stop, no wave runs any more.
    void shut_down();

private:
    using Clock = matchmaking::PoolRegistry::Clock;
    // Accounts' matcher ids count up from here, above any connection id (guests' matcher ids).
    static constexpr matchmaking::PlayerId account_player_ids = matchmaking::PlayerId(1) << 62;

    // A player who asked for a pool: waiting in it, or still being read (then not yet in the
    // registry).
    struct Entrant {
        std::weak_ptr<Connection> connection;
        std::uint64_t connection_id = 0;
        identity::Identity who;
        std::string pool;
        bool in_registry = false;
        // As entered into the registry; kept so that a player whose game did not start because
        // his opponent left can wait on at the same rating (pool_game_answered).
        int rating = 1500;
        int deviation = 350;
    };
    // A game a wave started, until its table says it is over.
    struct RunningGame {
        std::string pool;
        protocol::RoomNumber room = 0;
        protocol::TableId table = 0;
    };

    template <class Work> void on_strand(Work work);
    void join_now(const ConnectionPtr& connection, const identity::Identity& who, const Id& id,
                  const std::string& pool);
    void leave_now(const ConnectionPtr& connection, const Id& id);
    // Into the registry with the rating and deviation of the pool's category.
    void enter(matchmaking::PlayerId player, int rating, int deviation);
    // pool_rating_reads.cpp: the registered player's rating in `pool`'s category, then enter().
    void read_rating_then_enter(matchmaking::PlayerId player, const identity::Identity& who, const std::string& pool);
    void arm_wave_timer();
    void run_waves();
    void start_pool_game(const matchmaking::PoolPairing& pairing);
    void pool_game_answered(const std::string& pool, const Entrant& white, const Entrant& black,
                            const matchmaking::Pairing& game, const std::optional<protocol::TableSummary>& table,
                            const std::string& refusal);
    // A paired player whose opponent left before the game could start goes back into his pool.
    void wait_again(const Entrant& entrant, matchmaking::PlayerId player);
    // The matcher's id of a player: one per account (so that his last opponent and recent colours,
    // which the pool queues remember by this id, survive a reconnect), a guest's connection id.
    matchmaking::PlayerId pool_player_of(const Connection& connection, const identity::Identity& who);
    // The player `connection` entered, if he still waits or is being read.
    std::unordered_map<matchmaking::PlayerId, Entrant>::iterator entrant_of(std::uint64_t connection_id);
    void forget_entrant(std::unordered_map<matchmaking::PlayerId, Entrant>::iterator entrant);

    // pool_counts.cpp: the counts go to the listeners and the waiting players, at most once
    // a second; the running games are asked of the lobby meanwhile.
    void counts_changed();
    void send_counts();
    void watch_running_games();
    std::string counts_frame() const;

    TableServices& services_;
    std::shared_ptr<Lobby> lobby_;
    net::strand<net::io_context::executor_type> strand_;
    net::steady_timer wave_timer_;
    net::steady_timer counts_timer_;
    net::steady_timer games_timer_;
    matchmaking::PoolRegistry registry_;
    std::unordered_map<matchmaking::PlayerId, Entrant> entrants_;
    std::unordered_map<std::uint64_t, matchmaking::PlayerId> entrant_of_connection_;
    std::unordered_map<std::string, matchmaking::PlayerId> account_players_; // nick key -> id
    matchmaking::PlayerId next_account_player_ = account_player_ids;
    std::map<std::uint64_t, std::weak_ptr<Connection>> listeners_; // asked list_pools
    std::vector<RunningGame> running_;
    bool counts_pending_ = false;
    bool games_watched_ = false;
    bool stopped_ = false;
    Clock::time_point counts_sent_at_{};
};

template <class Work> void PoolService::on_strand(Work work)
{
    net::post(strand_, [self = shared_from_this(), work = std::move(work)]() mutable {
        if (!self->stopped_) work();
    });
}

} // namespace rochade::server
