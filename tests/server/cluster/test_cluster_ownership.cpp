// Who owns a table across nodes, and what that costs the bus: a table's event goes once to each
// node that watches it, however many watch there; forwarded requests go to the owner the
// announcements named, without asking the bus; a node cut off from the bus loses its tables to
// the node that takes them over, the store refuses its next write into them (fencing), and it
// stops playing them (no game is played on two nodes); a running game that no live node has is found by the periodic sweep.
#include <catch2/catch.hpp>

#include <future>
#include <thread>

#include "db/sqlite/sqlite.h"
#include "server/cluster/node_message.h"
#include "tests/server/cluster_fixture.h"
#include "tests/server/redis_fixture.h"

using namespace rochade;
using rochade::test::Cluster;
using rochade::test::hello_at;
using rochade::test::json;
using rochade::test::presence_with;
using rochade::test::room_tables_with;
using rochade::test::ThreeNodes;
using rochade::test::WsTestClient;
using namespace std::chrono_literals;

namespace {

// Anna opens a 5+3 table in room 34 and Bert, on another node, joins it; both
// are in the room already. Answers the table once both saw the game start.
std::int64_t start_game(WsTestClient& anna, WsTestClient& bert)
{
    const json opened =
        anna.request({{"type", "open_table"}, {"room", 34}, {"time_control", "5+3"}, {"color", "white"}});
    const auto table = opened.at("table").get<std::int64_t>();
    room_tables_with(bert, table);
    REQUIRE(bert.request({{"type", "join_table"}, {"table", table}}).at("type") == "ok");
    anna.receive_until("game_started", table);
    bert.receive_until("game_started", table);
    return table;
}

// Resumes `token` on `port` until hello_ok names `table` among the player's games (the node
// has heard where it is played now); the client is left connected.
std::unique_ptr<WsTestClient> resume_at(std::uint16_t port, std::string token, std::int64_t table)
{
    for (int attempt = 0; attempt < 80; ++attempt) {
        auto client = std::make_unique<WsTestClient>();
        client->connect(port);
        const json hello = client->resume(token);
        if (hello.at("tables") == json::array({table})) return client;
        token = hello.at("resume_token").get<std::string>();
        client->close();
        std::this_thread::sleep_for(100ms);
    }
    FAIL("hello_ok never named table " << table);
    return nullptr;
}

} // namespace

TEST_CASE("a table's event goes once to each watching node, forwarded moves do not ask the bus for the owner",
          "[server][cluster]")
{
    ThreeNodes nodes;
    auto& [cluster, one, two, three] = nodes;
    WsTestClient anna, bert, carl, dora, emil;
    hello_at(anna, *one, "Anna");
    hello_at(bert, *two, "Bert");
    std::vector<WsTestClient*> spectators{&carl, &dora, &emil};
    const std::vector<std::string> names{"Carl", "Dora", "Emil"};
    for (std::size_t i = 0; i < spectators.size(); ++i) {
        spectators[i]->connect(three->port());
        spectators[i]->hello(names[i]);
    }
    for (auto* client : {&anna, &bert, &carl, &dora, &emil}) client->request({{"type", "enter_room"}, {"room", 34}});
    presence_with(anna, 5);
    const auto table = start_game(anna, bert);
    for (auto* spectator : spectators) {
        room_tables_with(*spectator, table);
        REQUIRE(spectator->request({{"type", "watch_table"}, {"table", table}}).at("type") == "table_state");
    }

    const std::string to_three = server::cluster::node_channel("n3");
    const auto lookups_before = cluster.hub->holder_lookups();
    const std::vector<std::pair<WsTestClient*, std::string>> moves = {
        {&anna, "e4"}, {&bert, "e5"}, {&anna, "Nf3"}, {&bert, "Nc6"}};
    for (const auto& [mover, move] : moves) {
        // Nothing else is on its way to node 3 now: the last move reached all three.
        const auto messages_before = cluster.hub->published_on(to_three);
        mover->send({{"type", "move"}, {"table", table}, {"move", move}});
        for (auto* client : {&anna, &bert, &carl, &dora, &emil})
            CHECK(client->receive_until("move", table).at("san") == move);
        // One frame for three spectators: one message to their node, not three.
        CHECK(cluster.hub->published_on(to_three) - messages_before == 1);
    }
    // Bert's node knew the owner from its announcement: his moves went there straight.
    CHECK(cluster.hub->holder_lookups() == lookups_before);
    // Errors and replies still reach the one who asked, and only them.
    CHECK(dora.request({{"type", "move"}, {"table", table}, {"move", "Bb5"}}).at("code") == "not_a_player");
    for (const json& frame : carl.drain(200ms)) CHECK(frame.value("type", "") != "error");
}

