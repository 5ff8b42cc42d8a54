// Challenges with a game setup over real sockets (issue 27 §1, §3, §4): the variant, Chess960
// number and start FEN of a challenge are read and refused as open_table's are, travel with the
// challenge to the challenged player, and the accepted game starts from them; a Chess960
// challenge without a number gets one drawn when the game starts. Also across two nodes.
#include <string>

#include <catch2/catch.hpp>

#include "tests/server/cluster_fixture.h"
#include "tests/server/server_fixture.h"
#include "tests/server/ws_test_client.h"

using namespace rochade;
using namespace rochade::test;

namespace {

json challenge_with(const json& setup, const json& time_control = "5+3")
{
    json request{{"type", "challenge"}, {"to", "Bert"}, {"time_control", time_control}, {"color", "white"}};
    for (const auto& [key, value] : setup.items()) request[key] = value;
    return request;
}

// Anna challenges Bert with `setup`; Bert accepts. Returns both players' game_started, Anna's
// (White) first, after checking the challenge event Bert saw with `seen`.
struct AcceptedChallenge {
    json offer;   // the challenge as Bert received it
    json started; // game_started as Anna saw it
    std::int64_t table = 0;

    AcceptedChallenge(WsTestClient& anna, WsTestClient& bert, const json& setup)
    {
        const json ok = anna.request(challenge_with(setup));
        INFO(ok.dump());
        REQUIRE(ok.at("type") == "ok");
        const std::string id = ok.at("challenge");
        offer = bert.receive_until("challenge").at("challenge");
        REQUIRE(offer.at("id") == id);
        REQUIRE(bert.request({{"type", "accept_challenge"}, {"challenge", id}}).at("type") == "ok");
        table = anna.receive_until("challenge_accepted").at("table");
        started = anna.receive_until("game_started", table);
        const json bert_started = bert.receive_until("game_started", table);
        CHECK(bert_started.at("fen") == started.at("fen"));
    }
};

struct TwoGuests {
    WsTestClient anna, bert;
    explicit TwoGuests(std::uint16_t port)
    {
        anna.connect(port);
        bert.connect(port);
        anna.hello("Anna");
        bert.hello("Bert");
        REQUIRE(anna.request({{"type", "enter_room"}, {"room", 35}}).at("type") == "room");
    }
};

} // namespace

TEST_CASE("challenge setup: a Chess960 challenge with a number starts from that start, the offer shows it",
          "[server][challenge][game_setup]")
{
    InProcessServer server;
    TwoGuests two(server.port());
    const std::string start = "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1";
    AcceptedChallenge game(two.anna, two.bert, {{"variant", "chess960"}, {"chess960", 0}});
    CHECK(game.offer.at("variant") == "chess960");
    CHECK(game.offer.at("chess960") == 0);
    CHECK(game.offer.at("start_fen") == start);
    CHECK(game.started.at("variant") == "chess960");
    CHECK(game.started.at("chess960") == 0);
    CHECK(game.started.at("start_fen") == start);
    CHECK(game.started.at("fen") == start);
    // Chess960 castling rules hold at the challenge's table: White (Anna) plays, king takes rook
    // is listed once the squares are free; a normal move is accepted.
    CHECK(two.anna.request({{"type", "move"}, {"table", game.table}, {"move", "g2g3"}}).at("type") == "ok");
}

TEST_CASE("challenge setup: a Chess960 challenge without a number shows none and gets one drawn at the start",
          "[server][challenge][game_setup]")
{
    InProcessServer server;
    TwoGuests two(server.port());
    AcceptedChallenge game(two.anna, two.bert, {{"variant", "chess960"}});
    CHECK(game.offer.at("variant") == "chess960");
    CHECK_FALSE(game.offer.contains("chess960"));
    CHECK_FALSE(game.offer.contains("start_fen"));
    REQUIRE(game.started.at("chess960").is_number_integer());
    const int number = game.started.at("chess960");
    CHECK(number >= 0);
    CHECK(number <= 959);
    CHECK(game.started.at("start_fen") == game.started.at("fen"));
}

