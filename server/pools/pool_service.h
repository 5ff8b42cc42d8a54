// The quick-pairing service of one node (docs/protocol.md, "Pools"; issue 27 §2): the one owner
// of who waits in which of the eleven pools among this node's players, and, while this node
// holds the pools' lease, of the pairing authority for the whole cluster (pool_authority.h).
//
// The node's side ("the desk"): a joining player's rating is read on the read thread
// (pool_rating_reads.cpp), then the authority is told he waits; when the authority pairs him,
// this node claims him (he is Black: held until White's node answers) or starts the game
// (he is White: Lobby::start_game, the other seat taken on Black's node); the counts the
// authority publishes go to the connections that asked list_pools and to the waiting players
// (pool_counts.cpp). The pool games this node started count as running until their tables say
// they are over.
//
// Everything runs on the service's strand; the messages go through a PoolLink: to itself on a
// server alone, over the bus in a cluster (join_cluster).
#pragma once

#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "protocol/messages.h"
#include "protocol/pool_encode.h"
#include <boost/asio/steady_timer.hpp>

#include "server/base/asio.h"
#include "server/clients/connection.h"
#include "server/identity/principal.h"
#include "server/pools/pool_authority.h"
#include "server/pools/pool_link.h"

namespace rochade::server {

class Lobby;
struct TableServices;

class PoolService : public std::enable_shared_from_this<PoolService> {
public:
    using ConnectionPtr = std::shared_ptr<Connection>;
    using Id = std::optional<protocol::RequestId>;

    PoolService(TableServices& services, std::shared_ptr<Lobby> lobby);

    // Takes the pools' office alone (a server without a bus). Called once, after construction.
    void start();
    // A cluster's node: from now on the pools are paired by whichever node holds their lease.
    void join_cluster(std::shared_ptr<pools::PoolLink> link);

    // Requests, from any strand; each is answered on the service's strand.
    void join(ConnectionPtr connection, identity::Identity who, Id id, protocol::JoinPool join);
    void leave(ConnectionPtr connection, Id id);
    // Visitors too: the counts now, and again whenever they change while the connection is open.
    void list(ConnectionPtr connection, Id id);
    // The connection closed: its player waits in no pool any more and hears no counts.
    void disconnected(const ConnectionPtr& connection);
    // Another node of the cluster is gone (its heartbeats stopped).
    void node_gone(std::string node);
    // Shutdown: the timers stop, no wave runs any more.
    void shut_down();

private:
    using Clock = pools::PoolAuthority::Clock;

    // One of this node's players who asked for a pool: waiting in it, or still being read (then
    // the authority has not been told yet).
    struct Entrant {
        std::weak_ptr<Connection> connection;
        std::uint64_t connection_id = 0;
        identity::Identity who;
        pools::PoolEntrant entrant; // as told to the authority
        bool told = false;          // the authority was told he waits
    };
    // One of this node's players claimed for a pairing (he plays Black), until White's node says
    // what came of it.
    struct Claimed {
        Entrant entrant;
        std::string authority;
        Clock::time_point since{};
    };
    // A game this node started, until its table says it is over.
    struct RunningGame {
        std::string pool;
        protocol::RoomNumber room = 0;
        protocol::TableId table = 0;
    };

    template <class Work> void on_strand(Work work);
    void use_link(std::shared_ptr<pools::PoolLink> link);
    void publish(pools::PoolMessage message);
    void received(const pools::PoolMessage& message);

