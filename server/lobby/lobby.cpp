#include "server/lobby/lobby.h"
#include "server/lobby/table_opening.h"

#include <chrono>
#include <cstdio>
#include <utility>

#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

#include "db/store_writer.h"
#include "protocol/encode.h"
#include "protocol/nick.h"
#include "protocol/tournament_room.h"
#include "server/base/id_allocator.h"
#include "server/base/metrics.h"
#include "server/base/wall_clock.h"
#include "server/clients/client.h"
#include "server/lobby/lone_node.h"
#include "server/moderation/sanctions.h"
#include "server/table/table.h"
#include "server/table/table_directory.h"
#include "server/table/table_services.h"

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
    // A tournament's room as another node's player opened it here: its service names it.
    if (const auto tournament = protocol::tournament_of_room(number)) return "Turnier " + std::to_string(*tournament);
    return number < 0 ? "Geheimraum " + std::to_string(-number) : "Raum " + std::to_string(number);
}

} // namespace

Lobby::Lobby(TableServices& services, StoppedTables& stopped_tables)
    : services_(services), stopped_tables_(stopped_tables), strand_(net::make_strand(services.io)),
      presence_(services.metrics), room_update_timer_(strand_), peers_(std::make_unique<LoneNode>())
{
    for (const auto& room : services_.config.rooms)
        rooms_.try_emplace(room.number, room.number, room.name, /*configured=*/true);
}

void Lobby::reply_error(const ConnectionPtr& connection, const Id& id, ErrorCode code, std::string message)
{
    connection->send_error(id, code, message);
}

void Lobby::restore(const std::vector<std::shared_ptr<Table>>& tables)
{
    // Runs before the listener accepts, so nothing else touches the lobby yet.
    for (const auto& table : tables) place_restored(table->restored_summary(), table->restored_players());
}

void Lobby::restore_chat(std::map<protocol::RoomNumber, std::vector<protocol::RoomChatLine>> chat)
{
    // Runs before the listener accepts, so nothing else touches the lobby yet.
    for (auto& [number, lines] : chat) {
        // A tournament's room stands before its service holds it open (posted, after this).
        Room* r = protocol::is_tournament_room(number) ? &open_room(number) : room(number);
        if (!r) continue;
        for (auto& line : lines) r->remember_chat(std::move(line));
    }
}

void Lobby::place_restored(const protocol::TableSummary& summary, const std::vector<Identity>& players)
{
    open_room(summary.room).put_table(summary);
    for (const Identity& player : players) {
        presence_.seat(player, summary.table);
        peers_->hold_nick(protocol::nick_skeleton(player.nick), player.principal);
    }
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
    if (const auto opener = room_openers_.find(number); opener != room_openers_.end()) {
        release(opener->second, [number](Holdings& held) { held.rooms_opened.erase(number); });
        room_openers_.erase(opener);
    }
}

void Lobby::schedule_room_update(protocol::RoomNumber number)
{
    rooms_to_update_.insert(number);
    if (room_update_armed_) return;
    room_update_armed_ = true;
    // The first change waits at most one interval; those after it in the interval ride along.
    room_update_timer_.expires_after(std::chrono::milliseconds(services_.config.room_update_ms));
    room_update_timer_.async_wait([self = shared_from_this()](const boost::system::error_code& error) {
        self->room_update_armed_ = false;
        if (!error) self->send_room_updates();
    });
}

void Lobby::send_room_updates()
{
    for (const auto number : std::exchange(rooms_to_update_, {}))
        if (Room* r = room(number)) r->send_update();
}

template <class Change> void Lobby::release(const identity::Principal& holder, Change change)
{
    const auto found = holdings_.find(holder);
    if (found == holdings_.end()) return;
    change(found->second);
    if (found->second.open_tables.empty() && found->second.rooms_opened.empty()) holdings_.erase(found);
}

void Lobby::nick_available(std::string nick, std::function<void(std::optional<std::string>)> then)
{
    on_strand([this, nick = std::move(nick), then = std::move(then)] {
        then(presence_.held_by_another(nick, std::nullopt));
    });
}

