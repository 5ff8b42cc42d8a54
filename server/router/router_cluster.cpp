// The router's side of a cluster: requests for tables that live on other nodes go to their
// owners (the lobby forwards join_table and watch_table, which need its rooms), and requests
// from other nodes' clients reach this node's tables as if they were our own clients'.
#include <spdlog/spdlog.h>

#include "db/game_query.h"
#include "db/read_thread.h"
#include "protocol/decode.h"
#include "server/base/metrics.h"
#include "server/clients/client.h"
#include "server/cluster/cluster_link.h"
#include "server/lobby/lobby.h"
#include "server/pools/cluster_pool_link.h"
#include "server/pools/pool_service.h"
#include "server/router/router.h"
#include "server/router/table_messages.h"
#include "server/table/table.h"
#include "server/table/table_directory.h"
#include "server/table/table_services.h"
#include "server/tournaments/tournament_link.h"
#include "server/tournaments/tournament_service.h"

namespace rochade::server {

using protocol::ErrorCode;

void Router::join_cluster(std::shared_ptr<cluster::ClusterLink> link)
{
    cluster_ = link;
    pools_->join_cluster(std::make_shared<pools::ClusterPoolLink>(link));
    tournaments_service_->join_cluster(std::make_shared<tournaments::ClusterTournamentLink>(io_, link));
    lobby_->join_cluster(std::move(link));
}

void Router::forward(const ConnectionPtr& connection, Id id, std::string_view type, protocol::TableId table,
                     std::string_view text)
{
    // On the connection's strand: its close tells the owner, like a local table.
    connection->client->tables.insert(table);
    cluster_->forward(table, connection->id(), connection->client->identity.value_or(identity::visitor_identity()),
                      std::string(text), [connection, id = std::move(id), type = std::string(type), table](bool sent) {
                          if (!sent)
                              connection->send_error(id, ErrorCode::NoSuchTable,
                                                     type + ": there is no table " + std::to_string(table));
                      });
}

void Router::remote_request(const std::shared_ptr<Connection>& client, protocol::TableId table_id, std::string text)
{
    client->post([this, client, table_id, text = std::move(text)] {
        const protocol::DecodeLimits limits{config_.limits.max_message_bytes, 500, 8};
        auto decoded = protocol::decode(text, limits);
        if (!decoded) return client->send_error(decoded.error().id, decoded.error().code, decoded.error().message);
        const auto type = std::string(protocol::message_type_name(decoded->message));
        auto table = tables_->find(table_id);
        if (!table)
            return client->send_error(decoded->id, ErrorCode::NoSuchTable,
                                      type + ": there is no table " + std::to_string(table_id));
        const identity::Identity& who = *client->client->identity;
        std::visit(
            [&](auto&& message) {
                using Message = std::decay_t<decltype(message)>;
                constexpr bool for_a_table = std::is_same_v<Message, protocol::JoinTable> ||
                                             std::is_same_v<Message, protocol::WatchTable> || is_table_message<Message>;
                if constexpr (for_a_table) {
                    if (message.table != table_id)
                        return client->send_error(decoded->id, ErrorCode::BadRequest,
                                                  type + ": forwarded for table " + std::to_string(table_id) +
                                                      " but names table " + std::to_string(message.table));
                }
                if constexpr (std::is_same_v<Message, protocol::JoinTable>) {
                    table->join(client, who, std::move(decoded->id));
                } else if constexpr (std::is_same_v<Message, protocol::WatchTable>) {
                    table->watch(client, who, std::move(decoded->id), message.since);
                } else if constexpr (is_table_message<Message>) {
                    table->handle(client, who, std::move(decoded->id), std::move(message));
                } else {
                    spdlog::warn("cluster: a {} came from {} as a table request; refused", type,
                                 client->remote_address());
                    client->send_error(decoded->id, ErrorCode::BadRequest, type + ": not a request for a table");
                }
            },
            std::move(decoded->message));
    });
}

void Router::adopt_orphans()
{
    // The games are read on the read thread, the leases taken on the bus, each game taken over
    // from the store (router_takeover.cpp): none of it on a strand that serves players.
    services_->reads.read(
        [](db::StoreReader& reader) { return reader.unfinished_games(); },
        [this](db::ReadResult<std::vector<db::UnfinishedGame>> unfinished) {
            if (!unfinished) {
                spdlog::error("cluster: the unfinished games could not be read to take over orphaned tables: {}",
                              unfinished.error().message);
                return;
            }
            for (const auto& game : *unfinished) {
                const auto table_id = game.start.table_id;
                if (tables_->find(table_id) || !start_take_over(table_id)) continue;
                cluster_->claim_table(
                    table_id, [this, table_id, game_id = game.start.game_id, epoch = game.start.epoch](bool granted) {
                        if (granted && !tables_->find(table_id)) return take_over(table_id, game_id, epoch);
                        std::lock_guard lock(taking_over_mutex_);
                        taking_over_.erase(table_id);
                    });
            }
        });
}

void Router::sweep_orphans()
{
    if (services_->shutting_down) return;
    auto read_elsewhere = [this](db::StoreReader& reader) {
        std::vector<protocol::TableId> elsewhere;
        db::GameQuery running;
        running.state = db::GameState::Running;
        running.limit = db::max_page_games;
        do {
            auto page = reader.find_games(running);
            for (const auto& game : page.games)
                if (!tables_->find(game.table_id)) elsewhere.push_back(game.table_id);
            running.after = page.next_page;
        } while (running.after);
        return elsewhere;
    };
    services_->reads.read(std::move(read_elsewhere), [this](db::ReadResult<std::vector<protocol::TableId>> elsewhere) {
        if (!elsewhere) {
            spdlog::warn("cluster: the periodic sweep could not list the running games: {}", elsewhere.error().message);
            return;
        }
        if (elsewhere->empty()) return;
        cluster_->unannounced(std::move(*elsewhere), [this](std::vector<protocol::TableId> orphans) {
            if (orphans.empty() || services_->shutting_down) return;
            spdlog::warn("cluster: {} running game(s) in the store are on no live node (table {} first); taking "
                         "them over",
                         orphans.size(), orphans.front());
            adopt_orphans();
        });
    });
}

void Router::table_lost(protocol::TableId table_id)
{
    auto table = tables_->find(table_id);
    if (!table) return;
    table->relinquish();
    lobby_->table_lost(table->room(), table_id);
}

void Router::remote_gone(const std::shared_ptr<Connection>& client, protocol::TableId table_id)
{
    if (auto table = tables_->find(table_id)) table->connection_closed(client, *client->client->identity);
}

} // namespace rochade::server
