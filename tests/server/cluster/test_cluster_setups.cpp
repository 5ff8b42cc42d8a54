// A Chess960 game taken over by another node of a cluster (docs/reliability.md): the node that
// restores it from the store plays it on under Chess960's rules, from its numbered start.
#include <catch2/catch.hpp>

#include <chrono>
#include <memory>
#include <string>
#include <thread>

#include "tests/server/cluster_fixture.h"

using namespace rochade;
using namespace rochade::test;
using namespace std::chrono_literals;

TEST_CASE("a Chess960 game taken over by another node keeps its start, its castling and its rules",
          "[server][cluster][game_setup]")
{
    Cluster cluster;
    auto one = cluster.node("n1");
    auto two = cluster.node("n2", one->config().db_path);
    auto anna = std::make_unique<WsTestClient>();
    WsTestClient bert;
    std::string anna_token = hello_at(*anna, *one, "Anna");
    const std::string bert_token = hello_at(bert, *two, "Bert");
    anna->request({{"type", "enter_room"}, {"room", 34}});
    bert.request({{"type", "enter_room"}, {"room", 34}});
    presence_with(*anna, 2);
    // Scharnagl 3, BQNNRKRB: O-O is king f1 takes rook g1 at once.
    const json opened = anna->request({{"type", "open_table"},
                                       {"room", 34},
                                       {"time_control", "5+3"},
                                       {"color", "white"},
                                       {"variant", "chess960"},
                                       {"chess960", 3}});
    const auto table = opened.at("table").get<std::int64_t>();
    CHECK(room_tables_with(bert, table).at("tables")[0].at("variant") == "chess960");
    REQUIRE(bert.request({{"type", "join_table"}, {"table", table}}).at("type") == "ok");
    anna->receive_until("game_started", table);
    bert.receive_until("game_started", table);
    anna->send({{"type", "move"}, {"table", table}, {"move", "f1g1"}});
    CHECK(bert.receive_until("move", table).at("san") == "O-O");
    bert.send({{"type", "move"}, {"table", table}, {"move", "Nd6"}});
    anna->receive_until("move", table);
    bert.receive_until("move", table);

    one->stop(); // node 1 goes away with the table
    CHECK(bert.wait_closed().code == 1012);

    std::unique_ptr<WsTestClient> anna_again;
    json hello;
    for (int attempt = 0; attempt < 60; ++attempt) {
        anna_again = std::make_unique<WsTestClient>();
        anna_again->connect(two->port());
        hello = anna_again->resume(anna_token);
        if (!hello.at("tables").empty()) break;
        anna_token = hello.at("resume_token").get<std::string>();
        anna_again->close();
        std::this_thread::sleep_for(100ms);
    }
    REQUIRE(hello.at("tables") == json::array({table}));
    WsTestClient bert_again;
    bert_again.connect(two->port());
    bert_again.resume(bert_token);

    const json state = anna_again->request({{"type", "watch_table"}, {"table", table}});
    INFO(state.dump());
    REQUIRE(state.at("type") == "table_state");
    CHECK(state.at("variant") == "chess960");
    CHECK(state.at("chess960") == 3);
    CHECK(state.at("start_fen") == "bqnnrkrb/pppppppp/8/8/8/8/PPPPPPPP/BQNNRKRB w KQkq - 0 1");
    CHECK(state.at("moves").size() == 2);
    bert_again.request({{"type", "watch_table"}, {"table", table}});
    // Black's O-O-O (king f8 takes rook e8) needs the d8 knight gone: Chess960 castling on node 2.
    // Each move: both players see it; answers the event as Anna saw it.
    const auto play = [&](WsTestClient& mover, const std::string& move) {
        mover.send({{"type", "move"}, {"table", table}, {"move", move}});
        bert_again.receive_until("move", table);
        return anna_again->receive_until("move", table);
    };
    play(*anna_again, "h3");
    play(bert_again, "Nc6");
    play(*anna_again, "a3");
    const json castled = play(bert_again, "f8e8");
    CHECK(castled.at("san") == "O-O-O");
    CHECK(castled.at("fen").get<std::string>().starts_with("bqkr2rb/"));
}