void Lobby::refuse_hello(const ConnectionPtr& connection, const Id& id, const Identity& who, ErrorCode code,
                         const std::string& message)
{
    spdlog::info("connection {}: hello {} refused: {}", connection->id(), who.nick, message);
    connection->post([connection, id, code, message = "hello: " + message] {
        connection->client->greeting = false;
        reply_error(connection, id, code, message);
    });
}

void Lobby::admit(ConnectionPtr connection, Id id, identity::Admission admission)
{
    on_strand([this, connection = std::move(connection), id = std::move(id), admission = std::move(admission)] {
        const Identity& who = admission.identity;
        // Closed while its hello was on the way: nobody to admit, and its nick stays free.
        if (!connection->is_open()) return;
        if (const auto held = presence_.held_by_another(who.nick, who.principal))
            return refuse_hello(connection, id, who, ErrorCode::NickTaken, *held);
        // In a cluster the nick must be free on the other nodes too: its lease decides.
        const std::string skeleton = protocol::nick_skeleton(who.nick);
        const identity::Principal principal = who.principal;
        peers_->claim_nick(skeleton, principal,
                           [self = shared_from_this(), connection, id, admission](cluster::NickClaim claim) mutable {
                               self->nick_claimed(connection, id, std::move(admission), claim);
                           });
    });
}

void Lobby::nick_claimed(const ConnectionPtr& connection, const Id& id, identity::Admission admission,
                         const cluster::NickClaim& claim)
{
    using Outcome = cluster::NickClaim::Outcome;
    const Identity& who = admission.identity;
    if (!connection->is_open()) {
        if (claim.outcome == Outcome::Granted && !presence_.online(who.nick))
            peers_->release_nick(protocol::nick_skeleton(who.nick), who.principal);
        return;
    }
    if (claim.outcome == Outcome::Unavailable)
        return connection->post([connection, id] {
            connection->client->greeting = false;
            reply_error(connection, id, ErrorCode::Busy,
                        "hello: the cluster's bus does not answer, so this node cannot tell whether "
                        "your nick is free on the others; try again in a moment");
        });
    const std::optional<std::string> held =
        claim.outcome == Outcome::HeldByAnother
            ? std::optional<std::string>("'" + who.nick +
                                         "' is taken on another node (online there, or kept for a "
                                         "player away from a game there)")
            : presence_.held_by_another(who.nick, who.principal);
    if (held) return refuse_hello(connection, id, who, ErrorCode::NickTaken, *held);
    if (claim.replaced_on) peers_->replaced(*claim.replaced_on, who);
    spend_and_admit(connection, id, std::move(admission));
}

void Lobby::spend_and_admit(const ConnectionPtr& connection, const Id& id, identity::Admission admission)
{
    if (!admission.spend) return admit_now(connection, id, std::move(admission));
    // The last step before admission: a resume's token is spent only now (see Admission). While
    // the store writes, the connection may close or another player take the nick; both are
    // checked again once it has.
    auto spend = std::move(admission.spend);
    spend([self = shared_from_this(), connection, id,
           admission = std::move(admission)](std::optional<identity::AuthRefusal> refusal) mutable {
        self->on_strand([self, connection, id, admission = std::move(admission), refusal = std::move(refusal)]() mutable {
            const Identity& who = admission.identity;
            const bool gone = !connection->is_open();
            std::optional<std::string> held;
            if (!refusal && !gone) held = self->presence_.held_by_another(who.nick, who.principal);
            if (!refusal && !gone && !held) return self->admit_now(connection, id, std::move(admission));
            if (!self->presence_.online(who.nick))
                self->peers_->release_nick(protocol::nick_skeleton(who.nick), who.principal);
            if (gone) return;
            if (held) refusal = identity::AuthRefusal{ErrorCode::NickTaken, "hello: " + *held};
            spdlog::info("connection {}: hello {} refused: {}", connection->id(), who.nick, refusal->message);
            connection->post([connection, id, refusal = std::move(*refusal)] {
                connection->client->greeting = false;
                reply_error(connection, id, refusal.code, refusal.message);
            });
        });
    });
}

