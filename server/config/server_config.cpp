#include "server/config/server_config.h"

#include <cctype>
#include <charconv>
#include <cmath>
#include <fstream>
#include <limits>
#include <set>
#include <sstream>

#include <boost/asio/ip/address.hpp>
#include <nlohmann/json.hpp>

#include "server/config/redis_url.h"

namespace rochade::server {

using json = nlohmann::json;

namespace {

using Result = rochade::Expected<ServerConfig, std::string>;

Result fail(std::string message) { return rochade::unexpected(std::move(message)); }

constexpr int max_threads = 256;

std::optional<std::int64_t> parse_integer(std::string_view text)
{
    std::int64_t value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc{} || end != text.data() + text.size() || text.empty()) return std::nullopt;
    return value;
}

bool is_ip_address(const std::string& text)
{
    boost::system::error_code ec;
    boost::asio::ip::make_address(text, ec);
    return !ec;
}

// ---- one check per kind of value -------------------------------------------------------------
// A check says what is wrong with a value as a phrase that follows the value's name ("must be an
// integer 0-65535 (0: any free port), not 70000"), so a fault reads the same whether the value came
// from the config file ("config file 'F': port ...") or the command line ("--port ...").

// A value as a message shows it: a text in single quotes, as written; anything else as JSON.
std::string value_as_written(const json& value)
{
    if (!value.is_string()) return value.dump();
    // Appended, not "'" + text + "': gcc 12 warns (-Wrestrict) wrongly about the latter here.
    std::string written = "'";
    written += value.get_ref<const std::string&>();
    written += '\'';
    return written;
}

// An integer in [low, high]; `note` says what a special value means ("0: any free port").
template <class Int>
std::optional<std::string> integer_problem(const json& value, std::int64_t low, std::int64_t high, Int& out,
                                           std::string_view note = {})
{
    std::string wanted = "must be an integer " + std::to_string(low) + "-" + std::to_string(high);
    if (!note.empty()) wanted += " (" + std::string(note) + ")";
    if (!value.is_number_integer()) return wanted + ", not " + value_as_written(value);
    if (value.is_number_unsigned() && value.get<std::uint64_t>() > std::uint64_t(high))
        return wanted + ", not " + std::to_string(value.get<std::uint64_t>());
    const auto number = value.get<std::int64_t>();
    if (number < low || number > high) return wanted + ", not " + std::to_string(number);
    out = Int(number);
    return std::nullopt;
}

// A text that is not empty.
std::optional<std::string> text_problem(const json& value, std::string& out)
{
    if (!value.is_string()) return "must be a string";
    if (value.get<std::string>().empty()) return "must not be empty";
    out = value.get<std::string>();
    return std::nullopt;
}

// One reverse proxy's address range ("10.0.0.0/8"): an item of the file's trusted_proxies, or one
// --trusted-proxy.
std::optional<std::string> address_range_problem(const json& value, AddressRange& out)
{
    if (!value.is_string()) return "must be a string such as \"10.0.0.0/8\"";
    auto range = parse_address_range(value.get<std::string>());
    if (!range) return range.error();
    out = *range;
    return std::nullopt;
}

// ---- the config file --------------------------------------------------------------------

// Reads config values with errors that name the file and the field.
class ConfigReader {
public:
    explicit ConfigReader(std::string file) : file_(std::move(file)) {}

    std::string error(const std::string& field, const std::string& problem) const
    {
        return "config file '" + file_ + "': " + field + " " + problem;
    }

    std::optional<std::string> unknown_keys(const json& object, const std::string& where,
                                            const std::set<std::string>& known) const
    {
        for (const auto& [key, value] : object.items())
            if (!known.count(key)) {
                std::string names;
                for (const auto& name : known) names += (names.empty() ? "" : ", ") + name;
                return "config file '" + file_ + "': unknown key '" + where + key + "' (known: " + names + ")";
            }
        return std::nullopt;
    }

    // An integer in [low, high], or an error naming the field.
    template <class Int>
    std::optional<std::string> integer(const json& value, const std::string& field, std::int64_t low, std::int64_t high,
                                       Int& out) const
    {
        return named(field, integer_problem(value, low, high, out));
    }

    std::optional<std::string> text(const json& value, const std::string& field, std::string& out) const
    {
        return named(field, text_problem(value, out));
    }

