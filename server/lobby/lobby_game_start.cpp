// Starting a game at once between two online players (Lobby::start_game): the one primitive
// behind an accepted challenge and a quick pairing. The table is opened on the challenger's
// node, like any table opened there, and reserved for the challenged player; the challenger sits
// down as its opener and the challenged player joins it, through the same Table::join as a
// join_table: on this node directly, from another node as a join_table forwarded to the owner
// (the table's lease says where it is even before its announcement arrives).
#include <spdlog/spdlog.h>

#include "protocol/nick.h"
#include "server/base/id_allocator.h"
#include "server/clients/client.h"
#include "server/lobby/lobby.h"
#include "server/lobby/table_opening.h"
#include "server/table/table.h"
#include "server/table/table_directory.h"
#include "server/table/table_services.h"

namespace rochade::server {

using protocol::ErrorCode;

namespace {

rochade::Unexpected<GameStartRefusal> start_refusal(ErrorCode code, std::string message)
{
    return rochade::unexpected(GameStartRefusal{code, "start_game: " + std::move(message)});
}

} // namespace

void Lobby::start_game(GameStart start, std::function<void(GameStartResult)> done)
{
    on_strand([this, start = std::move(start), done = std::move(done)] {
        if (presence_.online(start.challenged)) return start_game_now(start, std::nullopt, done);
        // Online on another node, perhaps: once the peers answer, everything is checked again.
        peers_->locate_nick(protocol::nick_skeleton(start.challenged), [self = shared_from_this(), start,
                                                                        done](std::optional<std::string> node) {
            if (!node && !self->presence_.online(start.challenged))
                return done(start_refusal(ErrorCode::NoSuchNick, "'" + start.challenged + "' is not online"));
            self->start_game_now(start, node, done);
        });
    });
}

std::optional<protocol::RoomNumber> Lobby::room_for_start(const GameStart& start, const Online& challenger) const
{
    if (start.room) return start.room;
    // The listed room first: a secret room's game would be seen only by who knows the number.
    for (const auto number : challenger.rooms)
        if (number > 0) return number;
    if (!challenger.rooms.empty()) return *challenger.rooms.begin();
    if (!services_.config.rooms.empty()) return services_.config.rooms.front().number;
    return std::nullopt;
}

void Lobby::start_game_now(const GameStart& start, const std::optional<std::string>& challenged_node,
                           const std::function<void(GameStartResult)>& done)
{
    if (services_.shutting_down) return done(start_refusal(ErrorCode::ShuttingDown, "the server is shutting down"));
    const Online* challenger = presence_.online(start.challenger.nick);
    auto challenger_connection = challenger ? challenger->connection.lock() : nullptr;
    if (!challenger_connection || challenger->who.principal != start.challenger.principal)
        return done(start_refusal(ErrorCode::NoSuchNick, "'" + start.challenger.nick + "' is not online on this node"));
    if (protocol::nick_key(start.challenged) == protocol::nick_key(start.challenger.nick))
        return done(start_refusal(ErrorCode::AlreadySeated, "a player cannot play himself"));
    const Online* challenged = presence_.online(start.challenged);
    if (!challenged && !challenged_node)
        return done(start_refusal(ErrorCode::NoSuchNick, "'" + start.challenged + "' is not online"));
    if (start.rated && start.challenger.principal.guest())
        return done(start_refusal(ErrorCode::RatedNeedsAccount, "rated games are for players with an account"));
    if (start.rated && challenged && challenged->who.principal.guest())
        return done(start_refusal(ErrorCode::RatedNeedsAccount,
                                  "'" + challenged->who.nick +
                                      "' plays as a guest, and rated games are for players with an "
                                      "account"));
    if (start.rated && start.time_control.untimed())
        return done(start_refusal(ErrorCode::RatedNeedsClock, "a rated game needs a clock"));
    const auto number = room_for_start(start, *challenger);
    if (!number) return done(start_refusal(ErrorCode::NoSuchRoom, "the server has no room to open the table in"));
    const auto table_id = services_.table_ids.next();
    if (!table_id)
        return done(start_refusal(ErrorCode::StorageUnavailable,
                                  "no table id could be reserved in the store; try again later"));

    Table::Opening asked;
    asked.table = *table_id;
    asked.room = *number;
    asked.time_control = start.time_control;
    asked.opener_color = start.challenger_color;
    asked.invite = challenged ? challenged->who.nick : start.challenged;
    asked.opener = start.challenger;
    asked.rated = start.rated;
    asked.setup = start.setup;
    if (start.tournament) asked.takebacks_decided_by = TakebackAuthority::Tournament;
    asked.draw_offers_from_move = start.draw_offers_from_move;
    asked.berserk_allowed = start.berserk_allowed;
    const Table::Opening opening = with_chances_drawn(std::move(asked));
    auto table = std::make_shared<Table>(services_, weak_from_this(), opening);
    services_.directory.add(opening.table, table);
    const auto summary = table->opening_summary();
    open_room(*number).put_table(summary);
    schedule_room_update(*number);
    peers_->table_opened(summary);
    spdlog::info("table {}: a game starts at once between {} and {} (room {})", opening.table, start.challenger.nick,
                 *opening.invite, *number);
    // Both requests reach the table's strand in this order: the opener is seated first, so the
    // join starts the game.
    table->seat_opener(challenger_connection, start.challenger, std::nullopt);
    if (challenged) {
        if (auto connection = challenged->connection.lock()) table->join(connection, challenged->who, std::nullopt);
    } else {
        peers_->send_to(*challenged_node, cluster::SeatAwaits{peers_->node_id(), start.challenged, opening.table});
    }
    done(summary);
}

void Lobby::take_awaiting_seat(const std::string& nick, protocol::TableId table)
{
    const Online* player = presence_.online(nick);
    auto connection = player ? player->connection.lock() : nullptr;
    if (!connection) {
        // Gone meanwhile, as on one node a moment later: the seat stays reserved until the
        // challenger leaves the table.
        spdlog::info("table {}: {} was to take the seat awaiting him, but is no longer online here", table, nick);
        return;
    }
    // Taken once: both SeatAwaits and a pool's answer may ask for it (take_seat_awaiting).
    connection->post([self = shared_from_this(), connection, who = player->who, table] {
        if (!connection->client->tables.insert(table).second) return;
        self->on_strand([self, connection, who, table] {
            const std::string join = R"({"type":"join_table","table":)" + std::to_string(table) + "}";
            self->peers_->forward(table, connection->id(), who, join, [connection, table](bool sent) {
                if (!sent)
                    connection->send_error(std::nullopt, ErrorCode::NoSuchTable,
                                           "join_table: the game started for you at table " + std::to_string(table) +
                                               " is on no node any more");
            });
        });
    });
}

void Lobby::take_seat_awaiting(std::string nick, protocol::TableId table)
{
    on_strand([this, nick = std::move(nick), table] { take_awaiting_seat(nick, table); });
}

} // namespace rochade::server
