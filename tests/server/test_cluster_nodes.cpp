// Three `rochade serve` processes on one Redis bus and one store, as a cluster runs behind a
// proxy: players on different nodes meet, chat and play at one table with a spectator on the
// third; the table's node is killed with SIGKILL mid-game and the game goes on on another node
// with every confirmed move. The store is one SQLite file here, or the PostgreSQL database named
// by ROCHADE_TEST_POSTGRES (scripts/test.sh starts one). Skipped, with a warning, without
// redis-server.
#include <catch2/catch.hpp>

#include <fstream>
#include <thread>

#include "tests/db/store_backend.h"
#include "tests/server/redis_fixture.h"
#include "tests/server/server_fixture.h"
#include "tests/server/ws_test_client.h"

using namespace rochade;
using rochade::test::ChildServer;
using rochade::test::json;
using rochade::test::WsTestClient;
using namespace std::chrono_literals;

namespace {

bool lists_table(const json& frame, std::int64_t table)
{
    if (frame.value("type", "") != "room_tables") return false;
    for (const json& summary : frame.at("tables"))
        if (summary.at("table") == table) return true;
    return false;
}

// The whole story on the store `store` (a file or a postgresql:// URL).
void three_nodes(const std::string& store)
{
    const auto redis_binary = test::redis_server_path();
    if (!redis_binary) {
        WARN("redis-server is not installed: the multi-node test is skipped (scripts/install-deps.sh installs it)");
        return;
    }
    test::RedisServer redis(*redis_binary); // started by its constructor
    test::TempDir dir;
    // Short heartbeats, so a killed node is given up within two seconds.
    const auto config = dir.path() / "cluster.json";
    std::ofstream(config) << R"({"cluster": {"heartbeat_ms": 200, "node_timeout_ms": 1500}})";
    const std::string bus = "redis://127.0.0.1:" + std::to_string(redis.endpoint().port);
    auto node = [&](const std::string& name) {
        return std::make_unique<ChildServer>(
            std::vector<std::string>{"--config", config.string(), "--db", store, "--bus", bus, "--node", name});
    };
    auto one = node("n1");
    auto two = node("n2");
    auto three = node("n3");

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

} // namespace

TEST_CASE("three nodes on Redis and one SQLite file: meet, chat, play with a spectator; the table's node killed",
          "[server][cluster][redis][process]")
{
    test::TempDir dir;
    three_nodes((dir.path() / "cluster.db").string());
}

TEST_CASE("three nodes on Redis and PostgreSQL: meet, chat, play with a spectator; the table's node killed",
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
