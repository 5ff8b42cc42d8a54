#include "server/pools/pool_service.h"

#include <boost/asio/steady_timer.hpp>
#include <spdlog/spdlog.h>

#include "matchmaking/pool_catalogue.h"
#include "protocol/encode.h"
#include "server/cluster/cluster_link.h"
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

// A node sends its whole roster every this many office ticks (heartbeats): what a lost message
// left out of the authority's view is mended within it.
constexpr std::uint64_t ticks_per_roster = 5;

} // namespace

PoolService::PoolService(TableServices& services, std::shared_ptr<Lobby> lobby)
    : services_(services), lobby_(std::move(lobby)), strand_(net::make_strand(services.io)), wave_timer_(strand_),
      counts_timer_(strand_), games_timer_(strand_), office_timer_(strand_),
      authority_("this node", wave_interval_of(services.config))
{
    std::vector<protocol::PoolCountView> zeros;
    for (const auto& pool : matchmaking::pool_catalogue()) zeros.push_back({std::string(pool.id), 0, 0});
    counts_frame_ = protocol::encode_pools(zeros);
}

void PoolService::start()
{
    on_strand([this] { use_link(std::make_shared<pools::LonePoolLink>("this node")); });
}

void PoolService::join_cluster(std::shared_ptr<pools::PoolLink> link)
{
    on_strand([this, link = std::move(link)] {
        spdlog::info("pools: paired across the cluster by the holder of the pools' lease");
        use_link(link);
    });
}

void PoolService::use_link(std::shared_ptr<pools::PoolLink> link)
{
    if (link_) link_->resign_office();
    authority_.leave_office();
    link_ = std::move(link);
    authority_ = pools::PoolAuthority(link_->node_id(), wave_interval_of(services_.config));
    std::weak_ptr<PoolService> weak = weak_from_this();
    link_->subscribe([weak, link = link_.get()](pools::PoolMessage message) {
        auto self = weak.lock();
        if (!self) return;
        self->on_strand([self, link, message = std::move(message)] {
            if (self->link_.get() == link) self->received(message);
        });
    });
    office_timer_.cancel();
    claim_office();
}

void PoolService::publish(pools::PoolMessage message)
{
    if (link_) link_->publish(std::move(message));
}

void PoolService::publish_all(pools::PoolAuthority::Outbox outbox)
{
    for (auto& message : outbox) publish(std::move(message));
    if (authority_.take_counts_changed()) authority_counts_changed();
}

void PoolService::join(ConnectionPtr connection, identity::Identity who, Id id, protocol::JoinPool join)
{
    // Bots play challenges, never the pools (lichess's rule; docs/bots.md).
    if (who.bot)
        return connection->send_error(id, protocol::ErrorCode::Forbidden,
                                      "join_pool: bot accounts play challenges, never the pools");
    on_strand([this, connection = std::move(connection), who = std::move(who), id = std::move(id),
               pool = std::move(join.pool)] { join_now(connection, who, id, pool); });
}

void PoolService::leave(ConnectionPtr connection, Id id)
{
    on_strand([this, connection = std::move(connection), id = std::move(id)] { leave_now(connection, id); });
}

void PoolService::node_gone(std::string node)
{
    on_strand([this, node = std::move(node)] { publish_all(authority_.node_gone(node)); });
}

void PoolService::shut_down()
{
    net::post(strand_, [self = shared_from_this()] {
        self->stopped_ = true;
        self->wave_timer_.cancel();
        self->counts_timer_.cancel();
        self->games_timer_.cancel();
        self->office_timer_.cancel();
        if (self->link_) self->link_->resign_office();
    });
}

