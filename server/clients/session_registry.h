// The live WebSocket sessions, so that shutdown can close every one of them and /health can
// count them. The mutex guards only the map of weak pointers and is held just long enough to
// copy it (the CppCon 2018 Beast chat server's shared_state); closing happens outside it.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "server/clients/connection.h"

namespace rochade::server {

class SessionRegistry {
public:
    void add(const std::shared_ptr<Connection>& session);
    void remove(std::uint64_t id);
    std::size_t size() const;
    // The live session with this id, if any (a frame for it came from another node).
    std::shared_ptr<Connection> find(std::uint64_t id) const;
    // The sessions still alive, copied out of the registry.
    std::vector<std::shared_ptr<Connection>> snapshot() const;
    // Sends every live session a close frame with `code` and `reason`.
    void close_all(CloseCode code, const std::string& reason);
    // Blocks until every session has been removed or `timeout` passed; true when empty.
    bool wait_until_empty(std::chrono::milliseconds timeout);

private:
    mutable std::mutex mutex_;
    std::condition_variable emptied_;
    std::unordered_map<std::uint64_t, std::weak_ptr<Connection>> sessions_;
};

} // namespace rochade::server
