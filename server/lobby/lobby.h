// The lobby: the rooms and which tables stand in them, the opening of tables, and what each
// player holds against the player limits; it dispatches the lobby's requests. Who is online and
// which nicks the seated players hold is its Presence (presence.h); what it tells the other nodes
// of a cluster goes through its LobbyPeers (lobby_peers.h), a LoneNode on a server alone. All of
// it lives on the lobby's strand; every public function posts there, so callers on any strand
// may call them. Who a connection is comes from the Authenticator, which the lobby never
// second-guesses; tables live on their own strands and tell the lobby when their summary or
// seats change.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>

#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>

#include "db/open_challenge_records.h"
#include "protocol/messages.h"
#include "protocol/open_challenge_encode.h"
#include "server/base/asio.h"
#include "server/clients/connection.h"
#include "server/cluster/cluster_link.h"
#include "server/cluster/node_message.h"
#include "server/identity/authenticator.h"
#include "server/identity/principal.h"
#include "server/lobby/challenge_book.h"
#include "server/lobby/game_start.h"
#include "server/lobby/lobby_peers.h"
#include "server/lobby/presence.h"
#include "server/lobby/room.h"
#include "server/moderation/moderation.h"
#include "server/table/table_listener.h"

namespace rochade::server {

struct TableServices;
class Table;

class Lobby final : public TableListener, public std::enable_shared_from_this<Lobby> {
public:
    using Id = std::optional<protocol::RequestId>;
    using ConnectionPtr = std::shared_ptr<Connection>;
    using Identity = identity::Identity;

    // `stopped_tables` takes up the games of the tables whose writes the store refused.
    Lobby(TableServices& services, StoppedTables& stopped_tables);

    // Start-up, before any connection: this server is one node of a cluster (server/cluster/), and
    // the lobby shows the players and tables of the other nodes beside its own.
    void join_cluster(std::shared_ptr<cluster::ClusterLink> link);
    // lobby_cluster.cpp: what another node said (its players entering and leaving rooms, their
    // chat and whispers, its tables), and a node that went silent (what it had leaves the rooms).
    void cluster_message(cluster::NodeMessage message);
    void node_gone(std::string node);
    // Tells every other node this node's members and tables again (a NodeState on the lobby's
    // channel): after the bus was away, when this node's tables are its own again.
    void announce_state();
    // A table of this node that another node holds now (Table::relinquish), or that stopped
    // because the store refused its write: it leaves this node's directory and, unless the new
    // owner's summary stands there already, its room. `then` (optional) runs after, on the strand.
    void table_lost(protocol::RoomNumber room, protocol::TableId table, std::function<void()> then = {});

    // Start-up, before any connection: the restored tables (their rooms are opened if they are
    // not configured ones, and their players' seats and nicks are held for them).
    void restore(const std::vector<std::shared_ptr<Table>>& tables);
    // Start-up, before any connection: what was said lately in the configured rooms and the
    // rooms of tournaments not finished, as the store holds it (read_recent_room_chat, oldest
    // first), so that a restart does not forget it.
    void restore_chat(std::map<protocol::RoomNumber, std::vector<protocol::RoomChatLine>> chat);
    // A table this node took over from the store (from a node that is gone, or again after the
    // store refused its write; restored like one at start-up, its lease held): it stands in its
    // room again, for the other nodes too.
    // `summary` and `players` are read from the table before anything else can reach it.
    void adopt(protocol::TableSummary summary, std::vector<Identity> players);

