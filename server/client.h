// The router's state for one connection, touched only on that connection's strand.
#pragma once

#include <set>
#include <string>

#include "protocol/messages.h"

namespace rochade::server {

struct Client {
    std::string nick;      // empty until the lobby accepted the hello
    bool greeting = false; // a hello is on its way to the lobby, or its hello_ok back from it
    // Tables this connection sits at or watches; each is told when the connection closes.
    std::set<protocol::TableId> tables;
};

} // namespace rochade::server
