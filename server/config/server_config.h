// What `rochade serve` runs with: command-line options over an optional JSON config file over
// built-in defaults. Parsed once at start-up, then read-only (shared by const reference).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/expected.h"
#include "server/config/trusted_proxies.h"

namespace rochade::server {

struct RoomConfig {
    std::int64_t number = 0;
    std::string name;
};

struct ConnectionLimits {
    std::size_t max_message_bytes = 4096;
    double messages_per_second = 20; // token bucket refill
    int message_burst = 40;          // token bucket capacity
    // Pings and pongs the client sends: a browser sends none and answers our ping every half
    // idle timeout, so a few a second is generous; each one costs a wake-up and a pong.
    double control_frames_per_second = 2;
    int control_frame_burst = 20;
    std::int64_t idle_timeout_ms = 60'000;     // a ping is sent after half of it without traffic
    std::size_t write_queue_max_frames = 4096; // room events are many and small

    std::size_t write_queue_max_bytes = 1 << 20;
    std::size_t max_connections = 10'000;
    // Sockets past max_connections being answered 503 at once (each holds a descriptor and a
    // buffer until its request is read, 5 s at most); past it, a new socket gets a fixed 503
    // written without waiting and is closed, so a flood at the limit costs no memory. Below
    // descriptors_kept_back (server/net/descriptor_limit.h), which holds them.
    std::size_t max_refused_connections = 32;
};

// Accounts, guests, sessions and logins (docs/admin.md, "Accounts and roles").
struct IdentityConfig {
    bool allow_guests = true;
    std::int64_t resume_token_ttl_ms = 24LL * 3600 * 1000; // an unused resume token expires
    std::int64_t cookie_idle_ms = 14LL * 24 * 3600 * 1000; // a browser session unused this long ends
    std::int64_t session_max_ms = 30LL * 24 * 3600 * 1000; // no session outlives this
    int password_hash_threads = 2;                         // argon2id hashes at once
    std::size_t password_hash_queue = 32;                  // waiting beyond them; then `busy`
    int login_free_failures_per_account = 5;               // then waits of 1 s, 2 s, 4 s ...
    int login_free_failures_per_address = 20;
    std::int64_t login_max_wait_ms = 15 * 60 * 1000;
    int registrations_free_per_address = 20; // then the same waits; apart from failed logins
    // Origins whose pages may open the WebSocket (a browser sends Origin; tools send none).
    // Empty: only the server's own origin (the Host the browser asked for).
    std::vector<std::string> allowed_origins;
    bool secure_cookies = false; // set the cookie's Secure flag (behind HTTPS)
};

// What one player may hold at once, so no client grows the server's state without bound.
struct PlayerLimits {
    int max_open_tables = 5;           // waiting tables opened and not yet started
    int max_rooms_opened = 5;          // ad-hoc and secret rooms opened that still stand
    int chat_messages_per_minute = 30; // room chat, whispers and table chat together
    int connections_per_address_before_hello = 64;
};

// Who may read GET /metrics (docs/admin.md, "Metrics").
enum class MetricsAccess : std::uint8_t {
    Loopback, // the default: only a peer on 127.0.0.0/8 or ::1 (a scraper or proxy on this host)
    Everyone, // any peer (a firewall or the proxy decides)
    Off,      // /metrics is not served (404)
};
std::string_view metrics_access_name(MetricsAccess access);
std::optional<MetricsAccess> parse_metrics_access(std::string_view name);

struct MetricsConfig {
    MetricsAccess access = MetricsAccess::Loopback;
};

// One node of several (server/cluster/node.h).
struct ClusterConfig {
    // The bus shared with the other nodes, "redis://host:port"; "" runs this server alone.
    std::string bus;
    std::string node; // this node's name among the others; "" names it "host:port"
    std::int64_t heartbeat_ms = 1000;
    // A node not heard of for this long is gone, and the leases it held expire after it.
    std::int64_t node_timeout_ms = 5000;
    // How often the store's running games are checked for one that no live node has (the
    // safety net behind the take-over when a node is given up: Router::sweep_orphans).
    std::int64_t orphan_sweep_ms = 30'000;
};

// Games against the computer (docs/bots.md, "The engine pool"): the pool's size and queue, the
// engines' paths, and the human-like pause before the computer's move in fast games.
struct ComputerConfig {
    std::size_t engines = 0;     // engine processes at most; 0: one per CPU but one, at least one
    std::size_t queue_limit = 8; // searches waiting for an engine; a game is refused beyond
    std::string stockfish_path = "/usr/games/stockfish";
    std::string fairy_stockfish_path = "/usr/games/fairy-stockfish";
    // The computer waits a random 200..move_delay_max_ms (scaled by its clock) before a move in a
    // game faster than 15 minutes (server/table/computer_move_delay.h); 0: no pause (tests).
    std::int64_t move_delay_max_ms = 1200;
};

struct ServerConfig {
    std::string bind_address = "0.0.0.0";
    std::uint16_t port = 8080;
    std::string db_path = "data/rochade.db";
    // How long a database write waits for another connection's lock (a backup, an admin's
    // sqlite3 shell) before it fails and the client gets storage_unavailable.
    int db_busy_timeout_ms = 5000;
    std::string web_root = "web/dist"; // the built browser client (scripts/build-web.sh), served at /
    // Where players reach the server ("https://schach.example.org"), written as the Site of every
    // exported PGN; "" writes the PGN standard's "?" (unknown).
    std::string public_url;
    int threads = 0; // 0: one per hardware thread
    std::vector<RoomConfig> rooms = {
        {34, "Halle der Koenige"}, {35, "Wohnzimmer der alten Burg"}, {36, "Hinterzimmer"}, {37, "Gästezimmer"}};
    ConnectionLimits limits;
    std::int64_t reconnect_grace_ms = 60'000; // then the opponent may claim the win
    // How long a player has for the first move before the game is aborted (no_first_move);
    // unset: as the time control says (server/table/first_move_limit.h, 15-35 s as lichess).
    std::optional<std::int64_t> first_move_limit_ms;
    // Between a tournament round's last result and the next round's pairing: the players see the
    // standings and come back to the board (lichess's Swiss waits about as long).
    std::int64_t tournament_round_pause_ms = 10'000;
    // The day of a round robin played as a season (round_days): its rounds' dates and deadlines.
    // A day, but shorter for a demonstration or a test of a season in seconds.
    std::int64_t tournament_day_ms = 24LL * 3600 * 1000;
    // Server analyses one player may ask for in a day (docs/bots.md, "Server analysis").
    std::int64_t analyses_per_player_per_day = 20;
    std::size_t table_history_events = 64;    // events kept per table for reconnects
    // Table chat lines that may wait at one table while the store is busy with it (its game's
    // requests go first: server/table/chat_inbox.h); the next one is refused with `busy`. A line is at
    // most 500 bytes of text, so a table holds at most some 40 KB of waiting chat.
    std::size_t table_chat_queue = 64;
    // Entries, exits and table changes reach a room's members batched, once per interval.
    std::int64_t room_update_ms = 150;
    // How long a challenge waits for its answer (docs/protocol.md, "Challenges"); it ends sooner
    // when the challenger's connection closes.
    std::int64_t challenge_expiry_ms = 60'000;
    // Quick pairing (docs/protocol.md, "Pools"): every pool's wave interval, in place of the
    // catalogue's 12-60 s; 0 keeps the catalogue's. For tests and small clubs.
    std::int64_t pool_wave_ms = 0;
    IdentityConfig identity;
    PlayerLimits player_limits;
    MetricsConfig metrics;
    ClusterConfig cluster;
    ComputerConfig computer;
    // The Bot API (docs/bots.md, "The Bot API"): requests a token may make in a minute (an
    // address twice as many); past it, 429 with Retry-After.
    struct BotApiSettings {
        std::int64_t requests_per_minute = 300;
    } bot_api;
    // Reverse proxies whose X-Forwarded-For names the client (server/config/trusted_proxies.h). Empty:
    // no peer is trusted, the header is ignored and every client is its socket's peer.
    std::vector<AddressRange> trusted_proxies;
};

// Parses `rochade serve` arguments; --config FILE is read first and the other options override
// it. The error names the option or the config field that was wrong; a value that both can set
// is checked by one rule, so its fault reads the same after either name ("--port must be ...",
// "config file 'F': port must be ...").
rochade::Expected<ServerConfig, std::string> parse_serve_options(const std::vector<std::string>& args);
// Reads a JSON config file over `base`.
rochade::Expected<ServerConfig, std::string> load_config_file(const std::string& path, ServerConfig base);

} // namespace rochade::server