    // Takes a connection whose identity the authenticator established: the nick goes online
    // (a player already online on another connection is moved to this one, which closes the
    // old one with 4000), unless another player holds the nick, online or by a seat at an
    // unfinished game. Replies hello_ok, or the error.
    void admit(ConnectionPtr connection, Id id, identity::Admission admission);
    void list_rooms(ConnectionPtr connection, Id id);
    void enter_room(ConnectionPtr connection, Identity who, Id id, protocol::RoomNumber room);
    void leave_room(ConnectionPtr connection, Identity who, Id id, protocol::RoomNumber room);
    // One page of a room's member list, to one of its members.
    void room_members(ConnectionPtr connection, Identity who, Id id, protocol::RoomMembers page);
    void room_chat(ConnectionPtr connection, Identity who, Id id, protocol::RoomChat chat);
    void whisper(ConnectionPtr connection, Identity who, Id id, protocol::Whisper whisper);
    void open_table(ConnectionPtr connection, Identity who, Id id, protocol::OpenTable open);
    // `text` is the client's frame, sent on as it is when another node owns the table.
    void join_table(ConnectionPtr connection, Identity who, Id id, protocol::JoinTable join, std::string text);
    void watch_table(ConnectionPtr connection, Identity who, Id id, protocol::WatchTable watch, std::string text);
    // lobby_visitors.cpp: a visitor (a connection without hello) looks into a listed room (it
    // hears the room's news, read only), stops looking, pages its members and watches its tables.
    // Refusals name what a visitor may not do; nothing of it is told to the other nodes.
    void look_into_room(ConnectionPtr connection, Id id, protocol::RoomNumber room);
    void stop_looking(ConnectionPtr connection, Id id, protocol::RoomNumber room);
    void visitor_members(ConnectionPtr connection, Id id, protocol::RoomMembers page);
    void visitor_watch(ConnectionPtr connection, Id id, protocol::WatchTable watch, std::string text);
    // The connection closed or said hello: it looks into no room any more.
    void forget_onlooker(ConnectionPtr connection);
    // Whether a new guest or account could take `nick` now (nobody online or seated holds it);
    // `then` gets the reason it could not, on the lobby's strand. Asked before a guest's session
    // or an account is created, so neither is made for a nick that admission would refuse.
    void nick_available(std::string nick, std::function<void(std::optional<std::string>)> then);
    // The connection closed (or logged out): its nick goes offline and leaves its rooms.
    void disconnected(ConnectionPtr connection);
    // Closes the online connection of `who` (only if it belongs to `session_id`, when given)
    // unless it is `keep`: its session ended elsewhere (a password change, a logout).
    void sign_out(identity::Principal who, std::optional<std::int64_t> session_id, ConnectionPtr keep,
                  std::string reason);

    // lobby_game_start.cpp: starts a game at once between two online players at a new table of
    // this node (a challenge accepted, a quick pairing): the challenger (online here) sits down as
    // its opener and the challenged player, online here or on another node, takes the other
    // seat, reserved for him; each gets the table's state as if he had opened or joined it, and
    // the game starts when the second seat is taken. `done` (on the lobby's strand) gets the
    // table, or why none was opened. The table counts against no player limit.
    void start_game(GameStart start, std::function<void(GameStartResult)> done);
    // The seat a game started on another node keeps for `nick` (online here) is taken, as
    // cluster::SeatAwaits does, unless his connection took it already: for a pool's answer heard
    // again after the first was lost, with the SeatAwaits sent beside it (PoolService).
    void take_seat_awaiting(std::string nick, protocol::TableId table);
    // lobby_pool_tables.cpp: which of these tables (room, table) still run a game here: listed
    // in their room and not finished. For the pools' games-running counts; `answer` runs on the
    // lobby's strand.
    void tables_running(std::vector<std::pair<protocol::RoomNumber, protocol::TableId>> tables,
                        std::function<void(std::set<protocol::TableId>)> answer);
    // lobby_online_players.cpp: which of `nicks` are online on this node, by nick_key, with
    // their identities; `answer` runs on the lobby's strand.
    void online_players(std::vector<std::string> nicks,
                        std::function<void(std::map<std::string, identity::Identity>)> answer);

    // lobby_challenges.cpp: challenges (docs/protocol.md, "Challenges"). A challenge lives on
    // its challenger's node; the challenged player answers on his own node, which sends the
    // answer there.
    void challenge(ConnectionPtr connection, Identity who, Id id, protocol::Challenge challenge);
    void cancel_challenge(ConnectionPtr connection, Identity who, Id id, protocol::CancelChallenge cancel);
    void accept_challenge(ConnectionPtr connection, Identity who, Id id, protocol::AcceptChallenge accept);
    void decline_challenge(ConnectionPtr connection, Identity who, Id id, protocol::DeclineChallenge decline);
    // lobby_open_challenges.cpp: open challenges (docs/protocol.md, "Open challenges"), links kept
    // in the store. show_open_challenge answers visitors too.
    void create_open_challenge(ConnectionPtr connection, Identity who, Id id, protocol::CreateOpenChallenge create);
    void list_open_challenges(ConnectionPtr connection, Identity who, Id id);
    void cancel_open_challenge(ConnectionPtr connection, Identity who, Id id, protocol::CancelOpenChallenge cancel);
    void show_open_challenge(ConnectionPtr connection, Id id, protocol::ShowOpenChallenge show);
    void accept_open_challenge(ConnectionPtr connection, Identity who, Id id, protocol::AcceptOpenChallenge accept);
    // lobby_computer.cpp: a game against the computer (docs/protocol.md, "Playing the computer").
    void play_computer(ConnectionPtr connection, Identity who, Id id, protocol::PlayComputer play);

