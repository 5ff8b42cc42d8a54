// rochade serve's options and config file: values land in ServerConfig, errors name the option
// or the config field.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <unistd.h>

#include "server/config/server_config.h"

using rochade::server::MetricsAccess;
using rochade::server::parse_serve_options;
using rochade::server::ServerConfig;

namespace {

// A config file in the temporary directory, removed at the end of the test.
struct ConfigFile {
    explicit ConfigFile(const std::string& text)
        : path((std::filesystem::temp_directory_path() / ("rochade-config-" + std::to_string(::getpid()) + "-" +
                                                          std::to_string(std::hash<std::string>{}(text)) + ".json"))
                   .string())
    {
        std::ofstream(path) << text;
    }
    ~ConfigFile() { std::filesystem::remove(path); }
    std::string path;
};

std::string error_of(const std::vector<std::string>& args)
{
    const auto result = parse_serve_options(args);
    REQUIRE_FALSE(result);
    return result.error();
}

} // namespace

TEST_CASE("serve options without arguments are the defaults", "[server_config]")
{
    const auto config = parse_serve_options({});
    REQUIRE(config);
    CHECK(config->port == 8080);
    CHECK(config->bind_address == "0.0.0.0");
    CHECK(config->db_path == "data/rochade.db");
    REQUIRE(config->rooms.size() == 4);
    CHECK(config->rooms[0].number == 34);
    CHECK(config->rooms[3].name == "Gästezimmer");
    CHECK(config->public_url.empty()); // exported PGN then says Site "?"
}

TEST_CASE("serve options set their fields, as '--name value' and '--name=value'", "[server_config]")
{
    const auto config = parse_serve_options(
        {"--port", "9000", "--bind=127.0.0.1", "--db", "/tmp/x.db", "--threads", "3", "--web-root=www"});
    REQUIRE(config);
    CHECK(config->port == 9000);
    CHECK(config->bind_address == "127.0.0.1");
    CHECK(config->db_path == "/tmp/x.db");
    CHECK(config->threads == 3);
    CHECK(config->web_root == "www");
    CHECK(parse_serve_options({"--port", "0"})->port == 0);
    CHECK(parse_serve_options({"--bind", "::1"})->bind_address == "::1");
    CHECK(parse_serve_options({"--public-url", "https://schach.example.org"})->public_url ==
          "https://schach.example.org");
    const auto node = parse_serve_options({"--bus", "redis://10.0.0.5:6380", "--node", "knoten-1"});
    CHECK(node->cluster.bus == "redis://10.0.0.5:6380");
    CHECK(node->cluster.node == "knoten-1");
}

TEST_CASE("bad serve options are errors that name the option", "[server_config]")
{
    struct Case {
        std::vector<std::string> args;
        std::string error;
    };
    const std::vector<Case> cases{
        {{"--port", "abc"}, "--port must be an integer 0-65535 (0: any free port), not 'abc'"},
        {{"--port", "65536"}, "--port must be an integer 0-65535 (0: any free port), not 65536"},
        {{"--port", "-1"}, "--port must be an integer 0-65535 (0: any free port), not -1"},
        {{"--port", "80x"}, "--port must be an integer 0-65535 (0: any free port), not '80x'"},
        {{"--port"}, "--port: missing value"},
        {{"--threads", "many"}, "--threads must be an integer 0-256 (0: one per hardware thread), not 'many'"},
        {{"--bind", "localhost:80"}, "--bind 'localhost:80' is not an IP address"},
        {{"--db", ""}, "--db must not be empty"},
        {{"--public-url", "ftp://x"}, "--public-url 'ftp://x' is not an http:// or https:// URL"},
        {{"--bus", "redis//x"},
         "--bus 'redis//x' is not a bus URL: redis://host:port (a Redis server; the port "
         "defaults to 6379)"},
        {{"--node", ""}, "--node must not be empty"},
        {{"--node", "n1\nn2"}, "--node 'n1\nn2' is not a node name: letters, digits and . - _ : only"},
        {{"--trusted-proxy", "haproxy"},
         "--trusted-proxy 'haproxy' is not an address range: wants an IPv4 or IPv6 "
         "address, optionally with /prefix (10.0.0.0/8, ::1/128)"},
        {{"--verbose"}, "unknown option '--verbose'"},
        {{"8080"}, "unexpected argument '8080' (options start with --)"},
        {{"--config", "/nonexistent/rochade.json"}, "--config: config file '/nonexistent/rochade.json' cannot be read"},
    };
    for (const auto& c : cases) {
        INFO(c.args.front());
        CHECK(error_of(c.args) == c.error);
    }
}