std::string PoolService::player_key(const identity::Identity& who) const
{
    return cluster::principal_text(who.principal);
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
    const std::string player = player_key(who);
    if (const Entrant* paired = being_paired(player))
        return connection->send_error(id, ErrorCode::AlreadyInPool,
                                      "join_pool: you have just been paired in pool " + paired->entrant.pool +
                                          "; your game is starting");
    if (const auto waiting = entrants_.find(player); waiting != entrants_.end()) {
        if (waiting->second.connection_id == connection->id())
            return connection->send_error(id, ErrorCode::AlreadyInPool,
                                          "join_pool: you wait in pool " + waiting->second.entrant.pool +
                                              " already; leave_pool first");
        // The account's older connection, which its new login replaced (and is closing): the
        // wait moves to this connection rather than the account waiting twice.
        if (waiting->second.told) publish(pools::WaitEnded{link_->node_id(), player, false});
        forget_entrant(waiting);
    }
    Entrant entrant;
    entrant.connection = connection;
    entrant.connection_id = connection->id();
    entrant.who = who;
    entrant.entrant.player = player;
    entrant.entrant.nick = who.nick;
    entrant.entrant.guest = who.principal.guest();
    entrant.entrant.pool = pool;
    entrants_[player] = std::move(entrant);
    entrant_of_connection_[connection->id()] = player;
    if (who.principal.guest()) pool_guests_[connection->id()] = player;
    connection->send(protocol::encode_ok(id));
    // Guests play casual games among guests at the default rating; accounts by their rating.
    if (who.principal.guest()) return enter(player, 1500, 350);
    read_rating_then_enter(player, who, pool);
}

void PoolService::enter(const std::string& player, int rating, int deviation)
{
    const auto found = entrants_.find(player);
    if (found == entrants_.end() || found->second.told) return; // left while being read
    Entrant& entrant = found->second;
    entrant.entrant.rating = rating;
    entrant.entrant.deviation = deviation;
    entrant.told = true;
    publish(pools::Waiting{link_->node_id(), entrant.entrant});
}

void PoolService::leave_now(const ConnectionPtr& connection, const Id& id)
{
    const auto found = entrant_of(connection->id());
    if (found == entrants_.end()) {
        if (being_paired(connection->id()))
            return connection->send_error(id, ErrorCode::NotInPool,
                                          "leave_pool: you have just been paired; your game is starting");
        return connection->send_error(id, ErrorCode::NotInPool, "leave_pool: you wait in no pool");
    }
    const std::string pool = found->second.entrant.pool;
    if (found->second.told) publish(pools::WaitEnded{link_->node_id(), found->first, false});
    forget_entrant(found);
    connection->send(protocol::encode_ok(id));
    connection->send(protocol::encode_pool_left(pool, protocol::PoolLeftReason::Left));
}

void PoolService::disconnected(const ConnectionPtr& connection)
{
    on_strand([this, connection_id = connection->id()] {
        listeners_.erase(connection_id);
        // A guest's connection closed for good: the pools forget his previous games, or their
        // memory would grow with every guest who ever waited. An account's memory stays, for
        // his next connection.
        const auto guest = pool_guests_.extract(connection_id);
        const auto found = entrant_of(connection_id);
        if (found != entrants_.end()) {
            if (found->second.told || guest) publish(pools::WaitEnded{link_->node_id(), found->first, bool(guest)});
            forget_entrant(found);
        } else if (guest) {
            publish(pools::WaitEnded{link_->node_id(), guest.mapped(), true});
        }
    });
}

std::unordered_map<std::string, PoolService::Entrant>::iterator PoolService::entrant_of(std::uint64_t connection_id)
{
    const auto player = entrant_of_connection_.find(connection_id);
    if (player == entrant_of_connection_.end()) return entrants_.end();
    return entrants_.find(player->second);
}

void PoolService::forget_entrant(std::unordered_map<std::string, Entrant>::iterator entrant)
{
    entrant_of_connection_.erase(entrant->second.connection_id);
    entrants_.erase(entrant);
}

bool PoolService::connected(const Entrant& entrant)
{
    const auto connection = entrant.connection.lock();
    return connection && connection->is_open();
}

const PoolService::Entrant* PoolService::being_paired(const std::string& player) const
{
    if (const auto starting = starting_.find(player); starting != starting_.end()) return &starting->second;
    for (const auto& [key, claimed] : claimed_)
        if (claimed.entrant.entrant.player == player) return &claimed.entrant;
    return nullptr;
}

