// Challenges over real sockets on one server (docs/protocol.md, "Challenges"): a challenge to a
// named player is delivered, accepted (the game starts at once at a new table in the
// challenger's room), declined with a reason, canceled, or expires; and every refusal.
#include <chrono>
#include <future>
#include <string>

#include <catch2/catch.hpp>

#include "server/moderation/moderation.h"
#include "server/wiring/server.h"
#include "tests/server/server_fixture.h"
#include "tests/server/ws_test_client.h"

using namespace rochade;
using namespace rochade::test;

namespace {

constexpr const char* challenge_password = "Geheimnis-42";

std::unique_ptr<WsTestClient> challenge_account(std::uint16_t port, const std::string& nick)
{
    auto client = std::make_unique<WsTestClient>();
    client->connect(port);
    REQUIRE(client->request({{"type", "register"}, {"nick", nick}, {"password", challenge_password}}).at("type") ==
            "hello_ok");
    return client;
}

json challenge_request(const std::string& to, json extra = json::object())
{
    json request{{"type", "challenge"}, {"to", to}, {"time_control", "5+3"}};
    for (const auto& [key, value] : extra.items()) request[key] = value;
    return request;
}

// Anna (in room 35) challenges Bert (in no room); both are guests.
struct ChallengeGuests {
    WsTestClient anna, bert;
    explicit ChallengeGuests(std::uint16_t port)
    {
        anna.connect(port);
        bert.connect(port);
        anna.hello("Anna");
        bert.hello("Bert");
        REQUIRE(anna.request({{"type", "enter_room"}, {"room", 35}}).at("type") == "room");
    }
    // Sends the challenge and returns its id, once Bert has it.
    std::string challenge(json extra = json::object())
    {
        const json ok = anna.request(challenge_request("bert", std::move(extra)));
        REQUIRE(ok.at("type") == "ok");
        const std::string id = ok.at("challenge");
        const json received = bert.receive_until("challenge");
        REQUIRE(received.at("challenge").at("id") == id);
        return id;
    }
};

} // namespace

TEST_CASE("challenge: delivered with its terms, accepted: the game starts at once in the challenger's room",
          "[server][challenge]")
{
    InProcessServer server;
    ChallengeGuests two(server.port());
    const json ok =
        two.anna.request(challenge_request("bert", {{"color", "black"}, {"message", "Lust auf eine Partie?"}}));
    REQUIRE(ok.at("type") == "ok");
    const std::string id = ok.at("challenge");
    CHECK(id.size() >= 32);
    const json received = two.bert.receive_until("challenge");
    const json& offer = received.at("challenge");
    CHECK(offer.at("id") == id);
    CHECK(offer.at("from") == "Anna");
    CHECK(offer.at("to") == "Bert");
    CHECK(offer.at("color") == "black");
    CHECK(offer.at("rated") == false);
    CHECK(offer.at("message") == "Lust auf eine Partie?");
    CHECK(offer.at("time_control").dump().find("300000") != std::string::npos);
    CHECK(offer.at("expires_ms").get<std::int64_t>() > 0);

    CHECK(two.bert.request({{"type", "accept_challenge"}, {"challenge", id}}).at("type") == "ok");
    const json accepted = two.anna.receive_until("challenge_accepted");
    CHECK(accepted.at("challenge") == id);
    CHECK(accepted.at("room") == 35);
    const std::int64_t table = accepted.at("table");
    CHECK(two.bert.receive_until("challenge_accepted").at("table") == table);
    const json started = two.anna.receive_until("game_started", table);
    CHECK(started.dump().find("\"Bert\"") != std::string::npos);
    two.bert.receive_until("game_started", table);
    // Anna asked for black: Bert (White) moves first.
    CHECK(two.bert.request({{"type", "move"}, {"table", table}, {"move", "e4"}}).at("type") == "ok");
    CHECK(two.anna.request({{"type", "move"}, {"table", table}, {"move", "e5"}}).at("type") == "ok");
    // Answered: it stands no more.
    CHECK(two.bert.request({{"type", "accept_challenge"}, {"challenge", id}}).at("code") == "no_such_challenge");
}

