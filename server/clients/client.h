// The router's state for one connection, touched only on that connection's strand.
#pragma once

#include <chrono>
#include <optional>
#include <set>
#include <string>

#include "protocol/messages.h"
#include "server/clients/address_slots.h"
#include "server/identity/principal.h"

namespace rochade::server {

struct Client {
    // Who the connection is once the lobby admitted it (empty until then): the principal that
    // owns its seats, its nick and role.
    std::optional<identity::Identity> identity;
    bool greeting = false; // a hello is on its way to the lobby, or its hello_ok back from it
    bool closed = false;   // the connection has closed (an admission that comes later is undone)
    // The connection's place among its address's connections without hello; released when the
    // lobby admits it (or with the client).
    AddressSlots::Slot anonymous_slot;
    // Chat messages (room chat, whispers, table chat) sent in the current minute.
    std::chrono::steady_clock::time_point chat_minute_started{};
    int chats_this_minute = 0;
    // Tables this connection sits at or watches; each is told when the connection closes.
    std::set<protocol::TableId> tables;
};

} // namespace rochade::server
