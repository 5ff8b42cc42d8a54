// The admin area's live view: this node's players and rooms (the lobby's strand), then each of
// its tables in turn (each on its own strand), then, in a cluster, the other nodes' (asked
// through server/admin/other_nodes.h).
#pragma once

#include <functional>
#include <memory>

#include "server/moderation/moderation.h"

namespace rochade::server {

class Lobby;
class OtherNodes;
class TableDirectory;

class LiveViewGatherer {
public:
    LiveViewGatherer(std::shared_ptr<Lobby> lobby, TableDirectory& tables, OtherNodes& others);

    // Every node's players, rooms and tables; addresses only when `with_addresses`.
    void everywhere(bool with_addresses, std::function<void(LiveView)> done);
    // This node's alone: for this node's moderator, and for another node that asks.
    void here(bool with_addresses, std::function<void(LiveView)> done);

private:
    std::shared_ptr<Lobby> lobby_;
    TableDirectory& tables_;
    OtherNodes& others_;
};

} // namespace rochade::server
