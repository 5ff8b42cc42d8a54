// Challenge settings over real sockets and HTTP (issue 27 §1: "a player can refuse all
// challenges, or accept them only from registered players"): the account's setting is changed
// by POST /api/account/challenges, stored, read by the challenged player's node when a challenge
// comes, and a challenge it does not admit is refused with challenges_refused, naming which
// setting; at once, without a reconnect, after a restart, and across nodes.
#include <string>

#include <catch2/catch.hpp>

#include "tests/server/cluster_fixture.h"
#include "tests/server/server_fixture.h"
#include "tests/server/ws_test_client.h"

using namespace rochade;
using namespace rochade::test;

namespace {

constexpr const char* setting_password = "Geheimnis-42";
using Headers = std::vector<std::pair<std::string, std::string>>;

// Registers `nick` over HTTP; the session cookie ("rochade_session=...").
std::string registered_cookie(std::uint16_t port, const std::string& nick)
{
    const HttpReply reply = http_request(port, "POST", "/api/register", {{"Content-Type", "application/json"}},
                                         json{{"nick", nick}, {"password", setting_password}}.dump());
    REQUIRE(reply.status == 200);
    const auto set_cookie = reply.header("Set-Cookie");
    REQUIRE(set_cookie);
    return set_cookie->substr(0, set_cookie->find(';'));
}

HttpReply set_accept(std::uint16_t port, const std::string& cookie, const std::string& accept)
{
    Headers headers{{"Content-Type", "application/json"}};
    if (!cookie.empty()) headers.emplace_back("Cookie", cookie);
    return http_request(port, "POST", "/api/account/challenges", headers, json{{"accept", accept}}.dump());
}

json get_accept(std::uint16_t port, const std::string& cookie)
{
    const HttpReply reply = http_request(port, "GET", "/api/account/challenges", {{"Cookie", cookie}});
    INFO(reply.body);
    REQUIRE(reply.status == 200);
    return json::parse(reply.body);
}

void log_in(WsTestClient& client, std::uint16_t port, const std::string& nick)
{
    client.connect(port);
    REQUIRE(client.request({{"type", "hello"}, {"nick", nick}, {"password", setting_password}}).at("type") ==
            "hello_ok");
}

json challenge_to(WsTestClient& from, const std::string& to)
{
    return from.request({{"type", "challenge"}, {"to", to}, {"time_control", "5+3"}});
}

} // namespace

TEST_CASE("challenge settings: everyone by default, registered only refuses guests, nobody refuses all",
          "[server][challenge][challenge_setting]")
{
    InProcessServer server;
    const std::string cookie = registered_cookie(server.port(), "Clara");
    registered_cookie(server.port(), "Dora");
    CHECK(get_accept(server.port(), cookie) == json{{"accept", "everyone"}, {"guest", false}});

    WsTestClient clara, dora, gast;
    log_in(clara, server.port(), "Clara");
    log_in(dora, server.port(), "Dora");
    gast.connect(server.port());
    gast.hello("Gast");

    // Everyone: a guest's challenge is delivered.
    const json delivered = challenge_to(gast, "Clara");
    REQUIRE(delivered.at("type") == "ok");
    CHECK(clara.receive_until("challenge").at("challenge").at("from") == "Gast");

    // Registered only, at once for the live session: the guest is refused, Dora is not.
    const HttpReply changed = set_accept(server.port(), cookie, "registered");
    INFO(changed.body);
    REQUIRE(changed.status == 200);
    CHECK(json::parse(changed.body).at("accept") == "registered");
    CHECK(get_accept(server.port(), cookie).at("accept") == "registered");
    json refused = challenge_to(gast, "Clara");
    CHECK(refused.at("code") == "challenges_refused");
    CHECK(refused.at("message") ==
          "challenge: 'Clara' accepts challenges only from registered players: log in or register first");
    CHECK(challenge_to(dora, "clara").at("type") == "ok");
    CHECK(clara.receive_until("challenge").at("challenge").at("from") == "Dora");

    // Nobody: even a registered player is refused; nothing reaches Clara.
    REQUIRE(set_accept(server.port(), cookie, "nobody").status == 200);
    refused = challenge_to(dora, "Clara");
    CHECK(refused.at("code") == "challenges_refused");
    CHECK(refused.at("message") == "challenge: 'Clara' accepts no challenges");
    CHECK(challenge_to(gast, "Clara").at("code") == "challenges_refused");
    // A refused challenge does not count against the sender's limit of three: Clara herself may
    // still challenge others (her setting is about challenges to her).
    CHECK(challenge_to(clara, "Dora").at("type") == "ok");
    CHECK(dora.receive_until("challenge").at("challenge").at("from") == "Clara");

    // Back to everyone.
    REQUIRE(set_accept(server.port(), cookie, "everyone").status == 200);
    CHECK(challenge_to(gast, "Clara").at("type") == "ok");
}