    // lobby_tournament_rooms.cpp, for the tournament service: a tournament's room
    // (protocol/tournament_room.h) stands under the event's name while the event is not over
    // (opened if it is not open yet); released, it closes once nobody is in it and no table
    // stands in it.
    void hold_tournament_room(protocol::RoomNumber room, std::string name);
    void release_tournament_room(protocol::RoomNumber room);

    // From tables (table/table_listener.h).
    void table_changed(protocol::TableSummary summary) override;
    void table_closed(protocol::RoomNumber room, protocol::TableId table) override;
    // `who` sits (or no longer sits) at `table` since a game started there: while it runs, and
    // after it until the player stands up (or stays away for the grace period). hello_ok lists
    // these tables, their players may watch them again from outside the room, and the nick
    // stays the player's while it is away.
    void seat_changed(Identity who, protocol::TableId table, bool seated) override;
    // Handed to the router, which takes the game up again (table_lost first takes the table off
    // this node's lists).
    void table_stopped(StoppedTable stopped) override { stopped_tables_.table_stopped(std::move(stopped)); }

    // lobby_moderation.cpp: what the moderation service (server/admin/: its desks) asks.
    // Each `done` runs once, on the lobby's strand.
    //
    // A notice from `from` to a room's members, or to everyone online; `done` gets the
    // refusal (no such room), or nothing once sent.
    void send_notice(std::string from, std::optional<protocol::RoomNumber> room, std::string text,
                     std::function<void(std::optional<std::string>)> done);
    // The nick as its player wrote it, if someone online has it.
    void online_nick(std::string nick, std::function<void(std::optional<Identity>)> done);
    // Sends the error (`code`, `message`, the sanction's reason and end) to the connection of
    // the player online with `nick` and closes it with 1008 `close_reason`; `done` gets how
    // many connections were closed.
    void close_player(std::string nick, protocol::ErrorCode code, std::string message, protocol::ErrorSanction sanction,
                      std::string close_reason, std::function<void(int)> done);
    // The online players (with their addresses when asked) and the rooms with their members.
    void live(bool with_addresses, std::function<void(std::vector<OnlinePlayer>, std::vector<LiveRoom>)> done);
    // lobby_cluster.cpp. The other nodes this lobby knows of, each with its tables as the
    // replica has them (a node with none too); none on a server alone. For the live view's
    // question to every node and to find the node of a table to close or adjudicate.
    using Replica = std::map<std::string, std::vector<protocol::TableSummary>>;
    void replica(std::function<void(Replica)> done);

private:
    using Online = Presence::Online;
    // What a player holds that the player limits count.
    struct Holdings {
        std::set<protocol::TableId> open_tables;     // opened, still waiting for an opponent
        std::set<protocol::RoomNumber> rooms_opened; // ad-hoc and secret rooms opened, still standing
    };

    // What another node has in this lobby's rooms.
    struct RemoteMember {
        protocol::RoomNumber room = 0;
        std::string nick_key;
        std::uint64_t connection = 0; // on that node
        friend auto operator<=>(const RemoteMember&, const RemoteMember&) = default;
    };
    struct RemoteNode {
        std::set<RemoteMember> members;
        std::set<std::pair<protocol::RoomNumber, protocol::TableId>> tables;
    };

