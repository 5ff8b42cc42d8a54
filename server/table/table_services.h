// What every table shares with the rest of the server: the io_context its strand and timers
// run on, the store's write side and its read thread, the thread that answers flag falls'
// winnability questions, the configuration, the metrics, the sanctions in force, the lobby (told when a table's
// summary changes) and the sources of table and game ids. Built once by the router; read-only
// after.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>

#include <functional>

#include "db/store_error.h"
#include "protocol/messages.h"
#include "server/asio.h"
#include "server/config/server_config.h"
#include "server/table/table_listener.h"

namespace rochade::db {
class ReadThread;
class StoreWriter;
} // namespace rochade::db

namespace rochade::server {

class FlagAnalysis;
class IdAllocator;
class Sanctions;
class TableDirectory;
struct Metrics;

// A table that stopped because the store would not take its writes (server/table/table_commits.cpp):
// another node has its game now (Superseded), or the store holds something else than the table
// thought (Refused). Either way the game goes on from what the store holds, never from memory.
struct StoppedTable {
    protocol::TableId table = 0;
    protocol::RoomNumber room = 0;
    std::int64_t game_id = 0;
    db::StoreFailure why = db::StoreFailure::Refused;
};

struct TableServices {
    net::io_context& io;
    db::StoreWriter& writer;
    // Runtime reads (an account at login, a player's games): never on an io thread or a strand.
    db::ReadThread& reads;
    FlagAnalysis& flag_analysis;
    const ServerConfig& config;
    Metrics& metrics;
    const Sanctions& sanctions; // mutes, asked before chat
    TableDirectory& directory;
    IdAllocator& table_ids;
    IdAllocator& game_ids;
    // Told when a table's summary or seats change or it closes (the lobby, set by the router).
    std::weak_ptr<TableListener> lobby;
    std::atomic<bool> shutting_down{false};
    // Set by the router before any table exists: takes a stopped table out of the lobby and,
    // unless another node has its game, restores it here from the store. From a table's strand.
    std::function<void(StoppedTable)> table_stopped{};
};

} // namespace rochade::server
