// Challenges across the nodes of a cluster (test::Cluster on a MemoryBus): the challenger on one
// node, the challenged player on another. Every answer crosses the bus: delivery, a refusal of
// the challenged player's node, decline, cancel, expiry, and accept, whose game starts at once
// on the challenger's node with the challenged player seated from his own.
#include <string>

#include <catch2/catch.hpp>

#include "server/cluster/node_message.h"
#include "tests/server/cluster_fixture.h"

using namespace rochade;
using namespace rochade::test;

namespace {

json challenge_to_bert(json extra = json::object())
{
    json request{{"type", "challenge"}, {"to", "Bert"}, {"time_control", "3+2"}};
    for (const auto& [key, value] : extra.items()) request[key] = value;
    return request;
}

struct ChallengeNodes {
    Cluster cluster;
    std::unique_ptr<InProcessServer> one =
        cluster.node("n1", "", [](server::ServerConfig& config) { config.challenge_expiry_ms = 1500; });
    std::unique_ptr<InProcessServer> two = cluster.node("n2", one->config().db_path);
};

} // namespace

TEST_CASE("challenge across nodes: delivered, declined, canceled, expired, and accepted into a running game",
          "[server][cluster][challenge]")
{
    ChallengeNodes nodes;
    WsTestClient anna, bert;
    hello_at(anna, *nodes.one, "Anna");
    hello_at(bert, *nodes.two, "Bert");
    REQUIRE(anna.request({{"type", "enter_room"}, {"room", 36}}).at("type") == "room");

    // Declined: the reason crosses back.
    json ok = anna.request(challenge_to_bert({{"message", "über den Bus"}}));
    REQUIRE(ok.at("type") == "ok");
    std::string id = ok.at("challenge");
    json received = bert.receive_until("challenge");
    CHECK(received.at("challenge").at("id") == id);
    CHECK(received.at("challenge").at("from") == "Anna");
    CHECK(received.at("challenge").at("message") == "über den Bus");
    CHECK(bert.request({{"type", "decline_challenge"}, {"challenge", id}, {"reason", "later"}}).at("type") == "ok");
    json declined = anna.receive_until("challenge_declined");
    CHECK(declined.at("challenge") == id);
    CHECK(declined.at("reason") == "later");
    CHECK(declined.at("by") == "Bert");

    // Canceled: the challenged player's node hears it and forgets it.
    id = anna.request(challenge_to_bert()).at("challenge");
    bert.receive_until("challenge");
    CHECK(anna.request({{"type", "cancel_challenge"}, {"challenge", id}}).at("type") == "ok");
    CHECK(bert.receive_until("challenge_canceled").at("challenge") == id);
    CHECK(bert.request({{"type", "accept_challenge"}, {"challenge", id}}).at("code") == "no_such_challenge");

    // Expired: both sides hear it.
    id = anna.request(challenge_to_bert()).at("challenge");
    bert.receive_until("challenge");
    const json expired = bert.receive_until("challenge_expired");
    CHECK(expired.at("challenge") == id);
    CHECK(expired.at("why") == "timeout");
    CHECK(anna.receive_until("challenge_expired").at("challenge") == id);

    // Accepted: the table opens on Anna's node in her room, Bert is seated from his.
    id = anna.request(challenge_to_bert({{"color", "white"}})).at("challenge");
    bert.receive_until("challenge");
    CHECK(bert.request({{"type", "accept_challenge"}, {"challenge", id}}).at("type") == "ok");
    const json accepted = anna.receive_until("challenge_accepted");
    CHECK(accepted.at("room") == 36);
    const std::int64_t table = accepted.at("table");
    CHECK(bert.receive_until("challenge_accepted").at("table") == table);
    CHECK(anna.receive_until("game_started", table).at("black") == "Bert");
    bert.receive_until("game_started", table);
    CHECK(anna.request({{"type", "move"}, {"table", table}, {"move", "d4"}}).at("type") == "ok");
    CHECK(bert.request({{"type", "move"}, {"table", table}, {"move", "Nf6"}}).at("type") == "ok");

    // The challenger leaves: the challenge ends on the other node too.
    WsTestClient carl;
    hello_at(carl, *nodes.one, "Carl");
    id = carl.request(challenge_to_bert()).at("challenge");
    bert.receive_until("challenge");
    carl.close();
    const json left = bert.receive_until("challenge_expired");
    CHECK(left.at("challenge") == id);
    CHECK(left.at("why") == "challenger_left");
}

