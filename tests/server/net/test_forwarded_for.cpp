// A server behind a trusted proxy (config.trusted_proxies) against real sockets: the client named
// in X-Forwarded-For is the one the per-address limit, address bans, the HTTP API and the metrics
// check see; from a peer that is not trusted the header is ignored; a trusted peer's malformed
// header is answered 400 naming it. The tests' own socket is the proxy: 127.0.0.1.
#include <catch2/catch.hpp>

#include <chrono>
#include <future>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "server/admin/moderation_service.h"
#include "server/config/trusted_proxies.h"
#include "server/moderation/moderation.h"
#include "server/wiring/server.h"
#include "tests/server/server_fixture.h"
#include "tests/server/ws_test_client.h"

using namespace rochade;
using namespace rochade::test;

namespace {

using Headers = std::vector<std::pair<std::string, std::string>>;

const Headers from_client_a{{"X-Forwarded-For", "203.0.113.7"}};
const Headers from_client_b{{"X-Forwarded-For", "198.51.100.9"}};

server::AddressRange range(const std::string& text)
{
    auto parsed = server::parse_address_range(text);
    REQUIRE(parsed);
    return *parsed;
}

// `trusted` as the proxies, and two sockets per address before hello.
InProcessServer server_trusting(std::vector<std::string> trusted)
{
    return InProcessServer([trusted](server::ServerConfig& config) {
        for (const auto& text : trusted) config.trusted_proxies.push_back(range(text));
        config.player_limits.connections_per_address_before_hello = 2;
    });
}

// Two sockets from one forwarded address wait before hello, filling its places. Each one's
// pong shows that its place is taken: the welcome is sent just before, in the same handler.
std::vector<std::unique_ptr<WsTestClient>> fill_places(std::uint16_t port, const Headers& headers)
{
    std::vector<std::unique_ptr<WsTestClient>> silent;
    for (int i = 0; i < 2; ++i) {
        silent.push_back(std::make_unique<WsTestClient>());
        silent.back()->connect_with(port, headers);
        REQUIRE(silent.back()->request({{"type", "ping"}}).at("type") == "pong");
    }
    return silent;
}

void expect_refused_for_address_limit(WsTestClient& client)
{
    CHECK(client.expect_error("limit_reached").at("message") ==
          "too many connections from your address have not said hello; say hello on those first");
    CHECK(client.wait_closed().code == 1008);
}

HttpReply post_guest(std::uint16_t port, Headers headers, const std::string& nick)
{
    headers.emplace_back("Content-Type", "application/json");
    return http_request(port, "POST", "/api/guest", headers, json{{"nick", nick}}.dump());
}

const std::string not_an_address = " is not an IP address (the header must be a comma-separated list of IPv4 or IPv6 "
                                   "addresses, without ports)";

} // namespace

TEST_CASE("behind a trusted proxy the per-address limit counts the forwarded client, not the proxy",
          "[server][trusted_proxies]")
{
    auto server = server_trusting({"127.0.0.1/32"});
    const auto port = server.port();
    const auto silent = fill_places(port, from_client_a);
    WsTestClient third;
    third.connect_with(port, from_client_a);
    expect_refused_for_address_limit(third);

    // Another client behind the same proxy has its own places, and so has the proxy itself.
    WsTestClient other;
    other.connect_with(port, from_client_b);
    CHECK(other.request({{"type", "ping"}}).at("type") == "pong");
    WsTestClient direct;
    direct.connect(port);
    CHECK(direct.request({{"type", "ping"}}).at("type") == "pong");

    // A client that brings its own header does not escape: the proxy appends the real peer
    // (here as a second field), and that is the one counted.
    WsTestClient spoofing;
    spoofing.connect_with(port, {{"X-Forwarded-For", "192.0.2.55"}, {"X-Forwarded-For", "203.0.113.7"}});
    expect_refused_for_address_limit(spoofing);
}

TEST_CASE("from a peer that is not a trusted proxy X-Forwarded-For is ignored: the limit counts the peer",
          "[server][trusted_proxies]")
{
    // No proxies at all (the default), and proxies that do not include the tests' 127.0.0.1.
    for (const auto& trusted : {std::vector<std::string>{}, std::vector<std::string>{"10.0.0.0/8", "::1/128"}}) {
        INFO(trusted.size() << " ranges trusted");
        auto server = server_trusting(trusted);
        const auto port = server.port();
        const auto silent = fill_places(port, from_client_a);
        WsTestClient other;
        other.connect_with(port, from_client_b); // says it is someone else; it is 127.0.0.1 again
        expect_refused_for_address_limit(other);
        // Nor is a malformed header an error from a peer whose header is never read.
        CHECK(http_request(port, "GET", "/health", {{"X-Forwarded-For", "unknown"}}).status == 200);
    }
}

