#include "server/lobby.h"

#include <chrono>
#include <cstdio>

#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

#include "db/store_writer.h"
#include "protocol/encode.h"
#include "protocol/nick.h"
#include "server/client.h"
#include "server/id_allocator.h"
#include "server/table.h"
#include "server/table_directory.h"
#include "server/table_services.h"
#include "server/wall_clock.h"

namespace rochade::server {

using protocol::ErrorCode;

namespace {

std::shared_ptr<const std::string> shared_frame(std::string frame)
{
    return std::make_shared<const std::string>(std::move(frame));
}

// Gravon names the rooms opened by number after the number.
std::string ad_hoc_room_name(protocol::RoomNumber number)
{
    return number < 0 ? "Geheimraum " + std::to_string(-number) : "Raum " + std::to_string(number);
}

} // namespace

Lobby::Lobby(TableServices& services)
    : services_(services), strand_(net::make_strand(services.io)), random_(std::random_device{}())
{
    for (const auto& room : services_.config.rooms)
        rooms_.try_emplace(room.number, room.number, room.name, /*configured=*/true);
}

template <class Work> void Lobby::on_strand(Work work)
{
    net::post(strand_, [self = shared_from_this(), work = std::move(work)]() mutable { work(); });
}

void Lobby::reply_error(const ConnectionPtr& connection, const Id& id, ErrorCode code, std::string message)
{
    connection->send(protocol::encode_error(id, code, message));
}

void Lobby::restore(const std::vector<db::ResumeTokenIssued>& tokens, const std::vector<std::shared_ptr<Table>>& tables)
{
    // Runs before the listener accepts, so nothing else touches the lobby yet.
    for (const auto& token : tokens) resume_tokens_[token.token] = token.nick;
    for (const auto& table : tables) {
        const auto summary = table->restored_summary();
        open_room(summary.room).put_table(summary);
        for (const auto& nick : {summary.white, summary.black})
            if (nick) seats_[protocol::nick_key(*nick)].insert(summary.table);
    }
}

Lobby::Online* Lobby::online(const std::string& nick)
{
    const auto found = online_.find(protocol::nick_key(nick));
    return found == online_.end() ? nullptr : &found->second;
}

Room* Lobby::room(protocol::RoomNumber number)
{
    const auto found = rooms_.find(number);
    return found == rooms_.end() ? nullptr : &found->second;
}

Room& Lobby::open_room(protocol::RoomNumber number)
{
    auto [it, opened] = rooms_.try_emplace(number, number, ad_hoc_room_name(number), /*configured=*/false);
    if (opened) spdlog::info("room {} opened ({})", number, it->second.secret() ? "secret" : "ad hoc");
    return it->second;
}

void Lobby::close_room_if_done(protocol::RoomNumber number)
{
    const auto found = rooms_.find(number);
    if (found == rooms_.end() || !found->second.can_close()) return;
    spdlog::info("room {} closed", number);
    rooms_.erase(found);
}

std::string Lobby::new_resume_token()
{
    char text[33];
    std::snprintf(text, sizeof text, "%016llx%016llx", static_cast<unsigned long long>(random_()),
                  static_cast<unsigned long long>(random_()));
    return text;
}

void Lobby::hello(ConnectionPtr connection, Id id, protocol::Hello hello)
{
    on_strand([this, connection = std::move(connection), id = std::move(id), hello = std::move(hello)] {
        const auto refuse = [&](ErrorCode code, std::string message) {
            connection->post([connection, id, code, message = std::move(message)] {
                connection->client->greeting = false;
                reply_error(connection, id, code, message);
            });
        };
        if (hello.password)
            return refuse(ErrorCode::BadRequest,
                          "hello: accounts with passwords are not available yet; send hello without 'password'");
        std::string nick = hello.nick;
        std::optional<std::string> used_token; // spent by this hello; given back if it fails
        bool resumed = false;
        if (hello.resume_token) {
            const auto token = resume_tokens_.find(*hello.resume_token);
            if (token == resume_tokens_.end())
                return refuse(ErrorCode::BadResumeToken, "hello: the resume token is unknown or was used already");
            if (!nick.empty() && protocol::nick_key(nick) != protocol::nick_key(token->second))
                return refuse(ErrorCode::BadResumeToken, "hello: the resume token belongs to another nick");
            nick = token->second;
            used_token = token->first;
            resume_tokens_.erase(token); // a token is good for one resumption; hello_ok brings a new one
            resumed = true;
        } else if (const auto error = protocol::nick_error(nick)) {
            return refuse(ErrorCode::InvalidNick, "hello: " + *error);
        }

        const std::string key = protocol::nick_key(nick);
        if (const auto existing = online_.find(key); existing != online_.end()) {
            auto old_connection = existing->second.connection.lock();
            if (old_connection && !resumed)
                return refuse(ErrorCode::NickTaken, "hello: '" + existing->second.nick + "' is online already");
            // The same player came back while the old connection still looked alive: the new
            // one wins, the old one is dropped.
            for (const auto number : std::set(existing->second.rooms))
                if (auto* r = room(number)) leave(existing->second, *r);
            online_by_connection_.erase(existing->second.connection_id);
            online_.erase(existing);
            if (old_connection) old_connection->close(CloseCode::Replaced, "the same player connected again");
        }
        // Online from here, before hello_ok reaches the connection: a close in between finds
        // the nick through the connection's id (disconnected).
        online_.emplace(key, Online{nick, connection, connection->id(), {}});
        online_by_connection_[connection->id()] = key;

        const std::string token = new_resume_token();
        resume_tokens_[token] = nick;
        std::vector<protocol::TableId> tables;
        if (const auto seats = seats_.find(key); seats != seats_.end())
            tables.assign(seats->second.begin(), seats->second.end());
        spdlog::info("connection {}: hello {}{}", connection->id(), nick, resumed ? " (resumed)" : "");
        // The token is handed out only once it is on disk, so it survives a crash of the server.
        // If it cannot be stored, the hello is undone and the connection may say hello again.
        services_.writer.submit(db::ResumeTokenIssued{token, nick, wall_clock_ms()},
                                [self = shared_from_this(), connection, id, nick, token, used_token, resumed,
                                 tables](std::optional<db::StoreError> error) {
                                    if (error)
                                        return self->on_strand(
                                            [self, connection, id, nick, token, used_token, error = *error] {
                                                self->hello_not_stored(connection, id, nick, token, used_token, error);
                                            });
                                    connection->post([connection, id, nick, token, resumed, tables] {
                                        connection->client->nick = nick;
                                        connection->client->greeting = false;
                                        connection->send(protocol::encode_hello_ok(id, nick, token, resumed, tables));
                                    });
                                });
    });
}

void Lobby::list_rooms(ConnectionPtr connection, Id id)
{
    on_strand([this, connection = std::move(connection), id = std::move(id)] {
        std::vector<protocol::RoomSummary> listed;
        for (const auto& [number, r] : rooms_)
            if (!r.secret()) listed.push_back(r.summary());
        connection->send(protocol::encode_rooms(id, listed));
    });
}

void Lobby::enter_room(ConnectionPtr connection, std::string nick, Id id, protocol::RoomNumber number)
{
    on_strand([this, connection = std::move(connection), nick = std::move(nick), id = std::move(id), number] {
        Online* player = online(nick);
        if (!player) return; // disconnected meanwhile
        Room& r = open_room(number);
        const std::string key = protocol::nick_key(nick);
        if (r.add_member(key, nick, connection)) {
            player->rooms.insert(number);
            r.broadcast(shared_frame(protocol::encode_member_entered(number, nick)));
        }
        connection->send(protocol::encode_room(id, r.summary(), r.secret(), r.member_nicks(), r.tables()));
    });
}

void Lobby::leave(Online& player, Room& r)
{
    if (!r.remove_member(protocol::nick_key(player.nick))) return;
    player.rooms.erase(r.number());
    r.broadcast(shared_frame(protocol::encode_member_left(r.number(), player.nick)));
    close_room_if_done(r.number());
}

void Lobby::leave_room(ConnectionPtr connection, std::string nick, Id id, protocol::RoomNumber number)
{
    on_strand([this, connection = std::move(connection), nick = std::move(nick), id = std::move(id), number] {
        Online* player = online(nick);
        if (!player) return;
        Room* r = room(number);
        if (!r || !r->has_member(protocol::nick_key(nick)))
            return reply_error(connection, id, ErrorCode::NotInRoom,
                               "leave_room: you are not in room " + std::to_string(number));
        leave(*player, *r);
        if (id) connection->send(protocol::encode_ok(id));
    });
}

void Lobby::room_chat(ConnectionPtr connection, std::string nick, Id id, protocol::RoomChat chat)
{
    on_strand(
        [this, connection = std::move(connection), nick = std::move(nick), id = std::move(id), chat = std::move(chat)] {
            Room* r = room(chat.room);
            if (!r || !r->has_member(protocol::nick_key(nick)))
                return reply_error(connection, id, ErrorCode::NotInRoom,
                                   "room_chat: you are not in room " + std::to_string(chat.room));
            // Heard only once it is stored, like everything else; the sender hears if it is not.
            services_.writer.submit(
                db::RoomChatted{chat.room, nick, chat.text, wall_clock_ms()},
                [self = shared_from_this(), connection, nick, id, chat](std::optional<db::StoreError> error) {
                    self->on_strand([self, connection, nick, id, chat, error = std::move(error)] {
                        if (error)
                            return reply_error(connection, id, ErrorCode::StorageUnavailable,
                                               "room_chat: the message to room " + std::to_string(chat.room) +
                                                   " was not stored (the store is unavailable); try again");
                        if (id) connection->send(protocol::encode_ok(id));
                        if (Room* r = self->room(chat.room))
                            r->broadcast(shared_frame(protocol::encode_room_chat(chat.room, nick, chat.text)));
                    });
                });
        });
}

void Lobby::hello_not_stored(const ConnectionPtr& connection, const Id& id, const std::string& nick,
                             const std::string& token, const std::optional<std::string>& used_token,
                             const db::StoreError& error)
{
    spdlog::error("connection {}: hello {} not stored: {}", connection->id(), nick, error.message);
    resume_tokens_.erase(token);
    if (used_token) resume_tokens_[*used_token] = nick;
    if (const auto found = online_.find(protocol::nick_key(nick));
        found != online_.end() && found->second.connection.lock() == connection) {
        for (const auto number : std::set(found->second.rooms))
            if (auto* r = room(number)) leave(found->second, *r);
        online_.erase(found);
    }
    connection->post([connection, id] {
        connection->client->greeting = false;
        reply_error(connection, id, ErrorCode::StorageUnavailable,
                    "hello: the session could not be stored (the store is unavailable); say hello again later");
    });
}

void Lobby::whisper(ConnectionPtr connection, std::string nick, Id id, protocol::Whisper whisper)
{
    on_strand([this, connection = std::move(connection), nick = std::move(nick), id = std::move(id),
               whisper = std::move(whisper)] {
        Online* addressee = online(whisper.to);
        auto addressee_connection = addressee ? addressee->connection.lock() : nullptr;
        if (!addressee_connection)
            return reply_error(connection, id, ErrorCode::NoSuchNick, "whisper: '" + whisper.to + "' is not online");
        addressee_connection->send(protocol::encode_whisper(nick, addressee->nick, whisper.text));
        if (id) connection->send(protocol::encode_ok(id));
    });
}

void Lobby::open_table(ConnectionPtr connection, std::string nick, Id id, protocol::OpenTable open)
{
    on_strand([this, connection = std::move(connection), nick = std::move(nick), id = std::move(id),
               open = std::move(open)] {
        if (services_.shutting_down)
            return reply_error(connection, id, ErrorCode::ShuttingDown, "the server is shutting down");
        Room* r = room(open.room);
        if (!r || !r->has_member(protocol::nick_key(nick)))
            return reply_error(connection, id, ErrorCode::NotInRoom,
                               "open_table: enter room " + std::to_string(open.room) + " first");
        if (open.invite) {
            if (const auto error = protocol::nick_error(*open.invite))
                return reply_error(connection, id, ErrorCode::InvalidNick, "open_table: invite: " + *error);
            if (protocol::nick_key(*open.invite) == protocol::nick_key(nick))
                return reply_error(connection, id, ErrorCode::AlreadySeated, "open_table: you cannot invite yourself");
            if (!online(*open.invite))
                return reply_error(connection, id, ErrorCode::NoSuchNick,
                                   "open_table: invite: '" + *open.invite + "' is not online");
        }
        const auto table_id = services_.table_ids.next();
        if (!table_id)
            return reply_error(connection, id, ErrorCode::StorageUnavailable,
                               "open_table: no table id could be reserved in the store; try again later");
        Table::Opening opening;
        opening.table = *table_id;
        opening.room = open.room;
        opening.time_control = open.time_control;
        opening.opener_color = open.color;
        opening.opener_side = open.color == protocol::ColorChoice::White   ? protocol::Side::White
                              : open.color == protocol::ColorChoice::Black ? protocol::Side::Black
                              : (random_() & 1)                            ? protocol::Side::White
                                                                           : protocol::Side::Black;
        opening.invite = open.invite;
        opening.opener = nick;
        auto table = std::make_shared<Table>(services_, opening);
        services_.directory.add(opening.table, table);
        const auto summary = table->opening_summary();
        r->put_table(summary);
        r->broadcast(shared_frame(protocol::encode_table_opened(summary)));
        if (open.invite)
            if (auto invited = online(*open.invite)->connection.lock();
                invited && !r->has_member(protocol::nick_key(*open.invite)))
                invited->send(protocol::encode_table_opened(summary));
        table->seat_opener(connection, nick, id);
    });
}

std::shared_ptr<Table> Lobby::find_table(const ConnectionPtr& connection, const Id& id, std::string_view request,
                                         protocol::TableId table_id)
{
    auto table = services_.directory.find(table_id);
    if (!table)
        reply_error(connection, id, ErrorCode::NoSuchTable,
                    std::string(request) + ": there is no table " + std::to_string(table_id));
    return table;
}

bool Lobby::in_room_of(const Table& table, const std::string& nick)
{
    const Room* r = room(table.room());
    return r && r->has_member(protocol::nick_key(nick));
}

void Lobby::refuse_outside_room(const ConnectionPtr& connection, const Id& id, std::string_view request,
                                const Table& table)
{
    reply_error(connection, id, ErrorCode::NotInRoom,
                std::string(request) + ": table " + std::to_string(table.id()) + " stands in room " +
                    std::to_string(table.room()) + "; enter it first");
}

void Lobby::join_table(ConnectionPtr connection, std::string nick, Id id, protocol::JoinTable join)
{
    on_strand([this, connection = std::move(connection), nick = std::move(nick), id = std::move(id), join] {
        auto table = find_table(connection, id, "join_table", join.table);
        if (!table) return;
        if (!in_room_of(*table, nick)) return refuse_outside_room(connection, id, "join_table", *table);
        table->join(connection, nick, id);
    });
}

void Lobby::watch_table(ConnectionPtr connection, std::string nick, Id id, protocol::WatchTable watch)
{
    on_strand([this, connection = std::move(connection), nick = std::move(nick), id = std::move(id), watch] {
        auto table = find_table(connection, id, "watch_table", watch.table);
        if (!table) return;
        const auto seats = seats_.find(protocol::nick_key(nick));
        const bool seated = seats != seats_.end() && seats->second.contains(watch.table);
        // Players always get back to their own game; everyone else must be in the room.
        if (!seated && !in_room_of(*table, nick)) return refuse_outside_room(connection, id, "watch_table", *table);
        table->watch(connection, nick, id, watch.since);
    });
}

void Lobby::disconnected(ConnectionPtr connection)
{
    on_strand([this, connection = std::move(connection)] {
        const auto by_connection = online_by_connection_.find(connection->id());
        // Not online: its hello was refused, or a resumption on another connection took the nick.
        if (by_connection == online_by_connection_.end()) return;
        const auto found = online_.find(by_connection->second);
        online_by_connection_.erase(by_connection);
        if (found == online_.end()) return;
        for (const auto number : std::set(found->second.rooms))
            if (auto* r = room(number)) leave(found->second, *r);
        online_.erase(found);
    });
}

void Lobby::table_changed(protocol::TableSummary summary)
{
    on_strand([this, summary = std::move(summary)] {
        Room* r = room(summary.room);
        if (!r || !r->has_table(summary.table)) return;
        r->put_table(summary);
        r->broadcast(shared_frame(protocol::encode_table_updated(summary)));
    });
}

void Lobby::table_closed(protocol::RoomNumber number, protocol::TableId table)
{
    on_strand([this, number, table] {
        services_.directory.remove(table);
        Room* r = room(number);
        if (!r) return;
        r->remove_table(table);
        r->broadcast(shared_frame(protocol::encode_table_closed(number, table)));
        close_room_if_done(number);
    });
}

void Lobby::seat_changed(std::string nick, protocol::TableId table, bool seated)
{
    on_strand([this, nick = std::move(nick), table, seated] {
        const std::string key = protocol::nick_key(nick);
        if (seated) {
            seats_[key].insert(table);
        } else if (const auto seats = seats_.find(key); seats != seats_.end()) {
            seats->second.erase(table);
            if (seats->second.empty()) seats_.erase(seats);
        }
    });
}

} // namespace rochade::server