    // The error of `problem`, if there is one, naming the field.
    std::optional<std::string> named(const std::string& field, const std::optional<std::string>& problem) const
    {
        if (!problem) return std::nullopt;
        return error(field, *problem);
    }

private:
    std::string file_;
};

std::optional<std::string> read_limits(const ConfigReader& reader, const json& limits, ConnectionLimits& out)
{
    if (!limits.is_object()) return reader.error("limits", "must be an object");
    if (auto e = reader.unknown_keys(limits, "limits.",
                                     {"max_message_bytes", "messages_per_second", "message_burst",
                                      "control_frames_per_second", "control_frame_burst", "idle_timeout_ms",
                                      "write_queue_max_frames", "write_queue_max_bytes", "max_connections",
                                      "max_refused_connections"}))
        return e;
    constexpr std::int64_t big = std::numeric_limits<std::int32_t>::max();
    for (const auto& [key, value] : limits.items()) {
        std::optional<std::string> e;
        const std::string field = "limits." + key;
        if (key == "max_message_bytes") e = reader.integer(value, field, 64, 16 * 1024 * 1024, out.max_message_bytes);
        if (key == "message_burst") e = reader.integer(value, field, 1, 1'000'000, out.message_burst);
        if (key == "control_frame_burst") e = reader.integer(value, field, 1, 1'000'000, out.control_frame_burst);
        if (key == "idle_timeout_ms") e = reader.integer(value, field, 1000, 24 * 3600 * 1000, out.idle_timeout_ms);
        if (key == "write_queue_max_frames") e = reader.integer(value, field, 1, big, out.write_queue_max_frames);
        if (key == "write_queue_max_bytes") e = reader.integer(value, field, 1024, big, out.write_queue_max_bytes);
        if (key == "max_connections") e = reader.integer(value, field, 1, 10'000'000, out.max_connections);
        if (key == "max_refused_connections")
            e = reader.integer(value, field, 1, 10'000'000, out.max_refused_connections);
        if (key == "messages_per_second" || key == "control_frames_per_second") {
            if (!value.is_number() || !(value.get<double>() > 0) || !std::isfinite(value.get<double>()))
                e = reader.error(field, "must be a number above 0");
            else
                (key == "messages_per_second" ? out.messages_per_second : out.control_frames_per_second) =
                    value.get<double>();
        }
        if (e) return e;
    }
    return std::nullopt;
}

std::optional<std::string> read_identity(const ConfigReader& reader, const json& section, IdentityConfig& out)
{
    if (!section.is_object()) return reader.error("identity", "must be an object");
    if (auto e = reader.unknown_keys(section, "identity.",
                                     {"allow_guests", "resume_token_ttl_ms", "cookie_idle_ms", "session_max_ms",
                                      "password_hash_threads", "password_hash_queue", "login_free_failures_per_account",
                                      "login_free_failures_per_address", "login_max_wait_ms",
                                      "registrations_free_per_address", "allowed_origins", "secure_cookies"}))
        return e;
    constexpr std::int64_t year_ms = 366LL * 24 * 3600 * 1000;
    for (const auto& [key, value] : section.items()) {
        std::optional<std::string> e;
        const std::string field = "identity." + key;
        if (key == "allow_guests" || key == "secure_cookies") {
            if (!value.is_boolean())
                e = reader.error(field, "must be true or false");
            else
                (key == "allow_guests" ? out.allow_guests : out.secure_cookies) = value.get<bool>();
        }
        if (key == "resume_token_ttl_ms") e = reader.integer(value, field, 60'000, year_ms, out.resume_token_ttl_ms);
        if (key == "cookie_idle_ms") e = reader.integer(value, field, 60'000, year_ms, out.cookie_idle_ms);
        if (key == "session_max_ms") e = reader.integer(value, field, 60'000, year_ms, out.session_max_ms);
        if (key == "password_hash_threads") e = reader.integer(value, field, 1, 64, out.password_hash_threads);
        if (key == "password_hash_queue") e = reader.integer(value, field, 0, 100'000, out.password_hash_queue);
        if (key == "login_free_failures_per_account")
            e = reader.integer(value, field, 0, 1000, out.login_free_failures_per_account);
        if (key == "login_free_failures_per_address")
            e = reader.integer(value, field, 0, 100'000, out.login_free_failures_per_address);
        if (key == "registrations_free_per_address")
            e = reader.integer(value, field, 0, 100'000, out.registrations_free_per_address);
        if (key == "login_max_wait_ms") e = reader.integer(value, field, 1000, 24 * 3600 * 1000, out.login_max_wait_ms);
        if (key == "allowed_origins") {
            if (!value.is_array()) {
                e = reader.error(field, "must be an array of origins such as \"https://chess.example.org\"");
            } else {
                out.allowed_origins.clear();
                for (std::size_t i = 0; i < value.size() && !e; ++i) {
                    std::string origin;
                    e = reader.text(value[i], field + "[" + std::to_string(i) + "]", origin);
                    if (!e && origin.find("://") == std::string::npos)
                        e = reader.error(field + "[" + std::to_string(i) + "]",
                                         "'" + origin + "' is not an origin (scheme://host[:port])");
                    if (!e) out.allowed_origins.push_back(origin);
                }
            }
        }
        if (e) return e;
    }
    return std::nullopt;
}

std::optional<std::string> read_player_limits(const ConfigReader& reader, const json& section, PlayerLimits& out)
{
    if (!section.is_object()) return reader.error("player_limits", "must be an object");
    if (auto e = reader.unknown_keys(section, "player_limits.",
                                     {"max_open_tables", "max_rooms_opened", "chat_messages_per_minute",
                                      "connections_per_address_before_hello"}))
        return e;
    for (const auto& [key, value] : section.items()) {
        std::optional<std::string> e;
        const std::string field = "player_limits." + key;
        if (key == "max_open_tables") e = reader.integer(value, field, 1, 1000, out.max_open_tables);
        if (key == "max_rooms_opened") e = reader.integer(value, field, 0, 1000, out.max_rooms_opened);
        if (key == "chat_messages_per_minute")
            e = reader.integer(value, field, 1, 100'000, out.chat_messages_per_minute);
        if (key == "connections_per_address_before_hello")
            e = reader.integer(value, field, 1, 1'000'000, out.connections_per_address_before_hello);
        if (e) return e;
    }
    return std::nullopt;
}

// ---- the values both the file and the command line set ------------------------------------

std::optional<std::string> bus_url_problem(const json& value, std::string& out)
{
    if (auto problem = text_problem(value, out)) return problem;
    if (parse_redis_url(out)) return std::nullopt;
    return "'" + out + "' is not a bus URL: redis://host:port (a Redis server; the port defaults to 6379)";
}

std::optional<std::string> node_name_problem(const json& value, std::string& out)
{
    if (auto problem = text_problem(value, out)) return problem;
    // It names the node's channel and its leases, and shows in the logs of every node.
    if (out.size() > 64) return "'" + out + "' is not a node name: it has more than 64 characters";
    for (const char c : out)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '.' && c != '-' && c != '_' && c != ':')
            return "'" + out + "' is not a node name: letters, digits and . - _ : only";
    return std::nullopt;
}

// The public URL goes into every exported PGN's Site tag: an absolute http(s) URL, one line of
// printing characters (a PGN tag value is one line). "" (none) is allowed, unlike other texts: the
// example file shows the default, none.
std::optional<std::string> public_url_problem(const json& value, std::string& out)
{
    if (value.is_string() && value.get<std::string>().empty()) {
        out.clear();
        return std::nullopt;
    }
    if (auto problem = text_problem(value, out)) return problem;
    if (!out.starts_with("http://") && !out.starts_with("https://"))
        return "'" + out + "' is not an http:// or https:// URL";
    for (char c : out)
        if (static_cast<unsigned char>(c) <= 0x20 || c == 0x7f)
            return "'" + out + "' holds a space or a control character";
    return std::nullopt;
}

std::optional<std::string> bind_address_problem(const json& value, std::string& out)
{
    if (auto problem = text_problem(value, out)) return problem;
    if (!is_ip_address(out)) return "'" + out + "' is not an IP address";
    return std::nullopt;
}

// A value with a key in the file and an option on the command line, and its one check, which reads
// it into the configuration. The command line's text is read as a JSON integer for an integer
// field when it is one, else as a JSON string, so that both go through the same check.
struct SharedField {
    std::string_view key; // in the file; "cluster.bus" is the key bus of the section cluster
    std::string_view option;
    bool integer;
    std::optional<std::string> (*read)(const json& value, ServerConfig& config);
};

const SharedField shared_fields[] = {
    {"port", "--port", true,
     [](const json& v, ServerConfig& c) { return integer_problem(v, 0, 65535, c.port, "0: any free port"); }},
    {"bind", "--bind", false, [](const json& v, ServerConfig& c) { return bind_address_problem(v, c.bind_address); }},
    {"db", "--db", false, [](const json& v, ServerConfig& c) { return text_problem(v, c.db_path); }},
    {"db_busy_timeout_ms", "--db-busy-timeout-ms", true,
     [](const json& v, ServerConfig& c) { return integer_problem(v, 0, 600'000, c.db_busy_timeout_ms); }},
    {"threads", "--threads", true,
     [](const json& v, ServerConfig& c) {
         return integer_problem(v, 0, max_threads, c.threads, "0: one per hardware thread");
     }},
    {"web_root", "--web-root", false, [](const json& v, ServerConfig& c) { return text_problem(v, c.web_root); }},
    {"public_url", "--public-url", false,
     [](const json& v, ServerConfig& c) { return public_url_problem(v, c.public_url); }},
    {"cluster.bus", "--bus", false, [](const json& v, ServerConfig& c) { return bus_url_problem(v, c.cluster.bus); }},
    {"cluster.node", "--node", false,
     [](const json& v, ServerConfig& c) { return node_name_problem(v, c.cluster.node); }},
};

const SharedField* shared_field_with_key(std::string_view key)
{
    for (const SharedField& field : shared_fields)
        if (field.key == key) return &field;
    return nullptr;
}

const SharedField* shared_field_with_option(std::string_view option)
{
    for (const SharedField& field : shared_fields)
        if (field.option == option) return &field;
    return nullptr;
}

std::optional<std::string> read_cluster(const ConfigReader& reader, const json& section, ServerConfig& config)
{
    ClusterConfig& out = config.cluster;
    if (!section.is_object()) return reader.error("cluster", "must be an object");
    if (auto e = reader.unknown_keys(section, "cluster.",
                                     {"bus", "node", "heartbeat_ms", "node_timeout_ms", "orphan_sweep_ms"}))
        return e;
    for (const auto& [key, value] : section.items()) {
        const std::string field = "cluster." + key;
        std::optional<std::string> e;
        if (const SharedField* shared = shared_field_with_key(field))
            e = reader.named(field, shared->read(value, config));
        if (key == "heartbeat_ms") e = reader.integer(value, field, 10, 60'000, out.heartbeat_ms);
        if (key == "node_timeout_ms") e = reader.integer(value, field, 50, 600'000, out.node_timeout_ms);
        if (key == "orphan_sweep_ms") e = reader.integer(value, field, 100, 3'600'000, out.orphan_sweep_ms);
        if (e) return e;
    }
    if (out.node_timeout_ms < 2 * out.heartbeat_ms)
        return reader.error("cluster.node_timeout_ms", "must be at least two heartbeats (cluster.heartbeat_ms)");
    return std::nullopt;
}

// The "computer" section (docs/bots.md, "Playing the computer").
std::optional<std::string> read_computer(const ConfigReader& reader, const json& section, ComputerConfig& out)
{
    if (!section.is_object()) return reader.error("computer", "must be an object");
    if (auto e = reader.unknown_keys(
            section, "computer.",
            {"engines", "queue_limit", "stockfish_path", "fairy_stockfish_path", "move_delay_max_ms"}))
        return e;
    for (const auto& [key, value] : section.items()) {
        const std::string field = "computer." + key;
        std::optional<std::string> e;
        if (key == "engines") e = reader.integer(value, field, 0, 256, out.engines);
        if (key == "queue_limit") e = reader.integer(value, field, 0, 10'000, out.queue_limit);
        if (key == "stockfish_path") e = reader.text(value, field, out.stockfish_path);
        if (key == "fairy_stockfish_path") e = reader.text(value, field, out.fairy_stockfish_path);
        if (key == "move_delay_max_ms") e = reader.integer(value, field, 0, 10'000, out.move_delay_max_ms);
        if (e) return e;
    }
    return std::nullopt;
}

// The "bot_api" section (docs/bots.md, "The Bot API").
std::optional<std::string> read_bot_api(const ConfigReader& reader, const json& section,
                                        ServerConfig::BotApiSettings& out)
{
    if (!section.is_object()) return reader.error("bot_api", "must be an object");
    if (auto e = reader.unknown_keys(section, "bot_api.", {"requests_per_minute"})) return e;
    if (section.contains("requests_per_minute"))
        return reader.integer(section["requests_per_minute"], "bot_api.requests_per_minute", 1, 100'000,
                              out.requests_per_minute);
    return std::nullopt;
}

std::optional<std::string> read_metrics(const ConfigReader& reader, const json& section, MetricsConfig& out)
{
    if (!section.is_object()) return reader.error("metrics", "must be an object");
    if (auto e = reader.unknown_keys(section, "metrics.", {"access"})) return e;
    if (section.contains("access")) {
        const json& value = section["access"];
        const auto access = value.is_string() ? parse_metrics_access(value.get<std::string>()) : std::nullopt;
        if (!access) return reader.error("metrics.access", "must be \"loopback\", \"everyone\" or \"off\"");
        out.access = *access;
    }
    return std::nullopt;
}

std::optional<std::string> read_trusted_proxies(const ConfigReader& reader, const json& value,
                                                std::vector<AddressRange>& out)
{
    if (!value.is_array())
        return reader.error("trusted_proxies", "must be an array of address ranges such as \"10.0.0.0/8\"");
    std::vector<AddressRange> ranges;
    for (std::size_t i = 0; i < value.size(); ++i) {
        AddressRange range;
        if (auto problem = address_range_problem(value[i], range))
            return reader.error("trusted_proxies[" + std::to_string(i) + "]", *problem);
        ranges.push_back(range);
    }
    out = std::move(ranges);
    return std::nullopt;
}

std::optional<std::string> read_rooms(const ConfigReader& reader, const json& rooms, std::vector<RoomConfig>& out)
{
    if (!rooms.is_array()) return reader.error("rooms", "must be an array of {\"number\":..,\"name\":..}");
    if (rooms.empty()) return reader.error("rooms", "must list at least one room");
    std::vector<RoomConfig> result;
    std::set<std::int64_t> numbers;
    for (std::size_t i = 0; i < rooms.size(); ++i) {
        const std::string where = "rooms[" + std::to_string(i) + "]";
        const json& room = rooms[i];
        if (!room.is_object()) return reader.error(where, "must be an object {\"number\":..,\"name\":..}");
        if (auto e = reader.unknown_keys(room, where + ".", {"number", "name"})) return e;
        if (!room.contains("number")) return reader.error(where, "has no \"number\"");
        if (!room.contains("name")) return reader.error(where, "has no \"name\"");
        RoomConfig config;
        if (!room["number"].is_number_integer()) return reader.error(where + ".number", "must be an integer");
        config.number = room["number"].get<std::int64_t>();
        if (config.number == 0) return reader.error(where + ".number", "is 0; room numbers start at 1");
        if (config.number < 0)
            return reader.error(where + ".number", "is negative; negative numbers are secret rooms, opened by "
                                                   "entering them, never configured");
        if (!numbers.insert(config.number).second)
            return reader.error(where + ".number", "repeats room number " + std::to_string(config.number));
        if (auto e = reader.text(room["name"], where + ".name", config.name)) return e;
        result.push_back(std::move(config));
    }
    out = std::move(result);
    return std::nullopt;
}

} // namespace

std::string_view metrics_access_name(MetricsAccess access)
{
    switch (access) {
    case MetricsAccess::Loopback: return "loopback";
    case MetricsAccess::Everyone: return "everyone";
    case MetricsAccess::Off: return "off";
    }
    return "off";
}

std::optional<MetricsAccess> parse_metrics_access(std::string_view name)
{
    for (const auto access : {MetricsAccess::Loopback, MetricsAccess::Everyone, MetricsAccess::Off})
        if (metrics_access_name(access) == name) return access;
    return std::nullopt;
}

rochade::Expected<ServerConfig, std::string> load_config_file(const std::string& path, ServerConfig base)
{
    std::ifstream file(path);
    if (!file) return fail("config file '" + path + "' cannot be read");
    std::stringstream text;
    text << file.rdbuf();
    const json document = json::parse(text.str(), nullptr, false);
    if (document.is_discarded()) return fail("config file '" + path + "' is not valid JSON");
    if (!document.is_object()) return fail("config file '" + path + "' must hold a JSON object");

    const ConfigReader reader(path);
    if (auto e = reader.unknown_keys(document, "",
                                     {"port",
                                      "bind",
                                      "db",
                                      "db_busy_timeout_ms",
                                      "web_root",
                                      "public_url",
                                      "threads",
                                      "rooms",
                                      "limits",
                                      "reconnect_grace_ms",
                                      "first_move_limit_ms",
                                      "table_history_events",
                                      "table_chat_queue",
                                      "room_update_ms",
                                      "challenge_expiry_ms",
                                      "pool_wave_ms",
                                      "tournament_round_pause_ms",
                                      "tournament_day_ms",
                                      "analyses_per_player_per_day",
                                      "identity",
                                      "player_limits",
                                      "metrics",
                                      "cluster",
                                      "computer",
                                      "bot_api",
                                      "trusted_proxies"}))
        return fail(*e);
    for (const auto& [key, value] : document.items()) {
        std::optional<std::string> e;
        if (const SharedField* shared = shared_field_with_key(key)) e = reader.named(key, shared->read(value, base));
        if (key == "reconnect_grace_ms") e = reader.integer(value, key, 0, 24 * 3600 * 1000, base.reconnect_grace_ms);
        if (key == "first_move_limit_ms") {
            std::int64_t limit = 0;
            e = reader.integer(value, key, 100, 24 * 3600 * 1000, limit);
            base.first_move_limit_ms = limit;
        }
        if (key == "table_history_events") e = reader.integer(value, key, 1, 1'000'000, base.table_history_events);
        if (key == "table_chat_queue") e = reader.integer(value, key, 1, 100'000, base.table_chat_queue);
        if (key == "room_update_ms") e = reader.integer(value, key, 10, 5'000, base.room_update_ms);
        if (key == "challenge_expiry_ms")
            e = reader.integer(value, key, 100, 24 * 3600 * 1000, base.challenge_expiry_ms);
        if (key == "pool_wave_ms") e = reader.integer(value, key, 0, 3600 * 1000, base.pool_wave_ms);
        if (key == "tournament_round_pause_ms")
            e = reader.integer(value, key, 0, 24 * 3600 * 1000, base.tournament_round_pause_ms);
        if (key == "tournament_day_ms") e = reader.integer(value, key, 1000, 24 * 3600 * 1000, base.tournament_day_ms);
        if (key == "analyses_per_player_per_day")
            e = reader.integer(value, key, 0, 10'000, base.analyses_per_player_per_day);
        if (key == "rooms") e = read_rooms(reader, value, base.rooms);
        if (key == "limits") e = read_limits(reader, value, base.limits);
        if (key == "identity") e = read_identity(reader, value, base.identity);
        if (key == "player_limits") e = read_player_limits(reader, value, base.player_limits);
        if (key == "metrics") e = read_metrics(reader, value, base.metrics);
        if (key == "cluster") e = read_cluster(reader, value, base);
        if (key == "computer") e = read_computer(reader, value, base.computer);
        if (key == "bot_api") e = read_bot_api(reader, value, base.bot_api);
        if (key == "trusted_proxies") e = read_trusted_proxies(reader, value, base.trusted_proxies);
        if (e) return fail(*e);
    }
    return base;
}

rochade::Expected<ServerConfig, std::string> parse_serve_options(const std::vector<std::string>& args)
{
    // Split "--name=value" and "--name value" into pairs first; --config is applied before the
    // others so that the command line overrides the file.
    std::vector<std::pair<std::string, std::string>> options;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& arg = args[i];
        if (arg.rfind("--", 0) != 0) return fail("unexpected argument '" + arg + "' (options start with --)");
        const auto equals = arg.find('=');
        std::string name = arg.substr(0, equals), value;
        if (name != "--config" && name != "--trusted-proxy" && !shared_field_with_option(name))
            return fail("unknown option '" + name + "'");
        if (equals != std::string::npos) {
            value = arg.substr(equals + 1);
        } else {
            if (i + 1 >= args.size()) return fail(name + ": missing value");
            value = args[++i];
        }
        options.emplace_back(std::move(name), std::move(value));
    }

    ServerConfig config;
    for (const auto& [name, value] : options) {
        if (name != "--config") continue;
        auto loaded = load_config_file(value, config);
        if (!loaded) return fail("--config: " + loaded.error());
        config = std::move(*loaded);
    }
    // --trusted-proxy may be given several times; together they replace the file's list.
    bool trusted_proxy_given = false;
    for (const auto& [name, value] : options) {
        if (name == "--config") continue;
        if (name == "--trusted-proxy") {
            AddressRange range;
            if (auto problem = address_range_problem(value, range)) return fail(name + " " + *problem);
            if (!trusted_proxy_given) config.trusted_proxies.clear();
            trusted_proxy_given = true;
            config.trusted_proxies.push_back(range);
            continue;
        }
        const SharedField& field = *shared_field_with_option(name);
        const auto integer = field.integer ? parse_integer(value) : std::nullopt;
        if (auto problem = field.read(integer ? json(*integer) : json(value), config))
            return fail(name + " " + *problem);
    }
    return config;
}

} // namespace rochade::server
