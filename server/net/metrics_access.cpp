#include "server/net/metrics_access.h"

#include <string>

#include <boost/asio/ip/address.hpp>

namespace rochade::server {

bool is_loopback_address(std::string_view address)
{
    boost::system::error_code ec;
    const auto ip = boost::asio::ip::make_address(std::string(address), ec);
    if (ec) return false;
    if (ip.is_v6() && ip.to_v6().is_v4_mapped())
        return boost::asio::ip::make_address_v4(boost::asio::ip::v4_mapped, ip.to_v6()).is_loopback();
    return ip.is_loopback();
}

MetricsDecision metrics_decision(MetricsAccess access, std::string_view peer_address)
{
    switch (access) {
    case MetricsAccess::Off: return MetricsDecision::NotFound;
    case MetricsAccess::Everyone: return MetricsDecision::Serve;
    case MetricsAccess::Loopback:
        return is_loopback_address(peer_address) ? MetricsDecision::Serve : MetricsDecision::Forbidden;
    }
    return MetricsDecision::NotFound;
}

} // namespace rochade::server
