// Three `rochade serve` processes on one Redis bus and one store, as a cluster runs behind a
// proxy: players on different nodes meet, chat and play at one table with a spectator on the
// third; the table's node is killed with SIGKILL mid-game and the game goes on on another node
// with every confirmed move. The operator's faults in the middle of play: the table's node
// paused (SIGSTOP) past its lease and woken, and Redis killed and restarted empty. The store is one SQLite file here, or the PostgreSQL database named
// by ROCHADE_TEST_POSTGRES (scripts/test.sh starts one). Skipped, with a warning, without
// redis-server.
#include <catch2/catch.hpp>

#include <fstream>
#include <thread>

#include "db/sqlite/sqlite.h"
#include "tests/db/store_backend.h"
#include "tests/server/cluster_processes.h"
#include "tests/server/redis_fixture.h"
#include "tests/server/server_fixture.h"
#include "tests/server/ws_test_client.h"

using namespace rochade;
using rochade::test::ChildServer;
using rochade::test::json;
using rochade::test::lists_table;
using rochade::test::log_tails;
using rochade::test::resume_to_table;
using rochade::test::sans_of;
using rochade::test::store_count;
using rochade::test::ThreeProcesses;
using rochade::test::WsTestClient;
using namespace std::chrono_literals;

namespace {



// The whole story on the store `store` (a file or a postgresql:// URL).
void three_nodes(const std::string& store)
{
    ThreeProcesses nodes(store);
    if (!nodes.redis) return;
    auto& [redis, relay, dir, one, two, three] = nodes;

    auto anna = std::make_unique<WsTestClient>();
    auto bert = std::make_unique<WsTestClient>();
    auto carl = std::make_unique<WsTestClient>();
    anna->connect(one->port());
    bert->connect(two->port());
    carl->connect(three->port());
    std::string anna_token = anna->hello("Anna");
    const std::string bert_token = bert->hello("Bert");
    const std::string carl_token = carl->hello("Carl");
    for (auto* client : {anna.get(), bert.get(), carl.get()}) client->request({{"type", "enter_room"}, {"room", 34}});
    const json everyone = anna->receive_matching(
        [](const json& frame) { return frame.value("type", "") == "room_presence" && frame.at("member_count") == 3; },
        "room_presence with three members");
    CHECK(everyone.at("members") == json::array({"Anna", "Bert", "Carl"}));

    carl->send({{"type", "room_chat"}, {"room", 34}, {"text", "Servus von Knoten 3"}});
    CHECK(anna->receive_until("room_chat").at("text") == "Servus von Knoten 3");
    CHECK(bert->receive_until("room_chat").at("from") == "Carl");
    CHECK(bert->request({{"type", "whisper"}, {"to", "Anna"}, {"text", "Partie?"}}).at("type") == "ok");
    CHECK(anna->receive_until("whisper").at("from") == "Bert");

    const json opened =
        anna->request({{"type", "open_table"}, {"room", 34}, {"time_control", "10+5"}, {"color", "white"}});
    const auto table = opened.at("table").get<std::int64_t>();
    bert->receive_matching([table](const json& frame) { return lists_table(frame, table); }, "Anna's table");
    carl->receive_matching([table](const json& frame) { return lists_table(frame, table); }, "Anna's table");
    REQUIRE(bert->request({{"type", "join_table"}, {"table", table}}).at("type") == "ok");
    anna->receive_until("game_started", table);
    bert->receive_until("game_started", table);
    REQUIRE(carl->request({{"type", "watch_table"}, {"table", table}}).at("type") == "table_state");

    const std::vector<std::string> opening = {"e4", "e5", "Nf3", "Nc6"};
    for (std::size_t ply = 0; ply < opening.size(); ++ply) {
        (ply % 2 == 0 ? *anna : *bert).send({{"type", "move"}, {"table", table}, {"move", opening[ply]}});
        for (auto* client : {anna.get(), bert.get(), carl.get()})
            CHECK(client->receive_until("move", table).at("san") == opening[ply]);
    }

    // The table's node dies without a word. Bert's and Carl's nodes close them with 1012 once
    // it is given up; Anna's connection just ends.
    one->kill_hard();
    CHECK(bert->wait_closed().code == 1012);
    CHECK(carl->wait_closed().code == 1012);

    // Everyone resumes on a node that is left (through the proxy, any node will do); hello_ok
    // names the game once a node has taken it over.
    std::unique_ptr<WsTestClient> anna_again;
    json hello;
    for (int attempt = 0; attempt < 50; ++attempt) {
        anna_again = std::make_unique<WsTestClient>();
        anna_again->connect(three->port());
        hello = anna_again->resume(anna_token);
        if (!hello.at("tables").empty()) break;
        anna_token = hello.at("resume_token").get<std::string>(); // each resume hands out the next token
        anna_again->close();
        std::this_thread::sleep_for(100ms);
    }
    REQUIRE(hello.at("tables") == json::array({table}));
    WsTestClient bert_again, carl_again;
    bert_again.connect(two->port());
    CHECK(bert_again.resume(bert_token).at("tables") == json::array({table}));
    carl_again.connect(two->port());
    carl_again.resume(carl_token);

    // Every confirmed move is there, and the game goes on.
    const json state = anna_again->request({{"type", "watch_table"}, {"table", table}});
    REQUIRE(state.at("type") == "table_state");
    REQUIRE(state.at("moves").size() == opening.size());
    for (std::size_t ply = 0; ply < opening.size(); ++ply) CHECK(state.at("moves")[ply].at("san") == opening[ply]);
    CHECK(bert_again.request({{"type", "watch_table"}, {"table", table}}).at("type") == "table_state");
    carl_again.request({{"type", "enter_room"}, {"room", 34}});
    CHECK(carl_again.request({{"type", "watch_table"}, {"table", table}}).at("type") == "table_state");
    anna_again->send({{"type", "move"}, {"table", table}, {"move", "Bb5"}});
    for (auto* client : {anna_again.get(), &bert_again, &carl_again})
        CHECK(client->receive_until("move", table).at("san") == "Bb5");
    bert_again.send({{"type", "move"}, {"table", table}, {"move", "a6"}});
    for (auto* client : {anna_again.get(), &bert_again, &carl_again})
        CHECK(client->receive_until("move", table).at("san") == "a6");
}


// The table's node frozen (SIGSTOP) for `pause`, longer than its leases live, with its player's
// move waiting unread in its socket; another node takes the table over from the store. Woken
// (SIGCONT), the old owner reads the move: the store refuses it (fencing), the table stops
// there, and nothing of it is stored. Every confirmed move is in the store and on every board,
// no event is stored twice, the game goes on, and nobody is locked out.
void paused_owner(const std::string& store, std::chrono::milliseconds pause)
{
    ThreeProcesses nodes(store);
    if (!nodes.redis) return;
    auto& [redis, relay, dir, one, two, three] = nodes;
    WsTestClient anna, bert, carl;
    anna.connect(one->port());
    bert.connect(two->port());
    carl.connect(three->port());
    std::string anna_token = anna.hello("Anna");
    std::string bert_token = bert.hello("Bert");
    std::string carl_token = carl.hello("Carl");
    for (auto* client : {&anna, &bert, &carl}) client->request({{"type", "enter_room"}, {"room", 34}});
    const auto table =
        anna.request({{"type", "open_table"}, {"room", 34}, {"time_control", "10+5"}, {"color", "white"}})
            .at("table")
            .get<std::int64_t>();
    bert.receive_matching([table](const json& frame) { return lists_table(frame, table); }, "Anna's table");
    carl.receive_matching([table](const json& frame) { return lists_table(frame, table); }, "Anna's table");
    REQUIRE(bert.request({{"type", "join_table"}, {"table", table}}).at("type") == "ok");
    anna.receive_until("game_started", table);
    REQUIRE(carl.request({{"type", "watch_table"}, {"table", table}}).at("type") == "table_state");
    const std::vector<std::string> opening = {"d4", "d5", "c4", "e6"};
    for (std::size_t ply = 0; ply < opening.size(); ++ply) {
        (ply % 2 == 0 ? anna : bert).send({{"type", "move"}, {"table", table}, {"move", opening[ply]}});
        for (auto* client : {&anna, &bert, &carl})
            CHECK(client->receive_until("move", table).at("san") == opening[ply]);
    }

    // Node 1 freezes; Anna's move waits in its socket.
    one->pause();
    anna.send({{"type", "move"}, {"table", table}, {"move", "Nc3"}});
    CHECK(bert.wait_closed().code == 1012);
    CHECK(carl.wait_closed().code == 1012);
    auto bert_again = resume_to_table(two->port(), bert_token, table);
    std::this_thread::sleep_for(pause);
    one->wake();
    // Woken, node 1 stops the table (its write refused by the store, or its lease found lost
    // first): Anna is sent to find the table elsewhere, her move not confirmed and not stored.
    CHECK(anna.wait_closed().code == 1012);
    for (const json& frame : anna.inbox()) {
        INFO("after the pause, Anna got " << frame.dump());
        CHECK(frame.value("type", "") != "move");
        CHECK(frame.value("type", "") != "ok");
    }
    CHECK(store_count(store, "SELECT COUNT(*) FROM moves") == std::int64_t(opening.size()));

    auto anna_again = resume_to_table(three->port(), anna_token, table);
    auto carl_again = std::make_unique<WsTestClient>();
    carl_again->connect(one->port()); // the woken node serves again
    carl_again->resume(carl_token);
    carl_again->request({{"type", "enter_room"}, {"room", 34}});
    const std::vector<std::pair<const char*, WsTestClient*>> watchers = {
        {"Anna on node 3", anna_again.get()}, {"Bert on node 2", bert_again.get()}, {"Carl on node 1", carl_again.get()}};
    for (const auto& [who, client] : watchers) {
        json state;
        for (int attempt = 0; attempt < 50; ++attempt) { // node 1 hears of the new owner after it wakes
            state = client->request({{"type", "watch_table"}, {"table", table}});
            if (state.at("type") == "table_state") break;
            std::this_thread::sleep_for(100ms);
        }
        if (state.at("type") != "table_state")
            FAIL(who << " asked to watch the table and got " << state.dump() << "\n"
                     << log_tails({{"node 1", *one}, {"node 2", *two}, {"node 3", *three}}));
        CHECK(sans_of(state) == opening);
    }
    // Not stuck: the move again, now on the node that plays the table, and one more.
    anna_again->send({{"type", "move"}, {"table", table}, {"move", "Nc3"}});
    for (auto* client : {anna_again.get(), bert_again.get(), carl_again.get()})
        CHECK(client->receive_until("move", table).at("san") == "Nc3");
    bert_again->send({{"type", "move"}, {"table", table}, {"move", "Nf6"}});
    for (auto* client : {anna_again.get(), bert_again.get(), carl_again.get()})
        CHECK(client->receive_until("move", table).at("san") == "Nf6");
    CHECK(store_count(store, "SELECT COUNT(*) FROM moves") == 6);
    CHECK(store_count(store, "SELECT MAX(ply) FROM moves") == 6);
    CHECK(store_count(store, "SELECT COUNT(*) FROM (SELECT game_id, seq FROM table_events WHERE game_id IS NOT "
                             "NULL GROUP BY game_id, seq HAVING COUNT(*) > 1) AS twice") == 0);
    CHECK(store_count(store, "SELECT MAX(owner_epoch) FROM games") >= 1);
}

// Redis killed mid-game with players and spectators on every node, and started again empty
// after `outage` (longer than the node timeout, so every lease is gone with it). Nobody is given
// up and no table moves: the nodes take their own leases again and announce themselves; every
// room lists every table again, the games go on with every confirmed move, nobody is locked out.
void redis_restarted_empty(const std::string& store, std::chrono::milliseconds outage)
{
    ThreeProcesses nodes(store);
    if (!nodes.redis) return;
    auto& [redis, relay, dir, one, two, three] = nodes;
    WsTestClient anna, bert, carl, dora;
    anna.connect(one->port());
    bert.connect(two->port());
    carl.connect(three->port());
    dora.connect(two->port());
    std::string anna_token = anna.hello("Anna");
    std::string bert_token = bert.hello("Bert");
    carl.hello("Carl");
    std::string dora_token = dora.hello("Dora");
    for (auto* client : {&anna, &bert, &carl, &dora}) client->request({{"type", "enter_room"}, {"room", 34}});
    auto open_and_join = [](WsTestClient& opener, WsTestClient& joiner) {
        const auto table =
            opener.request({{"type", "open_table"}, {"room", 34}, {"time_control", "10+5"}, {"color", "white"}})
                .at("table")
                .get<std::int64_t>();
        joiner.receive_matching([table](const json& frame) { return lists_table(frame, table); }, "the table");
        REQUIRE(joiner.request({{"type", "join_table"}, {"table", table}}).at("type") == "ok");
        opener.receive_until("game_started", table);
        joiner.receive_until("game_started", table);
        return table;
    };
    const auto first = open_and_join(anna, bert);  // on node 1
    const auto second = open_and_join(dora, carl); // on node 2
    carl.receive_matching([first](const json& frame) { return lists_table(frame, first); }, "the first table");
    REQUIRE(carl.request({{"type", "watch_table"}, {"table", first}}).at("type") == "table_state");
    anna.send({{"type", "move"}, {"table", first}, {"move", "e4"}});
    dora.send({{"type", "move"}, {"table", second}, {"move", "d4"}});
    for (auto* client : {&anna, &bert, &carl}) CHECK(client->receive_until("move", first).at("san") == "e4");
    for (auto* client : {&dora, &carl}) CHECK(client->receive_until("move", second).at("san") == "d4");

    redis->kill();
    std::this_thread::sleep_for(outage);
    redis->start(); // empty: no persistence
    std::this_thread::sleep_for(2500ms); // reconnects, renewals and announcements

    // The games go on from where they were; who was sent away (1012) resumes and finds them.
    auto at_table = [&](WsTestClient& client, std::uint16_t port, std::string& token,
                        std::int64_t table) -> WsTestClient& {
        if (client.is_open()) return client;
        static std::vector<std::unique_ptr<WsTestClient>> again;
        again.push_back(resume_to_table(port, token, table));
        return *again.back();
    };
    WsTestClient& bert_now = at_table(bert, two->port(), bert_token, first);
    WsTestClient& anna_now = at_table(anna, one->port(), anna_token, first);
    WsTestClient& dora_now = at_table(dora, two->port(), dora_token, second);
    bert_now.send({{"type", "move"}, {"table", first}, {"move", "e5"}});
    CHECK(anna_now.receive_until("move", first).at("san") == "e5");
    carl.send({{"type", "move"}, {"table", second}, {"move", "d5"}});
    CHECK(dora_now.receive_until("move", second).at("san") == "d5");

    // Every node's room lists both tables, and each can be watched from there with every move.
    for (auto* node : {one.get(), two.get(), three.get()}) {
        WsTestClient emil;
        emil.connect(node->port());
        emil.hello("Emil");
        const json entered = emil.request({{"type", "enter_room"}, {"room", 34}});
        for (const auto table : {first, second}) {
            bool listed = false;
            for (const json& summary : entered.at("tables")) listed = listed || summary.at("table") == table;
            if (!listed)
                emil.receive_matching([table](const json& frame) { return lists_table(frame, table); }, "a table");
            const json state = emil.request({{"type", "watch_table"}, {"table", table}});
            REQUIRE(state.at("type") == "table_state");
            CHECK(state.at("moves").size() == 2);
        }
        emil.close();
    }
    CHECK(store_count(store, "SELECT COUNT(*) FROM moves") == 4);
    CHECK(store_count(store, "SELECT COUNT(*) FROM (SELECT game_id, seq FROM table_events WHERE game_id IS NOT "
                             "NULL GROUP BY game_id, seq HAVING COUNT(*) > 1) AS twice") == 0);
}

// The table's node cut off from Redis for `cut` (longer than its leases live) while its players
// stay connected to it: another node takes the table over; the cut-off node's move is refused by
// the store and the table stops there; healed, everyone plays on from the store.
void owner_cut_off(const std::string& store, std::chrono::milliseconds cut)
{
    ThreeProcesses nodes(store, /*relay_first=*/true);
    if (!nodes.redis) return;
    auto& [redis, relay, dir, one, two, three] = nodes;
    WsTestClient anna, bert, carl;
    anna.connect(one->port());
    bert.connect(two->port());
    carl.connect(three->port());
    std::string anna_token = anna.hello("Anna");
    std::string bert_token = bert.hello("Bert");
    std::string carl_token = carl.hello("Carl");
    for (auto* client : {&anna, &bert, &carl}) client->request({{"type", "enter_room"}, {"room", 34}});
    const auto table =
        anna.request({{"type", "open_table"}, {"room", 34}, {"time_control", "10+5"}, {"color", "white"}})
            .at("table")
            .get<std::int64_t>();
    bert.receive_matching([table](const json& frame) { return lists_table(frame, table); }, "Anna's table");
    carl.receive_matching([table](const json& frame) { return lists_table(frame, table); }, "Anna's table");
    REQUIRE(bert.request({{"type", "join_table"}, {"table", table}}).at("type") == "ok");
    anna.receive_until("game_started", table);
    REQUIRE(carl.request({{"type", "watch_table"}, {"table", table}}).at("type") == "table_state");
    const std::vector<std::string> opening = {"e4", "c5", "Nf3", "d6"};
    for (std::size_t ply = 0; ply < opening.size(); ++ply) {
        (ply % 2 == 0 ? anna : bert).send({{"type", "move"}, {"table", table}, {"move", opening[ply]}});
        for (auto* client : {&anna, &bert, &carl})
            CHECK(client->receive_until("move", table).at("san") == opening[ply]);
    }

    relay->cut(true); // node 1 keeps serving Anna, but hears nothing of the others
    CHECK(bert.wait_closed().code == 1012);
    CHECK(carl.wait_closed().code == 1012);
    auto bert_again = resume_to_table(two->port(), bert_token, table);
    // Anna, still on node 1, moves: the store refuses it (the new owner's epoch), the table
    // stops there and she is sent to find it.
    const json refused = anna.request({{"type", "move"}, {"table", table}, {"move", "d4"}});
    CHECK(refused.at("type") == "error");
    CHECK(anna.wait_closed().code == 1012);
    CHECK(store_count(store, "SELECT COUNT(*) FROM moves") == std::int64_t(opening.size()));
    std::this_thread::sleep_for(cut);
    relay->cut(false);

    // (Anna resumes on another node: on the healed node hello_ok does not name her game yet;
    // docs/reliability.md.) Carl watches from the healed node.
    auto anna_again = resume_to_table(two->port(), anna_token, table);
    auto carl_again = std::make_unique<WsTestClient>();
    carl_again->connect(one->port());
    for (int attempt = 0; attempt < 50; ++attempt) {
        const json hello = carl_again->request({{"type", "hello"}, {"resume_token", carl_token}});
        if (hello.value("type", "") == "hello_ok") break;
        REQUIRE(hello.value("code", "") == "busy"); // the healed node's bus is back in a moment
        std::this_thread::sleep_for(100ms);
    }
    carl_again->request({{"type", "enter_room"}, {"room", 34}});
    for (auto* client : {anna_again.get(), bert_again.get(), carl_again.get()}) {
        json state;
        for (int attempt = 0; attempt < 50; ++attempt) {
            state = client->request({{"type", "watch_table"}, {"table", table}});
            if (state.at("type") == "table_state") break;
            std::this_thread::sleep_for(100ms);
        }
        REQUIRE(state.at("type") == "table_state");
        CHECK(sans_of(state) == opening);
    }
    anna_again->send({{"type", "move"}, {"table", table}, {"move", "d4"}});
    for (auto* client : {anna_again.get(), bert_again.get(), carl_again.get()})
        CHECK(client->receive_until("move", table).at("san") == "d4");
    CHECK(store_count(store, "SELECT COUNT(*) FROM moves") == 5);
    CHECK(store_count(store, "SELECT COUNT(*) FROM (SELECT game_id, seq FROM table_events WHERE game_id IS NOT "
                             "NULL GROUP BY game_id, seq HAVING COUNT(*) > 1) AS twice") == 0);
}

} // namespace