TEST_CASE("challenge settings: bad requests are refused naming what is wrong, a guest has none to change",
          "[server][challenge][challenge_setting]")
{
    InProcessServer server;
    const std::string cookie = registered_cookie(server.port(), "Clara");
    const HttpReply unknown = set_accept(server.port(), cookie, "friends");
    CHECK(unknown.status == 400);
    CHECK_THAT(unknown.body, Catch::Contains("'accept' must be"));
    const HttpReply not_json = http_request(server.port(), "POST", "/api/account/challenges",
                                            {{"Content-Type", "text/plain"}, {"Cookie", cookie}}, "nobody");
    CHECK(not_json.status == 400);
    CHECK(http_request(server.port(), "POST", "/api/account/challenges",
                       {{"Content-Type", "application/json"}, {"Cookie", cookie}}, "[1]")
              .status == 400);
    // No cookie, or a forged one: nobody to change it for.
    CHECK(set_accept(server.port(), "", "nobody").status == 401);
    CHECK(set_accept(server.port(), "rochade_session=forged-token-forged-token-forged-token", "nobody").status == 401);
    CHECK(http_request(server.port(), "DELETE", "/api/account/challenges", {{"Cookie", cookie}}).status == 405);
    // A guest reads "everyone" and cannot change it.
    const HttpReply guest = http_request(server.port(), "POST", "/api/guest", {{"Content-Type", "application/json"}},
                                         json{{"nick", "Gast"}}.dump());
    REQUIRE(guest.status == 200);
    const std::string guest_cookie = guest.header("Set-Cookie")->substr(0, guest.header("Set-Cookie")->find(';'));
    CHECK(get_accept(server.port(), guest_cookie) == json{{"accept", "everyone"}, {"guest", true}});
    const HttpReply guest_change = set_accept(server.port(), guest_cookie, "nobody");
    CHECK(guest_change.status == 403);
    CHECK_THAT(guest_change.body, Catch::Contains("register first"));
    // Another site's page may not change it with the visitor's cookie.
    CHECK(http_request(server.port(), "POST", "/api/account/challenges",
                       {{"Content-Type", "application/json"}, {"Cookie", cookie}, {"Origin", "http://evil.example"}},
                       json{{"accept", "nobody"}}.dump())
              .status == 403);
    CHECK(get_accept(server.port(), cookie).at("accept") == "everyone");
}

TEST_CASE("challenge settings: the setting is stored with the account and survives a restart",
          "[server][challenge][challenge_setting]")
{
    TempDir dir;
    const std::string db_path = (dir.path() / "settings.db").string();
    const auto on_that_store = [&](server::ServerConfig& config) { config.db_path = db_path; };
    {
        InProcessServer server(on_that_store);
        REQUIRE(set_accept(server.port(), registered_cookie(server.port(), "Clara"), "nobody").status == 200);
    }
    InProcessServer again(on_that_store);
    WsTestClient clara, gast;
    log_in(clara, again.port(), "Clara");
    gast.connect(again.port());
    gast.hello("Gast");
    CHECK(challenge_to(gast, "Clara").at("code") == "challenges_refused");
}

TEST_CASE("challenge settings across nodes: judged on the challenged player's node, from the shared store",
          "[server][cluster][challenge][challenge_setting]")
{
    Cluster cluster;
    auto one = cluster.node("n1", "");
    auto two = cluster.node("n2", one->config().db_path);
    // Clara sets it through node two's HTTP API; she plays on node two, the guest on node one.
    const std::string cookie = registered_cookie(two->port(), "Clara");
    WsTestClient clara, gast;
    log_in(clara, two->port(), "Clara");
    hello_at(gast, *one, "Gast");
    CHECK(challenge_to(gast, "Clara").at("type") == "ok");
    clara.receive_until("challenge");
    REQUIRE(set_accept(one->port(), cookie, "registered").status == 200); // through the other node
    const json refused = challenge_to(gast, "Clara");
    CHECK(refused.at("code") == "challenges_refused");
    CHECK_THAT(refused.at("message").get<std::string>(), Catch::Contains("only from registered players"));
}
