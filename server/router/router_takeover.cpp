// Games taken over from the store: a gone node's (Router::adopt_orphans), and a table of this
// node whose writes the store refused (Router::table_stopped). The store is the truth, never a
// table's memory: the node raises the game's owner epoch first (db::GameClaimed), then reads the
// game again and restores its table from what it read. A write of the node that played it
// before, made before the claim, is in what is read; one made after is refused by the store
// (db/records.h), and that node stops the table (server/table/table_commits.cpp).
#include <spdlog/spdlog.h>

#include "db/read_thread.h"
#include "db/store_reader.h"
#include "db/store_writer.h"
#include "server/base/metrics.h"
#include "server/cluster/cluster_link.h"
#include "server/lobby/lobby.h"
#include "server/router/router.h"
#include "server/table/table.h"
#include "server/table/table_directory.h"

namespace rochade::server {

namespace {

void close_watchers(const StoppedTable& stopped)
{
    for (const auto& connection : stopped.watchers) connection->close(CloseCode::ServiceRestart, stopped.close_reason);
}

} // namespace

void Router::table_stopped(StoppedTable stopped)
{
    // Alone on the store, whoever claimed the game is not a node that plays it: it goes on here.
    if (stopped.why == db::StoreFailure::Superseded && cluster_) {
        spdlog::warn("table {} (game {}): another node took the game over; it stops here", stopped.table,
                     stopped.game_id);
        close_watchers(stopped); // they find it on the node that plays it
        lobby_->table_lost(stopped.room, stopped.table);
        if (cluster_) cluster_->release_table(stopped.table); // only if this node still holds it
        return;
    }
    spdlog::warn("table {} (game {}): the store refused its write; the game is taken up again from the store",
                 stopped.table, stopped.game_id);
    // Out of the directory first (on the lobby's strand), so that the table restored from the
    // store is not the one removed.
    lobby_->table_lost(stopped.room, stopped.table, [this, stopped = std::move(stopped)]() mutable {
        if (!start_take_over(stopped.table)) return close_watchers(stopped);
        {
            std::lock_guard lock(taking_over_mutex_);
            closing_after_take_over_.insert_or_assign(stopped.table, stopped);
        }
        services_->reads.read(
            [game_id = stopped.game_id](db::StoreReader& reader) { return reader.unfinished_game(game_id); },
            [this, stopped](db::ReadResult<std::optional<db::UnfinishedGame>> game) {
                if (!game) return take_over_failed(stopped.table, "it could not be read: " + game.error().message);
                if (!*game) return take_over_failed(stopped.table, "it has ended");
                take_over(stopped.table, stopped.game_id, (*game)->start.epoch);
            });
    });
}

bool Router::start_take_over(protocol::TableId table)
{
    std::lock_guard lock(taking_over_mutex_);
    return taking_over_.insert(table).second;
}

void Router::take_over(protocol::TableId table, std::int64_t game_id, std::int64_t read_epoch)
{
    const std::int64_t epoch = read_epoch + 1;
    services_->writer.submit(
        db::GameClaimed{game_id, epoch}, [this, table, game_id, epoch](std::optional<db::StoreError> error) {
            // On the store's thread: the rest on the read thread.
            if (error) return take_over_failed(table, "claiming it failed: " + error->message);
            // The game and its events, read in one job; nothing once it has ended.
            using StoredGame = std::pair<db::UnfinishedGame, std::vector<db::TableEvent>>;
            auto read_game = [game_id](db::StoreReader& reader) -> std::optional<StoredGame> {
                auto game = reader.unfinished_game(game_id);
                if (!game) return std::nullopt;
                std::vector<db::TableEvent> events;
                if (auto log = reader.game_log(game_id)) events = std::move(log->events);
                return StoredGame{std::move(*game), std::move(events)};
            };
            services_->reads.read(
                std::move(read_game), [this, table, epoch](db::ReadResult<std::optional<StoredGame>> read) {
                    if (!read)
                        return take_over_failed(table, "it could not be read after the claim: " + read.error().message);
                    if (!*read) return take_over_failed(table, "it ended before the claim");
                    auto& [game, events] = **read;
                    if (game.start.epoch != epoch)
                        return take_over_failed(table, "another node claimed it since (epoch " +
                                                           std::to_string(game.start.epoch) + ")");
                    net::post(io_, [this, table, game = std::move(game), events = std::move(events)]() mutable {
                        taken_over(table, std::move(game), std::move(events));
                    });
                });
        });
}

void Router::taken_over(protocol::TableId table_id, db::UnfinishedGame game, std::vector<db::TableEvent> events)
{
    const auto game_id = game.start.game_id;
    const auto epoch = game.start.epoch;
    auto table = Table::restore(*services_, lobby_, std::move(game), events);
    if (!table) return take_over_failed(table_id, "game " + std::to_string(game_id) + " does not replay");
    // Read before anyone can reach the table through the directory.
    auto summary = table->restored_summary();
    auto players = table->restored_players();
    tables_->add(table_id, table);
    {
        std::lock_guard lock(taking_over_mutex_);
        taking_over_.erase(table_id);
    }
    ++services_->metrics.games_running;
    spdlog::info("took table {} (game {}) over from the store with owner epoch {}", table_id, game_id, epoch);
    lobby_->adopt(std::move(summary), std::move(players));
    // After the adoption is posted to the lobby: a watcher that reconnects and resumes is
    // answered behind it, seat and table in place.
    close_stopped_watchers(table_id);
}

void Router::close_stopped_watchers(protocol::TableId table)
{
    std::optional<StoppedTable> stopped;
    {
        std::lock_guard lock(taking_over_mutex_);
        if (auto found = closing_after_take_over_.find(table); found != closing_after_take_over_.end()) {
            stopped = std::move(found->second);
            closing_after_take_over_.erase(found);
        }
    }
    if (stopped) close_watchers(*stopped);
}

void Router::take_over_failed(protocol::TableId table, const std::string& why)
{
    spdlog::warn("table {} is not taken over: {}", table, why);
    {
        std::lock_guard lock(taking_over_mutex_);
        taking_over_.erase(table);
    }
    close_stopped_watchers(table);
    // Let the lease go, so that the node the store says plays the game (or the next sweep) has it.
    if (cluster_ && !tables_->find(table)) cluster_->release_table(table);
}

} // namespace rochade::server