    template <class Work> void on_strand(Work work);
    // A restored table's summary goes into its room; its players' seats and nicks are held.
    void place_restored(const protocol::TableSummary& summary, const std::vector<Identity>& players);
    // A player who went offline (Presence::go_offline, go_online) leaves its rooms; its
    // connection is not closed here.
    void leave_rooms(Online& gone);
    static void refuse_hello(const ConnectionPtr& connection, const Id& id, const Identity& who,
                             protocol::ErrorCode code, const std::string& message);
    // What the peers said of the nick (at once on a lone node): admit() goes on, or refuses.
    void nick_claimed(const ConnectionPtr& connection, const Id& id, identity::Admission admission,
                      const cluster::NickClaim& claim);
    // The rest of admit(), once the nick is known to be this principal's (across the cluster too).
    // Spends a resume's token (Admission::spend), then admits; a refusal from the store is the reply.
    void spend_and_admit(const ConnectionPtr& connection, const Id& id, identity::Admission admission);
    void admit_now(const ConnectionPtr& connection, const Id& id, identity::Admission admission);
    // lobby_cluster.cpp, on the strand.
    void remote_entered(const std::string& node, const cluster::RoomMember& member);
    void remote_left(const std::string& node, protocol::RoomNumber room, const std::string& nick,
                     std::uint64_t connection);
    void remote_table(const std::string& node, const protocol::TableSummary& summary);
    void remote_table_closed(const std::string& node, protocol::RoomNumber room, protocol::TableId table);
    // When another node's word about `table` is stale (this node plays it now): says again, to
    // every node, that the table is here. True if this node plays the table.
    bool correct_stale_word(protocol::RoomNumber room, protocol::TableId table);
    void forget_node(const std::string& node);
    cluster::NodeState local_state() const;
    // The running games of other nodes where `who`'s nick sits, added to `tables` (hello_ok).
    void add_seats_elsewhere(const Identity& who, std::vector<protocol::TableId>& tables);
    // join_table or watch_table (`request`) for a table another node owns: checked against the
    // rooms here, then sent to the owner.
    void forward_to_owner(const ConnectionPtr& connection, const Identity& who, const Id& id, std::string_view request,
                          protocol::TableId table, std::string text, int attempt = 0);
    // open_table on the strand; `invitee_node` is the node where the invited player is online
    // when not this one (asked of the peers when the player is not online here).
    void open_table_now(const ConnectionPtr& connection, const Identity& who, const Id& id,
                        const protocol::OpenTable& open, const std::optional<std::string>& invitee_node);
    Room* room(protocol::RoomNumber number);
    // lobby_game_start.cpp, on the strand.
    void start_game_now(const GameStart& start, const std::optional<std::string>& challenged_node,
                        const std::function<void(GameStartResult)>& done);
    // The room a started game's table stands in, or nothing when there is none to choose.
    std::optional<protocol::RoomNumber> room_for_start(const GameStart& start, const Online& challenger) const;
    // lobby_challenges.cpp, on the strand.
    // `setting_read`: the challenged player's challenge setting admitted it (it is read first).
    void challenge_now(const ConnectionPtr& connection, const Identity& who, const Id& id,
                       const protocol::Challenge& challenge, const std::optional<std::string>& challenged_node,
                       bool setting_read = false);
    void challenge_relayed(const cluster::ChallengeRelay& relay);
    // Reads `challenged`'s challenge setting from his account (a guest's admits everyone) and
    // calls `then` on the strand with nothing when it admits a challenge from a guest
    // (`from_guest`) or a registered player, or with the refusal (challenges_refused, or
    // storage_unavailable when the store cannot be read). Run where the challenged player is.
    struct ChallengeSettingRefusal {
        protocol::ErrorCode code;
        std::string message;
    };
    void read_challenge_setting(const Identity& challenged, bool from_guest,
                                std::function<void(std::optional<ChallengeSettingRefusal>)> then);
    // A relayed offer, once the setting was read: delivered, or refused back to its node.
    void deliver_relayed_challenge(const cluster::ChallengeRelay& relay,
                                   std::optional<ChallengeSettingRefusal> refusal);
    // The challenged player hears `frame` (on this node, or through his node) and the challenge
    // is over for him.
    void tell_challenged(const StandingChallenge& challenge, const std::string& frame);
    void expire_challenge(const protocol::ChallengeId& id, std::string_view why);
    // The challenged player `accepter` accepted: the game starts (start_game).
    void start_challenge_game(StandingChallenge challenge);
    // The room's recent chat as the `room` reply repeats it: without the lines of those muted
    // in the room or banned now, so that a moderator's sanction also takes the offender's words
    // out of what newcomers read (while it stands).
    std::vector<protocol::RoomChatLine> chat_to_repeat(const Room& room) const;
    // Refuses `request` (with the sanction) when `who` is banned, or muted in any room: true then.
    bool refuse_sanctioned(const ConnectionPtr& connection, const Id& id, const Identity& who, const Online& sender,
                           std::string_view request);
    // lobby_open_challenges.cpp, on the strand. A new link is stored, then its token is shown.
    void store_open_challenge(const ConnectionPtr& connection, const Identity& who, const Id& id,
                              const protocol::CreateOpenChallenge& create, std::int64_t now);
    void accept_open_challenge_now(const ConnectionPtr& connection, const Identity& who, const Id& id,
                                   const db::OpenChallengeRecord& link);
    // On the creator's node: an accepter on another node (ChallengeRelay::Kind::OpenAccepted).
    void open_challenge_relayed(const cluster::ChallengeRelay& relay);
    // On the creator's node: the link is claimed in the store (one accepter wins), then its game
    // starts. `accepter_node` is where the accepter is online, when not here.
    void claim_open_challenge(const db::OpenChallengeRecord& link, const std::string& accepter, bool accepter_guest,
                              const std::optional<std::string>& accepter_node);
    void start_open_challenge_game(const protocol::OpenChallengeView& link, const std::string& accepter,
                                   const std::optional<std::string>& accepter_node);
    // The accepter hears `frame` on this node, or through his node.
    void tell_accepter(const std::string& accepter, const std::optional<std::string>& node, const std::string& frame);
    // The challenges sent from this connection end: it closed.
    void end_challenges_from(std::uint64_t connection);
    void send_to_player(const std::string& nick, const std::string& frame);
    // A game started on another node awaits `nick` (cluster::SeatAwaits): its join goes there.
    void take_awaiting_seat(const std::string& nick, protocol::TableId table);
    Room& open_room(protocol::RoomNumber number);
    void leave(Online& player, Room& room);
    // A table of this node that closed or went to another node: out of the directory and the
    // opener's holdings; and out of its room's list.
    void forget_table(protocol::TableId table);
    void take_off_list(protocol::RoomNumber number, protocol::TableId table);
    // A table that closes while its invitation stands: the invited player, online here and not
    // in its room (who got table_opened), gets table_closed, so the invitation leaves the page.
    void tell_invitee_closed(protocol::RoomNumber number, protocol::TableId table);
    void close_room_if_done(protocol::RoomNumber number);
    // The room has something in its batch: its members hear it when the update timer fires.
    void schedule_room_update(protocol::RoomNumber number);
    void send_room_updates();
    // Applies `change` to what `holder` holds, and forgets a holder that holds nothing.
    template <class Change> void release(const identity::Principal& holder, Change change);
    // The table with this id, or nullptr after replying no_such_table to `request`.
    std::shared_ptr<Table> find_table(const ConnectionPtr& connection, const Id& id, std::string_view request,
                                      protocol::TableId table_id);
    // Whether this connection of `nick` (not the nick: it may stand in the room on another node
    // too) is in the table's room, or in `r`.
    bool in_room_of(const Table& table, const ConnectionPtr& connection, const std::string& nick);
    static bool in_room(const Room* r, std::uint64_t connection_id, const std::string& nick);
    static void refuse_outside_room(const ConnectionPtr& connection, const Id& id, std::string_view request,
                                    const Table& table);
    static void reply_error(const ConnectionPtr& connection, const Id& id, protocol::ErrorCode code,
                            std::string message);