TEST_CASE("a node cut off from the bus loses its table to the node that took it over, its next write is refused "
          "and it stops playing it",
          "[server][cluster]")
{
    ThreeNodes nodes;
    auto& [cluster, one, two, three] = nodes;
    WsTestClient anna, bert;
    anna.connect(one->port());
    bert.connect(two->port());
    const std::string anna_token = anna.hello("Anna");
    const std::string bert_token = bert.hello("Bert");
    anna.request({{"type", "enter_room"}, {"room", 34}});
    bert.request({{"type", "enter_room"}, {"room", 34}});
    presence_with(anna, 2);
    const auto table = start_game(anna, bert);
    anna.send({{"type", "move"}, {"table", table}, {"move", "d4"}});
    bert.receive_until("move", table);
    bert.send({{"type", "move"}, {"table", table}, {"move", "d5"}});
    anna.receive_until("move", table);
    bert.receive_until("move", table);

    // Node 1 loses the bus, not its players. The others give it up; Bert's node sends him away
    // (1012) to find the table again, and one of them takes the table over from the store once
    // node 1's lease has expired.
    cluster.bus_of("n1")->cut_off(true);
    CHECK(bert.wait_closed().code == 1012);
    auto bert_again = resume_at(two->port(), bert_token, table);

    // Node 1 has not noticed: the table is still its own there. Anna's move is refused by the
    // store (the new owner claimed the game with a newer epoch), is never stored, and the table
    // stops on node 1 at once: Anna is sent away (1012) to find it where it is played now.
    const json refused = anna.request({{"type", "move"}, {"table", table}, {"move", "c4"}});
    CHECK(refused.at("code") == "storage_unavailable");
    CHECK_THAT(refused.at("message").get<std::string>(), Catch::Contains("another node plays the table now"));
    CHECK(anna.wait_closed().code == 1012);

    // Node 1 comes back to the bus; Anna finds the table on the node that plays it.
    cluster.bus_of("n1")->cut_off(false);
    auto anna_again = resume_at(one->port(), anna_token, table);

    const json state = anna_again->request({{"type", "watch_table"}, {"table", table}});
    REQUIRE(state.at("type") == "table_state");
    CHECK(state.at("moves").size() == 2);
    REQUIRE(bert_again->request({{"type", "watch_table"}, {"table", table}}).at("type") == "table_state");
    anna_again->send({{"type", "move"}, {"table", table}, {"move", "c4"}});
    CHECK(anna_again->receive_until("move", table).at("san") == "c4");
    CHECK(bert_again->receive_until("move", table).at("san") == "c4");
    bert_again->send({{"type", "move"}, {"table", table}, {"move", "e6"}});
    CHECK(anna_again->receive_until("move", table).at("san") == "e6");

    // Every node lists the table once, and node 1's room shows it played elsewhere.
    WsTestClient carl;
    carl.connect(one->port());
    carl.hello("Carl");
    const json tables = carl.request({{"type", "enter_room"}, {"room", 34}});
    (void)tables;
    const json listed = room_tables_with(carl, table);
    int count = 0;
    for (const json& summary : listed.at("tables")) count += summary.at("table") == table;
    CHECK(count == 1);
}

