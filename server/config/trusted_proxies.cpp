#include "server/config/trusted_proxies.h"

#include <algorithm>
#include <charconv>
#include <optional>

#include <boost/asio/ip/address.hpp>

namespace rochade::server {

namespace {

namespace ip = boost::asio::ip;

// An address with IPv4 mapped into IPv6 unmapped: a dual-stack socket on :: reports an IPv4
// peer as ::ffff:a.b.c.d, and a range written for IPv4 must still match it.
ip::address unmapped(const ip::address& address)
{
    if (address.is_v6() && address.to_v6().is_v4_mapped()) return ip::make_address_v4(ip::v4_mapped, address.to_v6());
    return address;
}

std::optional<ip::address> parse_address(std::string_view text)
{
    boost::system::error_code ec;
    const auto address = ip::make_address(std::string(text), ec);
    if (ec) return std::nullopt;
    return address;
}

// The address's bytes at the front of 16, as AddressRange keeps them.
std::array<std::uint8_t, 16> bytes_of(const ip::address& address)
{
    std::array<std::uint8_t, 16> bytes{};
    if (address.is_v4()) {
        const auto v4 = address.to_v4().to_bytes();
        std::copy(v4.begin(), v4.end(), bytes.begin());
    } else {
        bytes = address.to_v6().to_bytes();
    }
    return bytes;
}

// Whether the first `prefix` bits of `a` and `b` are equal.
bool same_prefix(const std::array<std::uint8_t, 16>& a, const std::array<std::uint8_t, 16>& b, unsigned prefix)
{
    const unsigned whole = prefix / 8, rest = prefix % 8;
    for (unsigned i = 0; i < whole; ++i)
        if (a[i] != b[i]) return false;
    if (rest == 0) return true;
    const auto mask = static_cast<std::uint8_t>(0xff << (8 - rest));
    return (a[whole] & mask) == (b[whole] & mask);
}

bool in_range(const AddressRange& range, const ip::address& address)
{
    if (range.is_v6 != address.is_v6()) return false;
    return same_prefix(range.network, bytes_of(address), range.prefix);
}

bool in_any(const std::vector<AddressRange>& ranges, const ip::address& address)
{
    const auto plain = unmapped(address);
    return std::any_of(ranges.begin(), ranges.end(), [&](const AddressRange& range) { return in_range(range, plain); });
}

std::string_view trimmed(std::string_view text)
{
    const auto first = text.find_first_not_of(" \t");
    if (first == std::string_view::npos) return {};
    const auto last = text.find_last_not_of(" \t");
    return text.substr(first, last - first + 1);
}

std::string shown(std::string_view text)
{
    // A header value is the client's (or a misconfigured proxy's) text: cut it short in the error.
    constexpr std::size_t most = 64;
    // Appended, not "'" + std::string(...): g++ 12 warns falsely (-Wrestrict) on that form.
    std::string quoted = "'";
    quoted.append(text.substr(0, most));
    return quoted.append(text.size() > most ? "...'" : "'");
}

} // namespace

std::string AddressRange::text() const
{
    ip::address address;
    if (is_v6) {
        address = ip::address_v6(network);
    } else {
        address = ip::address_v4(ip::address_v4::bytes_type{network[0], network[1], network[2], network[3]});
    }
    return address.to_string() + "/" + std::to_string(prefix);
}

rochade::Expected<AddressRange, std::string> parse_address_range(std::string_view text)
{
    const auto fail = [&](const std::string& why) {
        std::string message = "'";
        message.append(text).append("' is not an address range: ").append(why);
        return rochade::unexpected(std::move(message));
    };
    const auto slash = text.find('/');
    const auto parsed = parse_address(text.substr(0, slash));
    if (!parsed) return fail("wants an IPv4 or IPv6 address, optionally with /prefix (10.0.0.0/8, ::1/128)");
    const bool mapped = parsed->is_v6() && parsed->to_v6().is_v4_mapped();
    const unsigned width = parsed->is_v6() ? 128 : 32;
    unsigned prefix = width;
    if (slash != std::string_view::npos) {
        const auto digits = text.substr(slash + 1);
        const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), prefix);
        if (digits.empty() || ec != std::errc{} || end != digits.data() + digits.size() || prefix > width)
            return fail("the prefix length must be a number 0-" + std::to_string(width));
    }
    if (mapped && prefix < 96) return fail("an IPv4-mapped range (::ffff:a.b.c.d) needs a prefix of 96-128");
    AddressRange range;
    const auto address = unmapped(*parsed);
    range.is_v6 = address.is_v6();
    range.prefix = mapped ? prefix - 96 : prefix;
    range.network = bytes_of(address);
    auto masked = range.network;
    for (unsigned bit = range.prefix; bit < (range.is_v6 ? 128u : 32u); ++bit)
        masked[bit / 8] &= static_cast<std::uint8_t>(~(0x80u >> (bit % 8)));
    if (masked != range.network)
        return fail("bits are set past the prefix (did you mean " +
                    AddressRange{range.is_v6, masked, range.prefix}.text() + "?)");
    return range;
}

bool TrustedProxies::trusts(std::string_view address) const
{
    if (ranges_.empty()) return false;
    const auto parsed = parse_address(address);
    return parsed && in_any(ranges_, *parsed);
}

// The walk stops at the first address no trusted proxy vouches for, and what lies left of it is
// not read: that part is whatever the client itself sent (HAProxy and nginx append to a header
// the client brought), so a client's own junk there neither changes nor fails its request.
rochade::Expected<std::string, std::string>
TrustedProxies::client_address(std::string_view peer, const std::vector<std::string_view>& forwarded_for) const
{
    if (forwarded_for.empty() || !trusts(peer)) return std::string(peer);
    // Every element, left to right, over all the fields in the order they came.
    std::vector<std::string_view> elements;
    for (const auto field : forwarded_for) {
        std::size_t start = 0;
        while (start <= field.size()) {
            const auto comma = std::min(field.find(',', start), field.size());
            const auto element = trimmed(field.substr(start, comma - start));
            start = comma + 1;
            // An empty element (", ,") is allowed by HTTP's list syntax and names nobody.
            if (!element.empty()) elements.push_back(element);
        }
    }
    if (elements.empty()) return rochade::unexpected(std::string("X-Forwarded-For: is empty; it names no address"));
    if (elements.size() > max_forwarded_addresses)
        return rochade::unexpected("X-Forwarded-For: lists " + std::to_string(elements.size()) +
                                   " addresses, more than the " + std::to_string(max_forwarded_addresses) +
                                   " a chain of trusted proxies may add");
    std::optional<ip::address> leftmost;
    for (auto it = elements.rbegin(); it != elements.rend(); ++it) {
        const auto address = parse_address(*it);
        if (!address)
            return rochade::unexpected("X-Forwarded-For: " + shown(*it) +
                                       " is not an IP address (the header must be a comma-separated list of IPv4 "
                                       "or IPv6 addresses, without ports)");
        if (!in_any(ranges_, *address)) return address->to_string();
        leftmost = address;
    }
    return leftmost->to_string(); // all trusted
}

} // namespace rochade::server