    // The desk.
    void join_now(const ConnectionPtr& connection, const identity::Identity& who, const Id& id,
                  const std::string& pool);
    void leave_now(const ConnectionPtr& connection, const Id& id);
    // Tells the authority he waits, with the rating and deviation of the pool's category.
    void enter(const std::string& player, int rating, int deviation);
    // pool_rating_reads.cpp: the registered player's rating in `pool`'s category, then enter().
    void read_rating_then_enter(const std::string& player, const identity::Identity& who, const std::string& pool);
    void claim_asked(const pools::ClaimAsked& asked);
    void start_asked(const pools::StartAsked& asked);
    void start_answered_here(const pools::StartAsked& asked, const Entrant& white,
                             const std::optional<protocol::TableSummary>& table, const std::string& refusal,
                             bool black_offline);
    // Black's side of White's node's answer.
    void start_answered(const pools::StartAnswered& answer);
    // White's node gives its answer again, if it gave one (its first was lost).
    void answer_asked(const pools::AnswerAsked& asked);
    // White's node publishes its answer and keeps it for answer_asked.
    void publish_answer(pools::StartAnswered answer);
    // A player whose game did not start through no fault of his goes back into his pool.
    void wait_again(Entrant entrant);
    // Whether a request comes from the authority this node last heard take office.
    bool from_authority(const std::string& authority);
    void send_roster();
    std::string player_key(const identity::Identity& who) const;
    std::unordered_map<std::string, Entrant>::iterator entrant_of(std::uint64_t connection_id);
    void forget_entrant(std::unordered_map<std::string, Entrant>::iterator entrant);
    static bool connected(const Entrant& entrant);
    // The player (by key, or by the connection he asked from) claimed for a pairing or whose
    // game is being started here: he is out of the pools and not yet at his game.
    const Entrant* being_paired(const std::string& player) const;
    const Entrant* being_paired(std::uint64_t connection_id) const;

    // The authority's office: claimed when the service starts and renewed every heartbeat.
    void claim_office();
    void office_answered(pools::OfficeClaim claim, const std::string& holder, Clock::time_point asked_at);
    void office_tick();
    bool may_pair(Clock::time_point now) const;
    void arm_wave_timer();
    void run_waves();
    void publish_all(pools::PoolAuthority::Outbox outbox);

    // pool_counts.cpp: the authority's counts go out at most once a second; this node's
    // listeners and waiting players get each Counts it hears; the running games are asked of
    // the lobby meanwhile.
    void authority_counts_changed();
    void publish_counts();
    void counts_heard(const pools::Counts& counts);
    void watch_running_games();
    std::map<std::string, std::size_t> running_by_pool() const;

    TableServices& services_;
    std::shared_ptr<Lobby> lobby_;
    net::strand<net::io_context::executor_type> strand_;
    net::steady_timer wave_timer_;
    net::steady_timer counts_timer_;
    net::steady_timer games_timer_;
    net::steady_timer office_timer_;
    std::shared_ptr<pools::PoolLink> link_;
    pools::PoolAuthority authority_;
    // Until when this node may pair: the time its last granted claim was asked plus the lease.
    Clock::time_point office_until_{};
    std::uint64_t ticks_ = 0;
    // The node that pairs, as its AuthorityIs or this node's last claim of the lease said;
    // requests of any other are refused.
    std::string authority_node_;
    std::unordered_map<std::string, Entrant> entrants_; // by player key
    std::unordered_map<std::uint64_t, std::string> entrant_of_connection_;
    std::map<std::pair<std::string, std::uint64_t>, Claimed> claimed_; // by (authority, pairing)
    // The answers this node gave as White's node, by (authority, pairing), with when: said again
    // to Black's node when it asks (AnswerAsked), for as long as its claim may wait.
    std::map<std::pair<std::string, std::uint64_t>, std::pair<pools::StartAnswered, Clock::time_point>> answers_;
    // This node's players seated as White whose game the lobby is starting, by player key: until
    // it answers, a join_pool would make him wait (and be paired) while he sits at that game.
    std::unordered_map<std::string, Entrant> starting_;
    std::map<std::uint64_t, std::string> pool_guests_; // guests' connections that waited: for WaitEnded's for_good
    std::map<std::uint64_t, std::weak_ptr<Connection>> listeners_; // asked list_pools
    std::vector<RunningGame> running_;
    std::string counts_frame_;
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
