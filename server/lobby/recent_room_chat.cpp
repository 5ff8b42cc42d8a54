#include "server/lobby/recent_room_chat.h"

#include <algorithm>

namespace rochade::server {

namespace {

// The chat search pages through a room's table chat too: enough pages for a room whose tables
// talk a lot, few enough that a start-up never reads a room's whole history.
constexpr int pages_at_most = 8;

} // namespace

std::map<protocol::RoomNumber, std::vector<protocol::RoomChatLine>>
read_recent_room_chat(db::StoreReader& reader, const std::vector<protocol::RoomNumber>& rooms, std::size_t per_room)
{
    std::map<protocol::RoomNumber, std::vector<protocol::RoomChatLine>> recent;
    for (const protocol::RoomNumber room : rooms) {
        std::vector<protocol::RoomChatLine> lines; // newest first while reading
        db::ChatQuery query;
        query.room = room;
        query.limit = 100;
        for (int page = 0; page < pages_at_most && lines.size() < per_room; ++page) {
            const db::ChatPage found = reader.find_chat(query);
            for (const db::ChatLine& line : found.lines)
                if (line.room && !line.table_id && lines.size() < per_room)
                    lines.push_back({line.nick, line.text, line.at_ms});
            if (!found.next_page) break;
            query.after = found.next_page;
        }
        std::reverse(lines.begin(), lines.end());
        if (!lines.empty()) recent.emplace(room, std::move(lines));
    }
    return recent;
}

} // namespace rochade::server