TEST_CASE("challenge setup: a challenge from a position starts there, casual", "[server][challenge][game_setup]")
{
    InProcessServer server;
    TwoGuests two(server.port());
    AcceptedChallenge game(two.anna, two.bert, {{"variant", "from_position"}, {"fen", "4k3/8/8/8/8/8/4P3/4K3 b - -"}});
    CHECK(game.offer.at("variant") == "from_position");
    CHECK(game.offer.at("start_fen") == "4k3/8/8/8/8/8/4P3/4K3 b - - 0 1"); // as the server writes it
    CHECK(game.started.at("variant") == "from_position");
    CHECK(game.started.at("start_fen") == "4k3/8/8/8/8/8/4P3/4K3 b - - 0 1");
    CHECK(game.started.at("to_move") == "black");
    CHECK(game.started.at("legal_moves").size() == 5);
    CHECK(game.started.at("rated") == false);
}

TEST_CASE("challenge setup: every bad setup is refused with open_table's codes, and nothing is delivered",
          "[server][challenge][game_setup]")
{
    InProcessServer server;
    WsTestClient anna, bert;
    anna.connect(server.port());
    bert.connect(server.port());
    REQUIRE(anna.request({{"type", "register"}, {"nick", "Anna"}, {"password", "Geheimnis-42"}}).at("type") ==
            "hello_ok");
    REQUIRE(bert.request({{"type", "register"}, {"nick", "Bert"}, {"password", "Geheimnis-42"}}).at("type") ==
            "hello_ok");
    struct Refusal {
        json setup;
        const char* code;
        const char* names;
    };
    const Refusal refusals[] = {
        {{{"variant", "atomic"}}, "bad_variant", "variant"},
        {{{"variant", "chess960"}, {"chess960", 960}}, "bad_chess960_number", "960"},
        {{{"variant", "from_position"}}, "bad_fen", "fen"},
        {{{"variant", "from_position"}, {"fen", "4k3/8/8/8/8/8/8/P3K3 w - - 0 1"}}, "bad_fen", "first or last rank"},
        {{{"variant", "standard"}, {"fen", "4k3/8/8/8/8/8/4P3/4K3 b - -"}}, "bad_variant", "'fen' belongs"},
        {{{"variant", "from_position"}, {"fen", "4k3/8/8/8/8/8/4P3/4K3 b - -"}, {"rated", true}},
         "rated_from_position",
         "cannot be rated"},
    };
    for (const auto& refusal : refusals) {
        const json reply = anna.request(challenge_with(refusal.setup));
        INFO(refusal.setup.dump() << " -> " << reply.dump());
        CHECK(reply.at("type") == "error");
        CHECK(reply.at("code") == refusal.code);
        CHECK_THAT(reply.at("message").get<std::string>(), Catch::Contains(refusal.names));
    }
    // A rated Chess960 challenge between two accounts is fine; it is the only one Bert gets.
    const json ok = anna.request(challenge_with({{"variant", "chess960"}, {"chess960", 518}, {"rated", true}}));
    REQUIRE(ok.at("type") == "ok");
    const json offer = bert.receive_until("challenge").at("challenge");
    CHECK(offer.at("id") == ok.at("challenge"));
    CHECK(offer.at("rated") == true);
    CHECK(offer.at("chess960") == 518);
}

TEST_CASE("challenge setup across nodes: a Chess960 challenge to a player on another node starts from its start",
          "[server][cluster][challenge][game_setup]")
{
    Cluster cluster;
    auto one = cluster.node("n1", "");
    auto two = cluster.node("n2", one->config().db_path);
    WsTestClient anna, bert;
    hello_at(anna, *one, "Anna");
    hello_at(bert, *two, "Bert");
    REQUIRE(anna.request({{"type", "enter_room"}, {"room", 36}}).at("type") == "room");
    const std::string start = "rqnkrnbb/pppppppp/8/8/8/8/PPPPPPPP/RQNKRNBB w KQkq - 0 1";
    AcceptedChallenge game(anna, bert, {{"variant", "chess960"}, {"chess960", 607}});
    CHECK(game.offer.at("chess960") == 607);
    CHECK(game.started.at("start_fen") == start);
    CHECK(game.started.at("black") == "Bert");
    // Bert, seated from his node, plays Black in it.
    REQUIRE(anna.request({{"type", "move"}, {"table", game.table}, {"move", "c2c4"}}).at("type") == "ok");
    CHECK(bert.request({{"type", "move"}, {"table", game.table}, {"move", "c7c5"}}).at("type") == "ok");
}
