// Who gets a table's frames: every connection that watches it, the players' own among them, by
// connection id, on this node or (cluster/remote_connection.h) another. A frame goes to all of
// them at once, to another node's once per node (clients/fan_out.h); a connection found closed
// is forgotten on the way. Each is kept with who watches (the principal that asked), so that a
// spectators' chat line passes by every connection of a seated player, their second tab too.
// On the table's strand.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "server/clients/connection.h"
#include "server/identity/principal.h"

namespace rochade::server {

class Watchers {
public:
    // False when the connection watches already.
    bool add(const std::shared_ptr<Connection>& connection, const identity::Principal& who);
    // False when it did not watch.
    bool remove(std::uint64_t connection_id) { return by_connection_.erase(connection_id) > 0; }
    bool contains(std::uint64_t connection_id) const { return by_connection_.contains(connection_id); }
    // Every connection that watches, the players' included (some may have closed unseen).
    std::size_t size() const { return by_connection_.size(); }

    void broadcast(const std::shared_ptr<const std::string>& frame);
    // To every watcher but the connections of `left_out` (the seated players).
    void broadcast_except(const std::shared_ptr<const std::string>& frame,
                          const std::vector<identity::Principal>& left_out);
    // The open connections, and none watches any more (a table that closes or stops).
    std::vector<std::shared_ptr<Connection>> take_all();
    // The open connections, still watching.
    std::vector<std::shared_ptr<Connection>> open() const;

private:
    struct Watcher {
        std::weak_ptr<Connection> connection;
        identity::Principal who;
    };
    std::map<std::uint64_t, Watcher> by_connection_;
};

} // namespace rochade::server