TEST_CASE("challenge: the challenger in no room plays in the first configured room", "[server][challenge]")
{
    InProcessServer server;
    WsTestClient anna, bert;
    anna.connect(server.port());
    bert.connect(server.port());
    anna.hello("Anna");
    bert.hello("Bert");
    const std::string id = anna.request(challenge_request("Bert")).at("challenge");
    bert.receive_until("challenge");
    CHECK(bert.request({{"type", "accept_challenge"}, {"challenge", id}}).at("type") == "ok");
    CHECK(anna.receive_until("challenge_accepted").at("room") == server.config().rooms.front().number);
}

TEST_CASE("challenge: declined with one of lichess's reasons, only the challenged player answers",
          "[server][challenge]")
{
    InProcessServer server;
    ChallengeGuests two(server.port());
    const std::string id = two.challenge();
    // The challenger cannot answer his own challenge.
    CHECK(two.anna.request({{"type", "decline_challenge"}, {"challenge", id}}).at("code") == "no_such_challenge");
    const json bad = two.bert.request({{"type", "decline_challenge"}, {"challenge", id}, {"reason", "boring"}});
    CHECK(bad.at("code") == "bad_request");
    CHECK(bad.at("message").get<std::string>().find("generic, later, too_fast, too_slow, time_control, rated, "
                                                    "casual, standard, variant, no_bot, only_bot") !=
          std::string::npos);
    CHECK(two.bert.request({{"type", "decline_challenge"}, {"challenge", id}, {"reason", "too_fast"}}).at("type") ==
          "ok");
    const json declined = two.anna.receive_until("challenge_declined");
    CHECK(declined.at("challenge") == id);
    CHECK(declined.at("by") == "Bert");
    CHECK(declined.at("reason") == "too_fast");
    CHECK(two.bert.request({{"type", "accept_challenge"}, {"challenge", id}}).at("code") == "no_such_challenge");

    // Without a reason: generic.
    const std::string second = two.challenge();
    CHECK(two.bert.request({{"type", "decline_challenge"}, {"challenge", second}}).at("type") == "ok");
    CHECK(two.anna.receive_until("challenge_declined").at("reason") == "generic");
}

TEST_CASE("challenge: the challenger cancels, the challenged player is told", "[server][challenge]")
{
    InProcessServer server;
    ChallengeGuests two(server.port());
    const std::string id = two.challenge();
    CHECK(two.bert.request({{"type", "cancel_challenge"}, {"challenge", id}}).at("code") == "no_such_challenge");
    CHECK(two.anna.request({{"type", "cancel_challenge"}, {"challenge", id}}).at("type") == "ok");
    const json canceled = two.bert.receive_until("challenge_canceled");
    CHECK(canceled.at("challenge") == id);
    CHECK(canceled.at("by") == "Anna");
    CHECK(two.bert.request({{"type", "accept_challenge"}, {"challenge", id}}).at("code") == "no_such_challenge");
    CHECK(two.anna.request({{"type", "cancel_challenge"}, {"challenge", id}}).at("code") == "no_such_challenge");
}

TEST_CASE("challenge: unanswered it expires, it ends when the challenger's connection closes", "[server][challenge]")
{
    InProcessServer server([](server::ServerConfig& config) { config.challenge_expiry_ms = 300; });
    ChallengeGuests two(server.port());
    const std::string id = two.challenge();
    const json expired = two.bert.receive_until("challenge_expired");
    CHECK(expired.at("challenge") == id);
    CHECK(expired.at("why") == "timeout");
    CHECK(two.anna.receive_until("challenge_expired").at("challenge") == id);
    CHECK(two.bert.request({{"type", "accept_challenge"}, {"challenge", id}}).at("code") == "no_such_challenge");

    const std::string second = two.challenge();
    two.anna.close();
    const json left = two.bert.receive_until("challenge_expired");
    CHECK(left.at("challenge") == second);
    CHECK(left.at("why") == "challenger_left");
}

