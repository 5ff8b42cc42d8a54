// The pools' messages between nodes (server/pools/pool_messages.h): each kind goes over the
// wire and back unchanged; what is not one of them, whole, is an error naming what was wrong.
#include <catch2/catch.hpp>

#include "server/pools/pool_messages.h"

using namespace rochade::server::pools;

namespace {

PoolMessage round_trip(const PoolMessage& message)
{
    auto decoded = decode_pool_message(encode(message));
    REQUIRE(decoded);
    return *decoded;
}

} // namespace

TEST_CASE("pool messages: every kind survives the wire", "[pools][messages]")
{
    const PoolEntrant anna{"a7", "Anna", false, "10+5", 1720, 60};
    CHECK(std::get<Waiting>(round_trip(Waiting{"n1", anna})).entrant == anna);
    const auto ended = std::get<WaitEnded>(round_trip(WaitEnded{"n2", "g5", true}));
    CHECK(ended.node == "n2");
    CHECK(ended.player == "g5");
    CHECK(ended.for_good);
    const auto roster = std::get<Roster>(round_trip(Roster{"n1", {anna}, {{"1+0", 3}}}));
    CHECK(roster.waiting == std::vector<PoolEntrant>{anna});
    CHECK(roster.running.at("1+0") == 3);
    CHECK(std::get<AuthorityIs>(round_trip(AuthorityIs{"n3"})).node == "n3");
    CHECK(std::get<ClaimAsked>(round_trip(ClaimAsked{"n1", 9, "n2", "g5"})).pairing == 9);
    CHECK(std::get<ClaimAnswered>(round_trip(ClaimAnswered{"n1", 9, "n2", "g5", true})).claimed);
    const auto again = std::get<AnswerAsked>(round_trip(AnswerAsked{"n1", 9, "n3"}));
    CHECK((again.authority == "n1" && again.pairing == 9 && again.black_node == "n3"));
    const auto start =
        std::get<StartAsked>(round_trip(StartAsked{"n1", 9, "n2", "3+2", "a7", "n3", "a8", "Bert", true}));
    CHECK(start.black_nick == "Bert");
    CHECK(start.rated);
    StartAnswered answered;
    answered.authority = "n1";
    answered.pairing = 9;
    answered.node = "n2";
    answered.pool = "3+2";
    answered.black_node = "n3";
    answered.black = "a8";
    answered.table = 44;
    CHECK(std::get<StartAnswered>(round_trip(answered)).table == 44);
    answered.table.reset();
    answered.refusal = "no room";
    const auto refused = std::get<StartAnswered>(round_trip(answered));
    CHECK_FALSE(refused.table);
    CHECK(refused.refusal == "no room");
    const auto counts = std::get<Counts>(round_trip(Counts{"n1", {{"1+0", 2, 5}}}));
    CHECK(counts.pools.at(0).games_running == 5);
}

TEST_CASE("pool messages: what is not one of them is refused with what was wrong", "[pools][messages]")
{
    CHECK(decode_pool_message("not json").error() == "pool message: not JSON");
    CHECK(decode_pool_message("[1]").error() == "pool message: not a JSON object");
    CHECK(decode_pool_message(R"({"kind":"hello"})").error() == "pool message: 'kind' names no pool message: 'hello'");
    CHECK(decode_pool_message(R"({"kind":"claim_asked","authority":"n1","pairing":"x","node":"n2","player":"g1"})")
              .error() == "pool message: 'pairing' must be an integer");
    CHECK(
        decode_pool_message(
            R"({"kind":"waiting","node":"n1","entrant":{"player":"g1","nick":"Anna","guest":true,"pool":"4+0","rating":1500,"deviation":350}})")
            .error() == "pool message: 'pool' names no pool: '4+0'");
    CHECK(
        decode_pool_message(
            R"({"kind":"waiting","node":"n1","entrant":{"player":"g1","nick":"<b>","guest":true,"pool":"3+0","rating":1500,"deviation":350}})")
            .error() == "pool message: 'nick' must be a nick");
    CHECK(decode_pool_message(R"({"kind":"roster","node":"n1","waiting":[],"running":{"1+0":-1}})").error() ==
          "pool message: 'running' counts must be whole numbers");
}
