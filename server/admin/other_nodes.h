// What the moderation desks ask of the other nodes of a cluster, when the player or the table
// is not on this node: the seam between a server alone and one node of several. The desks ask
// the same questions either way; on a server alone the answer is always "nobody elsewhere"
// (server/admin/other_nodes_over_bus.h, before it joined a cluster), so no desk tests for a
// cluster itself. A fake in the tests stands for a cluster without one.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "server/cluster/node_message.h"
#include "server/moderation/moderation.h"

namespace rochade::server {

class OtherNodes {
public:
    // A node's answer to a question, or nothing when it did not answer in time.
    using Answered = std::function<void(std::optional<cluster::ModerationAnswered>)>;

    virtual ~OtherNodes() = default;

    // The other node where a nick with this nick's skeleton is online, or nothing.
    virtual void locate(const std::string& nick, std::function<void(std::optional<std::string> node)> done) = 0;
    // Asks `node` to close the connection of `nick`, kicked for `reason`.
    virtual void ask_kick(const std::string& node, std::string nick, std::string reason, Answered done) = 0;
    // The other node that has `table`, as the lobby's replica knows it, or nothing.
    virtual void table_owner(std::int64_t table, std::function<void(std::optional<std::string> node)> done) = 0;
    // Asks `owner` to close its table (`request.decision` none) or adjudicate its game; the
    // request's node and ask are filled in here.
    virtual void ask_table(const std::string& owner, cluster::TableModeration request, Answered done) = 0;
    // A sanction was stored: the other nodes read them again from the store.
    virtual void sanctions_changed() = 0;
    // A notice sent here goes to the other nodes' players too.
    virtual void notice_sent(std::optional<std::int64_t> room, std::string from, std::string text) = 0;
    // This node's live view with the other nodes' players and tables added.
    virtual void add_to_live(bool with_addresses, LiveView here, std::function<void(LiveView)> done) = 0;
    // How long a node has to answer before it counts as silent.
    virtual std::chrono::milliseconds answer_timeout() const = 0;
};

// The words for a node that did not answer, in a refusal.
inline std::string silent_text(const std::string& node, std::chrono::milliseconds timeout)
{
    return "node " + node + " did not answer within " + std::to_string(timeout.count()) + " ms";
}

} // namespace rochade::server
