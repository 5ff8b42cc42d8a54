// server/trusted_proxies: ranges parsed from the config's text, peers matched against them, and
// the client's address chosen from X-Forwarded-For (right to left, past trusted proxies, reading
// nothing left of the client).
#include <catch2/catch.hpp>

#include <string>
#include <string_view>
#include <vector>

#include "server/config/trusted_proxies.h"

using rochade::server::AddressRange;
using rochade::server::parse_address_range;
using rochade::server::TrustedProxies;

namespace {

TrustedProxies proxies(const std::vector<std::string>& texts)
{
    std::vector<AddressRange> ranges;
    for (const auto& text : texts) {
        auto range = parse_address_range(text);
        REQUIRE(range);
        ranges.push_back(*range);
    }
    return TrustedProxies(std::move(ranges));
}

} // namespace

TEST_CASE("address ranges parse as text -> canonical range, a bare address is one address", "[trusted_proxies]")
{
    const std::vector<std::pair<std::string, std::string>> cases{
        {"127.0.0.1", "127.0.0.1/32"},
        {"127.0.0.1/32", "127.0.0.1/32"},
        {"10.0.0.0/8", "10.0.0.0/8"},
        {"0.0.0.0/0", "0.0.0.0/0"},
        {"::1", "::1/128"},
        {"::1/128", "::1/128"},
        {"fd00::/8", "fd00::/8"},
        {"2001:DB8::/32", "2001:db8::/32"},
        // IPv4 mapped into IPv6 is the IPv4 range it means.
        {"::ffff:10.0.0.0/104", "10.0.0.0/8"},
        {"::ffff:127.0.0.1", "127.0.0.1/32"},
    };
    for (const auto& [text, canonical] : cases) {
        INFO(text);
        const auto range = parse_address_range(text);
        REQUIRE(range);
        CHECK(range->text() == canonical);
    }
}

TEST_CASE("a malformed range is an error naming the text and the fault", "[trusted_proxies]")
{
    const std::string wants =
        "is not an address range: wants an IPv4 or IPv6 address, optionally with /prefix (10.0.0.0/8, ::1/128)";
    const std::vector<std::pair<std::string, std::string>> cases{
        {"", "'' " + wants},
        {"localhost", "'localhost' " + wants},
        {"10.0.0/8", "'10.0.0/8' " + wants},
        {"300.0.0.1", "'300.0.0.1' " + wants},
        {"[::1]/128", "'[::1]/128' " + wants},
        {"10.0.0.0/", "'10.0.0.0/' is not an address range: the prefix length must be a number 0-32"},
        {"10.0.0.0/33", "'10.0.0.0/33' is not an address range: the prefix length must be a number 0-32"},
        {"10.0.0.0/8x", "'10.0.0.0/8x' is not an address range: the prefix length must be a number 0-32"},
        {"10.0.0.0/-8", "'10.0.0.0/-8' is not an address range: the prefix length must be a number 0-32"},
        {"::1/129", "'::1/129' is not an address range: the prefix length must be a number 0-128"},
        {"10.1.2.3/8", "'10.1.2.3/8' is not an address range: bits are set past the prefix (did you mean 10.0.0.0/8?)"},
        {"::ffff:10.0.0.0/64", "'::ffff:10.0.0.0/64' is not an address range: an IPv4-mapped range (::ffff:a.b.c.d) "
                               "needs a prefix of 96-128"},
    };
    for (const auto& [text, error] : cases) {
        INFO(text);
        const auto range = parse_address_range(text);
        REQUIRE_FALSE(range);
        CHECK(range.error() == error);
    }
}

TEST_CASE("a peer is trusted inside a range, IPv4 also as mapped into IPv6", "[trusted_proxies]")
{
    const auto trusted = proxies({"127.0.0.1/32", "10.0.0.0/8", "172.16.0.0/12", "fd00::/8", "::1"});
    const std::vector<std::pair<std::string, bool>> cases{
        {"127.0.0.1", true},
        {"127.0.0.2", false},
        {"10.255.1.2", true},
        {"11.0.0.1", false},
        {"172.31.255.255", true},
        {"172.32.0.1", false},
        {"::1", true},
        {"::2", false},
        {"fd12:3456::1", true},
        {"fe80::1", false},
        {"::ffff:127.0.0.1", true}, // an IPv4 peer of a dual-stack socket
        {"::ffff:10.1.1.1", true},
        {"::ffff:192.0.2.1", false},
        {"::7f00:1", false}, // IPv4-compatible, not mapped: another address
        {"not an address", false},
        {"", false},
    };
    for (const auto& [address, expected] : cases) {
        INFO(address);
        CHECK(trusted.trusts(address) == expected);
    }
    CHECK_FALSE(TrustedProxies().trusts("127.0.0.1"));
    CHECK(proxies({"0.0.0.0/0"}).trusts("198.51.100.1"));
    CHECK_FALSE(proxies({"0.0.0.0/0"}).trusts("2001:db8::1"));
    CHECK(proxies({"10.0.0.0/9"}).trusts("10.127.0.1"));
    CHECK_FALSE(proxies({"10.0.0.0/9"}).trusts("10.128.0.1"));
}

