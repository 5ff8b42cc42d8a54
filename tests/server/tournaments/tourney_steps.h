// The steps of the tournament tests over real sockets: accounts with a role, creating, joining,
// showing and acting on a tournament, and a write made on the server's database file as the
// admin tool would.
#pragma once

#include <chrono>
#include <functional>
#include <future>
#include <optional>
#include <string>
#include <thread>

#include <catch2/catch.hpp>

#include "db/sqlite/sqlite_store.h"
#include "db/store_reader.h"
#include "db/store_writer.h"
#include "protocol/nick.h"
#include "protocol/role.h"
#include "tests/server/server_fixture.h"
#include "tests/server/ws_test_client.h"

namespace rochade::test {

inline const std::string tourney_password = "Turnier-Passwort-1";

// Stores `write` on the server's database file (the server runs on it: SQLite's WAL lets a second
// writer in), as the admin tool would.
inline void tourney_store(const std::string& db_path, db::Write write)
{
    auto writer = db::open_sqlite_writer(db_path);
    std::promise<std::optional<db::StoreError>> stored;
    writer->submit(std::move(write), [&stored](std::optional<db::StoreError> error) { stored.set_value(error); });
    const auto error = stored.get_future().get();
    INFO((error ? error->message : std::string()));
    REQUIRE_FALSE(error);
}

// An account `nick` with `role`, logged in on `client` to the server on `port` whose store is the
// SQLite file `db_path`. The role is read at login, so it is set between registering (on a first
// connection) and logging in.
inline void tourney_account_at(WsTestClient& client, std::uint16_t port, const std::string& db_path,
                               const std::string& nick, protocol::Role role = protocol::Role::Player)
{
    {
        WsTestClient first;
        first.connect(port);
        REQUIRE(first.request({{"type", "register"}, {"nick", nick}, {"password", tourney_password}}).at("type") ==
                "hello_ok");
    }
    if (role != protocol::Role::Player) {
        const auto account = db::open_sqlite_reader(db_path)->account(protocol::nick_key(nick));
        REQUIRE(account);
        tourney_store(db_path, db::RoleChanged{account->id, role});
    }
    client.connect(port);
    const json hello = client.request({{"type", "hello"}, {"nick", nick}, {"password", tourney_password}});
    REQUIRE(hello.at("type") == "hello_ok");
    CHECK(hello.at("role") == std::string(protocol::role_name(role)));
}

inline void tourney_account(WsTestClient& client, const InProcessServer& server, const std::string& nick,
                            protocol::Role role = protocol::Role::Player)
{
    tourney_account_at(client, server.port(), server.config().db_path, nick, role);
}

inline json swiss_request(json extra = json::object())
{
    json request{{"type", "create_tournament"},
                 {"name", "Winter Swiss"},
                 {"system", "swiss"},
                 {"rounds", 5},
                 {"time_control", "3+2"}};
    for (const auto& [key, value] : extra.items()) request[key] = value;
    return request;
}

// Creates a tournament as `director` and returns its id.
inline std::int64_t tourney_create(WsTestClient& director, json extra = json::object())
{
    const json ok = director.request(swiss_request(std::move(extra)));
    INFO(ok.dump());
    REQUIRE(ok.at("type") == "ok");
    return ok.at("tournament").at("id");
}

inline json tourney_join(WsTestClient& player, std::int64_t tournament, std::optional<std::string> password = {})
{
    json request{{"type", "join_tournament"}, {"tournament", tournament}};
    if (password) request["password"] = *password;
    return player.request(request);
}

inline json tourney_show(WsTestClient& client, std::int64_t tournament)
{
    REQUIRE(client.request({{"type", "show_tournament"}, {"tournament", tournament}}).at("type") == "ok");
    return client.receive_until("tournament").at("tournament");
}

inline json tourney_act(WsTestClient& client, const std::string& type, std::int64_t tournament,
                        std::optional<std::string> nick = {})
{
    json request{{"type", type}, {"tournament", tournament}};
    if (nick) request["nick"] = *nick;
    return client.request(request);
}

// The tournament as its watcher `client` hears it once `done` holds.
inline json tourney_update_until(WsTestClient& client, std::int64_t tournament,
                                 const std::function<bool(const json&)>& done, const std::string& what)
{
    return client
        .receive_matching(
            [&](const json& frame) {
                return frame.at("type") == "tournament_updated" && frame.at("tournament").at("id") == tournament &&
                       done(frame.at("tournament"));
            },
            what)
        .at("tournament");
}

inline json round_of(const json& tournament, int round)
{
    for (const auto& paired : tournament.at("pairings"))
        if (paired.at("round") == round) return paired;
    FAIL("round " << round << " is not paired: " << tournament.dump());
    return {};
}

// Every game board of `round` has a table (its game was started).
inline bool round_started(const json& tournament, int round)
{
    if (int(tournament.at("rounds_paired")) < round) return false;
    const json paired = round_of(tournament, round); // kept: a range-for over a temporary's member dangles
    for (const auto& board : paired.at("boards"))
        if (board.contains("black") && !board.contains("table") && board.at("result") == "pending") return false;
    return true;
}

inline const json* board_with(const json& round, const std::string& nick)
{
    for (const auto& board : round.at("boards"))
        if (board.at("white") == nick || board.value("black", "") == nick) return &board;
    return nullptr;
}

// The director starts `tournament`: the tournament as he hears it once round 1's games started.
inline json tourney_start(WsTestClient& director, std::int64_t tournament)
{
    REQUIRE(tourney_act(director, "start_tournament", tournament).at("type") == "ok");
    return tourney_update_until(
        director, tournament, [](const json& t) { return round_started(t, 1); }, "round 1 with its games started");
}

// The client's node answers show_tournament (a tournament created on another node of a cluster a
// moment ago reaches the other nodes' copies as the node that runs it announces it).
inline json tourney_shown_once_copied(WsTestClient& client, std::int64_t tournament)
{
    for (int i = 0; i < 250; ++i) {
        const json reply = client.request({{"type", "show_tournament"}, {"tournament", tournament}});
        if (reply.at("type") == "ok") return client.receive_until("tournament").at("tournament");
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    FAIL("tournament " << tournament << " never reached this node's copy");
    return {};
}

// The games running at the tables of the node on `port`, as its /health counts them.
inline std::int64_t tourney_games_on(std::uint16_t port)
{
    const HttpReply health = http_get(port, "/health");
    REQUIRE(health.status == 200);
    return json::parse(health.body).at("games").get<std::int64_t>();
}

inline void check_refused(const json& reply, const std::string& code, const std::string& message_part = "")
{
    INFO(reply.dump());
    REQUIRE(reply.at("type") == "error");
    CHECK(reply.at("code") == code);
    if (!message_part.empty()) CHECK(reply.at("message").get<std::string>().find(message_part) != std::string::npos);
}

} // namespace rochade::test
