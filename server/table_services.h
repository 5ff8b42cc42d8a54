// What every table shares with the rest of the server: the io_context its strand and timers
// run on, the database writer, the thread that answers flag falls' winnability questions, the
// configuration, the counters, the lobby (told when a table's
// summary changes) and the source of game ids. Built once by the router; read-only after.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>

#include "server/net.h"
#include "server/server_config.h"

namespace rochade::db {
class Writer;
}

namespace rochade::server {

class FlagAnalysis;
class Lobby;
class TableDirectory;
struct ServerCounters;

struct TableServices {
    net::io_context& io;
    db::Writer& writer;
    FlagAnalysis& flag_analysis;
    const ServerConfig& config;
    ServerCounters& counters;
    TableDirectory& directory;
    std::weak_ptr<Lobby> lobby;
    std::atomic<std::int64_t> last_game_id{0};
    std::atomic<bool> shutting_down{false};

    std::int64_t next_game_id() { return ++last_game_id; }
};

} // namespace rochade::server