const PoolService::Entrant* PoolService::being_paired(std::uint64_t connection_id) const
{
    for (const auto& [player, starting] : starting_)
        if (starting.connection_id == connection_id) return &starting;
    for (const auto& [key, claimed] : claimed_)
        if (claimed.entrant.connection_id == connection_id) return &claimed.entrant;
    return nullptr;
}

void PoolService::received(const pools::PoolMessage& message)
{
    const std::string& me = link_->node_id();
    if (const auto* asked = std::get_if<pools::ClaimAsked>(&message)) {
        if (asked->node == me) claim_asked(*asked);
    } else if (const auto* asked = std::get_if<pools::StartAsked>(&message)) {
        if (asked->node == me) start_asked(*asked);
    } else if (const auto* answer = std::get_if<pools::StartAnswered>(&message)) {
        if (answer->black_node == me) start_answered(*answer);
    } else if (const auto* asked = std::get_if<pools::AnswerAsked>(&message)) {
        answer_asked(*asked);
    } else if (const auto* office = std::get_if<pools::AuthorityIs>(&message)) {
        // A new authority knows nothing: it hears this node's roster. A claim of an earlier
        // one is kept until White's node answers it (it answers Black's node directly), or
        // until it is stale (office_tick).
        authority_node_ = office->node;
        send_roster();
    } else if (const auto* counts = std::get_if<pools::Counts>(&message)) {
        if (authority_node_.empty()) authority_node_ = counts->authority;
        counts_heard(*counts);
    }
    // Messages for the authority wait for a lease this node is sure of: one that lapsed (a
    // pause, the bus away) is claimed again first, and a new office starts from the rosters.
    if (may_pair(Clock::now())) publish_all(authority_.received(message, Clock::now()));
    arm_wave_timer();
}

bool PoolService::from_authority(const std::string& authority)
{
    // A node that started after the authority took office learns it from its first request.
    if (authority_node_.empty()) authority_node_ = authority;
    return authority == authority_node_;
}

void PoolService::claim_asked(const pools::ClaimAsked& asked)
{
    const auto found = entrants_.find(asked.player);
    // An authority that was replaced (paused past its lease, then woken) claims nobody.
    const bool claimed =
        from_authority(asked.authority) && found != entrants_.end() && found->second.told && connected(found->second);
    if (claimed) {
        claimed_[{asked.authority, asked.pairing}] = Claimed{found->second, asked.authority, Clock::now()};
        forget_entrant(found);
    }
    publish(pools::ClaimAnswered{asked.authority, asked.pairing, asked.node, asked.player, claimed});
}

void PoolService::start_asked(const pools::StartAsked& asked)
{
    const auto found = entrants_.find(asked.white);
    if (!from_authority(asked.authority) || found == entrants_.end() || !found->second.told ||
        !connected(found->second)) {
        auto answer = pools::answer_to(asked);
        answer.refusal = "the opponent left before the game could start";
        answer.white_connected = false;
        return publish_answer(std::move(answer));
    }
    Entrant white = found->second;
    forget_entrant(found);
    starting_[white.entrant.player] = white;

    GameStart start;
    start.challenger = white.who;
    start.challenged = asked.black_nick;
    start.time_control = pool_time_control(*matchmaking::pool_named(asked.pool));
    start.challenger_color = protocol::ColorChoice::White;
    start.rated = asked.rated;
    lobby_->start_game(std::move(start), [self = shared_from_this(), asked, white](GameStartResult result) {
        std::optional<protocol::TableSummary> table;
        std::string refusal;
        bool black_offline = false;
        if (result) {
            table = *result;
        } else {
            refusal = result.error().message;
            black_offline = result.error().code == ErrorCode::NoSuchNick;
        }
        self->on_strand([self, asked, white, table, refusal, black_offline] {
            self->start_answered_here(asked, white, table, refusal, black_offline);
        });
    });
}

