// Open challenges over real sockets (issue 27 §1 "a link that the first person to open it
// accepts (optionally restricted to named players), valid for a set time"): a link made, shown
// to a visitor, accepted by a guest into a running game and used up; the refusals (a forged
// token, one's own link, a link named for others, a rated link for a guest, an expired or
// withdrawn link, the creator away, the limit); two accepting at once; and across two nodes.
#include <future>
#include <string>
#include <thread>

#include <catch2/catch.hpp>

#include "db/sqlite/sqlite.h"
#include "server/identity/secrets.h"
#include "tests/server/cluster_fixture.h"
#include "tests/server/server_fixture.h"
#include "tests/server/ws_test_client.h"

using namespace rochade;
using namespace rochade::test;

namespace {

json open_challenge(json extra = json::object())
{
    json request{{"type", "create_open_challenge"}, {"time_control", "5+3"}, {"color", "white"}};
    for (const auto& [key, value] : extra.items()) request[key] = value;
    return request;
}

// Makes a link as `creator` and returns its token, after checking the reply's shape.
std::string make_link(WsTestClient& creator, json extra = json::object())
{
    const json ok = creator.request(open_challenge(std::move(extra)));
    INFO(ok.dump());
    REQUIRE(ok.at("type") == "ok");
    const std::string token = ok.at("token");
    CHECK(ok.at("path") == "/challenge/" + token);
    CHECK(ok.at("link").at("link") == identity::token_hash(token));
    return token;
}

json accept(WsTestClient& client, const std::string& token)
{
    return client.request({{"type", "accept_open_challenge"}, {"token", token}});
}

void register_at(WsTestClient& client, std::uint16_t port, const std::string& nick)
{
    client.connect(port);
    REQUIRE(client.request({{"type", "register"}, {"nick", nick}, {"password", "Geheimnis-42"}}).at("type") ==
            "hello_ok");
}

} // namespace

TEST_CASE("open challenge: a visitor sees the link, a guest accepts it into a game, and the link is used up",
          "[server][challenge][open_challenge]")
{
    InProcessServer server;
    WsTestClient anna, visitor, bert, clara;
    anna.connect(server.port());
    anna.hello("Anna");
    REQUIRE(anna.request({{"type", "enter_room"}, {"room", 35}}).at("type") == "room");
    const std::string token = make_link(anna, {{"variant", "chess960"}, {"chess960", 518}});

    // Only the hash is stored: the token is nowhere in the database file.
    {
        db::Database db(server.config().db_path, db::OpenMode::ReadOnly);
        CHECK(db.query_int("SELECT COUNT(*) FROM open_challenges WHERE token_hash = '" + identity::token_hash(token) +
                           "'") == 1);
        CHECK(db.query_int("SELECT COUNT(*) FROM open_challenges WHERE token_hash = '" + token + "'") == 0);
    }

    // A visitor (no hello) may look at it: the terms, without the link's id.
    visitor.connect(server.port());
    REQUIRE(visitor.request({{"type", "show_open_challenge"}, {"token", token}}).at("type") == "ok");
    const json shown = visitor.receive_until("open_challenge").at("challenge");
    CHECK(shown.at("from") == "Anna");
    CHECK(shown.at("color") == "white");
    CHECK(shown.at("rated") == false);
    CHECK(shown.at("variant") == "chess960");
    CHECK(shown.at("chess960") == 518);
    CHECK(shown.at("time_control").at("increment_ms") == 3000);
    CHECK_FALSE(shown.contains("link"));
    // ... but not accept it.
    CHECK(accept(visitor, token).at("code") == "not_greeted");

    // The creator lists it.
    REQUIRE(anna.request({{"type", "list_open_challenges"}}).at("type") == "ok");
    json links = anna.receive_until("open_challenges").at("links");
    REQUIRE(links.size() == 1);
    CHECK(links[0].at("link") == identity::token_hash(token));

    bert.connect(server.port());
    bert.hello("Bert");
    REQUIRE(accept(bert, token).at("type") == "ok");
    const json anna_accepted = anna.receive_until("challenge_accepted");
    const json bert_accepted = bert.receive_until("challenge_accepted");
    CHECK(anna_accepted.at("challenge") == identity::token_hash(token));
    CHECK(anna_accepted.at("room") == 35); // the creator's room
    const std::int64_t table = anna_accepted.at("table");
    CHECK(bert_accepted.at("table") == table);
    const json started = anna.receive_until("game_started", table);
    CHECK(started.at("white") == "Anna");
    CHECK(started.at("black") == "Bert");
    CHECK(started.at("chess960") == 518);
    bert.receive_until("game_started", table);
    CHECK(anna.request({{"type", "move"}, {"table", table}, {"move", "e2e4"}}).at("type") == "ok");
    CHECK(bert.request({{"type", "move"}, {"table", table}, {"move", "e7e5"}}).at("type") == "ok");

    // Used up: shown and accepted no more, and gone from the creator's list.
    clara.connect(server.port());
    clara.hello("Clara");
    json refused = clara.request({{"type", "show_open_challenge"}, {"token", token}});
    CHECK(refused.at("code") == "open_challenge_used");
    CHECK(accept(clara, token).at("code") == "open_challenge_used");
    REQUIRE(anna.request({{"type", "list_open_challenges"}}).at("type") == "ok");
    CHECK(anna.receive_until("open_challenges").at("links").empty());
}

