#include "server/table/watchers.h"

#include <algorithm>

#include "server/clients/fan_out.h"

namespace rochade::server {

bool Watchers::add(const std::shared_ptr<Connection>& connection, const identity::Principal& who)
{
    return by_connection_.try_emplace(connection->id(), Watcher{connection, who}).second;
}

void Watchers::broadcast(const std::shared_ptr<const std::string>& frame) { broadcast_except(frame, {}); }

void Watchers::broadcast_except(const std::shared_ptr<const std::string>& frame,
                                const std::vector<identity::Principal>& left_out)
{
    // Watchers on other nodes get it once per node, when fan_out goes.
    FanOut fan_out(frame);
    for (auto it = by_connection_.begin(); it != by_connection_.end();) {
        if (auto connection = it->second.connection.lock()) {
            if (std::find(left_out.begin(), left_out.end(), it->second.who) == left_out.end()) fan_out.add(*connection);
            ++it;
        } else {
            it = by_connection_.erase(it);
        }
    }
}

std::vector<std::shared_ptr<Connection>> Watchers::open() const
{
    std::vector<std::shared_ptr<Connection>> connections;
    for (const auto& [id, watcher] : by_connection_)
        if (auto connection = watcher.connection.lock()) connections.push_back(std::move(connection));
    return connections;
}

std::vector<std::shared_ptr<Connection>> Watchers::take_all()
{
    auto connections = open();
    by_connection_.clear();
    return connections;
}

} // namespace rochade::server
