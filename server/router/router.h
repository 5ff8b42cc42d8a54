// The router: the ConnectionHandler behind every WebSocket session. It decodes each frame
// (protocol::decode), answers what it can on the connection's own strand (ping, errors), and
// hands the rest to the owner of the state it touches: the lobby strand for identity, rooms
// and opening tables; a table's strand for everything at that table.
#pragma once

#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "db/records.h"
#include "db/tournament_records.h"
#include "protocol/messages.h"
#include "server/base/asio.h"
#include "server/clients/connection.h"
#include "server/config/server_config.h"
#include "server/identity/authenticator.h"
#include "server/identity/principal.h"
#include "server/moderation/moderation.h"
#include "server/table/game_feed.h"
#include "server/table/table_listener.h"
#include "server/table/table_services.h"

namespace rochade::db {
class ReadThread;
class StoreWriter;
} // namespace rochade::db

namespace rochade::server {

namespace engines {
class EnginePool;
}
namespace cluster {
class ClusterLink;
} // namespace cluster

class AddressSlots;
class FlagAnalysis;
class IdAllocator;
class Lobby;
class PoolService;
class TournamentService;
class Sanctions;
class TableDirectory;
struct Metrics;
struct TableServices;

class Router final : public ConnectionHandler, public StoppedTables {
public:
    // What the router and its tables use of the rest of the server; all outlive the router.
    struct Services {
        db::StoreWriter& writer;
        db::ReadThread& reads;
        FlagAnalysis& flag_analysis;
        IdAllocator& table_ids;
        IdAllocator& game_ids;
        identity::Authenticator& authenticator;
        Metrics& metrics;
        const Sanctions& sanctions;
        // Builds the moderation service over the router's lobby and tables, once, while the router
        // is built; it must outlive the router. From the wiring: the service (server/admin/) sits
        // beside the router, not below it, so the router knows only its interface.
        std::function<Moderation&(std::shared_ptr<Lobby> lobby, TableDirectory& tables)> build_moderation;
        // The computer's engines; none: play_computer is refused (engines_busy).
        engines::EnginePool* engines = nullptr;
    };
    Router(net::io_context& io, Services services, const ServerConfig& config);
    ~Router() override;

    // What the store holds at start-up (db::StoreReader reads it).
    struct StoredState {
        std::vector<db::UnfinishedGame> unfinished_games;
        // The table events of each unfinished game, by game id (for the draw offer that stood).
        std::map<std::int64_t, std::vector<db::TableEvent>> game_events;
    };
    // The tournaments in the store, to their service (server/tournaments/). Call once, before the
    // listener accepts; on every node (in a cluster each node keeps them all, and runs those whose
    // lease it holds: docs/tournaments.md, "Several nodes").
    void restore_tournaments(std::vector<db::TournamentLog> tournaments);
    // Rebuilds the tables of games that were running when the server stopped. Call once,
    // before the listener accepts.
    void restore(StoredState stored);
    // Stops the game side for shutdown: timers are cancelled and no new moves are accepted;
    // what is already submitted to the writer still commits. (The server stops the flag
    // analysis itself.)
    void shut_down();

    // This server is one node of a cluster (server/cluster/): its lobby joins the others', and
    // requests for tables of other nodes go to their owners. Before the listener accepts.
    void join_cluster(std::shared_ptr<cluster::ClusterLink> link);
    // From the node: a remote client's frame for one of this node's tables, dispatched as if it
    // were one of ours (the client's node checked what needs its state: the room); and a remote
    // client that is gone from `table`.
    void remote_request(const std::shared_ptr<Connection>& client, protocol::TableId table, std::string text);
    void remote_gone(const std::shared_ptr<Connection>& client, protocol::TableId table);
    // Restores here the unfinished games in the store whose tables no node holds (their node is
    // gone, or the whole cluster restarted), each once this node has taken its lease: at start-up
    // in a cluster (instead of restore()) and after a node is gone.
    void adopt_orphans();
    // The periodic safety net (cluster.orphan_sweep_ms): lists the running games in the store,
    // and only if one of them is neither here nor announced by a live node does adopt_orphans()
    // run. A lease that expired without its node being given up (a node cut off and back) is
    // thus found, at the cost of one light query per sweep when all is well.
    void sweep_orphans();
    // The node lost `table`'s lease to another node: the table stops here.
    void table_lost(protocol::TableId table);
    // router_takeover.cpp: a table stopped because the store refused its writes
    // (server/table/table_listener.h): it leaves the lobby, and unless another node of the cluster
    // has its game now, the game is taken over here again from the store.
    void table_stopped(StoppedTable stopped) override;

