// A game against the computer (docs/protocol.md, "Playing the computer"): the lobby opens a table
// in a room, as for a challenge accepted at once, seats the player as its opener and the computer
// at the asked level in the other seat; the table plays the computer (table_computer.cpp). A
// pool with no room for another search refuses the game at once (engines_busy) rather than start
// one whose computer would think slowly.
#include <spdlog/spdlog.h>

#include "server/base/id_allocator.h"
#include "server/engines/computer_levels.h"
#include "server/engines/engine_pool.h"
#include "server/lobby/lobby.h"
#include "server/lobby/table_opening.h"
#include "server/table/table.h"
#include "server/table/table_directory.h"
#include "server/table/table_services.h"

namespace rochade::server {

using protocol::ErrorCode;

void Lobby::play_computer(ConnectionPtr connection, Identity who, Id id, protocol::PlayComputer play)
{
    on_strand(
        [this, connection = std::move(connection), who = std::move(who), id = std::move(id), play = std::move(play)] {
            if (services_.shutting_down)
                return reply_error(connection, id, ErrorCode::ShuttingDown, "the server is shutting down");
            const auto level = engines::computer_level(play.level);
            if (!level)
                return reply_error(connection, id, ErrorCode::BadRequest,
                                   "play_computer: level must be 1 to 8, not " + std::to_string(play.level));
            if (!services_.engines || !services_.engines->has_room())
                return reply_error(connection, id, ErrorCode::EnginesBusy,
                                   "play_computer: all engines are busy, try again in a moment");
            const Online* player = presence_.online(who.nick);
            if (!player || player->who.principal != who.principal)
                return reply_error(connection, id, ErrorCode::NotLoggedIn, "play_computer: you are not online here");
            protocol::RoomNumber number = 0;
            if (play.room) {
                if (!in_room(room(*play.room), connection->id(), who.nick))
                    return reply_error(connection, id, ErrorCode::NotInRoom,
                                       "play_computer: enter room " + std::to_string(*play.room) + " first");
                number = *play.room;
            } else if (const auto chosen = room_for_start(GameStart{}, *player)) {
                number = *chosen;
            } else {
                return reply_error(connection, id, ErrorCode::NoSuchRoom,
                                   "play_computer: the server has no room to open the table in");
            }
            const auto table_id = services_.table_ids.next();
            if (!table_id)
                return reply_error(connection, id, ErrorCode::StorageUnavailable,
                                   "play_computer: no table id could be reserved in the store; try again later");

            Table::Opening asked;
            asked.table = *table_id;
            asked.room = number;
            asked.time_control = play.time_control;
            asked.opener_color = play.color;
            asked.opener = who;
            asked.setup = play.setup;
            asked.takebacks_decided_by = TakebackAuthority::Computer; // always allowed, and taken at once
            const Table::Opening opening = with_chances_drawn(std::move(asked));
            auto table = std::make_shared<Table>(services_, weak_from_this(), opening);
            services_.directory.add(opening.table, table);
            const auto summary = table->opening_summary();
            open_room(number).put_table(summary);
            schedule_room_update(number);
            peers_->table_opened(summary);
            spdlog::info("table {}: {} plays {} (room {})", opening.table, who.nick,
                         engines::computer_nick(level->number), number);
            // On the table's strand in this order: the player sits (ok names the table), then the
            // computer, whose seat starts the game.
            table->seat_opener(connection, who, id);
            table->seat_computer(*level, connection);
        });
}

} // namespace rochade::server
