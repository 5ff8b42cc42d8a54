// parse_redis_url: the one spelling of where Redis is, as configuration and scripts/redis.sh give it.
#include <charconv>

#include "server/config/redis_url.h"

namespace rochade::server {

// "redis://host[:port]" and nothing else: no user, password, database number, path or query
// (the bus needs none). An IPv6 host is written in brackets, "redis://[::1]:6379".
std::optional<RedisEndpoint> parse_redis_url(std::string_view url)
{
    constexpr std::string_view scheme = "redis://";
    if (url.substr(0, scheme.size()) != scheme) return std::nullopt;
    std::string_view rest = url.substr(scheme.size());

    RedisEndpoint endpoint;
    std::string_view host;
    std::string_view port;
    if (!rest.empty() && rest.front() == '[') {
        auto close = rest.find(']');
        if (close == std::string_view::npos) return std::nullopt;
        host = rest.substr(1, close - 1);
        rest.remove_prefix(close + 1);
        if (!rest.empty()) {
            if (rest.front() != ':') return std::nullopt;
            port = rest.substr(1);
            if (port.empty()) return std::nullopt;
        }
        if (host.find_first_not_of("0123456789abcdefABCDEF:.") != std::string_view::npos) return std::nullopt;
    } else {
        auto colon = rest.find(':');
        host = rest.substr(0, colon);
        if (colon != std::string_view::npos) {
            port = rest.substr(colon + 1);
            if (port.empty()) return std::nullopt;
        }
        for (char c : host) {
            bool fine = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
                        c == '.' || c == '_';
            if (!fine) return std::nullopt;
        }
    }
    if (host.empty()) return std::nullopt;
    endpoint.host = std::string(host);

    if (!port.empty()) {
        unsigned value = 0;
        auto [end, error] = std::from_chars(port.data(), port.data() + port.size(), value);
        if (error != std::errc{} || end != port.data() + port.size() || value == 0 || value > 65535)
            return std::nullopt;
        endpoint.port = static_cast<std::uint16_t>(value);
    }
    return endpoint;
}

} // namespace rochade::server