void PoolService::start_answered_here(const pools::StartAsked& asked, const Entrant& white,
                                      const std::optional<protocol::TableSummary>& table, const std::string& refusal,
                                      bool black_offline)
{
    starting_.erase(white.entrant.player);
    auto answer = pools::answer_to(asked);
    const auto connection = white.connection.lock();
    if (table) {
        answer.table = table->table;
        running_.push_back(RunningGame{asked.pool, table->room, table->table});
        if (connection)
            connection->send(protocol::encode_pool_left(asked.pool, protocol::PoolLeftReason::Paired, table->table));
        publish_answer(std::move(answer));
        send_roster(); // its running games changed
        watch_running_games();
        return;
    }
    spdlog::info("pools: the {} game of {} and {} did not start: {}", asked.pool, white.who.nick, asked.black_nick,
                 refusal);
    answer.refusal = refusal;
    // White's side of matchmaking::after_failed_start: Black gone, White waits on; both here,
    // both are told (Black by his node, from this answer).
    const bool white_here = connected(white);
    answer.white_connected = white_here && !black_offline;
    publish_answer(std::move(answer));
    if (!white_here) return;
    if (black_offline) return wait_again(white);
    connection->send(protocol::encode_pool_left(asked.pool, protocol::PoolLeftReason::Refused, std::nullopt, refusal));
}

void PoolService::start_answered(const pools::StartAnswered& answer)
{
    const auto found = claimed_.find({answer.authority, answer.pairing});
    if (found == claimed_.end() || found->second.entrant.entrant.player != answer.black) return;
    const Entrant black = found->second.entrant;
    claimed_.erase(found);
    const auto connection = black.connection.lock();
    if (answer.table) {
        if (!connection) return;
        connection->send(protocol::encode_pool_left(answer.pool, protocol::PoolLeftReason::Paired, *answer.table));
        // White's node sent SeatAwaits beside its answer: taken once, whichever comes (or came
        // again) first. On White's own node the lobby seated Black itself.
        if (answer.node != link_->node_id()) lobby_->take_seat_awaiting(black.who.nick, *answer.table);
        return;
    }
    // Black's side of matchmaking::after_failed_start.
    if (!connected(black)) return;
    if (!answer.white_connected) return wait_again(black);
    connection->send(
        protocol::encode_pool_left(answer.pool, protocol::PoolLeftReason::Refused, std::nullopt, answer.refusal));
}

void PoolService::publish_answer(pools::StartAnswered answer)
{
    // Kept for Black's node to ask again, in a cluster only: alone, no other node asks, and
    // office_tick, which forgets old answers, never runs (the lone link renews nothing).
    if (link_->renew_every().count() > 0) answers_[{answer.authority, answer.pairing}] = {answer, Clock::now()};
    publish(std::move(answer));
}

void PoolService::answer_asked(const pools::AnswerAsked& asked)
{
    const auto found = answers_.find({asked.authority, asked.pairing});
    if (found == answers_.end() || found->second.first.black_node != asked.black_node) return;
    spdlog::info("pools: the answer to pairing {} of {} is said again: {}'s node did not hear it", asked.pairing,
                 asked.authority, found->second.first.black);
    publish(found->second.first);
}

void PoolService::wait_again(Entrant entrant)
{
    // He may have joined again meanwhile from another connection (an account's new login).
    if (entrants_.contains(entrant.entrant.player)) return;
    spdlog::info("pools: {} waits on in {}: the opponent left before the game could start", entrant.who.nick,
                 entrant.entrant.pool);
    entrant.told = false;
    const std::string player = entrant.entrant.player;
    const int rating = entrant.entrant.rating, deviation = entrant.entrant.deviation;
    entrant_of_connection_[entrant.connection_id] = player;
    entrants_[player] = std::move(entrant);
    enter(player, rating, deviation);
}