TEST_CASE("challenge: refusals name what was wrong", "[server][challenge]")
{
    InProcessServer server;
    ChallengeGuests two(server.port());
    auto refused = [&](json request, const std::string& code, const std::string& words) {
        const json reply = two.anna.request(std::move(request));
        INFO(reply.dump());
        CHECK(reply.at("code") == code);
        CHECK(reply.at("message").get<std::string>().find(words) != std::string::npos);
    };
    refused(challenge_request("Niemand"), "no_such_nick", "'Niemand' is not online");
    refused(challenge_request("ANNA"), "challenge_self", "you cannot challenge yourself");
    refused(challenge_request("Bert", {{"rated", true}}), "rated_needs_account",
            "rated games are for players with an account");
    refused(challenge_request("Bert", {{"message", std::string(201, 'x')}}), "bad_request", "'message' is 201 bytes");
    refused(json{{"type", "challenge"}, {"to", "Bert"}}, "bad_request", "'time_control' is missing");
    refused(json{{"type", "challenge"}, {"to", "Bert"}, {"time_control", "5+3"}, {"color", "green"}}, "bad_request",
            "'color'");

    // At most three standing at once.
    WsTestClient carl, dora;
    carl.connect(server.port());
    dora.connect(server.port());
    carl.hello("Carl");
    dora.hello("Dora");
    for (const char* to : {"Bert", "Carl", "Dora"}) REQUIRE(two.anna.request(challenge_request(to)).at("type") == "ok");
    refused(challenge_request("Bert"), "limit_reached", "3 challenges waiting for an answer");
}

TEST_CASE("challenge: rated games need accounts on both sides and a clock", "[server][challenge]")
{
    InProcessServer server;
    auto anna = challenge_account(server.port(), "Anna");
    auto bert = challenge_account(server.port(), "Bert");
    WsTestClient guest;
    guest.connect(server.port());
    guest.hello("Gast");
    const json to_guest = anna->request(challenge_request("Gast", {{"rated", true}}));
    CHECK(to_guest.at("code") == "rated_needs_account");
    CHECK(to_guest.at("message").get<std::string>().find("'Gast' plays as a guest") != std::string::npos);
    CHECK(anna->request(challenge_request("Bert", {{"rated", true}, {"time_control", "untimed"}})).at("code") ==
          "rated_needs_clock");
    // A casual one to the guest is fine.
    CHECK(anna->request(challenge_request("Gast")).at("type") == "ok");

    const json ok = anna->request(challenge_request("Bert", {{"rated", true}, {"color", "white"}}));
    REQUIRE(ok.at("type") == "ok");
    CHECK(bert->receive_until("challenge").at("challenge").at("rated") == true);
    CHECK(bert->request({{"type", "accept_challenge"}, {"challenge", ok.at("challenge")}}).at("type") == "ok");
    const std::int64_t table = anna->receive_until("challenge_accepted").at("table");
    const json started = anna->receive_until("game_started", table);
    CHECK(started.dump().find("\"rated\":true") != std::string::npos);
}

TEST_CASE("challenge: a muted player cannot challenge", "[server][challenge]")
{
    InProcessServer server;
    ChallengeGuests two(server.port());
    const identity::Identity moderator{
        {identity::Principal::Kind::Account, 902}, "Aufsicht", protocol::Role::Moderator, 0};
    std::promise<server::ModerationResult> answer;
    server.server().moderation()->act(
        moderator, "127.0.0.1", server::Mute{"Anna", std::nullopt, 3'600'000, "spam"},
        [&answer](server::ModerationResult result) { answer.set_value(std::move(result)); });
    auto future = answer.get_future();
    REQUIRE(future.wait_for(std::chrono::seconds(5)) == std::future_status::ready);
    REQUIRE(std::holds_alternative<server::ModerationDone>(future.get()));
    const json refused = two.anna.request(challenge_request("Bert"));
    CHECK(refused.at("code") == "muted");
    CHECK(refused.at("message").get<std::string>().find("challenge: you are muted everywhere") != std::string::npos);
    CHECK(refused.at("reason") == "spam");
}
