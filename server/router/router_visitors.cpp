// What a connection that has not said hello may ask: a visitor sees the club before joining it
// (docs/protocol.md, "Visitors"). It may list the rooms, look into a listed one (enter_room),
// page its members, leave it, watch its tables and stop watching (leave_table), and see the
// pools' counts (list_pools), list and show tournaments (and so watch one); everything
// else, chat, tables and seats above all, is refused with not_greeted naming what it may do.
// The check is here, on the server, so no client can talk its way past it.
#include <type_traits>

#include "protocol/decode.h"
#include "protocol/encode.h"
#include "server/clients/client.h"
#include "server/cluster/cluster_link.h"
#include "server/lobby/lobby.h"
#include "server/pools/pool_service.h"
#include "server/router/router.h"
#include "server/table/table.h"
#include "server/table/table_directory.h"
#include "server/tournaments/tournament_service.h"

namespace rochade::server {

using protocol::ErrorCode;

void Router::visitor_request(const ConnectionPtr& connection, Id id, protocol::ClientMessage message,
                             std::string_view text)
{
    const auto type = protocol::message_type_name(message);
    std::visit(
        [&](auto&& request) {
            using Message = std::decay_t<decltype(request)>;
            if constexpr (std::is_same_v<Message, protocol::ListRooms>) {
                lobby_->list_rooms(connection, std::move(id));
            } else if constexpr (std::is_same_v<Message, protocol::EnterRoom>) {
                lobby_->look_into_room(connection, std::move(id), request.room);
            } else if constexpr (std::is_same_v<Message, protocol::LeaveRoom>) {
                lobby_->stop_looking(connection, std::move(id), request.room);
            } else if constexpr (std::is_same_v<Message, protocol::RoomMembers>) {
                lobby_->visitor_members(connection, std::move(id), request);
            } else if constexpr (std::is_same_v<Message, protocol::ListPools>) {
                pools_->list(connection, std::move(id));
            } else if constexpr (std::is_same_v<Message, protocol::ListTournaments>) {
                tournaments_service_->list(connection, std::move(id));
            } else if constexpr (std::is_same_v<Message, protocol::ShowTournament>) {
                tournaments_service_->show(connection, std::move(id), request);
            } else if constexpr (std::is_same_v<Message, protocol::ShowOpenChallenge>) {
                lobby_->show_open_challenge(connection, std::move(id), std::move(request));
            } else if constexpr (std::is_same_v<Message, protocol::WatchTable>) {
                lobby_->visitor_watch(connection, std::move(id), request, std::string(text));
            } else if constexpr (std::is_same_v<Message, protocol::LeaveTable>) {
                auto table = tables_->find(request.table);
                if (!table && cluster_) return forward(connection, std::move(id), type, request.table, text);
                if (!table)
                    return connection->send_error(id, ErrorCode::NoSuchTable,
                                                  "leave_table: there is no table " + std::to_string(request.table));
                table->handle(connection, identity::visitor_identity(), std::move(id), std::move(request));
            } else {
                connection->send_error(id, ErrorCode::NotGreeted,
                                       std::string(type) +
                                           ": a visitor may only look (list_rooms, enter_room, room_members, "
                                           "leave_room, watch_table, leave_table, list_pools, show_open_challenge, "
                                           "list_tournaments, show_tournament); "
                                           "say hello (as a guest or with an "
                                           "account) first");
            }
        },
        std::move(message));
}

} // namespace rochade::server
