// What the pool service asks the lobby of the games it started (server/pools/pool_counts.cpp):
// the room lists each table with its status, which the table keeps up to date.
#include "server/lobby/lobby.h"

namespace rochade::server {

void Lobby::tables_running(std::vector<std::pair<protocol::RoomNumber, protocol::TableId>> tables,
                           std::function<void(std::set<protocol::TableId>)> answer)
{
    on_strand([this, tables = std::move(tables), answer = std::move(answer)] {
        std::set<protocol::TableId> running;
        for (const auto& [number, table] : tables)
            if (const Room* listed = room(number))
                if (const auto* summary = listed->find_table(table);
                    summary && summary->status != protocol::TableStatus::Finished)
                    running.insert(table);
        answer(std::move(running));
    });
}

} // namespace rochade::server
