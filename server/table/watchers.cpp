#include "server/table/watchers.h"

#include "server/clients/fan_out.h"

namespace rochade::server {

bool Watchers::add(const std::shared_ptr<Connection>& connection)
{
    return by_connection_.try_emplace(connection->id(), connection).second;
}

void Watchers::broadcast(const std::shared_ptr<const std::string>& frame)
{
    // Watchers on other nodes get it once per node, when fan_out goes.
    FanOut fan_out(frame);
    for (auto it = by_connection_.begin(); it != by_connection_.end();) {
        if (auto connection = it->second.lock()) {
            fan_out.add(*connection);
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
        if (auto connection = watcher.lock()) connections.push_back(std::move(connection));
    return connections;
}

std::vector<std::shared_ptr<Connection>> Watchers::take_all()
{
    auto connections = open();
    by_connection_.clear();
    return connections;
}

} // namespace rochade::server