TEST_CASE("open challenge: forged tokens, one's own link, links named for others, rated links and bad requests "
          "are refused",
          "[server][challenge][open_challenge]")
{
    InProcessServer server;
    WsTestClient anna, bert, clara, dora;
    register_at(anna, server.port(), "Anna");
    bert.connect(server.port());
    bert.hello("Bert");
    register_at(clara, server.port(), "Clara");

    // A forged token, and one a character off a real one.
    const std::string token = make_link(anna, {{"players", {"clara", "Dora"}}, {"rated", true}});
    CHECK(accept(bert, std::string(43, 'A')).at("code") == "no_such_open_challenge");
    std::string off = token;
    off.back() = off.back() == 'A' ? 'B' : 'A';
    CHECK(accept(bert, off).at("code") == "no_such_open_challenge");
    CHECK(bert.request({{"type", "show_open_challenge"}, {"token", off}}).at("code") == "no_such_open_challenge");

    // Its creator cannot accept it; a player it does not name cannot either.
    CHECK(accept(anna, token).at("code") == "challenge_self");
    const json not_named = accept(bert, token);
    CHECK(not_named.at("code") == "open_challenge_not_for_you");
    CHECK(not_named.at("message").get<std::string>().find("'clara' or 'Dora'") != std::string::npos);

    // A rated link: a named guest may not accept it.
    dora.connect(server.port());
    dora.hello("Dora");
    CHECK(accept(dora, token).at("code") == "rated_needs_account");
    // The named, registered player (in another case of letters) may; the game is rated.
    REQUIRE(accept(clara, token).at("type") == "ok");
    const std::int64_t table = clara.receive_until("challenge_accepted").at("table");
    CHECK(clara.receive_until("game_started", table).at("rated") == true);

    // What create_open_challenge refuses, and that nothing was stored for it.
    CHECK(bert.request(open_challenge({{"rated", true}})).at("code") == "rated_needs_account");
    CHECK(anna.request(open_challenge({{"rated", true}, {"time_control", "untimed"}})).at("code") ==
          "rated_needs_clock");
    CHECK(anna.request(open_challenge({{"players", {"A", "B", "C"}}})).at("code") == "bad_request");
    CHECK(anna.request(open_challenge({{"players", {"no spaces"}}})).at("code") == "invalid_nick");
    CHECK(anna.request(open_challenge({{"players", {"ANNA"}}})).at("code") == "challenge_self");
    CHECK(anna.request(open_challenge({{"valid_hours", 0}})).at("code") == "bad_request");
    CHECK(anna.request(open_challenge({{"valid_hours", 169}})).at("code") == "bad_request");
    CHECK(anna.request(open_challenge({{"variant", "from_position"}, {"fen", "8/8/8/8/8/8/8/8 w - -"}})).at("code") ==
          "bad_fen");
    CHECK(anna.request(open_challenge(
                           {{"rated", true}, {"variant", "from_position"}, {"fen", "4k3/8/8/8/8/8/4P3/4K3 w - -"}}))
              .at("code") == "rated_from_position");
    REQUIRE(anna.request({{"type", "list_open_challenges"}}).at("type") == "ok");
    CHECK(anna.receive_until("open_challenges").at("links").empty());
}