void Lobby::leave_rooms(Online& gone)
{
    for (const auto number : std::set(gone.rooms))
        if (auto* r = room(number)) leave(gone, *r);
}

void Lobby::admit_now(const ConnectionPtr& connection, const Id& id, identity::Admission admission)
{
    const Identity& who = admission.identity;
    if (auto replaced = presence_.go_online(
            Online{who, connection, connection->id(), {}, wall_clock_ms(), connection->ip_address()})) {
        // The same player again (a resume, or a login from another device): the new
        // connection wins, the old one is dropped.
        leave_rooms(*replaced);
        if (auto old_connection = replaced->connection.lock(); old_connection && old_connection != connection)
            old_connection->close(CloseCode::Replaced, "the same player connected again");
    }

    protocol::HelloOk reply;
    reply.nick = who.nick;
    reply.resume_token = std::move(admission.resume_token);
    reply.resumed = admission.resumed;
    reply.guest = who.principal.guest();
    reply.role = who.role;
    reply.tables = presence_.seats(who.principal);
    add_seats_elsewhere(who, reply.tables);
    spdlog::info("connection {}: hello {} ({}{}){}", connection->id(), who.nick,
                 who.principal.guest() ? "guest" : "account",
                 who.principal.guest() ? "" : ", " + std::string(protocol::role_name(who.role)),
                 admission.resumed ? ", resumed" : "");
    connection->post([self = shared_from_this(), connection, id, who, reply = std::move(reply)] {
        Client& client = *connection->client;
        client.greeting = false;
        // Closed while the admission was on its way: the nick goes offline again.
        if (client.closed) return self->disconnected(connection);
        client.identity = who;
        client.anonymous_slot.release(); // no longer one of its address's anonymous sockets
        // A visitor who said hello enters rooms as a member now, and would hear them twice.
        self->forget_onlooker(connection);
        connection->send(protocol::encode_hello_ok(id, reply));
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

void Lobby::enter_room(ConnectionPtr connection, Identity who, Id id, protocol::RoomNumber number)
{
    on_strand([this, connection = std::move(connection), who = std::move(who), id = std::move(id), number] {
        Online* player = presence_.online(who.nick);
        // Disconnected meanwhile, or replaced by the same player's newer connection.
        if (!player || player->connection_id != connection->id()) return;
        const bool opens = !rooms_.contains(number);
        if (opens && protocol::is_tournament_room(number))
            return reply_error(connection, id, ErrorCode::NoSuchRoom,
                               "enter_room: room " + std::to_string(number) + " is the room of tournament " +
                                   std::to_string(*protocol::tournament_of_room(number)) +
                                   ", which is not open (there is no such tournament, or it is over and its room "
                                   "closed)");
        if (opens) {
            // Every ad-hoc or secret room someone opens is state the server keeps while it
            // stands; a player may hold a few at once.
            auto& opened = holdings_[who.principal].rooms_opened;
            const int limit = services_.config.player_limits.max_rooms_opened;
            if (static_cast<int>(opened.size()) >= limit)
                return reply_error(connection, id, ErrorCode::LimitReached,
                                   "enter_room: you have opened " + std::to_string(opened.size()) +
                                       " rooms that still stand, the most one player may (" + std::to_string(limit) +
                                       "); enter an open room, or wait until yours close");
            opened.insert(number);
            room_openers_[number] = who.principal;
        }
        Room& r = open_room(number);
        const std::string key = protocol::nick_key(who.nick);
        const bool listed = r.lists(key); // the player's earlier place may still be in it, on another node
        if (r.add_member(MemberPlace{{}, connection->id()}, key, who.nick, who.principal.guest(), connection)) {
            player->rooms.insert(number);
            if (!listed) {
                r.note_presence_changed();
                schedule_room_update(number);
            }
            peers_->entered(number, who, connection->id());
        }
        connection->send(
            protocol::encode_room(id, r.summary(), r.secret(), r.member_list(), r.tables(), chat_to_repeat(r)));
    });
}

void Lobby::leave(Online& player, Room& r)
{
    const std::string key = protocol::nick_key(player.who.nick);
    if (!r.remove_member(MemberPlace{{}, player.connection_id}, key)) return;
    player.rooms.erase(r.number());
    peers_->left(r.number(), player.who.nick, player.connection_id);
    if (!r.lists(key)) { // else the player stands in it elsewhere still (resumed on another node)
        r.note_presence_changed();
        schedule_room_update(r.number());
    }
    close_room_if_done(r.number());
}

void Lobby::leave_room(ConnectionPtr connection, Identity who, Id id, protocol::RoomNumber number)
{
    on_strand([this, connection = std::move(connection), who = std::move(who), id = std::move(id), number] {
        Online* player = presence_.online(who.nick);
        if (!player) return;
        Room* r = room(number);
        if (!in_room(r, connection->id(), who.nick))
            return reply_error(connection, id, ErrorCode::NotInRoom,
                               "leave_room: you are not in room " + std::to_string(number));
        leave(*player, *r);
        if (id) connection->send(protocol::encode_ok(id));
    });
}

void Lobby::room_members(ConnectionPtr connection, Identity who, Id id, protocol::RoomMembers request)
{
    on_strand([this, connection = std::move(connection), who = std::move(who), id = std::move(id), request] {
        const Room* r = room(request.room);
        if (!in_room(r, connection->id(), who.nick))
            return reply_error(connection, id, ErrorCode::NotInRoom,
                               "room_members: you are not in room " + std::to_string(request.room));
        const auto count = static_cast<std::int64_t>(r->member_count());
        if (request.offset >= count)
            return reply_error(connection, id, ErrorCode::BadRequest,
                               "room_members: offset " + std::to_string(request.offset) + " is past the end of room " +
                                   std::to_string(request.room) + "'s member list (" + std::to_string(count) +
                                   " members, offsets 0 to " + std::to_string(count - 1) + ")");
        connection->send(protocol::encode_room_members(id, r->member_page(request.offset, request.limit)));
    });
}

std::vector<protocol::RoomChatLine> Lobby::chat_to_repeat(const Room& room) const
{
    const auto now = wall_clock_ms();
    std::vector<protocol::RoomChatLine> lines = room.recent_chat();
    std::erase_if(lines, [&](const protocol::RoomChatLine& line) {
        return services_.sanctions.mute(line.from, room.number(), now) || services_.sanctions.nick_ban(line.from, now);
    });
    return lines;
}

void Lobby::room_chat(ConnectionPtr connection, Identity who, Id id, protocol::RoomChat chat)
{
    on_strand([this, connection = std::move(connection), who = std::move(who), id = std::move(id),
               chat = std::move(chat)] {
        Room* r = room(chat.room);
        if (!in_room(r, connection->id(), who.nick))
            return reply_error(connection, id, ErrorCode::NotInRoom,
                               "room_chat: you are not in room " + std::to_string(chat.room));
        if (const auto mute = services_.sanctions.mute(who.nick, chat.room, wall_clock_ms()))
            return connection->send_error(id, ErrorCode::Muted, "room_chat: you are " + sanction_text(*mute),
                                          error_sanction(*mute));
        // Heard only once it is stored, like everything else; the sender hears if it is not.
        services_.writer.submit(
            db::RoomChatted{chat.room, who.nick, chat.text, wall_clock_ms()},
            [self = shared_from_this(), connection, nick = who.nick, id, chat](std::optional<db::StoreError> error) {
                self->on_strand([self, connection, nick, id, chat, error = std::move(error)] {
                    if (error)
                        return reply_error(connection, id, ErrorCode::StorageUnavailable,
                                           "room_chat: the message to room " + std::to_string(chat.room) +
                                               " was not stored (the store is unavailable); try again");
                    if (id) connection->send(protocol::encode_ok(id));
                    if (Room* r = self->room(chat.room)) {
                        r->remember_chat({nick, chat.text, wall_clock_ms()});
                        r->broadcast(shared_frame(protocol::encode_room_chat(chat.room, nick, chat.text)));
                    }
                    self->peers_->room_chatted(chat.room, nick, chat.text);
                });
            });
    });
}

void Lobby::whisper(ConnectionPtr connection, Identity who, Id id, protocol::Whisper whisper)
{
    on_strand([this, connection = std::move(connection), who = std::move(who), id = std::move(id),
               whisper = std::move(whisper)] {
        // A room mute keeps the player from whispering while in that room; a mute everywhere
        // from every whisper.
        if (const Online* sender = presence_.online(who.nick)) {
            const std::vector<std::int64_t> rooms(sender->rooms.begin(), sender->rooms.end());
            if (const auto mute = services_.sanctions.mute_in_any(who.nick, rooms, wall_clock_ms()))
                return connection->send_error(id, ErrorCode::Muted, "whisper: you are " + sanction_text(*mute),
                                              error_sanction(*mute));
        }
        Online* addressee = presence_.online(whisper.to);
        if (auto addressee_connection = addressee ? addressee->connection.lock() : nullptr) {
            addressee_connection->send(protocol::encode_whisper(who.nick, addressee->who.nick, whisper.text));
            if (id) connection->send(protocol::encode_ok(id));
            return;
        }
        // Online on another node, perhaps: its node gets the whisper.
        const std::string skeleton = protocol::nick_skeleton(whisper.to);
        peers_->locate_nick(skeleton, [self = shared_from_this(), connection, who, id,
                                       whisper = std::move(whisper)](std::optional<std::string> node) {
            if (!node)
                return reply_error(connection, id, ErrorCode::NoSuchNick,
                                   "whisper: '" + whisper.to + "' is not online");
            self->peers_->whisper(*node, who.nick, whisper.to, whisper.text);
            if (id) connection->send(protocol::encode_ok(id));
        });
    });
}

void Lobby::open_table(ConnectionPtr connection, Identity who, Id id, protocol::OpenTable open)
{
    on_strand([this, connection = std::move(connection), who = std::move(who), id = std::move(id),
               open = std::move(open)] { open_table_now(connection, who, id, open, std::nullopt); });
}

void Lobby::open_table_now(const ConnectionPtr& connection, const Identity& who, const Id& id,
                           const protocol::OpenTable& open, const std::optional<std::string>& invitee_node)
{
    {
        if (services_.shutting_down)
            return reply_error(connection, id, ErrorCode::ShuttingDown, "the server is shutting down");
        Room* r = room(open.room);
        if (!in_room(r, connection->id(), who.nick))
            return reply_error(connection, id, ErrorCode::NotInRoom,
                               "open_table: enter room " + std::to_string(open.room) + " first");
        if (open.invite) {
            if (const auto error = protocol::nick_error(*open.invite))
                return reply_error(connection, id, ErrorCode::InvalidNick, "open_table: invite: " + *error);
            if (protocol::nick_key(*open.invite) == protocol::nick_key(who.nick))
                return reply_error(connection, id, ErrorCode::AlreadySeated, "open_table: you cannot invite yourself");
            if (!presence_.online(*open.invite) && !invitee_node) {
                // Online on another node, perhaps: its node gets the invitation. Once the peers
                // answer, everything is checked again: the room, the limits, and whether the
                // player came online here meanwhile.
                const std::string skeleton = protocol::nick_skeleton(*open.invite);
                return peers_->locate_nick(
                    skeleton, [self = shared_from_this(), connection, who, id, open](std::optional<std::string> node) {
                        if (!self->presence_.online(*open.invite) && !node)
                            return reply_error(connection, id, ErrorCode::NoSuchNick,
                                               "open_table: invite: '" + *open.invite + "' is not online");
                        self->open_table_now(connection, who, id, open, node);
                    });
            }
        }
        if (open.rated && who.principal.guest())
            return reply_error(connection, id, ErrorCode::RatedNeedsAccount,
                               "open_table: rated games are for players with an account: log in or register, or "
                               "open a casual table");
        if (open.rated && open.time_control.untimed())
            return reply_error(connection, id, ErrorCode::RatedNeedsClock,
                               "open_table: a rated game needs a clock: choose a time control, or open a casual table");
        auto& open_tables = holdings_[who.principal].open_tables;
        const int limit = services_.config.player_limits.max_open_tables;
        if (static_cast<int>(open_tables.size()) >= limit)
            return reply_error(connection, id, ErrorCode::LimitReached,
                               "open_table: you have " + std::to_string(open_tables.size()) +
                                   " tables waiting for an opponent, the most one player may (" +
                                   std::to_string(limit) + "); leave one first");
        const auto table_id = services_.table_ids.next();
        if (!table_id)
            return reply_error(connection, id, ErrorCode::StorageUnavailable,
                               "open_table: no table id could be reserved in the store; try again later");
        Table::Opening asked;
        asked.table = *table_id;
        asked.room = open.room;
        asked.time_control = open.time_control;
        asked.opener_color = open.color;
        asked.invite = open.invite;
        asked.opener = who;
        asked.rated = open.rated;
        asked.setup = open.setup;
        asked.takebacks = open.takebacks;
        const Table::Opening opening = with_chances_drawn(std::move(asked));
        auto table = std::make_shared<Table>(services_, weak_from_this(), opening);
        services_.directory.add(opening.table, table);
        open_tables.insert(opening.table);
        table_openers_[opening.table] = who.principal;
        const auto summary = table->opening_summary();
        r->put_table(summary);
        schedule_room_update(open.room);
        peers_->table_opened(summary);
        if (open.invite) {
            if (const Online* local = presence_.online(*open.invite)) {
                if (auto invited = local->connection.lock(); invited && !in_room(r, local->connection_id, *open.invite))
                    invited->send(protocol::encode_table_opened(summary));
            } else if (invitee_node) {
                peers_->invite(*invitee_node, *open.invite, summary);
            }
        }
        table->seat_opener(connection, who, id);
    }
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

bool Lobby::in_room_of(const Table& table, const ConnectionPtr& connection, const std::string& nick)
{
    return in_room(room(table.room()), connection->id(), nick);
}

bool Lobby::in_room(const Room* r, std::uint64_t connection_id, const std::string& nick)
{
    return r && r->has_member(MemberPlace{{}, connection_id}, protocol::nick_key(nick));
}

void Lobby::refuse_outside_room(const ConnectionPtr& connection, const Id& id, std::string_view request,
                                const Table& table)
{
    reply_error(connection, id, ErrorCode::NotInRoom,
                std::string(request) + ": table " + std::to_string(table.id()) + " stands in room " +
                    std::to_string(table.room()) + "; enter it first");
}

void Lobby::join_table(ConnectionPtr connection, Identity who, Id id, protocol::JoinTable join, std::string text)
{
    on_strand([this, connection = std::move(connection), who = std::move(who), id = std::move(id), join,
               text = std::move(text)]() mutable {
        if (!services_.directory.find(join.table) && peers_->may_stand_elsewhere(join.table))
            return forward_to_owner(connection, who, id, "join_table", join.table, std::move(text));
        auto table = find_table(connection, id, "join_table", join.table);
        if (!table) return;
        if (!in_room_of(*table, connection, who.nick)) return refuse_outside_room(connection, id, "join_table", *table);
        table->join(connection, who, id);
    });
}

void Lobby::watch_table(ConnectionPtr connection, Identity who, Id id, protocol::WatchTable watch, std::string text)
{
    on_strand([this, connection = std::move(connection), who = std::move(who), id = std::move(id), watch,
               text = std::move(text)]() mutable {
        if (!services_.directory.find(watch.table) && peers_->may_stand_elsewhere(watch.table))
            return forward_to_owner(connection, who, id, "watch_table", watch.table, std::move(text));
        auto table = find_table(connection, id, "watch_table", watch.table);
        if (!table) return;
        const bool seated = presence_.seated(who.principal, watch.table);
        // Players always get back to their own game; everyone else must be in the room.
        if (!seated && !in_room_of(*table, connection, who.nick))
            return refuse_outside_room(connection, id, "watch_table", *table);
        table->watch(connection, who, id, watch.since);
    });
}

void Lobby::disconnected(ConnectionPtr connection)
{
    on_strand([this, connection = std::move(connection)] {
        end_challenges_from(connection->id());
        auto gone = presence_.go_offline(connection->id());
        // Not online: its hello was refused, or a resumption on another connection took the nick.
        if (!gone) return;
        leave_rooms(*gone);
        peers_->release_nick(protocol::nick_skeleton(gone->who.nick), gone->who.principal);
    });
}

void Lobby::sign_out(identity::Principal who, std::optional<std::int64_t> session_id, ConnectionPtr keep,
                     std::string reason)
{
    on_strand([this, who, session_id, keep = std::move(keep), reason = std::move(reason)] {
        presence_.for_each([&](const Online& player) {
            if (player.who.principal != who || (session_id && player.who.session_id != *session_id)) return;
            auto connection = player.connection.lock();
            if (connection && connection != keep) connection->close(CloseCode::Normal, reason);
        });
    });
}

void Lobby::table_changed(protocol::TableSummary summary)
{
    on_strand([this, summary = std::move(summary)] {
        // A table that is no longer waiting no longer counts against its opener's limit.
        if (summary.status != protocol::TableStatus::Waiting)
            if (const auto opener = table_openers_.find(summary.table); opener != table_openers_.end()) {
                release(opener->second, [table = summary.table](Holdings& held) { held.open_tables.erase(table); });
                table_openers_.erase(opener);
            }
        Room* r = room(summary.room);
        if (!r || !r->has_table(summary.table)) return;
        r->put_table(summary);
        schedule_room_update(summary.room);
        peers_->table_changed(summary);
    });
}

void Lobby::table_closed(protocol::RoomNumber number, protocol::TableId table)
{
    on_strand([this, number, table] {
        forget_table(table);
        peers_->table_closed(number, table);
        tell_invitee_closed(number, table);
        take_off_list(number, table);
    });
}

void Lobby::table_lost(protocol::RoomNumber number, protocol::TableId table, std::function<void()> then)
{
    on_strand([this, number, table, then = std::move(then)] {
        forget_table(table);
        bool elsewhere = false; // the new owner's summary stands
        for (const auto& [node, had] : remote_nodes_) elsewhere = elsewhere || had.tables.contains({number, table});
        if (!elsewhere) take_off_list(number, table);
        // The node that plays the table now answers the peers' news by saying where it is
        // (correct_stale_word).
        peers_->table_lost(number, table);
        if (then) then();
    });
}

void Lobby::forget_table(protocol::TableId table)
{
    services_.directory.remove(table);
    if (const auto opener = table_openers_.find(table); opener != table_openers_.end()) {
        release(opener->second, [table](Holdings& held) { held.open_tables.erase(table); });
        table_openers_.erase(opener);
    }
}

void Lobby::tell_invitee_closed(protocol::RoomNumber number, protocol::TableId table)
{
    const Room* r = room(number);
    const protocol::TableSummary* summary = r ? r->find_table(table) : nullptr;
    if (!summary || !summary->invite || summary->status != protocol::TableStatus::Waiting) return;
    const Online* invited = presence_.online(*summary->invite);
    if (!invited || in_room(r, invited->connection_id, *summary->invite)) return;
    if (auto connection = invited->connection.lock()) connection->send(protocol::encode_table_closed(number, table));
}

void Lobby::take_off_list(protocol::RoomNumber number, protocol::TableId table)
{
    Room* r = room(number);
    if (!r) return;
    r->remove_table(table);
    schedule_room_update(number);
    close_room_if_done(number);
}

void Lobby::seat_changed(Identity who, protocol::TableId table, bool seated)
{
    on_strand([this, who = std::move(who), table, seated] {
        const std::string key = protocol::nick_skeleton(who.nick);
        if (seated) {
            presence_.seat(who, table);
            // Held across the nodes too: no other player takes the nick on another node while
            // this one sits here, online or away.
            peers_->hold_nick(key, who.principal);
        } else if (presence_.unseat(who, table)) {
            peers_->unhold_nick(key, who.principal);
        }
    });
}

} // namespace rochade::server
