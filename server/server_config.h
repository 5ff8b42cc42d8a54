// What `rochade serve` runs with: command-line options over an optional JSON config file over
// built-in defaults. Parsed once at start-up, then read-only (shared by const reference).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/expected.h"

namespace rochade::server {

struct RoomConfig {
    std::int64_t number = 0;
    std::string name;
};

struct ConnectionLimits {
    std::size_t max_message_bytes = 4096;
    double messages_per_second = 20;           // token bucket refill
    int message_burst = 40;                    // token bucket capacity
    std::int64_t idle_timeout_ms = 60'000;     // a ping is sent after half of it without traffic
    std::size_t write_queue_max_frames = 4096; // room events are many and small

    std::size_t write_queue_max_bytes = 1 << 20;
    std::size_t max_connections = 10'000;
};

struct ServerConfig {
    std::string bind_address = "0.0.0.0";
    std::uint16_t port = 8080;
    std::string db_path = "data/rochade.db";
    // How long a database write waits for another connection's lock (a backup, an admin's
    // sqlite3 shell) before it fails and the client gets storage_unavailable.
    int db_busy_timeout_ms = 5000;
    std::string web_root = "web"; // static browser client served at /
    int threads = 0;              // 0: one per hardware thread
    std::vector<RoomConfig> rooms = {
        {34, "Halle der Koenige"}, {35, "Wohnzimmer der alten Burg"}, {36, "Hinterzimmer"}, {37, "Gästezimmer"}};
    ConnectionLimits limits;
    std::int64_t reconnect_grace_ms = 60'000; // then the opponent may claim the win
    std::size_t table_history_events = 64;    // events kept per table for reconnects
};

// Parses `rochade serve` arguments; --config FILE is read first and the other options override
// it. The error names the option or the config field that was wrong.
rochade::Expected<ServerConfig, std::string> parse_serve_options(const std::vector<std::string>& args);
// Reads a JSON config file over `base`.
rochade::Expected<ServerConfig, std::string> load_config_file(const std::string& path, ServerConfig base);

} // namespace rochade::server