TEST_CASE("a node that heard the table's old node claim it after the take-over finds the table where it is played "
          "once the old node says it has lost it",
          "[server][cluster]")
{
    ThreeNodes nodes;
    auto& [cluster, one, two, three] = nodes;
    WsTestClient anna, bert, carl;
    hello_at(anna, *two, "Anna");
    hello_at(bert, *two, "Bert");
    hello_at(carl, *three, "Carl");
    for (auto* client : {&anna, &bert, &carl}) client->request({{"type", "enter_room"}, {"room", 34}});
    presence_with(carl, 3);
    const auto table = start_game(anna, bert); // played on node 2
    // Node 3 has heard all node 2 says of the game's start. Carl does not watch yet: a spectator
    // who comes is news from node 2 too, which would correct node 3 by chance.
    const auto listed_with = [&carl, table](const std::string& what, auto matches) {
        carl.receive_matching(
            [table, matches](const json& frame) {
                if (frame.value("type", "") != "room_tables") return false;
                for (const json& summary : frame.at("tables"))
                    if (summary.at("table") == table && matches(summary)) return true;
                return false;
            },
            what);
    };
    listed_with("the table playing", [](const json& summary) { return summary.at("status") == "playing"; });

    // What node 3 hears when node 1 comes back from a pause that outlived its lease, and answers
    // node 3's question (node_up) with its state, before it has noticed that node 2 took the
    // table over: a word sent to node 3 alone, which node 2 never hears to correct.
    rochade::test::IoThread io_thread;
    auto speaker = cluster.hub->connect(io_thread.io);
    protocol::TableSummary claimed;
    claimed.table = table;
    claimed.room = 34;
    claimed.status = protocol::TableStatus::Playing;
    claimed.white = "Anna";
    claimed.black = "Bert";
    claimed.spectators = 7;
    speaker->publish(server::cluster::node_channel("n3"),
                     server::cluster::encode(server::cluster::NodeState{"n1", {}, {claimed}}));
    // Node 3 lists the table as node 1 described it (seven spectators, to tell the word apart),
    // and sends the table's requests to node 1, which does not play it.
    listed_with("the table as node 1 described it", [](const json& summary) { return summary.at("spectators") == 7; });
    CHECK(carl.request({{"type", "watch_table"}, {"table", table}}).at("code") == "no_such_table");

    // Node 1 notices and says, to every node, that it has lost the table; node 2 answers by
    // saying where the table is, and node 3 sends Carl's requests there again.
    speaker->publish(std::string(server::cluster::lobby_channel),
                     server::cluster::encode(server::cluster::TableClosed{"n1", 34, table}));
    json state;
    for (int attempt = 0; attempt < 50; ++attempt) {
        state = carl.request({{"type", "watch_table"}, {"table", table}});
        if (state.at("type") == "table_state") break;
        std::this_thread::sleep_for(20ms);
    }
    INFO("Carl on node 3 got " << state.dump());
    REQUIRE(state.at("type") == "table_state");
    anna.send({{"type", "move"}, {"table", table}, {"move", "e4"}});
    CHECK(carl.receive_until("move", table).at("san") == "e4");
}

TEST_CASE("the periodic sweep takes over a running game that no live node has, and leaves the others' games alone",
          "[server][cluster]")
{
    Cluster cluster;
    const auto quick_sweep = [](server::ServerConfig& config) { config.cluster.orphan_sweep_ms = 300; };
    auto one = cluster.node("n1", "", quick_sweep);
    const std::string db = one->config().db_path;

    // A lease holder that is no node: it announces nothing and is never given up, like a lease
    // that outlived a node nobody saw go.
    rochade::test::IoThread ghost_thread;
    auto ghost = cluster.hub->connect(ghost_thread.io);

    // A game stored by a server that is not on the bus, its table's lease held by the ghost.
    std::int64_t orphan = 0;
    std::string dora_token;
    {
        rochade::test::InProcessServer alone([&](server::ServerConfig& config) { config.db_path = db; });
        WsTestClient carl, dora;
        carl.connect(alone.port());
        dora.connect(alone.port());
        carl.hello("Carl");
        dora_token = dora.hello("Dora");
        carl.request({{"type", "enter_room"}, {"room", 35}});
        dora.request({{"type", "enter_room"}, {"room", 35}});
        const json opened =
            carl.request({{"type", "open_table"}, {"room", 35}, {"time_control", "5+3"}, {"color", "white"}});
        orphan = opened.at("table").get<std::int64_t>();
        std::promise<bool> claimed;
        ghost->claim("rochade:table:" + std::to_string(orphan), "ghost", "", 2500ms,
                     [&](server::cluster::BusResult<server::cluster::Claim> result) {
                         const auto* claim = std::get_if<server::cluster::Claim>(&result);
                         claimed.set_value(claim && claim->granted);
                     });
        REQUIRE(claimed.get_future().get());
        REQUIRE(dora.request({{"type", "join_table"}, {"table", orphan}}).at("type") == "ok");
        carl.receive_until("game_started", orphan);
        carl.send({{"type", "move"}, {"table", orphan}, {"move", "e4"}});
        dora.receive_until("move", orphan);
    }

    // A game on the nodes that stays where it is.
    auto two = cluster.node("n2", db, quick_sweep);
    WsTestClient anna, bert;
    hello_at(anna, *one, "Anna");
    hello_at(bert, *two, "Bert");
    anna.request({{"type", "enter_room"}, {"room", 34}});
    bert.request({{"type", "enter_room"}, {"room", 34}});
    presence_with(anna, 2);
    const auto kept = start_game(anna, bert);

    // Once the ghost's lease has run out, a sweep finds the game; Dora finds it from node 2.
    auto dora_again = resume_at(two->port(), dora_token, orphan);
    const json state = dora_again->request({{"type", "watch_table"}, {"table", orphan}});
    REQUIRE(state.at("type") == "table_state");
    CHECK(state.at("moves").size() == 1);

    // The nodes' own game was left alone: its players play on, nobody was sent away.
    anna.send({{"type", "move"}, {"table", kept}, {"move", "e4"}});
    CHECK(bert.receive_until("move", kept).at("san") == "e4");
    CHECK(anna.receive_until("move", kept).at("san") == "e4");
}

