// The lobby's peers in a cluster: what the lobby says goes on the bus as cluster::NodeMessages
// (to every node, or to one), and the nicks and tables it holds are leases of the ClusterLink.
// The answers of the link (claims, lookups) come back on the link's strand; they are handed to
// the lobby's strand here, so the lobby sees every `done` on its own.
#pragma once

#include <memory>

#include "server/base/asio.h"
#include "server/lobby/lobby_peers.h"

namespace rochade::server {

class ClusterPeers final : public LobbyPeers {
public:
    using Strand = net::strand<net::io_context::executor_type>;

    // `lobby_strand`: where claim_nick's and locate_nick's answers run.
    ClusterPeers(std::shared_ptr<cluster::ClusterLink> link, Strand lobby_strand);

    void claim_nick(const std::string& nick_skeleton, const identity::Principal& who,
                    std::function<void(cluster::NickClaim)> done) override;
    void release_nick(const std::string& nick_skeleton, const identity::Principal& who) override;
    void forget_nick(const std::string& nick_skeleton) override;
    void hold_nick(const std::string& nick_skeleton, const identity::Principal& who) override;
    void unhold_nick(const std::string& nick_skeleton, const identity::Principal& who) override;
    void locate_nick(const std::string& nick_skeleton, std::function<void(std::optional<std::string>)> done) override;
    void replaced(const std::string& node, const identity::Identity& who) override;
    void whisper(const std::string& node, const std::string& from, const std::string& to,
                 const std::string& text) override;
    void send_to(const std::string& node, cluster::NodeMessage message) override;
    std::string node_id() const override;
    void invite(const std::string& node, const std::string& nick, const protocol::TableSummary& summary) override;

    void entered(protocol::RoomNumber room, const identity::Identity& who, std::uint64_t connection) override;
    void left(protocol::RoomNumber room, const std::string& nick, std::uint64_t connection) override;
    void room_chatted(protocol::RoomNumber room, const std::string& nick, const std::string& text) override;

    void table_opened(const protocol::TableSummary& summary) override;
    void table_changed(const protocol::TableSummary& summary) override;
    void table_closed(protocol::RoomNumber room, protocol::TableId table) override;
    void table_lost(protocol::RoomNumber room, protocol::TableId table) override;
    bool may_stand_elsewhere(protocol::TableId table) const override;
    void forward(protocol::TableId table, std::uint64_t connection, const identity::Identity& who, std::string text,
                 std::function<void(bool)> done) override;

    void announce_state(cluster::NodeState state) override;
    void send_state(const std::string& node, cluster::NodeState state) override;

private:
    std::shared_ptr<cluster::ClusterLink> link_;
    Strand lobby_strand_;
};

} // namespace rochade::server