void PoolService::send_roster()
{
    if (!link_) return;
    pools::Roster roster;
    roster.node = link_->node_id();
    for (const auto& [player, entrant] : entrants_)
        if (entrant.told) roster.waiting.push_back(entrant.entrant);
    roster.running = running_by_pool();
    publish(std::move(roster));
}

std::map<std::string, std::size_t> PoolService::running_by_pool() const
{
    std::map<std::string, std::size_t> running;
    for (const auto& game : running_) ++running[game.pool];
    return running;
}

// ---- The authority's office

void PoolService::claim_office()
{
    if (!link_ || stopped_) return;
    const auto asked_at = Clock::now();
    link_->claim_office(
        [weak = weak_from_this(), link = link_.get(), asked_at](pools::OfficeClaim claim, std::string holder) {
            auto self = weak.lock();
            if (!self) return;
            self->on_strand([self, link, claim, holder = std::move(holder), asked_at] {
                if (self->link_.get() == link) self->office_answered(claim, holder, asked_at);
            });
        });
    if (link_->renew_every().count() <= 0) return;
    office_timer_.expires_after(link_->renew_every());
    office_timer_.async_wait([weak = weak_from_this()](const boost::system::error_code& error) {
        auto self = weak.lock();
        if (error || !self || self->stopped_) return;
        self->office_tick();
    });
}

void PoolService::office_answered(pools::OfficeClaim claim, const std::string& holder, Clock::time_point asked_at)
{
    if (!holder.empty()) authority_node_ = holder;
    switch (claim) {
    case pools::OfficeClaim::Taken:
        office_until_ = asked_at + link_->lease_time();
        publish_all(authority_.take_office(Clock::now()));
        break;
    case pools::OfficeClaim::Held:
        office_until_ = asked_at + link_->lease_time();
        // Held, but this node stepped down meanwhile (it heard another node take office while
        // its own lease had lapsed, and took it again): it starts afresh.
        if (!authority_.in_office()) publish_all(authority_.take_office(Clock::now()));
        break;
    case pools::OfficeClaim::Refused:
        if (authority_.in_office()) {
            spdlog::warn("pools: another node holds the pools' lease now; this node stops pairing");
            authority_.leave_office();
        }
        break;
    case pools::OfficeClaim::Unknown: break; // pairs on until office_until_ only
    }
    arm_wave_timer();
}

void PoolService::office_tick()
{
    ++ticks_;
    const auto now = Clock::now();
    if (authority_.in_office()) {
        const auto lease = link_->lease_time();
        publish_all(authority_.expire(now, 2 * lease, ticks_per_roster * link_->renew_every() * 3 + lease));
    }
    // A claim whose pairing nobody followed up (its authority is gone): the player waits on.
    // Before that, White's node is asked for its answer again: it may have been lost.
    const auto claim_limit = 4 * link_->lease_time();
    std::vector<Entrant> stale;
    for (auto it = claimed_.begin(); it != claimed_.end();) {
        const auto waited = now - it->second.since;
        if (waited > claim_limit) {
            stale.push_back(it->second.entrant);
            it = claimed_.erase(it);
            continue;
        }
        if (waited > link_->lease_time())
            publish(pools::AnswerAsked{it->first.first, it->first.second, link_->node_id()});
        ++it;
    }
    std::erase_if(answers_, [&](const auto& answer) { return now - answer.second.second > 2 * claim_limit; });
    for (auto& entrant : stale)
        if (connected(entrant)) wait_again(std::move(entrant));
    if (ticks_ % ticks_per_roster == 0) send_roster();
    claim_office();
}

bool PoolService::may_pair(Clock::time_point now) const { return authority_.in_office() && now < office_until_; }

void PoolService::arm_wave_timer()
{
    const auto next = authority_.next_wave_at();
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
    const auto now = Clock::now();
    // A lease not renewed in time (this node was paused, or the bus is away): no wave until a
    // claim is granted again, or another node may be pairing the same players meanwhile.
    if (!may_pair(now)) return;
    publish_all(authority_.run_due_waves(now));
    arm_wave_timer();
}

} // namespace rochade::server
