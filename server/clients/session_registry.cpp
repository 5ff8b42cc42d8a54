#include "server/clients/session_registry.h"

namespace rochade::server {

void SessionRegistry::add(const std::shared_ptr<Connection>& session)
{
    std::lock_guard lock(mutex_);
    sessions_[session->id()] = session;
}

void SessionRegistry::remove(std::uint64_t id)
{
    std::lock_guard lock(mutex_);
    sessions_.erase(id);
    if (sessions_.empty()) emptied_.notify_all();
}

std::shared_ptr<Connection> SessionRegistry::find(std::uint64_t id) const
{
    std::lock_guard lock(mutex_);
    const auto found = sessions_.find(id);
    return found == sessions_.end() ? nullptr : found->second.lock();
}

std::size_t SessionRegistry::size() const
{
    std::lock_guard lock(mutex_);
    return sessions_.size();
}

std::vector<std::shared_ptr<Connection>> SessionRegistry::snapshot() const
{
    std::vector<std::weak_ptr<Connection>> weak;
    {
        std::lock_guard lock(mutex_);
        weak.reserve(sessions_.size());
        for (const auto& [id, session] : sessions_) weak.push_back(session);
    }
    // Locking the weak pointers outside the mutex: a session's destructor never waits on it.
    std::vector<std::shared_ptr<Connection>> live;
    live.reserve(weak.size());
    for (const auto& session : weak)
        if (auto strong = session.lock()) live.push_back(std::move(strong));
    return live;
}

void SessionRegistry::close_all(CloseCode code, const std::string& reason)
{
    for (const auto& session : snapshot()) session->close(code, reason);
}

bool SessionRegistry::wait_until_empty(std::chrono::milliseconds timeout)
{
    std::unique_lock lock(mutex_);
    return emptied_.wait_for(lock, timeout, [this] { return sessions_.empty(); });
}

} // namespace rochade::server
