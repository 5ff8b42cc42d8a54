// Whether GET /metrics is served to a peer: the decision alone, on the peer's address as text,
// so that it is tested with addresses no test can connect from. The HTTP session asks it.
#pragma once

#include <cstdint>
#include <string_view>

#include "server/config/server_config.h"

namespace rochade::server {

enum class MetricsDecision : std::uint8_t {
    Serve,
    Forbidden, // 403: access is "loopback" and the peer is not
    NotFound,  // 404: access is "off"
};

// 127.0.0.0/8, ::1, and an IPv4 loopback address mapped into IPv6 (::ffff:127.0.0.1, which a
// dual-stack listener on :: reports for an IPv4 peer). Not an address at all: false.
bool is_loopback_address(std::string_view address);

MetricsDecision metrics_decision(MetricsAccess access, std::string_view peer_address);

} // namespace rochade::server
