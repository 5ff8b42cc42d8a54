// Which peers may say whom they forward (the `trusted_proxies` setting), and the client's address
// of a request that came through them: nginx's real_ip module, in a few functions on text.
//
// Behind a reverse proxy every socket's peer is the proxy, so the per-address limits, the login
// throttle, address bans and the metrics check would count all clients as one. A proxy in a
// trusted range appends the address it got the request from to X-Forwarded-For; only when the
// peer itself is trusted is that header read, from the right, past further trusted proxies, to
// the first address that no trusted proxy vouches for: the client. A header from any other peer is
// a claim anyone can make, and is ignored.
//
// Addresses here are text (as the sessions get them from the socket), so that neither the config
// nor the tests need Asio; the .cpp parses them with boost::asio::ip::make_address.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/expected.h"

namespace rochade::server {

// A range of addresses, "10.0.0.0/8" or "::1/128". An IPv4 range keeps its 4 bytes at the front
// of `network`; a range written as IPv4 mapped into IPv6 (::ffff:10.0.0.0/104) is kept as the
// IPv4 range it means, since the server sees an IPv4 peer of a dual-stack socket in that form.
struct AddressRange {
    bool is_v6 = false;
    std::array<std::uint8_t, 16> network{}; // the bits past `prefix` are zero
    unsigned prefix = 0;                    // 0-32 for IPv4, 0-128 for IPv6

    // "10.0.0.0/8", as the docs and the logs write it.
    std::string text() const;
    friend bool operator==(const AddressRange&, const AddressRange&) = default;
};

// "10.0.0.0/8", "::1/128", or a bare address meaning just that address (/32, /128). The error
// names the text and what is wrong with it; a range with bits set past its prefix (10.1.2.3/8)
// is refused, as it is most likely a typo for another range.
rochade::Expected<AddressRange, std::string> parse_address_range(std::string_view text);

// The most addresses a trusted X-Forwarded-For may list: a chain of proxies is short, and a
// longer list is not something a proxy of ours made.
inline constexpr std::size_t max_forwarded_addresses = 32;

class TrustedProxies {
public:
    TrustedProxies() = default; // trusts nobody: every header is ignored
    explicit TrustedProxies(std::vector<AddressRange> ranges) : ranges_(std::move(ranges)) {}

    bool empty() const { return ranges_.empty(); }
    // Whether `address` (an IP address as text; IPv4 mapped into IPv6 counts as the IPv4
    // address) is in one of the ranges. Not an address at all: false.
    bool trusts(std::string_view address) const;

    // The client's address for a request from `peer` (its IP as the socket gives it) carrying
    // the X-Forwarded-For fields `forwarded_for`, in the order received (several fields are one
    // list, joined). An untrusted peer, or a trusted one that sent no field: `peer` as given.
    // Otherwise the rightmost address that is not itself trusted, or the leftmost when all are,
    // spelled as the server spells a socket's peer (so that bans and limits compare equal).
    // Nothing left of the client is read (that part is what the client itself sent). A trusted
    // peer's list that is empty, longer than max_forwarded_addresses, or holds something other
    // than an IP address where the walk reads is an error naming the header and what is wrong: a
    // proxy of ours never sends that, and taking the proxy's address instead would merge all its
    // clients into one.
    rochade::Expected<std::string, std::string>
    client_address(std::string_view peer, const std::vector<std::string_view>& forwarded_for) const;

private:
    std::vector<AddressRange> ranges_;
};

} // namespace rochade::server