// The values both ways can set: each fault, as a file's field and as an option, with the one
// description of what is wrong that follows the value's name in both.
TEST_CASE("the same fault gives the same message from the config file and from the command line", "[server_config]")
{
    struct Case {
        std::string file;              // the config file's text
        std::string field;             // its field, as the file's error names it
        std::vector<std::string> args; // the same value on the command line
        std::string problem;
    };
    const std::string too_long(65, 'k');
    const std::vector<Case> cases{
        {R"({"port": 70000})", "port", {"--port", "70000"}, "must be an integer 0-65535 (0: any free port), not 70000"},
        {R"({"port": -1})", "port", {"--port=-1"}, "must be an integer 0-65535 (0: any free port), not -1"},
        {R"({"port": "http"})",
         "port",
         {"--port", "http"},
         "must be an integer 0-65535 (0: any free port), not 'http'"},
        {R"({"threads": 300})",
         "threads",
         {"--threads", "300"},
         "must be an integer 0-256 (0: one per hardware thread), not 300"},
        {R"({"db_busy_timeout_ms": 600001})",
         "db_busy_timeout_ms",
         {"--db-busy-timeout-ms", "600001"},
         "must be an integer 0-600000, not 600001"},
        {R"({"bind": "example.org"})", "bind", {"--bind", "example.org"}, "'example.org' is not an IP address"},
        {R"({"db": ""})", "db", {"--db", ""}, "must not be empty"},
        {R"({"web_root": ""})", "web_root", {"--web-root="}, "must not be empty"},
        {R"({"public_url": "ftp://x"})",
         "public_url",
         {"--public-url", "ftp://x"},
         "'ftp://x' is not an http:// or https:// URL"},
        {R"({"public_url": "https://a b"})",
         "public_url",
         {"--public-url", "https://a b"},
         "'https://a b' holds a space or a control character"},
        {R"({"cluster": {"bus": "redis//x"}})",
         "cluster.bus",
         {"--bus", "redis//x"},
         "'redis//x' is not a bus URL: redis://host:port (a Redis server; the port defaults to 6379)"},
        {R"({"cluster": {"bus": ""}})", "cluster.bus", {"--bus", ""}, "must not be empty"},
        {R"({"cluster": {"node": "knoten eins"}})",
         "cluster.node",
         {"--node", "knoten eins"},
         "'knoten eins' is not a node name: letters, digits and . - _ : only"},
        {R"({"cluster": {"node": ""}})", "cluster.node", {"--node", ""}, "must not be empty"},
        {R"({"cluster": {"node": ")" + too_long + R"("}})",
         "cluster.node",
         {"--node", too_long},
         "'" + too_long + "' is not a node name: it has more than 64 characters"},
        {R"({"trusted_proxies": ["10.0.0.0/33"]})",
         "trusted_proxies[0]",
         {"--trusted-proxy", "10.0.0.0/33"},
         "'10.0.0.0/33' is not an address range: the prefix length must be a number 0-32"},
    };
    for (const auto& c : cases) {
        INFO(c.file);
        const ConfigFile file(c.file);
        CHECK(error_of({"--config", file.path}) ==
              "--config: config file '" + file.path + "': " + c.field + " " + c.problem);
        const std::string option = c.args.front().substr(0, c.args.front().find('='));
        CHECK(error_of(c.args) == option + " " + c.problem);
    }
}

