// The pools' counts (players waiting, games running) for the first page and the lobby: the
// authority publishes them at most once a second when they change, and every node sends what it
// hears to the connections that asked list_pools and to its waiting players. A pool's game counts
// as running on the node that started it until the lobby's summary of its table says it is
// finished (or the table is gone), asked once a second while any runs; the node's roster tells
// the authority.
#include <set>

#include <boost/asio/steady_timer.hpp>

#include "server/lobby/lobby.h"
#include "server/pools/pool_service.h"

namespace rochade::server {

namespace {
constexpr auto counts_interval = std::chrono::seconds(1);
} // namespace

void PoolService::list(ConnectionPtr connection, Id id)
{
    on_strand([this, connection = std::move(connection), id = std::move(id)] {
        listeners_[connection->id()] = connection;
        if (id) connection->send(protocol::encode_ok(id));
        connection->send(counts_frame_);
    });
}

void PoolService::authority_counts_changed()
{
    if (counts_pending_) return;
    counts_pending_ = true;
    const auto due = std::max(Clock::now(), counts_sent_at_ + counts_interval);
    counts_timer_.expires_at(due);
    counts_timer_.async_wait([self = shared_from_this()](const boost::system::error_code& error) {
        if (error || self->stopped_) return;
        self->publish_counts();
    });
}

void PoolService::publish_counts()
{
    counts_pending_ = false;
    counts_sent_at_ = Clock::now();
    if (!authority_.in_office()) return;
    publish(pools::Counts{link_->node_id(), authority_.counts()});
}

void PoolService::counts_heard(const pools::Counts& counts)
{
    counts_frame_ = protocol::encode_pools(counts.pools);
    const auto frame = std::make_shared<const std::string>(counts_frame_);
    std::map<std::uint64_t, ConnectionPtr> receivers;
    for (const auto& [id, weak] : listeners_)
        if (auto connection = weak.lock()) receivers[id] = std::move(connection);
    for (const auto& [player, entrant] : entrants_)
        if (auto connection = entrant.connection.lock()) receivers[entrant.connection_id] = std::move(connection);
    for (const auto& [id, connection] : receivers) connection->send(frame);
}

void PoolService::watch_running_games()
{
    if (games_watched_ || running_.empty()) return;
    games_watched_ = true;
    games_timer_.expires_after(counts_interval);
    games_timer_.async_wait([self = shared_from_this()](const boost::system::error_code& error) {
        if (error || self->stopped_) return;
        std::vector<std::pair<protocol::RoomNumber, protocol::TableId>> tables;
        std::set<protocol::TableId> asked; // games started meanwhile were not asked about
        for (const auto& game : self->running_) {
            tables.emplace_back(game.room, game.table);
            asked.insert(game.table);
        }
        self->lobby_->tables_running(std::move(tables), [self, asked](std::set<protocol::TableId> still_running) {
            self->on_strand([self, asked, still_running = std::move(still_running)] {
                self->games_watched_ = false;
                bool ended = false;
                std::erase_if(self->running_, [&](const RunningGame& game) {
                    if (!asked.contains(game.table) || still_running.contains(game.table)) return false;
                    ended = true;
                    return true;
                });
                if (ended) self->send_roster(); // the authority counts running games from the rosters
                self->watch_running_games();
            });
        });
    });
}

} // namespace rochade::server
