// The moderation service: the one implementation of server::Moderation (server/moderation/moderation.h),
// a dispatcher. It checks the asker's role and the request, then hands the request to the desk
// for its duty, each of which asks the owners of the state (the lobby's strand for players,
// rooms and notices; a table's strand for closing it or adjudicating its game; the Sanctions
// registry once the store committed a sanction):
//
//   Kick                                   -> KickDesk        (server/admin/kick_desk.h)
//   Mute, Unmute, Ban, Unban, BanAddress,  -> SanctionsDesk   (server/admin/sanctions_desk.h)
//   UnbanAddress; the sanctions in force
//   CloseTable, Adjudicate                 -> TableDesk       (server/admin/table_desk.h)
//   SendNotice                             -> NoticeDesk      (server/admin/notice_desk.h)
//   the live view                          -> LiveViewGatherer (server/admin/live_view_gatherer.h)
//
// Every request leaves one audit line, done or refused, written by the one AuditTrail
// (server/admin/audit_trail.h). What is on another node of a cluster the desks ask through
// OtherNodes (server/admin/other_nodes.h); what other nodes ask of this one NodeQuestions
// answers (server/admin/node_questions.h).
//
// Built by the Server after the router and the sessions; every callback it hands out runs on
// a strand or the store's threads, all of which stop before the Server drops it.
#pragma once

#include <chrono>
#include <functional>
#include <memory>
#include <string>

#include "server/admin/audit_trail.h"
#include "server/admin/kick_desk.h"
#include "server/admin/live_view_gatherer.h"
#include "server/admin/nick_finder.h"
#include "server/admin/node_questions.h"
#include "server/admin/notice_desk.h"
#include "server/admin/other_nodes_over_bus.h"
#include "server/admin/sanctions_desk.h"
#include "server/admin/table_desk.h"
#include "server/base/asio.h"
#include "server/cluster/node_message.h"
#include "server/moderation/moderation.h"
#include "server/moderation/request_checks.h"

namespace rochade::db {
class ReadThread;
class StoreWriter;
} // namespace rochade::db

namespace rochade::server {

namespace cluster {
class ClusterLink;
} // namespace cluster

class Lobby;
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

class ModerationService final : public Moderation {
public:
    explicit ModerationService(ModerationServices services);

    void act(identity::Identity who, std::string address, ModerationRequest request,
             std::function<void(ModerationResult)> done) override;
    void log_refusal(identity::Identity who, std::string address, std::string action, std::string target,
                     std::string message) override;
    void live(bool with_addresses, std::function<void(LiveView)> done) override;
    void sanctions(std::function<void(std::vector<db::SanctionRecord>)> done) override;

    // Start-up, before anyone connects: this server is one node of a cluster. From then on a
    // player, a table or a room on another node is acted on there (the role is checked here,
    // and the audit line written here, once); a node that does not answer within
    // `answer_timeout` makes the answer `busy` or the live view partial.
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
    ModerationServices services_;
    AuditTrail audit_;
    OtherNodesOverBus others_;
    NickFinder nicks_;
    KickDesk kicks_;
    SanctionsDesk sanctions_;
    TableDesk tables_;
    NoticeDesk notices_;
    LiveViewGatherer live_;
    std::unique_ptr<NodeQuestions> questions_; // none on a server alone
};

} // namespace rochade::server
