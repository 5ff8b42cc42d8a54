// The moderation service: the one implementation of server::Moderation (server/moderation/moderation.h).
// It owns no game state: it checks the asker's role and the request, then asks the owners of
// the state (the lobby's strand for players, rooms and notices; a table's strand for closing
// it or adjudicating its game; the Sanctions registry once the store committed a sanction) and
// writes one audit line per request through the store's writer, done or refused. A sanction
// and its audit line are one submission: both stored, or neither and the request refused.
//
// Built by the Server after the router and the sessions; every callback it hands out runs on
// a strand or the store's threads, all of which stop before the Server drops it.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "server/cluster/node_message.h"
#include "server/moderation/moderation.h"
#include "server/asio.h"

namespace rochade::db {
class ReadThread;
class StoreWriter;
} // namespace rochade::db

namespace rochade::server {

namespace cluster {
class ClusterLink;
class NodeAsks;
} // namespace cluster

class Lobby;
class Table;
class Sanctions;
class SessionRegistry;
class TableDirectory;

struct ModerationServices {
    std::shared_ptr<Lobby> lobby;
    TableDirectory& tables;
    db::StoreWriter& writer;
    db::ReadThread& reads;     // is a nick registered?
    Sanctions& sanctions;      // changed here only, after the store committed
    SessionRegistry& sessions; // every live WebSocket, for closing those from a banned address
};

// The most a mute or a ban for a time may last: ten years. Longer is "for good" (bans only).
inline constexpr std::int64_t max_sanction_ms = 10LL * 366 * 24 * 3600 * 1000;

// An audit line's detail as JSON text; text that is not valid UTF-8 is replaced, never thrown over.
std::string audit_detail_text(const nlohmann::json& detail);

class ModerationService final : public Moderation {
public:
    explicit ModerationService(ModerationServices services);

    void act(identity::Identity who, std::string address, ModerationRequest request,
             std::function<void(ModerationResult)> done) override;
    void log_refusal(identity::Identity who, std::string address, std::string action, std::string target,
                     std::string message) override;
    void live(bool with_addresses, std::function<void(LiveView)> done) override;
    void sanctions(std::function<void(std::vector<db::SanctionRecord>)> done) override;

    // moderation_cluster.cpp. Start-up, before anyone connects: this server is one node of a
    // cluster. From then on a player, a table or a room on another node is acted on there (the
    // role is checked here, and the audit line written here, once); a node that does not
    // answer within `answer_timeout` makes the answer `busy` or the live view partial.
    void join_cluster(std::shared_ptr<cluster::ClusterLink> link, net::io_context& io,
                      std::chrono::milliseconds answer_timeout);
    // Whether `message` is one of moderation's (cluster_message takes it, not the lobby).
    static bool handles(const cluster::NodeMessage& message);
    // A moderation message from another node: a question to carry out here and answer, an
    // answer to one of this node's questions, a sanction changed, a notice.
    void cluster_message(cluster::NodeMessage message);
    // Another node told this one its state (this node started, came back to the bus, or met a
    // node): sanctions_changed may have been missed meanwhile, so the sanctions are read again.
    void sanctions_may_be_stale();

private:
    // One request on its way: who asked, what, and the callback; the audit line is made from it.
    struct Attempt {
        identity::Identity who;
        std::string address;
        ModerationAction action;
        std::string target;
        std::string reason;
        std::function<void(ModerationResult)> done;

        std::string name() const { return std::string(moderation_action_name(action)); }
    };

    db::ModerationLogged audit_line(const Attempt& attempt, bool refused, std::optional<std::int64_t> until_ms,
                                    std::string detail_json) const;
    // Writes the refused line, then answers the refusal.
    void refuse(Attempt&& attempt, protocol::ErrorCode code, std::string message);
    // Writes the done line, then answers. For what is done already (a kick, a closed table, an
    // adjudication, a notice); a sanction's line goes with the sanction (impose, lift).
    void finish(Attempt&& attempt, ModerationDone result, std::string detail_json);
    // The nick as written by an online player or a registered account, else no_such_nick; and
    // forbidden when the player is a moderator or an admin and the one asking is not an admin
    // (moderators answer to admins, not to each other).
    void find_nick(Attempt attempt, std::string nick, std::function<void(Attempt, std::string nick)> then);
    // `then`, unless `target_role` outranks what the asking role may act on.
    void check_rank(Attempt attempt, std::string nick, protocol::Role target_role,
                    std::function<void(Attempt, std::string nick)> then);
    // Stores the sanction with its audit line, applies it to the registry, then `then`.
    void impose(Attempt attempt, db::SanctionSet set, std::string detail_json, std::function<void(Attempt)> then);
    void lift(Attempt attempt, db::SanctionLifted lifted, std::string detail_json, std::string summary);

