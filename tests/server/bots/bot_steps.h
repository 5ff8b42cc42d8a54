// The steps the Bot API's tests share (tests/server/bots/): accounts registered over HTTP,
// personal tokens made on the account page, requests with a bearer token, bot accounts.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "tests/server/server_fixture.h"
#include "tests/server/ws_test_client.h"

namespace rochade::test {

using Headers = std::vector<std::pair<std::string, std::string>>;
inline const std::string password = "Bot-Passwort-42";
inline const std::vector<std::string> bot_scopes{"bot:play", "challenge:read", "challenge:write"};

inline std::string origin_of(const InProcessServer& server)
{
    return "http://127.0.0.1:" + std::to_string(server.port());
}

inline json body_of(const HttpReply& reply)
{
    INFO(reply.status << " " << reply.body);
    return json::parse(reply.body);
}

// Registers `nick` over HTTP and returns its session cookie ("rochade_session=...").
inline std::string register_account(const InProcessServer& server, const std::string& nick)
{
    const HttpReply registered = http_request(server.port(), "POST", "/api/register",
                                              {{"Content-Type", "application/json"}, {"Origin", origin_of(server)}},
                                              json{{"nick", nick}, {"password", password}}.dump());
    INFO(registered.body);
    REQUIRE(registered.status == 200);
    const auto set_cookie = registered.header("Set-Cookie");
    REQUIRE(set_cookie);
    return set_cookie->substr(0, set_cookie->find(';'));
}

// The account page's token requests: the cookie, the page's Origin, JSON.
inline HttpReply tokens_request(const InProcessServer& server, const std::string& method, const std::string& target,
                                const std::string& cookie, const std::string& body = "")
{
    Headers headers{{"Origin", origin_of(server)}};
    if (!cookie.empty()) headers.emplace_back("Cookie", cookie);
    if (!body.empty()) headers.emplace_back("Content-Type", "application/json");
    return http_request(server.port(), method, target, headers, body);
}

inline HttpReply create_token(const InProcessServer& server, const std::string& cookie,
                              const std::vector<std::string>& scopes, const std::string& description = "mein Bot")
{
    return tokens_request(server, "POST", "/api/tokens", cookie,
                          json{{"description", description}, {"scopes", scopes}}.dump());
}

inline std::string new_token(const InProcessServer& server, const std::string& cookie,
                             const std::vector<std::string>& scopes)
{
    const HttpReply made = create_token(server, cookie, scopes);
    INFO(made.body);
    REQUIRE(made.status == 201);
    return json::parse(made.body).at("token");
}

// A request to the Bot API with `token` (none when empty); a body is a form, as lichess's
// clients send it.
inline HttpReply bot_api(const InProcessServer& server, const std::string& method, const std::string& target,
                         const std::string& token, const std::string& form = "")
{
    Headers headers;
    if (!token.empty()) headers.emplace_back("Authorization", "Bearer " + token);
    if (!form.empty()) headers.emplace_back("Content-Type", "application/x-www-form-urlencoded");
    return http_request(server.port(), method, target, headers, form);
}

// A registered account turned into a bot account; its token holds lichess-bot's scopes.
inline std::string bot_account(const InProcessServer& server, const std::string& nick)
{
    const std::string token = new_token(server, register_account(server, nick), bot_scopes);
    const HttpReply upgraded = bot_api(server, "POST", "/api/bot/account/upgrade", token);
    INFO(upgraded.body);
    REQUIRE(upgraded.status == 200);
    return token;
}

} // namespace rochade::test
