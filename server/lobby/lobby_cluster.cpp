// The lobby's replica of a cluster: what the other nodes tell it is here (what it tells them goes
// through its LobbyPeers, one call where each change happens in lobby.cpp; on the bus in
// cluster_peers.cpp). Remote players are room members without a connection (Room::broadcast
// skips them), remote tables are summaries in the rooms' lists; `remote_nodes_` remembers which
// node has which, so that a node that goes silent takes them with it. On a server alone the
// replica stays empty.
#include <spdlog/spdlog.h>

#include "protocol/encode.h"
#include "protocol/nick.h"
#include "server/base/wall_clock.h"
#include "server/clients/client.h"
#include "server/lobby/cluster_peers.h"
#include "server/lobby/lobby.h"
#include "server/table/table_directory.h"
#include "server/table/table_services.h"

namespace rochade::server {

using protocol::ErrorCode;

namespace {

// How long a join or watch of a table this node has not heard of waits for the news, at most
// table_news_waits times: a table's announcement crosses the bus in a millisecond or two.
constexpr std::chrono::milliseconds table_news_wait{50};
constexpr int table_news_waits = 6;

} // namespace

void Lobby::join_cluster(std::shared_ptr<cluster::ClusterLink> link)
{
    // Before any connection, like restore(): nothing else touches the lobby yet, and every
    // table in the rooms is this node's (restored).
    for (const auto& [number, r] : rooms_)
        for (const auto& table : r.tables()) link->hold_table(table.table);
    peers_ = std::make_unique<ClusterPeers>(std::move(link), strand_);
}

void Lobby::cluster_message(cluster::NodeMessage message)
{
    on_strand([this, message = std::move(message)] {
        std::visit(
            [this](const auto& m) {
                using Message = std::decay_t<decltype(m)>;
                if constexpr (std::is_same_v<Message, cluster::NodeUp>) {
                    peers_->send_state(m.node, local_state());
                } else if constexpr (std::is_same_v<Message, cluster::NodeState>) {
                    forget_node(m.node);
                    remote_nodes_[m.node]; // known, even with nothing in the rooms
                    for (const auto& member : m.members) remote_entered(m.node, member);
                    for (const auto& table : m.tables) remote_table(m.node, table);
                } else if constexpr (std::is_same_v<Message, cluster::Entered>) {
                    remote_entered(m.node, m.member);
                } else if constexpr (std::is_same_v<Message, cluster::Left>) {
                    remote_left(m.node, m.room, m.nick, m.connection);
                } else if constexpr (std::is_same_v<Message, cluster::RoomChatted>) {
                    if (Room* r = room(m.room)) {
                        r->remember_chat({m.nick, m.text, wall_clock_ms()});
                        r->broadcast(
                            std::make_shared<const std::string>(protocol::encode_room_chat(m.room, m.nick, m.text)));
                    }
                } else if constexpr (std::is_same_v<Message, cluster::TableChanged>) {
                    remote_table(m.node, m.summary);
                } else if constexpr (std::is_same_v<Message, cluster::TableClosed>) {
                    remote_table_closed(m.node, m.room, m.table);
                } else if constexpr (std::is_same_v<Message, cluster::Whispered>) {
                    // The sender's node found this node holding the nick; if the player left
                    // meanwhile the whisper is lost, as on one node a moment later.
                    if (Online* addressee = presence_.online(m.to))
                        if (auto connection = addressee->connection.lock())
                            connection->send(protocol::encode_whisper(m.from, addressee->who.nick, m.text));
                } else if constexpr (std::is_same_v<Message, cluster::Replaced>) {
                    const std::string skeleton = protocol::nick_skeleton(m.nick);
                    const Online* found = presence_.online_as(skeleton);
                    if (!found || cluster::principal_text(found->who.principal) != m.principal) return;
                    // The other node holds the nick's lease now: this one lets it go unreleased.
                    peers_->forget_nick(skeleton);
                    auto gone = presence_.go_offline(found->connection_id);
                    if (!gone) return;
                    leave_rooms(*gone);
                    if (auto connection = gone->connection.lock())
                        connection->close(CloseCode::Replaced, "the same player connected again");
                } else if constexpr (std::is_same_v<Message, cluster::Invited>) {
                    // As on one node: the invitation reaches the player unless they are in the
                    // table's room already, where its summary reaches them anyway.
                    if (const Online* invited = presence_.online(m.nick))
                        if (auto connection = invited->connection.lock();
                            connection && !in_room(room(m.summary.room), invited->connection_id, m.nick))
                            connection->send(protocol::encode_table_opened(m.summary));
                } else if constexpr (std::is_same_v<Message, cluster::SeatAwaits>) {
                    take_awaiting_seat(m.nick, m.table);
                } else if constexpr (std::is_same_v<Message, cluster::ChallengeRelay>) {
                    challenge_relayed(m);
                } else if constexpr (std::is_same_v<Message, cluster::Heartbeat>) {
                    // The node keeps heartbeats to itself.
                }
            },
            message);
    });
}

void Lobby::adopt(protocol::TableSummary summary, std::vector<Identity> players)
{
    on_strand([this, summary = std::move(summary), players = std::move(players)] {
        // The gone node's summary may still stand here (its node_gone comes from another strand).
        for (auto& [node, had] : remote_nodes_) had.tables.erase({summary.room, summary.table});
        place_restored(summary, players);
        schedule_room_update(summary.room);
        peers_->table_changed(summary);
    });
}

void Lobby::announce_state()
{
    on_strand([this] { peers_->announce_state(local_state()); });
}

void Lobby::node_gone(std::string node)
{
    on_strand([this, node = std::move(node)] {
        forget_node(node);
        remote_nodes_.erase(node);
    });
}

// A remote member is its connection on its node, so a player who resumed on another node and
// entered the room there before the old node's `left` arrived keeps the new place when it does.
void Lobby::remote_entered(const std::string& node, const cluster::RoomMember& member)
{
    const std::string key = protocol::nick_key(member.nick);
    Room& r = open_room(member.room); // an ad-hoc room opened on another node opens here too
    const bool listed = r.lists(key);
    if (!r.add_member(MemberPlace{node, member.connection}, key, member.nick, member.guest, nullptr)) return;
    remote_nodes_[node].members.insert(RemoteMember{member.room, key, member.connection});
    if (listed) return; // the list shows the nick once
    r.note_presence_changed();
    schedule_room_update(member.room);
}

void Lobby::remote_left(const std::string& node, protocol::RoomNumber number, const std::string& nick,
                        std::uint64_t connection)
{
    const std::string key = protocol::nick_key(nick);
    auto& remote = remote_nodes_[node];
    if (!remote.members.erase(RemoteMember{number, key, connection})) return;
    Room* r = room(number);
    if (!r || !r->remove_member(MemberPlace{node, connection}, key)) return;
    if (!r->lists(key)) {
        r->note_presence_changed();
        schedule_room_update(number);
    }
    close_room_if_done(number);
}

void Lobby::remote_table(const std::string& node, const protocol::TableSummary& summary)
{
    if (correct_stale_word(summary.room, summary.table)) return;
    // A table taken over moves from its old node's set to its new one's, so that the old
    // node's later news (it closing, or going) does not take it away.
    for (auto& [other, had] : remote_nodes_)
        if (other != node) had.tables.erase({summary.room, summary.table});
    remote_nodes_[node].tables.emplace(summary.room, summary.table);
    open_room(summary.room).put_table(summary);
    schedule_room_update(summary.room);
}

bool Lobby::correct_stale_word(protocol::RoomNumber number, protocol::TableId table)
{
    if (!services_.directory.find(table)) return false;
    // This node plays the table, so it holds the lease: the other node's word is stale (it was
    // cut off from the bus and has not yet noticed that the table was taken over, or it has just
    // noticed and says it no longer has the table). Say again where the table is, for every node
    // that heard the stale word: one of them may have heard the other node claim the table in a
    // state sent to it alone, which this node never saw.
    if (const Room* r = room(number))
        if (const auto* listed = r->find_table(table)) peers_->table_changed(*listed);
    return true;
}

void Lobby::remote_table_closed(const std::string& node, protocol::RoomNumber number, protocol::TableId table)
{
    if (correct_stale_word(number, table)) return;
    if (!remote_nodes_[node].tables.erase({number, table})) return;
    tell_invitee_closed(number, table);
    Room* r = room(number);
    if (!r) return;
    r->remove_table(table);
    schedule_room_update(number);
    close_room_if_done(number);
}

void Lobby::forget_node(const std::string& node)
{
    const auto found = remote_nodes_.find(node);
    if (found == remote_nodes_.end()) return;
    const RemoteNode gone = std::exchange(found->second, {});
    for (const auto& member : gone.members)
        if (Room* r = room(member.room); r && r->remove_member(MemberPlace{node, member.connection}, member.nick_key)) {
            r->note_presence_changed();
            schedule_room_update(member.room);
        }
    for (const auto& [number, table] : gone.tables)
        if (Room* r = room(number)) {
            r->remove_table(table);
            schedule_room_update(number);
        }
    std::set<protocol::RoomNumber> touched;
    for (const auto& member : gone.members) touched.insert(member.room);
    for (const auto& table : gone.tables) touched.insert(table.first);
    for (const auto number : touched) close_room_if_done(number);
    if (!gone.members.empty() || !gone.tables.empty())
        spdlog::info("cluster: node {}'s {} room member(s) and {} table(s) left the lobby", node, gone.members.size(),
                     gone.tables.size());
}

cluster::NodeState Lobby::local_state() const
{
    cluster::NodeState state;
    presence_.for_each([&](const Online& player) {
        for (const auto number : player.rooms)
            state.members.push_back(
                cluster::RoomMember{number, player.who.nick, player.who.principal.guest(), player.connection_id});
    });
    std::set<protocol::TableId> remote;
    for (const auto& [node, had] : remote_nodes_)
        for (const auto& [number, table] : had.tables) remote.insert(table);
    for (const auto& [number, r] : rooms_)
        for (const auto& table : r.tables())
            if (!remote.contains(table.table)) state.tables.push_back(table);
    return state;
}

void Lobby::forward_to_owner(const ConnectionPtr& connection, const Identity& who, const Id& id,
                             std::string_view request, protocol::TableId table_id, std::string text, int attempt)
{
    // Where the table stands, as its node told this one.
    // A few rooms, each a map of tables: no walk over every table of the cluster.
    std::optional<protocol::TableSummary> found;
    for (const auto& [number, r] : rooms_)
        if (const auto* listed = r.find_table(table_id)) {
            for (const auto& [node, had] : remote_nodes_)
                if (had.tables.contains({number, table_id})) found = *listed;
            break;
        }
    if (!found && attempt < table_news_waits) {
        // The table's node may have opened it a moment ago and its news be still on the bus (a
        // player who follows an invitation or a link at once): ask again shortly before refusing.
        auto timer = std::make_shared<net::steady_timer>(strand_, table_news_wait);
        timer->async_wait([self = shared_from_this(), timer, connection, who, id, request = std::string(request),
                           table_id, text = std::move(text), attempt](const boost::system::error_code& error) mutable {
            if (!error) self->forward_to_owner(connection, who, id, request, table_id, std::move(text), attempt + 1);
        });
        return;
    }
    if (!found)
        return reply_error(connection, id, ErrorCode::NoSuchTable,
                           std::string(request) + ": there is no table " + std::to_string(table_id));
    // Players always get back to their own game (the owner checks the seat's principal);
    // everyone else must be in the room.
    const bool named_player = found->white == who.nick || found->black == who.nick;
    const Room* r = room(found->room);
    // A visitor watches from its place as the room's onlooker (lobby_visitors.cpp).
    const bool present =
        who.principal.visitor() ? r && r->has_onlooker(connection->id()) : in_room(r, connection->id(), who.nick);
    if (!present && !(request == "watch_table" && named_player))
        return reply_error(connection, id, ErrorCode::NotInRoom,
                           std::string(request) + ": table " + std::to_string(table_id) + " stands in room " +
                               std::to_string(found->room) + "; enter it first");
    connection->post([connection, table_id] { connection->client->tables.insert(table_id); });
    peers_->forward(table_id, connection->id(), who, std::move(text),
                    [connection, id, request = std::string(request), table_id](bool sent) {
                        if (!sent)
                            connection->send_error(id, ErrorCode::NoSuchTable,
                                                   request + ": there is no table " + std::to_string(table_id));
                    });
}

void Lobby::replica(std::function<void(Replica)> done)
{
    on_strand([this, done = std::move(done)] {
        Replica replica;
        for (const auto& [node, had] : remote_nodes_) {
            auto& tables = replica[node];
            for (const auto& [number, table_id] : had.tables)
                if (const Room* r = room(number))
                    if (const auto* summary = r->find_table(table_id)) tables.push_back(*summary);
        }
        done(std::move(replica));
    });
}

void Lobby::add_seats_elsewhere(const Identity& who, std::vector<protocol::TableId>& tables)
{
    // By nick: a nick is one principal's while it sits at a game (held nicks), and the owner
    // checks the principal when the player comes back to the seat.
    for (const auto& [node, had] : remote_nodes_)
        for (const auto& [number, table_id] : had.tables)
            if (const Room* r = room(number))
                if (const auto* summary = r->find_table(table_id);
                    summary && summary->status == protocol::TableStatus::Playing &&
                    (summary->white == who.nick || summary->black == who.nick))
                    tables.push_back(table_id);
}

} // namespace rochade::server