    void carry_out(Attempt attempt, Kick kick);
    void kick_now(Attempt attempt, Kick kick); // once the nick is found and may be kicked
    void carry_out(Attempt attempt, Mute mute);
    void carry_out(Attempt attempt, Unmute unmute);
    void carry_out(Attempt attempt, Ban ban);
    void carry_out(Attempt attempt, Unban unban);
    void carry_out(Attempt attempt, BanAddress ban);
    void carry_out(Attempt attempt, UnbanAddress unban);
    void carry_out(Attempt attempt, CloseTable close);
    void carry_out(Attempt attempt, Adjudicate adjudicate);
    void carry_out(Attempt attempt, SendNotice notice);

    // Closes every live connection from `address` with the ban's error; returns how many.
    int close_address(const std::string& address, const db::SanctionRecord& ban);

    // The table's part of close_table and adjudicate, for a moderator here or one on another
    // node: `done` gets the refusal (with the table's words) or nothing, and the table's room
    // or the game's id.
    using TableDone = std::function<void(std::optional<ModerationRefused>, std::int64_t room_or_game)>;
    static void close_at(Table& table, identity::Identity by, std::string reason, TableDone done);
    static void adjudicate_at(Table& table, identity::Identity by, Adjudication decision, std::string reason,
                              TableDone done);
    // Answers the attempt from the table's outcome, wherever the table was; the audit line.
    void table_closed(Attempt attempt, CloseTable close, std::optional<ModerationRefused> refused, std::int64_t room);
    void table_adjudicated(Attempt attempt, Adjudicate adjudicate, std::optional<ModerationRefused> refused,
                           std::int64_t game_id);
    // Closes the kicked player's connection here; `done` gets how many were closed.
    void close_kicked(const std::string& nick, const std::string& reason, std::function<void(int)> done);
    // This node's players, rooms and tables.
    void local_live(bool with_addresses, std::function<void(LiveView)> done);

    // moderation_cluster.cpp: the asking side.
    // The table is not here: the node that has it (as the lobby's replica knows) is asked to
    // close it (`decision` none) or adjudicate it, and `answered` gets its answer, or a
    // refusal: no such table anywhere, or `busy` when the owner stays silent.
    void
    ask_owner(Attempt attempt, std::int64_t table, std::optional<Adjudication> decision, std::string reason,
              std::function<void(Attempt, std::optional<ModerationRefused>, cluster::ModerationAnswered)> answered);
    // The nick is not online here: asks the node that holds its lease to close it.
    void kick_elsewhere(Attempt attempt, Kick kick);
    // A nick neither online here nor registered: online on another node (a guest) or nobody.
    void find_elsewhere(Attempt attempt, std::string nick, std::function<void(Attempt, std::string nick)> then);
    // After a sanction was stored: the other nodes read the sanctions again.
    void announce_sanctions_changed();
    // The other nodes' players and tables added to this node's view.
    void add_other_nodes(bool with_addresses, LiveView here, std::function<void(LiveView)> done);
    // The answering side.
    void answer_table(cluster::TableModeration request);
    void answer_kick(cluster::KickAsked request);
    // Reads the sanctions in force from the store into the registry and closes the
    // connections a ban now refuses.
    void reload_sanctions();

    ModerationServices services_;
    std::shared_ptr<cluster::ClusterLink> cluster_; // none on a server alone
    std::shared_ptr<cluster::NodeAsks> asks_;
};

// What is wrong with the request before anything is looked up (a reason, a duration, an
// address, a table id), or nothing. Pure, for the tests.
std::optional<std::string> moderation_request_error(const ModerationRequest& request);
// The target as the audit log shows it: "Bob", "203.0.113.7", "table 12", "room 34", "everyone".
std::string moderation_target(const ModerationRequest& request);

} // namespace rochade::server
