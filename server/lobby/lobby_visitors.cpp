// What the lobby lets a visitor do: a connection that has not said hello may see the listed rooms
// (their members and tables, and what is said there) and watch the games played in them, so
// that a first visit shows a living club rather than a login wall. A visitor is an onlooker of
// a room, never a member: not counted, not listed, and every request that would change anything
// (chat, tables, seats) is refused by the router before it gets here. Looking into a room opens
// none (an ad-hoc room is a player's), and secret rooms stay the business of those who know them.
#include "protocol/encode.h"
#include "server/lobby/lobby.h"
#include "server/table/table.h"
#include "server/table/table_directory.h"
#include "server/table/table_services.h"

namespace rochade::server {

using protocol::ErrorCode;

void Lobby::look_into_room(ConnectionPtr connection, Id id, protocol::RoomNumber number)
{
    on_strand([this, connection = std::move(connection), id = std::move(id), number] {
        if (!connection->is_open()) return;
        Room* r = room(number);
        if (!r || r->secret())
            return reply_error(connection, id, ErrorCode::NotGreeted,
                               "enter_room: a visitor may look into the listed rooms only, and room " +
                                   std::to_string(number) +
                                   " is not one; say hello (as a guest or with an account) to open or enter it");
        r->add_onlooker(connection);
        connection->send(
            protocol::encode_room(id, r->summary(), r->secret(), r->member_list(), r->tables(), chat_to_repeat(*r)));
    });
}

void Lobby::stop_looking(ConnectionPtr connection, Id id, protocol::RoomNumber number)
{
    on_strand([this, connection = std::move(connection), id = std::move(id), number] {
        Room* r = room(number);
        if (!r || !r->remove_onlooker(connection->id()))
            return reply_error(connection, id, ErrorCode::NotInRoom,
                               "leave_room: you are not looking into room " + std::to_string(number));
        if (id) connection->send(protocol::encode_ok(id));
    });
}

void Lobby::visitor_members(ConnectionPtr connection, Id id, protocol::RoomMembers request)
{
    on_strand([this, connection = std::move(connection), id = std::move(id), request] {
        const Room* r = room(request.room);
        if (!r || !r->has_onlooker(connection->id()))
            return reply_error(connection, id, ErrorCode::NotInRoom,
                               "room_members: you are not looking into room " + std::to_string(request.room));
        const auto count = static_cast<std::int64_t>(r->member_count());
        if (request.offset >= count)
            return reply_error(connection, id, ErrorCode::BadRequest,
                               "room_members: offset " + std::to_string(request.offset) + " is past the end of room " +
                                   std::to_string(request.room) + "'s member list (" + std::to_string(count) +
                                   " members)");
        connection->send(protocol::encode_room_members(id, r->member_page(request.offset, request.limit)));
    });
}

void Lobby::visitor_watch(ConnectionPtr connection, Id id, protocol::WatchTable watch, std::string text)
{
    on_strand([this, connection = std::move(connection), id = std::move(id), watch, text = std::move(text)]() mutable {
        const auto visitor = identity::visitor_identity();
        if (!services_.directory.find(watch.table) && peers_->may_stand_elsewhere(watch.table))
            return forward_to_owner(connection, visitor, id, "watch_table", watch.table, std::move(text));
        auto table = find_table(connection, id, "watch_table", watch.table);
        if (!table) return;
        const Room* r = room(table->room());
        if (!r || !r->has_onlooker(connection->id()))
            return reply_error(connection, id, ErrorCode::NotInRoom,
                               "watch_table: table " + std::to_string(table->id()) + " stands in room " +
                                   std::to_string(table->room()) + "; look into it first (enter_room)");
        table->watch(connection, visitor, id, watch.since);
    });
}

void Lobby::forget_onlooker(ConnectionPtr connection)
{
    on_strand([this, connection = std::move(connection)] {
        for (auto& [number, r] : rooms_) r.remove_onlooker(connection->id());
    });
}

} // namespace rochade::server