TEST_CASE("an address ban applies to the forwarded client, over the WebSocket and the HTTP API",
          "[server][trusted_proxies]")
{
    auto server = server_trusting({"127.0.0.1/32"});
    const auto port = server.port();
    WsTestClient online_a, online_b;
    online_a.connect_with(port, from_client_a);
    online_a.hello("Anton");
    online_b.connect_with(port, from_client_b);
    online_b.hello("Berta");

    const identity::Identity admin{{identity::Principal::Kind::Account, 903}, "Chefin", protocol::Role::Admin, 0};
    std::promise<server::ModerationResult> answer;
    auto future = answer.get_future();
    server.server().moderation()->act(
        admin, "127.0.0.1", server::BanAddress{"203.0.113.7", 3'600'000, "Bots"},
        [&answer](server::ModerationResult result) { answer.set_value(std::move(result)); });
    REQUIRE(future.wait_for(std::chrono::seconds(5)) == std::future_status::ready);
    const auto result = future.get();
    REQUIRE(std::holds_alternative<server::ModerationDone>(result));
    CHECK(std::get<server::ModerationDone>(result).connections_closed == 1);

    CHECK(online_a.expect_error("banned").at("reason") == "Bots");
    CHECK(online_a.wait_closed().code == 1008);
    CHECK(online_b.request({{"type", "ping"}}).at("type") == "pong"); // the other client, same proxy
    WsTestClient again_a;
    again_a.connect_with(port, from_client_a);
    CHECK(again_a.expect_error("banned").at("reason") == "Bots");

    // The HTTP API sees the same client.
    const HttpReply refused = post_guest(port, from_client_a, "Anton2");
    CHECK(json::parse(refused.body).at("error") == "banned");
    CHECK(post_guest(port, from_client_b, "Berta2").status == 200);
    CHECK(post_guest(port, {}, "Direkt").status == 200); // the proxy's own address is not banned
}

TEST_CASE("a trusted proxy's malformed X-Forwarded-For is answered 400 naming the header and the fault",
          "[server][trusted_proxies]")
{
    auto server = server_trusting({"127.0.0.1/32"});
    const auto port = server.port();
    const HttpReply unknown = http_request(port, "GET", "/health", {{"X-Forwarded-For", "unknown"}});
    CHECK(unknown.status == 400);
    CHECK(unknown.body == "bad request: X-Forwarded-For: 'unknown'" + not_an_address + "\n");
    // Several fields are one list: the second one's fault is found.
    const HttpReply with_port =
        http_request(port, "GET", "/health", {{"X-Forwarded-For", "203.0.113.7"}, {"X-Forwarded-For", "10.0.0.1:80"}});
    CHECK(with_port.status == 400);
    CHECK(with_port.body == "bad request: X-Forwarded-For: '10.0.0.1:80'" + not_an_address + "\n");
    const HttpReply empty = http_request(port, "GET", "/health", {{"X-Forwarded-For", " , "}});
    CHECK(empty.status == 400);
    CHECK(empty.body == "bad request: X-Forwarded-For: is empty; it names no address\n");
    // The WebSocket upgrade and the API are refused the same way, before anything else.
    WsTestClient upgrade;
    CHECK_THROWS_WITH(upgrade.connect_with(port, {{"X-Forwarded-For", "unknown"}}), Catch::Contains("HTTP 400"));
    CHECK(post_guest(port, {{"X-Forwarded-For", "unknown"}}, "Gast").status == 400);
    // A well-formed one passes.
    CHECK(http_request(port, "GET", "/health", from_client_a).status == 200);
}

TEST_CASE("/metrics through a loopback proxy is refused to a forwarded client that is not loopback",
          "[server][trusted_proxies][metrics]")
{
    auto server = server_trusting({"127.0.0.1/32"});
    const auto port = server.port();
    const HttpReply refused = http_request(port, "GET", "/metrics", from_client_a);
    CHECK(refused.status == 403);
    CHECK(json::parse(refused.body).at("message") ==
          "/metrics is served only to loopback addresses (metrics.access is \"loopback\"), not to 203.0.113.7");
    // A client's own "127.0.0.1" left of the proxy's entry changes nothing.
    CHECK(http_request(port, "GET", "/metrics", {{"X-Forwarded-For", "127.0.0.1, 203.0.113.7"}}).status == 403);
    CHECK(http_request(port, "GET", "/metrics", {{"X-Forwarded-For", "127.0.0.1"}}).status == 200);
    CHECK(http_request(port, "GET", "/metrics").status == 200);

    // Without trusted proxies the header is ignored and the loopback peer is served.
    auto plain = server_trusting({});
    CHECK(http_request(plain.port(), "GET", "/metrics", from_client_a).status == 200);
}