TEST_CASE("challenge across nodes: the challenged player's node refuses what only it can judge",
          "[server][cluster][challenge]")
{
    ChallengeNodes nodes;
    WsTestClient anna, bert;
    anna.connect(nodes.one->port());
    REQUIRE(anna.request({{"type", "register"}, {"nick", "Anna"}, {"password", "Geheimnis-42"}}).at("type") ==
            "hello_ok");
    hello_at(bert, *nodes.two, "Bert");
    // Bert plays as a guest on node two: a rated game is refused there, the reply comes from there.
    const json refused = anna.request(challenge_to_bert({{"rated", true}}));
    CHECK(refused.at("code") == "rated_needs_account");
    CHECK(refused.at("message").get<std::string>().find("'Bert' plays as a guest") != std::string::npos);
    CHECK(anna.request({{"type", "challenge"}, {"to", "Niemand"}, {"time_control", "3+2"}}).at("code") ==
          "no_such_nick");
    // A casual one is delivered.
    CHECK(anna.request(challenge_to_bert()).at("type") == "ok");
    CHECK(bert.receive_until("challenge").at("challenge").at("rated") == false);
}

TEST_CASE("challenge node messages survive encoding, a relay of no known kind is an error naming it",
          "[cluster][challenge]")
{
    using server::cluster::ChallengeRelay;
    using server::cluster::SeatAwaits;
    const auto seat = server::cluster::decode_node_message(server::cluster::encode(SeatAwaits{"n1", "Bert", 17}));
    REQUIRE(seat);
    const auto& awaits = std::get<SeatAwaits>(*seat);
    CHECK(awaits.node == "n1");
    CHECK(awaits.nick == "Bert");
    CHECK(awaits.table == 17);

    const ChallengeRelay sent{"n2",      ChallengeRelay::Kind::Declined, "abc", "Bert", true, "{\"type\":\"x\"}",
                              "too_slow"};
    const auto relayed = server::cluster::decode_node_message(server::cluster::encode(sent));
    REQUIRE(relayed);
    const auto& relay = std::get<ChallengeRelay>(*relayed);
    CHECK(relay.node == "n2");
    CHECK(relay.kind == ChallengeRelay::Kind::Declined);
    CHECK(relay.challenge == "abc");
    CHECK(relay.nick == "Bert");
    CHECK(relay.rated);
    CHECK(relay.frame == "{\"type\":\"x\"}");
    CHECK(relay.code == "too_slow");

    // An open challenge's acceptance, with the accepter's kind of identity.
    const auto open = server::cluster::decode_node_message(server::cluster::encode(
        ChallengeRelay{"n2", ChallengeRelay::Kind::OpenAccepted, std::string(64, 'f'), "Bert", false, "", "", true}));
    REQUIRE(open);
    CHECK(std::get<ChallengeRelay>(*open).kind == ChallengeRelay::Kind::OpenAccepted);
    CHECK(std::get<ChallengeRelay>(*open).challenge == std::string(64, 'f'));
    CHECK(std::get<ChallengeRelay>(*open).from_guest);

    const auto unknown = server::cluster::decode_node_message(
        R"({"kind":"challenge_relay","node":"n2","relay":"shrug","challenge":"a","nick":"Bert","rated":false,"frame":"","code":""})");
    REQUIRE_FALSE(unknown);
    CHECK(unknown.error() == "node message: 'relay' names no kind of challenge relay: 'shrug'");
}