TEST_CASE("the client is the rightmost forwarded address no trusted proxy vouches for", "[trusted_proxies]")
{
    const auto trusted = proxies({"127.0.0.1", "10.0.0.0/8"});
    struct Case {
        std::string peer;
        std::vector<std::string_view> fields;
        std::string client;
    };
    const std::vector<Case> cases{
        // No header, or an untrusted peer: the peer, whatever the header says.
        {"127.0.0.1", {}, "127.0.0.1"},
        {"192.0.2.1", {"203.0.113.7"}, "192.0.2.1"},
        {"192.0.2.1", {"this is not read"}, "192.0.2.1"},
        {"::ffff:192.0.2.1", {"203.0.113.7"}, "::ffff:192.0.2.1"},
        // A trusted peer: right to left, past trusted proxies.
        {"127.0.0.1", {"203.0.113.7"}, "203.0.113.7"},
        {"::ffff:127.0.0.1", {"203.0.113.7"}, "203.0.113.7"},
        {"127.0.0.1", {"203.0.113.7, 10.1.1.1"}, "203.0.113.7"},
        {"127.0.0.1", {"203.0.113.7,10.1.1.1,10.2.2.2"}, "203.0.113.7"},
        // A client that sends its own header: the proxy appends the real peer, which is taken.
        {"127.0.0.1", {"198.51.100.9, 203.0.113.7"}, "203.0.113.7"},
        {"127.0.0.1", {"10.9.9.9, 198.51.100.9, 203.0.113.7, 10.1.1.1"}, "203.0.113.7"},
        // Several fields are one list, in order.
        {"127.0.0.1", {"198.51.100.9", "203.0.113.7"}, "203.0.113.7"},
        {"127.0.0.1", {"203.0.113.7", "10.1.1.1"}, "203.0.113.7"},
        // All trusted: the leftmost.
        {"127.0.0.1", {"10.1.1.1, 10.2.2.2"}, "10.1.1.1"},
        {"127.0.0.1", {"127.0.0.1"}, "127.0.0.1"},
        // Spelled as the server spells a socket's peer; spaces, tabs and empty elements skipped.
        {"127.0.0.1", {"2001:DB8:0:0::1"}, "2001:db8::1"},
        {"127.0.0.1", {" \t203.0.113.7 \t"}, "203.0.113.7"},
        {"127.0.0.1", {"203.0.113.7,, 10.1.1.1,"}, "203.0.113.7"},
        {"127.0.0.1", {"::ffff:10.1.1.1, ::ffff:203.0.113.7"}, "::ffff:203.0.113.7"},
        {"127.0.0.1", {"203.0.113.7, ::ffff:10.1.1.1"}, "203.0.113.7"},
    };
    for (const auto& c : cases) {
        std::string fields;
        for (const auto field : c.fields) fields.append("[").append(field).append("]");
        INFO(c.peer << " " << fields);
        const auto client = trusted.client_address(c.peer, c.fields);
        REQUIRE(client);
        CHECK(*client == c.client);
    }
    // Without trusted proxies the header is never read.
    CHECK(*TrustedProxies().client_address("127.0.0.1", {"203.0.113.7"}) == "127.0.0.1");
}

TEST_CASE("a trusted peer's malformed X-Forwarded-For is an error naming the header and the fault", "[trusted_proxies]")
{
    const auto trusted = proxies({"127.0.0.1"});
    const std::string not_ip = " is not an IP address (the header must be a comma-separated list of IPv4 or IPv6 "
                               "addresses, without ports)";
    std::string too_many;
    for (int i = 0; i < 33; ++i) too_many += (i ? ", 192.0.2." : "192.0.2.") + std::to_string(i);
    std::string exactly_enough;
    for (int i = 0; i < 32; ++i) exactly_enough += (i ? ", 192.0.2." : "192.0.2.") + std::to_string(i);
    const std::string long_word(100, 'x');
    const std::vector<std::pair<std::vector<std::string_view>, std::string>> cases{
        {{""}, "X-Forwarded-For: is empty; it names no address"},
        {{" , ,"}, "X-Forwarded-For: is empty; it names no address"},
        {{"unknown"}, "X-Forwarded-For: 'unknown'" + not_ip},
        {{"203.0.113.7:443"}, "X-Forwarded-For: '203.0.113.7:443'" + not_ip},
        {{"[2001:db8::1]"}, "X-Forwarded-For: '[2001:db8::1]'" + not_ip},
        {{"203.0.113.7 10.1.1.1"}, "X-Forwarded-For: '203.0.113.7 10.1.1.1'" + not_ip},
        {{"203.0.113.7", "proxy.example.org"}, "X-Forwarded-For: 'proxy.example.org'" + not_ip},
        // Past a trusted proxy the walk reads on, and there it must find an address too.
        {{"junk, 127.0.0.1"}, "X-Forwarded-For: 'junk'" + not_ip},
        {{"203.0.113.7; 10.1.1.1"}, "X-Forwarded-For: '203.0.113.7; 10.1.1.1'" + not_ip},
        {{long_word}, "X-Forwarded-For: '" + std::string(64, 'x') + "...'" + not_ip},
        {{too_many}, "X-Forwarded-For: lists 33 addresses, more than the 32 a chain of trusted proxies may add"},
    };
    for (const auto& [fields, error] : cases) {
        INFO(fields.front());
        const auto client = trusted.client_address("127.0.0.1", fields);
        REQUIRE_FALSE(client);
        CHECK(client.error() == error);
    }
    CHECK(*trusted.client_address("127.0.0.1", {exactly_enough}) == "192.0.2.31");
    // Left of the client the list is what the client itself sent: not read, so not an error.
    CHECK(*trusted.client_address("127.0.0.1", {"unknown, [::1]:80", "203.0.113.7"}) == "203.0.113.7");
    // From an untrusted peer the same text is not even looked at.
    CHECK(*trusted.client_address("192.0.2.1", {"unknown"}) == "192.0.2.1");
}
