// The load generator's command line. Two modes: --echo plays round trips against the echo
// server (the ceiling of the machine), otherwise G games of two players plus S spectators play
// random legal moves against `rochade serve`.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/expected.h"

namespace rochade::bench {

struct LoadgenOptions {
    std::string host = "127.0.0.1";
    std::uint16_t port = 8080;
    std::string path = "/ws";
    int threads = 2;            // threads, each running an io_context of its own
    bool echo = false;          // echo mode: round trips against bench/echo_server
    int clients = 100;          // echo mode: number of connections
    int games = 100;            // game mode: concurrent games (two players each)
    int spectators = 0;         // game mode: watchers, spread over the tables
    double rate = -1;           // moves per second per game (default 1), echo: round trips per
                                // second per client (default 0); 0: as fast as the replies come
    bool max = false;           // game mode: a mover answers as soon as the opponent's move arrives
    double duration_s = 30;     // measurement window
    double ramp_timeout_s = 60; // longest wait for every client to connect and every game to start
    std::int64_t room = 34;     // first room
    int rooms = 1;              // games spread over rooms room, room+1, ...
    std::string time_control = "untimed";
    int connect_concurrency = 256; // connects and handshakes in flight at once
    int server_pid = 0;            // read its VmRSS before and after connecting
    std::string nick_prefix;       // default: random per run, so runs do not collide
    int echo_payload_bytes = 100;  // echo mode: size of the frame sent
    double reconnect_fraction = 0; // game mode: this share of the clients reconnects ...
    double reconnect_every_s = 60; // ... every so many seconds (loadgen_reconnect.h)
    double progress_s = 0;         // a progress line on stderr every so many seconds (0: none)
    std::uint16_t cross_port = 0;  // game mode: in a share of the games (--cross-fraction) the
    double cross_fraction = 0;     // joiner connects to this port (another node of a cluster), so
                                   // its table requests are forwarded to the owner over the bus
    double window_at_s = 0;        // start the window at this Unix time (or when the ramp ends, if
                                   // later), so several loadgens measure the same seconds
    std::vector<int> watch_pids;   // processes whose CPU seconds in the window are reported too
                                   // (PostgreSQL, Redis, other nodes)
};

// Parses argv (without the program name). The error names the option that was wrong.
rochade::Expected<LoadgenOptions, std::string> parse_loadgen_options(const std::vector<std::string>& args);
std::string loadgen_usage();

} // namespace rochade::bench
