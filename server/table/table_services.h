// What every table shares with the rest of the server: the io_context its strand and timers
// run on, the store's write side and its read thread, the thread that answers flag falls'
// winnability questions, the configuration, the metrics, the sanctions in force and the sources
// of table and game ids. Built once by the router, complete from the start. (What a table tells
// the lobby goes to the TableListener it is given when it is made.)
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>

#include "protocol/messages.h"
#include "server/base/asio.h"
#include "server/config/server_config.h"

namespace rochade::db {
class ReadThread;
class StoreWriter;
} // namespace rochade::db

namespace rochade::server {

namespace engines {
class EnginePool;
}
class FlagAnalysis;
class GameFeed;
class IdAllocator;
class Sanctions;
class TableDirectory;
struct Metrics;

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
    // The games that start and end here, for those who follow them by id (the tournaments).
    GameFeed& game_feed;
    std::atomic<bool> shutting_down{false};
    // The computer's engines (server/engines/engine_pool.h); none: play_computer is refused.
    engines::EnginePool* engines = nullptr;
};

} // namespace rochade::server