TEST_CASE("open challenge: at most three standing links, a withdrawn or expired link is refused, an absent "
          "creator keeps his link",
          "[server][challenge][open_challenge]")
{
    InProcessServer server;
    WsTestClient anna, bert;
    register_at(anna, server.port(), "Anna");
    bert.connect(server.port());
    bert.hello("Bert");

    const std::string first = make_link(anna);
    const std::string second = make_link(anna, {{"valid_hours", 168}});
    const std::string third = make_link(anna, {{"color", "random"}});
    CHECK(anna.request(open_challenge()).at("code") == "limit_reached");

    // Withdrawn: the creator's list shrinks and the link is refused.
    CHECK(anna.request({{"type", "cancel_open_challenge"}, {"link", identity::token_hash(first)}}).at("type") == "ok");
    CHECK(anna.request({{"type", "cancel_open_challenge"}, {"link", identity::token_hash(first)}}).at("code") ==
          "no_such_open_challenge");
    // Nobody else may withdraw it.
    CHECK(bert.request({{"type", "cancel_open_challenge"}, {"link", identity::token_hash(second)}}).at("code") ==
          "no_such_open_challenge");
    CHECK(accept(bert, first).at("code") == "open_challenge_expired");
    REQUIRE(anna.request({{"type", "list_open_challenges"}}).at("type") == "ok");
    CHECK(anna.receive_until("open_challenges").at("links").size() == 2);
    make_link(anna); // room for one again

    // Expired: its time is over (set back in the store, as a day passing would).
    {
        db::Database db(server.config().db_path, db::OpenMode::ReadWrite);
        db.exec("UPDATE open_challenges SET expires_at_ms = 1000 WHERE token_hash = '" + identity::token_hash(third) +
                "'");
    }
    const json expired = bert.request({{"type", "show_open_challenge"}, {"token", third}});
    CHECK(expired.at("code") == "open_challenge_expired");
    CHECK(expired.at("message").get<std::string>().find("1970-01-01 00:00 UTC") != std::string::npos);
    CHECK(accept(bert, third).at("code") == "open_challenge_expired");

    // The creator away: refused with when the link still holds; back again, the link works.
    anna.close();
    // Her close reaches the lobby a moment after the handshake (on a loaded machine, after
    // Bert's next request): wait until a whisper finds her offline.
    for (int attempt = 0; attempt < 100; ++attempt) {
        const json whispered = bert.request({{"type", "whisper"}, {"to", "Anna"}, {"text", "noch da?"}});
        if (whispered.value("code", "") == "no_such_nick") break;
        std::this_thread::sleep_for(20ms);
    }
    const json away = accept(bert, second);
    CHECK(away.at("code") == "challenger_offline");
    CHECK(away.at("message").get<std::string>().find("stays valid until") != std::string::npos);
    WsTestClient anna_again;
    anna_again.connect(server.port());
    REQUIRE(anna_again.request({{"type", "hello"}, {"nick", "Anna"}, {"password", "Geheimnis-42"}}).at("type") ==
            "hello_ok");
    REQUIRE(accept(bert, second).at("type") == "ok");
    CHECK(bert.receive_until("challenge_accepted").at("challenge") == identity::token_hash(second));
    anna_again.receive_until("challenge_accepted");
}