TEST_CASE("every node loses the bus, which comes back empty (a Redis restarted without its data): nobody is given "
          "up, no table moves, every room lists every table again, and play goes on",
          "[server][cluster]")
{
    ThreeNodes nodes;
    auto& [cluster, one, two, three] = nodes;
    WsTestClient anna, bert, dora, emil;
    hello_at(anna, *one, "Anna");
    hello_at(bert, *two, "Bert");
    hello_at(dora, *two, "Dora");
    hello_at(emil, *three, "Emil");
    for (auto* client : {&anna, &bert, &dora, &emil}) client->request({{"type", "enter_room"}, {"room", 34}});
    presence_with(anna, 4);
    const auto first = start_game(anna, bert); // on node 1, Bert forwarded from node 2
    const auto second = start_game(dora, emil); // on node 2, Emil forwarded from node 3
    anna.send({{"type", "move"}, {"table", first}, {"move", "e4"}});
    anna.receive_until("move", first);
    bert.receive_until("move", first);
    dora.send({{"type", "move"}, {"table", second}, {"move", "d4"}});
    dora.receive_until("move", second);
    emil.receive_until("move", second);

    for (const char* name : {"n1", "n2", "n3"}) cluster.bus_of(name)->cut_off(true);
    std::this_thread::sleep_for(600ms); // past the node timeout (500 ms): every lease expired
    cluster.hub->forget_leases();
    std::this_thread::sleep_for(600ms);
    for (const char* name : {"n1", "n2", "n3"}) cluster.bus_of(name)->cut_off(false);

    // The forwarded players were not sent away: their moves reach the tables' own nodes.
    bert.send({{"type", "move"}, {"table", first}, {"move", "e5"}});
    CHECK(anna.receive_until("move", first).at("san") == "e5");
    emil.send({{"type", "move"}, {"table", second}, {"move", "d5"}});
    CHECK(dora.receive_until("move", second).at("san") == "d5");
    for (auto* client : {&anna, &bert, &dora, &emil}) CHECK(client->is_open());

    // A newcomer on each node finds both tables in the room, and can watch either.
    for (auto* node : {one.get(), two.get(), three.get()}) {
        WsTestClient carl;
        hello_at(carl, *node, "Carl");
        const json entered = carl.request({{"type", "enter_room"}, {"room", 34}});
        for (const auto table : {first, second}) {
            bool listed = false;
            for (const json& summary : entered.at("tables")) listed = listed || summary.at("table") == table;
            if (!listed) room_tables_with(carl, table); // heard of a moment later
            const json state = carl.request({{"type", "watch_table"}, {"table", table}});
            REQUIRE(state.at("type") == "table_state");
            CHECK(state.at("moves").size() == 2);
        }
        carl.close();
    }
    // No table was taken over: each game still has the epoch it started with.
    db::Database store(one->config().db_path, db::OpenMode::ReadOnly);
    CHECK(store.query_int("SELECT MAX(owner_epoch) FROM games") == 0);
    CHECK(store.query_int("SELECT COUNT(*) FROM moves") == 4);
}
