// The pools' counts (players waiting, games running) for the first page and the lobby: sent to
// the connections that asked list_pools and to the waiting players, at most once a second when
// they change. A pool's game counts as running until the lobby's summary of its table says it
// is finished (or the table is gone), asked once a second while any runs.
#include <set>

#include <boost/asio/steady_timer.hpp>

#include "server/lobby/lobby.h"
#include "server/pools/pool_service.h"

namespace rochade::server {

namespace {
constexpr auto counts_interval = std::chrono::seconds(1);
} // namespace

std::string PoolService::counts_frame() const
{
    std::vector<protocol::PoolCountView> views;
    for (const auto& count : registry_.counts()) views.push_back({count.pool, count.waiting, count.games_running});
    return protocol::encode_pools(views);
}

void PoolService::list(ConnectionPtr connection, Id id)
{
    on_strand([this, connection = std::move(connection), id = std::move(id)] {
        listeners_[connection->id()] = connection;
        if (id) connection->send(protocol::encode_ok(id));
        connection->send(counts_frame());
    });
}

void PoolService::counts_changed()
{
    if (counts_pending_) return;
    counts_pending_ = true;
    const auto due = std::max(Clock::now(), counts_sent_at_ + counts_interval);
    counts_timer_.expires_at(due);
    counts_timer_.async_wait([self = shared_from_this()](const boost::system::error_code& error) {
        if (error || self->stopped_) return;
        self->send_counts();
    });
}

void PoolService::send_counts()
{
    counts_pending_ = false;
    counts_sent_at_ = Clock::now();
    const auto frame = std::make_shared<const std::string>(counts_frame());
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
                    self->registry_.game_over(game.pool);
                    ended = true;
                    return true;
                });
                if (ended) self->counts_changed();
                self->watch_running_games();
            });
        });
    });
}

} // namespace rochade::server
