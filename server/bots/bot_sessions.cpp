#include "server/bots/bot_sessions.h"

namespace rochade::server::bots {

BotSessions::BotSessions(net::io_context& io, ConnectionHandler& router, BotSession::Admit admit,
                         BotSession::AskBot ask_bot)
    : io_(io), router_(router), admit_(std::move(admit)), ask_bot_(std::move(ask_bot))
{
}

std::shared_ptr<BotSession> BotSessions::session(const identity::Identity& who, const std::string& address)
{
    std::shared_ptr<BotSession> opened;
    {
        std::lock_guard lock(mutex_);
        auto& held = sessions_[who.principal.id];
        if (held && held->is_open()) return held;
        held = std::make_shared<BotSession>(io_, router_, admit_, ask_bot_, who, address);
        opened = held;
    }
    opened->start();
    return opened;
}

std::vector<identity::Identity> BotSessions::online() const
{
    std::vector<identity::Identity> bots;
    std::lock_guard lock(mutex_);
    for (const auto& [account, session] : sessions_)
        if (session->is_open()) bots.push_back(session->who());
    return bots;
}

void BotSessions::close_all()
{
    std::map<std::int64_t, std::shared_ptr<BotSession>> sessions;
    {
        std::lock_guard lock(mutex_);
        sessions.swap(sessions_);
    }
    for (const auto& [account, session] : sessions) session->close(CloseCode::GoingAway, "the server stops");
}

} // namespace rochade::server::bots