TEST_CASE("a config file sets every field, the command line overrides it", "[server_config]")
{
    const ConfigFile file(R"({"port": 9100, "bind": "127.0.0.1", "db": "games.db", "web_root": "client",
        "public_url": "https://schach.example.org", "threads": 2, "rooms": [{"number": 7, "name": "Schachcafé"}, {"number": 8, "name": "Keller"}],
        "limits": {"max_message_bytes": 2048, "messages_per_second": 5.5, "message_burst": 10,
                   "control_frames_per_second": 0.5, "control_frame_burst": 4, "idle_timeout_ms": 30000, "write_queue_max_frames": 64, "write_queue_max_bytes": 65536,
                   "max_connections": 100, "max_refused_connections": 12},
        "reconnect_grace_ms": 5000, "first_move_limit_ms": 12000, "table_history_events": 32, "table_chat_queue": 9, "room_update_ms": 250, "pool_wave_ms": 400, "tournament_round_pause_ms": 2500, "tournament_day_ms": 60000, "analyses_per_player_per_day": 3,
        "identity": {"allow_guests": false, "resume_token_ttl_ms": 120000, "cookie_idle_ms": 180000,
                     "session_max_ms": 240000, "password_hash_threads": 3, "password_hash_queue": 7,
                     "login_free_failures_per_account": 2, "login_free_failures_per_address": 9,
                     "login_max_wait_ms": 60000, "allowed_origins": ["https://schach.example.org"],
                     "secure_cookies": true},
        "player_limits": {"max_open_tables": 2, "max_rooms_opened": 1, "chat_messages_per_minute": 6,
                          "connections_per_address_before_hello": 4},
        "metrics": {"access": "everyone"}, "bot_api": {"requests_per_minute": 42}})");
    const auto config = parse_serve_options({"--port", "9200", "--config", file.path});
    REQUIRE(config);
    CHECK(config->port == 9200); // the command line wins, wherever --config stands
    CHECK(config->bind_address == "127.0.0.1");
    CHECK(config->db_path == "games.db");
    CHECK(config->web_root == "client");
    CHECK(config->public_url == "https://schach.example.org");
    CHECK(config->threads == 2);
    REQUIRE(config->rooms.size() == 2);
    CHECK(config->rooms[0].number == 7);
    CHECK(config->rooms[0].name == "Schachcafé");
    CHECK(config->rooms[1].number == 8);
    CHECK(config->limits.max_message_bytes == 2048);
    CHECK(config->limits.messages_per_second == 5.5);
    CHECK(config->limits.message_burst == 10);
    CHECK(config->limits.control_frames_per_second == 0.5);
    CHECK(config->limits.control_frame_burst == 4);
    CHECK(config->limits.idle_timeout_ms == 30000);
    CHECK(config->limits.write_queue_max_frames == 64);
    CHECK(config->limits.write_queue_max_bytes == 65536);
    CHECK(config->limits.max_connections == 100);
    CHECK(config->limits.max_refused_connections == 12);
    CHECK(config->reconnect_grace_ms == 5000);
    CHECK(config->first_move_limit_ms == 12000);
    CHECK(config->table_history_events == 32);
    CHECK(config->table_chat_queue == 9);
    CHECK(config->room_update_ms == 250);
    CHECK(config->pool_wave_ms == 400);
    CHECK(config->tournament_round_pause_ms == 2500);
    CHECK(config->tournament_day_ms == 60000);
    CHECK(config->analyses_per_player_per_day == 3);
    CHECK(config->bot_api.requests_per_minute == 42);
    const auto& identity = config->identity;
    CHECK_FALSE(identity.allow_guests);
    CHECK(identity.resume_token_ttl_ms == 120000);
    CHECK(identity.cookie_idle_ms == 180000);
    CHECK(identity.session_max_ms == 240000);
    CHECK(identity.password_hash_threads == 3);
    CHECK(identity.password_hash_queue == 7);
    CHECK(identity.login_free_failures_per_account == 2);
    CHECK(identity.login_free_failures_per_address == 9);
    CHECK(identity.login_max_wait_ms == 60000);
    CHECK(identity.allowed_origins == std::vector<std::string>{"https://schach.example.org"});
    CHECK(identity.secure_cookies);
    CHECK(config->player_limits.max_open_tables == 2);
    CHECK(config->player_limits.max_rooms_opened == 1);
    CHECK(config->player_limits.chat_messages_per_minute == 6);
    CHECK(config->player_limits.connections_per_address_before_hello == 4);
    CHECK(config->metrics.access == MetricsAccess::Everyone);
}

