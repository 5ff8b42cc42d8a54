// The bot sessions of this node, one per bot account (BotSession): found or opened for each Bot
// API request that needs the game side, and listed for /api/bot/online. A mutex guards only the
// map of pointers; each session's state is on its own strand.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "server/bots/bot_session.h"

namespace rochade::server::bots {

class BotSessions {
public:
    BotSessions(net::io_context& io, ConnectionHandler& router, BotSession::Admit admit, BotSession::AskBot ask_bot);

    // The open session of `who`'s account, or a new one, started (admitted by the lobby).
    std::shared_ptr<BotSession> session(const identity::Identity& who, const std::string& address);
    // The bots online here: their identities, while their sessions are open.
    std::vector<identity::Identity> online() const;
    // Ends every session (the server stops).
    void close_all();

private:
    net::io_context& io_;
    ConnectionHandler& router_;
    BotSession::Admit admit_;
    BotSession::AskBot ask_bot_;
    mutable std::mutex mutex_;
    std::map<std::int64_t, std::shared_ptr<BotSession>> sessions_; // by account id
};

} // namespace rochade::server::bots