TEST_CASE("open challenge: six links asked for at once make no more than three", "[server][challenge][open_challenge]")
{
    InProcessServer server;
    WsTestClient anna;
    register_at(anna, server.port(), "Anna");
    // Sent without waiting: every request is judged while the others are being counted and stored.
    for (int id = 1; id <= 6; ++id) {
        json request = open_challenge();
        request["id"] = id;
        anna.send(request);
    }
    int made = 0;
    for (int id = 1; id <= 6; ++id) {
        const json reply = anna.receive_matching([id](const json& frame) { return frame.value("id", 0) == id; },
                                                 "the reply to request " + std::to_string(id));
        if (reply.value("type", "") == "error")
            CHECK(reply.at("code") == "limit_reached");
        else
            ++made;
    }
    CHECK(made >= 1);
    CHECK(made <= 3);
    REQUIRE(anna.request({{"type", "list_open_challenges"}}).at("type") == "ok");
    CHECK(anna.receive_until("open_challenges").at("links").size() == std::size_t(made));
    // Once they are made, the count is the store's again: up to three.
    while (made < 3) {
        make_link(anna);
        ++made;
    }
    CHECK(anna.request(open_challenge()).at("code") == "limit_reached");
}

TEST_CASE("open challenge: of two players accepting at once, exactly one gets the game",
          "[server][challenge][open_challenge]")
{
    InProcessServer server;
    WsTestClient anna;
    anna.connect(server.port());
    anna.hello("Anna");
    for (int round = 0; round < 5; ++round) {
        const std::string token = make_link(anna);
        WsTestClient bert, clara;
        bert.connect(server.port());
        clara.connect(server.port());
        bert.hello("Bert" + std::to_string(round));
        clara.hello("Clara" + std::to_string(round));
        bert.send({{"type", "accept_open_challenge"}, {"token", token}});
        clara.send({{"type", "accept_open_challenge"}, {"token", token}});
        // Each hears either the game or that the other was first.
        auto outcome = [](WsTestClient& client) {
            const json frame = client.receive_matching(
                [](const json& f) { return f.at("type") == "challenge_accepted" || f.at("type") == "error"; },
                "the acceptance's outcome");
            return frame.at("type") == "error" ? frame.at("code").get<std::string>() : std::string("game");
        };
        const std::string bert_got = outcome(bert);
        const std::string clara_got = outcome(clara);
        INFO("round " << round << ": Bert " << bert_got << ", Clara " << clara_got);
        CHECK(((bert_got == "game" && clara_got == "open_challenge_used") ||
               (clara_got == "game" && bert_got == "open_challenge_used")));
        const std::int64_t table = anna.receive_until("challenge_accepted").at("table");
        anna.receive_until("game_started", table);
        CHECK(anna.request({{"type", "resign"}, {"table", table}}).at("type") == "ok");
        CHECK(anna.request({{"type", "leave_table"}, {"table", table}}).at("type") == "ok");
        // One game only: the creator hears of no second.
        for (const json& frame : anna.drain(std::chrono::milliseconds(200)))
            CHECK(frame.at("type") != "challenge_accepted");
    }
}

TEST_CASE("open challenge across nodes: the creator on one node, the accepter on another",
          "[server][cluster][challenge][open_challenge]")
{
    Cluster cluster;
    auto one = cluster.node("n1");
    auto two = cluster.node("n2", one->config().db_path);
    WsTestClient anna, bert, clara;
    hello_at(anna, *one, "Anna");
    hello_at(bert, *two, "Bert");
    hello_at(clara, *two, "Clara");
    REQUIRE(anna.request({{"type", "enter_room"}, {"room", 36}}).at("type") == "room");
    const std::string token = make_link(anna, {{"color", "black"}});

    // Node two reads the same link from the store.
    REQUIRE(bert.request({{"type", "show_open_challenge"}, {"token", token}}).at("type") == "ok");
    CHECK(bert.receive_until("open_challenge").at("challenge").at("from") == "Anna");
    REQUIRE(accept(bert, token).at("type") == "ok");
    const std::int64_t table = bert.receive_until("challenge_accepted").at("table");
    CHECK(anna.receive_until("challenge_accepted").at("table") == table);
    const json started = bert.receive_until("game_started", table);
    CHECK(started.at("white") == "Bert");
    CHECK(started.at("black") == "Anna");
    CHECK(bert.request({{"type", "move"}, {"table", table}, {"move", "d2d4"}}).at("type") == "ok");
    anna.receive_until("game_started", table);
    CHECK(anna.request({{"type", "move"}, {"table", table}, {"move", "d7d5"}}).at("type") == "ok");

    // Used up on every node.
    CHECK(accept(clara, token).at("code") == "open_challenge_used");
}