TEST_CASE("a config file's fields not given keep their defaults", "[server_config]")
{
    const ConfigFile file(R"({"limits": {"message_burst": 5}})");
    const auto config = parse_serve_options({"--config", file.path});
    REQUIRE(config);
    CHECK(config->limits.message_burst == 5);
    CHECK(config->limits.max_message_bytes == ServerConfig{}.limits.max_message_bytes);
    CHECK(config->rooms.size() == 4);
    CHECK(config->metrics.access == MetricsAccess::Loopback);
}

TEST_CASE("config file errors name the file and the field", "[server_config]")
{
    struct Case {
        std::string text;
        std::string error; // after "--config: config file 'PATH'"
    };
    const std::vector<Case> cases{
        {R"({"port": 80, "colour": "blue"})",
         ": unknown key 'colour' (known: analyses_per_player_per_day, bind, bot_api, challenge_expiry_ms, cluster, "
         "computer, "
         "db, db_busy_timeout_ms, "
         "first_move_limit_ms, identity, limits, metrics, player_limits, pool_wave_ms, port, public_url, "
         "reconnect_grace_ms, room_update_ms, rooms, "
         "table_chat_queue, table_history_events, threads, tournament_day_ms, tournament_round_pause_ms, "
         "trusted_proxies, web_root)"},
        {R"({"trusted_proxies": "10.0.0.0/8"})",
         ": trusted_proxies must be an array of address ranges such as \"10.0.0.0/8\""},
        {R"({"trusted_proxies": ["127.0.0.1", 8]})", ": trusted_proxies[1] must be a string such as \"10.0.0.0/8\""},
        {R"({"trusted_proxies": ["10.0.0.0/33"]})",
         ": trusted_proxies[0] '10.0.0.0/33' is not an address range: the prefix length must be a number 0-32"},
        {R"({"cluster": {"bus": "http://redis:6379"}})",
         ": cluster.bus 'http://redis:6379' is not a bus URL: redis://host:port (a Redis server; the port defaults "
         "to 6379)"},
        {R"({"cluster": {"node": "knoten eins"}})",
         ": cluster.node 'knoten eins' is not a node name: letters, digits and . - _ : only"},
        {R"({"cluster": {"heartbeat_ms": 1000, "node_timeout_ms": 1500}})",
         ": cluster.node_timeout_ms must be at least two heartbeats (cluster.heartbeat_ms)"},
        {R"({"cluster": {"peers": []}})",
         ": unknown key 'cluster.peers' (known: bus, heartbeat_ms, node, node_timeout_ms, orphan_sweep_ms)"},
        {R"({"cluster": {"orphan_sweep_ms": 10}})", ": cluster.orphan_sweep_ms must be an integer 100-3600000, not 10"},
        {R"({"first_move_limit_ms": 50})", ": first_move_limit_ms must be an integer 100-86400000, not 50"},
        {R"({"analyses_per_player_per_day": -1})", ": analyses_per_player_per_day must be an integer 0-10000, not -1"},
        {R"({"public_url": "schach.example.org"})",
         ": public_url 'schach.example.org' is not an http:// or https:// URL"},
        {R"({"public_url": "https://schach example.org"})",
         ": public_url 'https://schach example.org' holds a space or a control character"},
        {R"({"public_url": 80})", ": public_url must be a string"},
        {R"({"metrics": {"access": "localhost"}})", ": metrics.access must be \"loopback\", \"everyone\" or \"off\""},
        {R"({"metrics": {"access": true}})", ": metrics.access must be \"loopback\", \"everyone\" or \"off\""},
        {R"({"metrics": {"port": 9100}})", ": unknown key 'metrics.port' (known: access)"},
        {R"({"metrics": "off"})", ": metrics must be an object"},
        {R"({"identity": {"allow_guests": 1}})", ": identity.allow_guests must be true or false"},
        {R"({"identity": {"allowed_origins": ["schach.example.org"]}})",
         ": identity.allowed_origins[0] 'schach.example.org' is not an origin (scheme://host[:port])"},
        {R"({"identity": {"password_hash_threads": 0}})",
         ": identity.password_hash_threads must be an integer 1-64, not 0"},
        {R"({"player_limits": {"max_open_tables": 0}})",
         ": player_limits.max_open_tables must be an integer 1-1000, not 0"},
        {R"({"limits": {"max_frames": 3}})",
         ": unknown key 'limits.max_frames' (known: control_frame_burst, control_frames_per_second, idle_timeout_ms, "
         "max_connections, max_message_bytes, max_refused_connections, "
         "message_burst, messages_per_second, write_queue_max_bytes, write_queue_max_frames)"},
        {R"({"port": "8080"})", ": port must be an integer 0-65535 (0: any free port), not '8080'"},
        {R"({"port": 8080.5})", ": port must be an integer 0-65535 (0: any free port), not 8080.5"},
        {R"({"port": 70000})", ": port must be an integer 0-65535 (0: any free port), not 70000"},
        {R"({"bind": "example.org"})", ": bind 'example.org' is not an IP address"},
        {R"({"db": ""})", ": db must not be empty"},
        {R"({"rooms": [{"number": 34, "name": "A"}, {"number": 34, "name": "B"}]})",
         ": rooms[1].number repeats room number 34"},
        {R"({"rooms": [{"number": 0, "name": "A"}]})", ": rooms[0].number is 0; room numbers start at 1"},
        {R"({"rooms": [{"number": -3, "name": "A"}]})",
         ": rooms[0].number is negative; negative numbers are secret rooms, opened by entering them, never "
         "configured"},
        {R"({"rooms": [{"number": 3, "name": ""}]})", ": rooms[0].name must not be empty"},
        {R"({"rooms": [{"number": 3}]})", ": rooms[0] has no \"name\""},
        {R"({"rooms": [{"number": 3, "name": "A", "topic": "x"}]})",
         ": unknown key 'rooms[0].topic' (known: name, number)"},
        {R"({"rooms": []})", ": rooms must list at least one room"},
        {R"({"limits": {"messages_per_second": 0}})", ": limits.messages_per_second must be a number above 0"},
        {R"({"limits": {"message_burst": 0}})", ": limits.message_burst must be an integer 1-1000000, not 0"},
        {R"([1, 2])", " must hold a JSON object"},
        {R"({"port": 80,})", " is not valid JSON"},
    };
    for (const auto& c : cases) {
        INFO(c.text);
        const ConfigFile file(c.text);
        CHECK(error_of({"--config", file.path}) == "--config: config file '" + file.path + "'" + c.error);
    }
}

TEST_CASE("trusted proxies come from the config file, --trusted-proxy, repeated, replaces the file's list",
          "[server_config]")
{
    CHECK(parse_serve_options({})->trusted_proxies.empty()); // by default no header is trusted
    const ConfigFile file(R"({"trusted_proxies": ["127.0.0.1", "10.0.0.0/8", "::1/128"]})");
    const auto from_file = parse_serve_options({"--config", file.path});
    REQUIRE(from_file);
    std::vector<std::string> texts;
    for (const auto& range : from_file->trusted_proxies) texts.push_back(range.text());
    CHECK(texts == std::vector<std::string>{"127.0.0.1/32", "10.0.0.0/8", "::1/128"});

    const auto overridden =
        parse_serve_options({"--trusted-proxy", "192.0.2.0/24", "--config", file.path, "--trusted-proxy=fd00::/8"});
    REQUIRE(overridden);
    texts.clear();
    for (const auto& range : overridden->trusted_proxies) texts.push_back(range.text());
    CHECK(texts == std::vector<std::string>{"192.0.2.0/24", "fd00::/8"});
}
