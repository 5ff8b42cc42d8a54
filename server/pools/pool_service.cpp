#include "server/pools/pool_service.h"

#include <boost/asio/steady_timer.hpp>
#include <spdlog/spdlog.h>

#include "matchmaking/failed_pairing.h"
#include "matchmaking/pool_catalogue.h"
#include "protocol/encode.h"
#include "protocol/nick.h"
#include "server/lobby/lobby.h"
#include "server/pools/pool_time_control.h"
#include "server/table/table_services.h"

namespace rochade::server {

using protocol::ErrorCode;

namespace {

matchmaking::PoolRegistry::WaveInterval wave_interval_of(const ServerConfig& config)
{
    if (config.pool_wave_ms <= 0) return {};
    const auto interval = std::chrono::milliseconds(config.pool_wave_ms);
    return [interval](const matchmaking::PoolSpec&) { return interval; };
}

} // namespace

PoolService::PoolService(TableServices& services, std::shared_ptr<Lobby> lobby)
    : services_(services), lobby_(std::move(lobby)), strand_(net::make_strand(services.io)), wave_timer_(strand_),
      counts_timer_(strand_), games_timer_(strand_), registry_(Clock::now(), wave_interval_of(services.config))
{
}

void PoolService::join(ConnectionPtr connection, identity::Identity who, Id id, protocol::JoinPool join)
{
    on_strand([this, connection = std::move(connection), who = std::move(who), id = std::move(id),
               pool = std::move(join.pool)] { join_now(connection, who, id, pool); });
}

void PoolService::leave(ConnectionPtr connection, Id id)
{
    on_strand([this, connection = std::move(connection), id = std::move(id)] { leave_now(connection, id); });
}

void PoolService::shut_down()
{
    net::post(strand_, [self = shared_from_this()] {
        self->stopped_ = true;
        self->wave_timer_.cancel();
        self->counts_timer_.cancel();
        self->games_timer_.cancel();
    });
}

void PoolService::join_now(const ConnectionPtr& connection, const identity::Identity& who, const Id& id,
                           const std::string& pool)
{
    const auto spec = matchmaking::pool_named(pool);
    if (!spec) {
        std::string names;
        for (const auto& known : matchmaking::pool_catalogue())
            names += (names.empty() ? "" : ", ") + std::string(known.id);
        return connection->send_error(id, ErrorCode::NoSuchPool,
                                      "join_pool: there is no pool '" + pool + "'; the pools are " + names);
    }
    const matchmaking::PlayerId player = pool_player_of(*connection, who);
    if (const auto waiting = entrants_.find(player); waiting != entrants_.end()) {
        if (waiting->second.connection_id == connection->id())
            return connection->send_error(id, ErrorCode::AlreadyInPool,
                                          "join_pool: you wait in pool " + waiting->second.pool +
                                              " already; leave_pool first");
        // The account's older connection, which its new login replaced (and is closing): the
        // wait moves to this connection rather than the account waiting twice.
        registry_.leave(player);
        forget_entrant(waiting);
        counts_changed();
    }
    entrants_[player] = Entrant{connection, connection->id(), who, pool, false};
    entrant_of_connection_[connection->id()] = player;
    connection->send(protocol::encode_ok(id));
    // Guests play casual games among guests at the default rating; accounts by their rating.
    if (who.principal.guest()) return enter(player, 1500, 350);
    read_rating_then_enter(player, who, pool);
}

void PoolService::enter(matchmaking::PlayerId player, int rating, int deviation)
{
    const auto found = entrants_.find(player);
    if (found == entrants_.end() || found->second.in_registry) return; // left while being read
    Entrant& entrant = found->second;
    entrant.rating = rating;
    entrant.deviation = deviation;
    matchmaking::WaitingPlayer waiting;
    waiting.id = player;
    waiting.rating = rating;
    waiting.deviation = deviation;
    waiting.registered = !entrant.who.principal.guest();
    // The last opponent and recent colours: the pool's queue remembers them by `player`.
    if (registry_.join(entrant.pool, std::move(waiting), Clock::now()) != matchmaking::JoinOutcome::Joined) {
        // Cannot happen while entrants_ and the registry agree; say so rather than hang.
        spdlog::error("pools: {} could not join pool {}", entrant.who.nick, entrant.pool);
        if (auto connection = entrant.connection.lock())
            connection->send(protocol::encode_pool_left(entrant.pool, protocol::PoolLeftReason::Refused, std::nullopt,
                                                        "the pool could not take you in; try again"));
        forget_entrant(found);
        return;
    }
    entrant.in_registry = true;
    counts_changed();
    arm_wave_timer();
}

void PoolService::leave_now(const ConnectionPtr& connection, const Id& id)
{
    const auto found = entrant_of(connection->id());
    if (found == entrants_.end())
        return connection->send_error(id, ErrorCode::NotInPool, "leave_pool: you wait in no pool");
    const std::string pool = found->second.pool;
    registry_.leave(found->first);
    forget_entrant(found);
    connection->send(protocol::encode_ok(id));
    connection->send(protocol::encode_pool_left(pool, protocol::PoolLeftReason::Left));
    counts_changed();
    arm_wave_timer();
}

void PoolService::disconnected(const ConnectionPtr& connection)
{
    on_strand([this, connection_id = connection->id()] {
        listeners_.erase(connection_id);
        // A guest's matcher id is his connection's id, never used again: the pools forget his
        // previous games, or their memory would grow with every guest who ever waited. An
        // account's memory stays, for his next connection.
        if (connection_id < account_player_ids) registry_.forget(connection_id);
        const auto found = entrant_of(connection_id);
        if (found == entrants_.end()) return;
        registry_.leave(found->first);
        forget_entrant(found);
        counts_changed();
        arm_wave_timer();
    });
}

void PoolService::arm_wave_timer()
{
    const auto next = registry_.next_wave_at();
    if (!next) {
        wave_timer_.cancel();
        return;
    }
    wave_timer_.expires_at(*next);
    wave_timer_.async_wait([self = shared_from_this()](const boost::system::error_code& error) {
        if (error || self->stopped_) return; // re-armed or stopped
        self->run_waves();
    });
}

void PoolService::run_waves()
{
    const auto pairings = registry_.run_due_waves(Clock::now());
    for (const auto& pairing : pairings) start_pool_game(pairing);
    if (!pairings.empty()) counts_changed();
    arm_wave_timer();
}

matchmaking::PlayerId PoolService::pool_player_of(const Connection& connection, const identity::Identity& who)
{
    if (who.principal.guest()) return connection.id();
    const auto [found, added] = account_players_.try_emplace(protocol::nick_key(who.nick), next_account_player_);
    if (added) ++next_account_player_;
    return found->second;
}

std::unordered_map<matchmaking::PlayerId, PoolService::Entrant>::iterator
PoolService::entrant_of(std::uint64_t connection_id)
{
    const auto player = entrant_of_connection_.find(connection_id);
    if (player == entrant_of_connection_.end()) return entrants_.end();
    return entrants_.find(player->second);
}

void PoolService::forget_entrant(std::unordered_map<matchmaking::PlayerId, Entrant>::iterator entrant)
{
    entrant_of_connection_.erase(entrant->second.connection_id);
    entrants_.erase(entrant);
}

void PoolService::start_pool_game(const matchmaking::PoolPairing& pairing)
{
    const auto white_found = entrants_.find(pairing.game.white);
    const auto black_found = entrants_.find(pairing.game.black);
    if (white_found == entrants_.end() || black_found == entrants_.end()) {
        // The registry paired only players it held, and entrants_ holds all of them.
        spdlog::error("pools: a pairing in {} names a player who waits no more", pairing.pool);
        registry_.game_over(pairing.pool);
        return;
    }
    Entrant white = white_found->second, black = black_found->second;
    forget_entrant(white_found);
    forget_entrant(entrants_.find(pairing.game.black));

    GameStart start;
    start.challenger = white.who;
    start.challenged = black.who.nick;
    start.time_control = pool_time_control(*matchmaking::pool_named(pairing.pool));
    start.challenger_color = protocol::ColorChoice::White;
    start.rated = pairing.game.rated;
    lobby_->start_game(std::move(start), [self = shared_from_this(), pool = pairing.pool, white, black,
                                          game = pairing.game](GameStartResult result) {
        std::optional<protocol::TableSummary> table;
        std::string refusal;
        if (result)
            table = *result;
        else
            refusal = result.error().message;
        self->on_strand([self, pool, white, black, game, table, refusal] {
            self->pool_game_answered(pool, white, black, game, table, refusal);
        });
    });
}

void PoolService::pool_game_answered(const std::string& pool, const Entrant& white, const Entrant& black,
                                     const matchmaking::Pairing& game,
                                     const std::optional<protocol::TableSummary>& table, const std::string& refusal)
{
    std::string frame;
    if (table) {
        running_.push_back(RunningGame{pool, table->room, table->table});
        frame = protocol::encode_pool_left(pool, protocol::PoolLeftReason::Paired, table->table);
        watch_running_games();
    } else {
        spdlog::info("pools: the {} game of {} and {} did not start: {}", pool, white.who.nick, black.who.nick,
                     refusal);
        registry_.game_over(pool);
        counts_changed();
        // A player whose opponent left waits on (wait_again) and hears nothing of it; only when
        // both are still here was it the table that failed, and both are told why.
        const auto connected = [](const Entrant& entrant) {
            const auto connection = entrant.connection.lock();
            return connection && connection->is_open();
        };
        switch (matchmaking::after_failed_start(connected(white), connected(black))) {
        case matchmaking::FailedPairing::WhiteWaitsOn: return wait_again(white, game.white);
        case matchmaking::FailedPairing::BlackWaitsOn: return wait_again(black, game.black);
        case matchmaking::FailedPairing::NobodyLeft: return;
        case matchmaking::FailedPairing::BothTold: break;
        }
        frame = protocol::encode_pool_left(pool, protocol::PoolLeftReason::Refused, std::nullopt, refusal);
    }
    for (const Entrant* player : {&white, &black})
        if (auto connection = player->connection.lock()) connection->send(frame);
}

void PoolService::wait_again(const Entrant& entrant, matchmaking::PlayerId player)
{
    // He may have joined again meanwhile from another connection (an account's new login).
    if (entrants_.contains(player)) return;
    spdlog::info("pools: {} waits on in {}: the opponent left before the game could start", entrant.who.nick,
                 entrant.pool);
    Entrant waiting = entrant;
    waiting.in_registry = false;
    entrants_[player] = waiting;
    entrant_of_connection_[waiting.connection_id] = player;
    enter(player, waiting.rating, waiting.deviation);
}

} // namespace rochade::server