TEST_CASE("the table's node cut off from Redis while its players stay on it: its move is refused, play goes on "
          "elsewhere",
          "[server][cluster][redis][process]")
{
    for (const auto cut : {500ms, 3000ms}) {
        INFO("cut off for " << cut.count() << " ms more after the take-over");
        test::TempDir dir;
        owner_cut_off((dir.path() / "cluster.db").string(), cut);
    }
}

TEST_CASE("Redis killed mid-game and restarted empty: no table moves, every room lists every table, play goes on",
          "[server][cluster][redis][process]")
{
    for (const auto outage : {2000ms, 4000ms}) {
        INFO("Redis away for " << outage.count() << " ms");
        test::TempDir dir;
        redis_restarted_empty((dir.path() / "cluster.db").string(), outage);
    }
}

TEST_CASE("the table's node paused past its lease and woken: its late move is refused, nothing is lost or stuck",
          "[server][cluster][redis][process]")
{
    // Two timings: woken soon after the take-over, and long after it.
    for (const auto pause : {200ms, 3000ms}) {
        INFO("paused for " << pause.count() << " ms after the take-over");
        test::TempDir dir;
        paused_owner((dir.path() / "cluster.db").string(), pause);
    }
}

TEST_CASE("the table's node paused past its lease and woken, on PostgreSQL: its late move is refused",
          "[server][cluster][redis][process][postgres]")
{
    const auto server_url = db::testing::postgres_server_url();
    if (!server_url) {
        WARN("skipped: set ROCHADE_TEST_POSTGRES (scripts/postgres.sh start build/postgres prints the URL)");
        return;
    }
    db::testing::PgTestDatabase database(*server_url);
    paused_owner(database.url(), 1000ms);
}

TEST_CASE("three nodes on Redis and one SQLite file: meet, chat, play with a spectator, the table's node killed",
          "[server][cluster][redis][process]")
{
    test::TempDir dir;
    three_nodes((dir.path() / "cluster.db").string());
}

TEST_CASE("three nodes on Redis and PostgreSQL: meet, chat, play with a spectator, the table's node killed",
          "[server][cluster][redis][process][postgres]")
{
    const auto server_url = db::testing::postgres_server_url();
    if (!server_url) {
        WARN("skipped: set ROCHADE_TEST_POSTGRES (scripts/postgres.sh start build/postgres prints the URL)");
        return;
    }
    db::testing::PgTestDatabase database(*server_url);
    three_nodes(database.url());
}
