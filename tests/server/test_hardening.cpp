// The limits a hostile or broken client meets beyond the message budget: pings and pongs,
// empty fragments, the open-file limit, and the headers every HTTP answer carries.
#include <fstream>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include <catch2/catch.hpp>

#include "server/descriptor_limit.h"
#include "tests/server/server_fixture.h"
#include "tests/server/ws_test_client.h"

using namespace rochade::test;

TEST_CASE("a ping flood is closed with 1008; a client pinging at a sane rate stays open",
          "[server][connection][limits][hardening]")
{
    InProcessServer server([](auto& config) {
        config.limits.control_frames_per_second = 10;
        config.limits.control_frame_burst = 5;
    });
    WsTestClient sane;
    sane.connect(server.port());
    sane.send_control_pings(8, 200ms); // 5 a second, under the refill of 10
    CHECK(sane.is_open());
    CHECK(sane.request({{"type", "ping"}})["type"] == "pong");

    WsTestClient flood;
    flood.connect(server.port());
    flood.send_control_pings(3000);
    const auto closed = flood.wait_closed();
    CHECK(closed.code == 1008);
    CHECK(closed.reason == "control frame rate exceeded");
}

TEST_CASE("a flood of empty continuation frames is closed, not parsed for ever",
          "[server][connection][limits][hardening]")
{
    InProcessServer server;
    WsTestClient client(5000ms);
    client.connect(server.port());
    client.send_empty_fragments(200'000); // 1.2 MB of frames that never make a message
    const auto closed = client.wait_closed();
    CHECK(closed.code == 1008);
    CHECK(closed.reason == "read rate exceeded");
    // The server is still there for others.
    WsTestClient other;
    other.connect(server.port());
    CHECK(other.request({{"type", "ping"}})["type"] == "pong");
}

TEST_CASE("max_connections is kept below the open-file limit", "[server][limits][hardening]")
{
    using rochade::server::connections_within;
    using rochade::server::descriptors_kept_back;
    CHECK(connections_within(10'000, 256) == 256 - descriptors_kept_back);
    CHECK(connections_within(100, 256) == 100);
    CHECK(connections_within(10'000, 1'048'576) == 10'000);
    CHECK(connections_within(10'000, 10) == 1);
    CHECK(connections_within(10'000, 0) == 10'000); // the limit unknown: the config stands
}

TEST_CASE("under a small open-file limit the server lowers max_connections, answers 503 at it and keeps serving",
          "[server][process][limits][hardening]")
{
    constexpr std::uint64_t nofile = 100;
    ChildServer server({}, nofile);
    const std::size_t allowed = nofile - rochade::server::descriptors_kept_back;
    std::vector<std::unique_ptr<WsTestClient>> clients;
    for (std::size_t i = 0; i < allowed; ++i) {
        clients.push_back(std::make_unique<WsTestClient>());
        clients.back()->connect(server.port());
    }
    // Full: more sockets are answered at once with 503, /health too, none hangs.
    for (int i = 0; i < 20; ++i) {
        WsTestClient extra;
        CHECK_THROWS_WITH(extra.connect(server.port()), Catch::Contains("HTTP 503"));
    }
    CHECK(http_get(server.port(), "/health").status == 503);
    for (auto& client : clients) client->close();
    clients.clear();
    // Empty again: the sockets are closed by now or in a moment.
    bool healthy = false;
    for (int attempt = 0; attempt < 50 && !healthy; ++attempt) {
        healthy = http_get(server.port(), "/health").status == 200;
        if (!healthy) std::this_thread::sleep_for(20ms);
    }
    CHECK(healthy);
    WsTestClient later;
    CHECK_NOTHROW(later.connect(server.port()));
    std::ifstream log(server.log_path());
    const std::string text((std::istreambuf_iterator<char>(log)), std::istreambuf_iterator<char>());
    CHECK_THAT(text, Catch::Contains("limits.max_connections lowered from 10000 to " + std::to_string(allowed)));
}

TEST_CASE("every HTTP answer says nosniff and Server: Rochade; pages carry a CSP; 404 echoes nothing",
          "[server][http][hardening]")
{
    TempDir web;
    std::ofstream(web.path() / "index.html") << "<!doctype html><title>Rochade</title>\n";
    std::ofstream(web.path() / "app.js") << "export {};\n";
    InProcessServer server([&](auto& config) { config.web_root = web.path().string(); });

    const auto page = http_get(server.port(), "/");
    REQUIRE(page.status == 200);
    CHECK(page.header("Server") == "Rochade");
    CHECK(page.header("X-Content-Type-Options") == "nosniff");
    const auto policy = page.header("Content-Security-Policy");
    REQUIRE(policy);
    CHECK_THAT(*policy, Catch::Contains("default-src 'self'") && Catch::Contains("object-src 'none'") &&
                            Catch::Contains("frame-ancestors 'none'") &&
                            Catch::Contains("connect-src 'self' ws: wss:"));

    const auto script = http_get(server.port(), "/app.js");
    REQUIRE(script.status == 200);
    CHECK(script.header("X-Content-Type-Options") == "nosniff");
    CHECK_FALSE(script.header("Content-Security-Policy"));

    const auto health = http_get(server.port(), "/health");
    CHECK(health.header("X-Content-Type-Options") == "nosniff");
    CHECK(health.header("Server") == "Rochade");

    const auto missing = http_get(server.port(), "/%3Cscript%3Ealert(1)%3C/script%3E.html");
    CHECK(missing.status == 404);
    CHECK(missing.header("X-Content-Type-Options") == "nosniff");
    CHECK(missing.body.find("script") == std::string::npos);
    CHECK(missing.body == "there is nothing at this address\n");
}
