// What the lobby sees of the other nodes of a cluster: it announces its changes, sends to one
// node, and asks whether a nick is online elsewhere. cluster::Node implements it over a Bus; a
// server without --bus has none, and its lobby works alone exactly as before.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "server/clients/fan_out.h"
#include "server/cluster/node_message.h"
#include "server/identity/principal.h"

namespace rochade::server::cluster {

// What claim_nick() found.
struct NickClaim {
    enum class Outcome : std::uint8_t {
        Granted,       // the nick is this principal's across the cluster now
        HeldByAnother, // another principal is online with it on some node
        Unavailable,   // the bus did not answer: nobody can tell
    };
    Outcome outcome = Outcome::Unavailable;
    // When granted: the node where the same principal was online until now, if another one
    // (its connection there gives way to this one).
    std::optional<std::string> replaced_on;
};

// What claiming a role's lease found (claim_role).
enum class RoleClaim : std::uint8_t {
    Held,    // this node held it and holds it still (renewed)
    Taken,   // this node holds it now and did not hold it just before (free, expired, or lost)
    Refused, // another node holds it
    Unknown, // the bus did not answer
};

class ClusterLink : public NodeRoute {
public:
    virtual ~ClusterLink() = default;

    // NodeRoute (clients/fan_out.h): a frame for some clients of `node` goes there as one message.
    void send_to_clients(const std::string& node, std::vector<std::uint64_t> connections,
                         const std::string& frame) final
    {
        send_to(node, ToClients{std::move(connections), frame});
    }

    virtual const std::string& node_id() const = 0;
    // To every other node (the lobby channel).
    virtual void announce(NodeMessage message) = 0;
    // To one node.
    virtual void send_to(const std::string& node, NodeMessage message) = 0;

    // A nick online is leased to its principal while this node renews it; `done` runs on the
    // link's strand (hand it off). Nick leases are keyed by the nick's skeleton
    // (protocol::nick_skeleton), so one lease covers every look-alike of the nick.
    virtual void claim_nick(const std::string& nick_skeleton, const identity::Principal& who,
                            std::function<void(NickClaim)> done) = 0;
    virtual void release_nick(const std::string& nick_skeleton, const identity::Principal& who) = 0;
    // Stops renewing the nick's lease without releasing it: its player went online on another
    // node, which holds the lease now.
    virtual void forget_nick(const std::string& nick_skeleton) = 0;
    // A nick held for a player seated at one of this node's games while they are away (the
    // lobby's held nicks): no other principal gets it on any node until unhold_nick().
    virtual void hold_nick(const std::string& nick_skeleton, const identity::Principal& who) = 0;
    virtual void unhold_nick(const std::string& nick_skeleton, const identity::Principal& who) = 0;
    // The node where a nick with this skeleton is online, if any (it may be a look-alike of the
    // nick asked for; that node checks the nick itself); `done` on the link's strand.
    virtual void locate_nick(const std::string& nick_skeleton,
                             std::function<void(std::optional<std::string>)> done) = 0;

    // Tables. Each is owned by one node at a time: the holder of its lease, which this node
    // takes for the tables it opens or restores and renews with the nicks.
    virtual void hold_table(protocol::TableId table) = 0;
    // Takes the lease of a table no node holds (its node is gone), to restore it here; `done`
    // (on the link's strand) gets whether this node holds it now.
    virtual void claim_table(protocol::TableId table, std::function<void(bool granted)> done) = 0;
    virtual void release_table(protocol::TableId table) = 0;
    // Those of `tables` (not this node's) that no live node announced; `done` on the link's
    // strand.
    virtual void unannounced(std::vector<protocol::TableId> tables,
                             std::function<void(std::vector<protocol::TableId>)> done) = 0;
    // Sends a client's frame for `table` to the node that owns it; `done` (on the link's strand)
    // gets false when no node does (the table is gone).
    virtual void forward(protocol::TableId table, std::uint64_t connection, const identity::Identity& who,
                         std::string text, std::function<void(bool sent)> done) = 0;
    // A client of this node that sent requests to `tables` on other nodes closed.
    virtual void client_gone(std::uint64_t connection, std::vector<protocol::TableId> tables) = 0;

    // A role one node at a time plays for the cluster (the pools' pairing authority): its lease
    // is taken when free and renewed by its holder's next claim, for lease_time(); the service
    // that plays it claims it every heartbeat(). `done` gets what the claim found and the node
    // that holds the role now (empty when Unknown), on the bus's strand (hand it off).
    virtual void claim_role(const std::string& role, std::function<void(RoleClaim, std::string holder)> done) = 0;
    virtual void release_role(const std::string& role) = 0;
    virtual std::chrono::milliseconds lease_time() const = 0;
    virtual std::chrono::milliseconds heartbeat() const = 0;
    // A service's own channel (the pools'), which every node hears, the sender included, in the
    // order each node published. The handler runs on the bus's strand (hand it off).
    virtual void publish_on(const std::string& channel, std::string text) = 0;
    virtual void subscribe_to(const std::string& channel, std::function<void(std::string_view)> handler) = 0;
};

// How a principal is written as a lease owner: "a17" for account 17, "g5" for guest session 5,
// "c3" for the computer at level 3 ("v0" for a visitor, who owns nothing).
std::string principal_text(const identity::Principal& who);

} // namespace rochade::server::cluster