    void on_open(const std::shared_ptr<Connection>& connection) override;
    void on_message(const std::shared_ptr<Connection>& connection, std::string_view text) override;
    void on_close(const std::shared_ptr<Connection>& connection) override;

    // Closes the connections of `who` (only those of `session_id` when given) but `keep`: a
    // password changed or a session ended elsewhere (the HTTP account endpoints).
    void sign_out(identity::Principal who, std::optional<std::int64_t> session_id, std::shared_ptr<Connection> keep,
                  std::string reason);
    // `then` gets nothing when a new guest or account may take `nick` now, else the refusal
    // naming `what` (on the lobby's strand): asked before the session or the account is made.
    void nick_available(const std::string& nick, std::string what,
                        std::function<void(std::optional<identity::AuthRefusal>)> then);

    // Admits a connection whose identity was established without a hello (a bot's session, whose
    // personal token the Bot API checked): the lobby admits it as a hello's, and its hello_ok (or
    // error) carries the id "bot-hello". On the connection's strand, after on_open.
    void admit_established(const std::shared_ptr<Connection>& connection, identity::Identity who);

    std::shared_ptr<Lobby> lobby() const { return lobby_; }
    std::shared_ptr<PoolService> pools() const { return pools_; }

private:
    using Id = std::optional<protocol::RequestId>;
    using ConnectionPtr = std::shared_ptr<Connection>;

    // router_identity.cpp: hello, register, logout and change_password, through the
    // authenticator; an identity it establishes goes to the lobby to be admitted.
    void hello(const ConnectionPtr& connection, Id id, protocol::Hello hello);
    void register_account(const ConnectionPtr& connection, Id id, protocol::Register account);
    void logout(const ConnectionPtr& connection, Id id);
    void change_password(const ConnectionPtr& connection, Id id, protocol::ChangePassword change);
    // router_visitors.cpp: a request from a connection that has not said hello (a visitor), who
    // may only look: list and look into rooms, page their members, watch and stop watching.
    void visitor_request(const ConnectionPtr& connection, Id id, protocol::ClientMessage message,
                         std::string_view text);
    // A moderator's notice, through the moderation service.
    void notice(const ConnectionPtr& connection, Id id, protocol::Notice notice);
    // Room chat, whispers and table chat count against player_limits.chat_messages_per_minute;
    // false (and the error sent) when this one is over it.
    bool chat_allowed(const ConnectionPtr& connection, const Id& id, std::string_view type);
    // router_takeover.cpp: takes game `game_id` (read with owner epoch `read_epoch`) of table
    // `table` over from the store, once per table at a time: raises the stored epoch
    // (db::GameClaimed), reads the game again and restores its table here. In a cluster the
    // caller holds the table's lease, and a take-over that fails lets it go.
    void take_over(protocol::TableId table, std::int64_t game_id, std::int64_t read_epoch);
    void taken_over(protocol::TableId table, db::UnfinishedGame game, std::vector<db::TableEvent> events);
    void take_over_failed(protocol::TableId table, const std::string& why);
    // True, and the table marked, unless a take-over of it is under way already.
    bool start_take_over(protocol::TableId table);
    // router_cluster.cpp: a frame for a table this node does not have goes to its owner.
    void forward(const ConnectionPtr& connection, Id id, std::string_view type, protocol::TableId table,
                 std::string_view text);

    net::io_context& io_;
    const ServerConfig& config_;
    std::shared_ptr<TableDirectory> tables_;
    std::unique_ptr<GameFeed> game_feed_; // before services_, which holds it
    std::unique_ptr<TableServices> services_;
    std::shared_ptr<Lobby> lobby_;
    std::shared_ptr<PoolService> pools_; // quick pairing: server/pools/
    std::shared_ptr<TournamentService> tournaments_service_; // server/tournaments/
    identity::Authenticator& authenticator_;
    std::shared_ptr<AddressSlots> anonymous_; // connections without hello, per address
    Moderation& moderation_;                  // the WebSocket's moderation requests and `notice` go through it
    std::shared_ptr<cluster::ClusterLink> cluster_; // none on a server alone
    // The tables being taken over from the store now (adopt_orphans and table_stopped may ask
    // for one twice: the second would find the first's epoch and give the lease away).
    std::mutex taking_over_mutex_;
    std::set<protocol::TableId> taking_over_;
    // The watchers of a table being taken up again, closed (1012) once it stands again or failed.
    std::map<protocol::TableId, StoppedTable> closing_after_take_over_;
    // Closes the watchers kept for `table` (take_over's end, whichever it was).
    void close_stopped_watchers(protocol::TableId table);
};

} // namespace rochade::server
