// The lobby's peers on a server alone: there are none. Nothing is told to anyone, every nick
// this lobby has not seen is free, and every table is this node's. Answers come at once, on the
// caller's strand, so the lobby works as if there were no seam.
#pragma once

#include "server/lobby/lobby_peers.h"

namespace rochade::server {

class LoneNode final : public LobbyPeers {
public:
    void claim_nick(const std::string&, const identity::Principal&,
                    std::function<void(cluster::NickClaim)> done) override
    {
        done(cluster::NickClaim{cluster::NickClaim::Outcome::Granted, std::nullopt});
    }
    void release_nick(const std::string&, const identity::Principal&) override {}
    void forget_nick(const std::string&) override {}
    void hold_nick(const std::string&, const identity::Principal&) override {}
    void unhold_nick(const std::string&, const identity::Principal&) override {}
    void locate_nick(const std::string&, std::function<void(std::optional<std::string>)> done) override
    {
        done(std::nullopt);
    }
    void replaced(const std::string&, const identity::Identity&) override {}
    void whisper(const std::string&, const std::string&, const std::string&, const std::string&) override {}
    void invite(const std::string&, const std::string&, const protocol::TableSummary&) override {}

    void send_to(const std::string&, cluster::NodeMessage) override {}
    std::string node_id() const override { return {}; }

    void entered(protocol::RoomNumber, const identity::Identity&, std::uint64_t) override {}
    void left(protocol::RoomNumber, const std::string&, std::uint64_t) override {}
    void room_chatted(protocol::RoomNumber, const std::string&, const std::string&) override {}

    void table_opened(const protocol::TableSummary&) override {}
    void table_changed(const protocol::TableSummary&) override {}
    void table_closed(protocol::RoomNumber, protocol::TableId) override {}
    void table_lost(protocol::RoomNumber, protocol::TableId) override {}
    bool may_stand_elsewhere(protocol::TableId) const override { return false; }
    void forward(protocol::TableId, std::uint64_t, const identity::Identity&, std::string,
                 std::function<void(bool)> done) override
    {
        done(false);
    }

    void announce_state(cluster::NodeState) override {}
    void send_state(const std::string&, cluster::NodeState) override {}
};

} // namespace rochade::server
