// The rooms' recent chat read back from the store at start-up, so that a restart does not
// forget what the `room` reply repeats to newcomers (Room::remember_chat).
#pragma once

#include <map>
#include <vector>

#include "db/store_reader.h"
#include "protocol/encode.h"
#include "protocol/messages.h"

namespace rochade::server {

// The last `per_room` room chat lines of each of `rooms`, oldest first (table chat, which the
// store's chat search gives beside a room's, is left out). Synchronous: a start-up read.
std::map<protocol::RoomNumber, std::vector<protocol::RoomChatLine>>
read_recent_room_chat(db::StoreReader& reader, const std::vector<protocol::RoomNumber>& rooms, std::size_t per_room);

} // namespace rochade::server