    TableServices& services_;
    StoppedTables& stopped_tables_;
    net::strand<net::io_context::executor_type> strand_;
    // Who is online and the nicks held for seated players (keyed by the nick's skeleton); rooms
    // keep their members by nick key.
    Presence presence_;
    std::map<identity::Principal, Holdings> holdings_;
    std::map<protocol::TableId, identity::Principal> table_openers_;   // waiting tables, by opener
    std::map<protocol::RoomNumber, identity::Principal> room_openers_; // standing ad-hoc rooms
    std::map<protocol::RoomNumber, Room> rooms_;
    // Room updates: the rooms with a pending batch, and one timer on the lobby's strand that
    // sends them all. It runs only while some room has news, so an idle server never wakes.
    std::set<protocol::RoomNumber> rooms_to_update_;
    net::steady_timer room_update_timer_;
    bool room_update_armed_ = false;
    // The other nodes: a LoneNode until join_cluster(), and on a server alone for ever.
    std::unique_ptr<LobbyPeers> peers_;
    // Players (nick keys) whose new challenge link is being counted and stored: a second request
    // meanwhile is refused, so that two at once cannot both pass the limit (a nick is online on
    // one node only, so one node's set is enough).
    std::set<std::string> open_challenges_in_making_;
    // What the other nodes have in the rooms (lobby_cluster.cpp); empty on a server alone.
    std::map<std::string, RemoteNode> remote_nodes_; // by node id
    ChallengeBook challenges_;
};

template <class Work> void Lobby::on_strand(Work work)
{
    net::post(strand_, [self = shared_from_this(), work = std::move(work)]() mutable { work(); });
}

} // namespace rochade::server
