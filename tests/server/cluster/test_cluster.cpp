// Several nodes on one bus (server/cluster/): the node messages, the in-process bus the tests
// run nodes on, and three in-process servers sharing a lobby: players on different nodes see
// each other in a room, chat, whisper, see each other's tables; a nick is one player's across
// the nodes; a player who comes back on another node replaces the old connection; a node that
// stops leaves the others' rooms.
#include <catch2/catch.hpp>

#include <future>
#include <thread>

#include "server/cluster/memory_bus.h"
#include "server/cluster/node_message.h"
#include "tests/server/cluster_fixture.h"
#include "tests/server/redis_fixture.h"

using namespace rochade;
using namespace rochade::server::cluster;
using rochade::test::Cluster;
using rochade::test::hello_at;
using rochade::test::InProcessServer;
using rochade::test::json;
using rochade::test::presence_with;
using rochade::test::room_tables_with;
using rochade::test::ThreeNodes;
using rochade::test::WsTestClient;
using namespace std::chrono_literals;

namespace {

NodeMessage round_trip(const NodeMessage& message)
{
    auto decoded = decode_node_message(encode(message));
    REQUIRE(decoded);
    return *decoded;
}

template <class T> T wait_for(std::future<T> future)
{
    REQUIRE(future.wait_for(2s) == std::future_status::ready);
    return future.get();
}

} // namespace

TEST_CASE("node messages: each kind survives encoding, anything else is an error naming what is wrong", "[cluster]")
{
    protocol::TableSummary table;
    table.table = 17;
    table.room = 34;
    table.status = protocol::TableStatus::Playing;
    table.white = "Anna";
    table.black = "Bert";
    table.black_guest = true;
    table.opener_color = protocol::ColorChoice::White;
    table.time_control.stages = {protocol::TimeStage{0, 300'000}};
    table.time_control.increment_ms = 3'000;
    table.spectators = 4;
    table.rated = true;
    table.white_rating = protocol::SeatRating{1712, false};

    const auto state =
        std::get<NodeState>(round_trip(NodeState{"n1", {{34, "Anna", false, 3}, {-7, "Bert", true, 4}}, {table}}));
    CHECK(state.node == "n1");
    CHECK(state.members == std::vector<RoomMember>{{34, "Anna", false, 3}, {-7, "Bert", true, 4}});
    REQUIRE(state.tables.size() == 1);
    CHECK(state.tables[0].table == 17);
    CHECK(state.tables[0].status == protocol::TableStatus::Playing);
    CHECK(state.tables[0].black == "Bert");
    CHECK_FALSE(state.tables[0].invite);
    CHECK(state.tables[0].time_control == table.time_control);
    CHECK(state.tables[0].white_rating == protocol::SeatRating{1712, false});
    CHECK_FALSE(state.tables[0].black_rating);

    // A member is its connection on its node: the same nick may stand in a room on two nodes.
    const std::uint64_t big_id = (std::uint64_t{1} << 63) | 5;
    CHECK(std::get<Entered>(round_trip(Entered{"n2", {35, "Carl", true, big_id}})).member ==
          RoomMember{35, "Carl", true, big_id});
    const auto left = std::get<Left>(round_trip(Left{"n2", 35, "Carl", big_id}));
    CHECK(left.nick == "Carl");
    CHECK(left.connection == big_id);
    const auto chat = std::get<RoomChatted>(round_trip(RoomChatted{"n1", 34, "Anna", "Grüß \"Gott\" <b>"}));
    CHECK(chat.text == "Grüß \"Gott\" <b>");
    CHECK(std::get<TableClosed>(round_trip(TableClosed{"n1", 34, 17})).table == 17);
    CHECK(std::get<Whispered>(round_trip(Whispered{"Anna", "Bert", "psst"})).to == "Bert");
    CHECK(std::get<Replaced>(round_trip(Replaced{"Anna", "a17"})).principal == "a17");
    CHECK(std::get<NodeUp>(round_trip(NodeUp{"n3"})).node == "n3");
    CHECK(std::get<Heartbeat>(round_trip(Heartbeat{"n3"})).node == "n3");
    const auto to =
        std::get<ToClients>(round_trip(ToClients{{7, (std::uint64_t{1} << 63) | 9}, "{\"type\":\"move\"}"}));
    CHECK(to.connections == std::vector<std::uint64_t>{7, (std::uint64_t{1} << 63) | 9});
    CHECK(to.frame == "{\"type\":\"move\"}");

    CHECK(decode_node_message("not json").error() == "node message: not JSON");
    CHECK(decode_node_message("[1]").error() == "node message: not a JSON object");
    CHECK(decode_node_message(R"({"kind":"gossip"})").error() == "node message: unknown kind 'gossip'");
    CHECK(decode_node_message(R"({"kind":"left","node":"n1","nick":"A"})").error() ==
          "node message: 'room' is missing");
    CHECK(decode_node_message(R"({"kind":"left","node":"n1","room":34,"nick":"A"})").error() ==
          "node message: 'connection' is missing");
    CHECK(decode_node_message(R"({"kind":"entered","node":"n1","member":{"room":"34","nick":"A","guest":true}})")
              .error() == "node message: 'room' must be an integer");
    CHECK(decode_node_message(R"({"kind":"to_clients","connections":[],"frame":"x"})").error() ==
          "node message: 'connections' must not be empty");
    CHECK(decode_node_message(R"({"kind":"to_clients","connections":[-1],"frame":"x"})").error() ==
          "node message: 'connections' must hold connection ids");
    CHECK(decode_node_message(R"({"kind":"table_changed","node":"n1","summary":{"table":1}})").error() ==
          "node message: table summary: 'room' is missing");
}

TEST_CASE("the in-process bus: a channel's messages reach every subscriber in order", "[cluster]")
{
    rochade::test::IoThread thread;
    auto hub = std::make_shared<MemoryHub>();
    auto one = hub->connect(thread.io), two = hub->connect(thread.io);

    SECTION("a message reaches every subscriber, in the order published")
    {
        std::promise<std::vector<std::string>> heard;
        std::vector<std::string> got;
        two->subscribe("c", [&](std::string_view message) {
            got.emplace_back(message);
            if (got.size() == 100) heard.set_value(got);
        });
        for (int i = 0; i < 100; ++i) one->publish("c", std::to_string(i));
        const auto messages = wait_for(heard.get_future());
        for (int i = 0; i < 100; ++i) CHECK(messages[std::size_t(i)] == std::to_string(i));
    }
}

TEST_CASE("three nodes share one lobby: presence, chat, whispers, tables, one nick, a node gone", "[server][cluster]")
{
    ThreeNodes nodes;
    auto& [cluster, one, two, three] = nodes;
    WsTestClient anna, bert, carl;
    hello_at(anna, *one, "Anna");
    hello_at(bert, *two, "Bert");
    hello_at(carl, *three, "Carl");

    anna.request({{"type", "enter_room"}, {"room", 34}});
    bert.request({{"type", "enter_room"}, {"room", 34}});
    carl.request({{"type", "enter_room"}, {"room", 34}});
    const json all = presence_with(anna, 3);
    CHECK(all.at("members") == json::array({"Anna", "Bert", "Carl"}));
    presence_with(bert, 3);

    // A newcomer's room reply lists the players of every node.
    WsTestClient dora;
    dora.connect(two->port());
    dora.hello("Dora");
    const json room = dora.request({{"type", "enter_room"}, {"room", 34}});
    CHECK(room.at("members") == json::array({"Anna", "Bert", "Carl", "Dora"}));

    // Chat crosses the nodes, once each.
    bert.send({{"type", "room_chat"}, {"room", 34}, {"text", "Grüß Gott aus Knoten 2"}});
    for (auto* client : {&anna, &carl, &bert, &dora}) {
        const json chat = client->receive_until("room_chat");
        CHECK(chat.at("from") == "Bert");
        CHECK(chat.at("text") == "Grüß Gott aus Knoten 2");
    }
    for (const json& frame : anna.drain(200ms)) CHECK(frame.value("type", "") != "room_chat");
    // Who enters on another node reads it among the room's recent chat.
    WsTestClient fritz;
    fritz.connect(three->port());
    fritz.hello("Fritz");
    const json said = fritz.request({{"type", "enter_room"}, {"room", 34}}).at("chat");
    REQUIRE(said.size() == 1);
    CHECK(said[0].at("from") == "Bert");
    CHECK(said[0].at("text") == "Grüß Gott aus Knoten 2");

    // A whisper finds its addressee's node; a nick online nowhere is an error.
    const json whispered = carl.request({{"type", "whisper"}, {"to", "anna"}, {"text", "unter uns"}});
    CHECK(whispered.at("type") == "ok");
    INFO(whispered.dump());
    const json whisper = anna.receive_until("whisper");
    CHECK(whisper.at("from") == "Carl");
    CHECK(whisper.at("text") == "unter uns");
    CHECK(carl.request({{"type", "whisper"}, {"to", "Niemand"}, {"text", "hallo?"}}).at("code") == "no_such_nick");

    // A nick online on one node is taken on the others.
    WsTestClient impostor;
    impostor.connect(three->port());
    const json refused = impostor.request({{"type", "hello"}, {"nick", "ANNA"}});
    CHECK(refused.at("code") == "nick_taken");
    CHECK(refused.at("message").get<std::string>().find("another node") != std::string::npos);

    // A table opened on node 1 is in the room's list on node 2.
    const json opened = anna.request({{"type", "open_table"}, {"room", 34}, {"time_control", "5+3"}});
    const auto table_id = opened.at("table").get<std::int64_t>();
    const json tables = room_tables_with(bert, table_id);
    for (const json& summary : tables.at("tables"))
        if (summary.at("table") == table_id) CHECK(summary.at("white").is_string() != summary.at("black").is_string());

    // Node 3 stops: Carl leaves the others' rooms when its heartbeats stop.
    three->stop();
    const json after = presence_with(anna, 3);
    CHECK(after.at("members") == json::array({"Anna", "Bert", "Dora"}));

    // A node that starts later learns what the others have.
    auto four = cluster.node("n4", one->config().db_path);
    WsTestClient emil;
    emil.connect(four->port());
    emil.hello("Emil");
    // Its NodeUp and the answers take a moment.
    json late;
    for (int attempt = 0; attempt < 40; ++attempt) {
        late = emil.request({{"type", "enter_room"}, {"room", 34}});
        if (late.at("member_count") == 4) break;
        emil.request({{"type", "leave_room"}, {"room", 34}});
        std::this_thread::sleep_for(50ms);
    }
    CHECK(late.at("members") == json::array({"Anna", "Bert", "Dora", "Emil"}));
    bool listed = false;
    for (const json& summary : late.at("tables")) listed = listed || summary.at("table") == table_id;
    CHECK(listed);
}

TEST_CASE("a player who comes back on another node keeps the nick, the old connection closes with 4000",
          "[server][cluster]")
{
    // Two nodes on one database file: the session and its resume token are the same on both
    // (a PostgreSQL store shared by the nodes in production).
    Cluster cluster;
    auto one = cluster.node("n1");
    auto two = cluster.node("n2", one->config().db_path);
    WsTestClient first, again, bert;
    first.connect(one->port());
    const std::string token = first.hello("Anna");
    first.request({{"type", "enter_room"}, {"room", 35}});
    bert.connect(two->port());
    bert.hello("Bert");
    bert.request({{"type", "enter_room"}, {"room", 35}});
    presence_with(bert, 2);

    again.connect(two->port());
    const json resumed = again.resume(token);
    CHECK(resumed.at("nick") == "Anna");
    CHECK(resumed.at("resumed") == true);
    CHECK(first.wait_closed().code == 4000);
    // Anna is on node 2 now, outside the room until she enters it again.
    const json alone = presence_with(bert, 1);
    CHECK(alone.at("members") == json::array({"Bert"}));
    again.request({{"type", "enter_room"}, {"room", 35}});
    CHECK(presence_with(bert, 2).at("members") == json::array({"Anna", "Bert"}));
    // And whispers find her there.
    CHECK(bert.request({{"type", "whisper"}, {"to", "Anna"}, {"text", "wieder da?"}}).at("type") == "ok");
    CHECK(again.receive_until("whisper").at("text") == "wieder da?");
}

namespace {

// The guests `node` counts online, from its /metrics.
int guests_online(const InProcessServer& node)
{
    const std::string series = R"(rochade_players_online{kind="guest"} )";
    const std::string text = rochade::test::http_get(node.port(), "/metrics").body;
    const auto at = text.find("\n" + series);
    REQUIRE(at != std::string::npos);
    return std::stoi(text.substr(at + 1 + series.size()));
}

json room_chat_with(WsTestClient& client, const std::string& text)
{
    return client.receive_matching(
        [&text](const json& frame) { return frame.value("type", "") == "room_chat" && frame.at("text") == text; },
        "room_chat '" + text + "'");
}

} // namespace

TEST_CASE("a spectator who resumes on another node stays in the room there, whichever connection goes first",
          "[server][cluster]")
{
    // The room's members are places (a node and a connection), not nicks: node 1's word that
    // Anna's old connection left must not take her new place on node 2 with it. Node 2 hears
    // node 1's news only after Anna entered the room on node 2 (its deliveries are held), the
    // order that lost her before; the old connection goes after the resume (replaced, 4000) or
    // before it (closed by the client).
    const bool old_goes_first = GENERATE(false, true);
    INFO((old_goes_first ? "the old connection closes before the resume" : "the resume replaces the old connection"));
    Cluster cluster;
    // Held news must not make a node give another up.
    const auto patient = [](server::ServerConfig& config) { config.cluster.node_timeout_ms = 5000; };
    auto one = cluster.node("n1", "", patient);
    auto two = cluster.node("n2", one->config().db_path, patient);
    auto three = cluster.node("n3", one->config().db_path, patient);
    WsTestClient first, again, bert, carl, dora;
    const std::string token = hello_at(first, *one, "Anna");
    hello_at(dora, *one, "Dora");
    hello_at(bert, *two, "Bert");
    hello_at(carl, *three, "Carl");
    for (auto* client : {&first, &dora, &bert, &carl}) client->request({{"type", "enter_room"}, {"room", 34}});
    presence_with(bert, 4);
    presence_with(carl, 4);
    const auto table =
        carl.request({{"type", "open_table"}, {"room", 34}, {"time_control", "5+3"}}).at("table").get<std::int64_t>();
    room_tables_with(bert, table);
    const json everyone = json::array({"Anna", "Bert", "Carl", "Dora"});

    cluster.bus_of("n2")->hold_deliveries(true);
    if (old_goes_first) {
        first.close();
        // Node 1 announced Anna's exit once it no longer counts her online.
        for (int wait = 0; wait < 100 && guests_online(*one) != 1; ++wait) std::this_thread::sleep_for(10ms);
        REQUIRE(guests_online(*one) == 1);
    }
    again.connect(two->port());
    CHECK(again.resume(token).at("resumed") == true);
    const json room = again.request({{"type", "enter_room"}, {"room", 34}});
    REQUIRE(room.at("type") == "room");
    CHECK(room.at("members") == everyone);
    if (!old_goes_first) CHECK(first.wait_closed().code == 4000);
    // Dora's chat comes after node 1's `left` for Anna's old connection: where it arrived, so
    // had that.
    CHECK(dora.request({{"type", "room_chat"}, {"room", 34}, {"text", "hallo"}}).at("type") == "ok");
    cluster.bus_of("n2")->hold_deliveries(false);
    for (auto* client : {&bert, &carl}) room_chat_with(*client, "hallo");

    // Anna is in the room on node 2: she hears its chat, her chat, a watch of a table in it and
    // the member list work there, and every node lists her once.
    CHECK_NOTHROW(room_chat_with(again, "hallo"));
    CHECK(again.request({{"type", "room_chat"}, {"room", 34}, {"text", "wieder da"}}).at("type") == "ok");
    for (auto* client : {&bert, &carl, &dora}) CHECK(room_chat_with(*client, "wieder da").at("from") == "Anna");
    CHECK(again.request({{"type", "watch_table"}, {"table", table}}).at("type") == "table_state");
    for (auto* client : {&again, &bert, &carl, &dora}) {
        const json page = client->request({{"type", "room_members"}, {"room", 34}, {"offset", 0}, {"limit", 10}});
        INFO(page.dump());
        CHECK(page.at("members") == everyone);
        CHECK(page.at("member_count") == 4);
    }
    for (const json& frame : again.drain(200ms)) CHECK(frame.value("code", "") != "not_in_room");

    // When she leaves, she leaves every node's list.
    for (auto* client : {&bert, &carl, &dora}) client->drain(0ms);
    CHECK(again.request({{"type", "leave_room"}, {"room", 34}}).at("type") == "ok");
    for (auto* client : {&bert, &carl, &dora})
        CHECK(presence_with(*client, 3).at("members") == json::array({"Bert", "Carl", "Dora"}));
}

TEST_CASE("players on two nodes play at one table, a spectator watches from the third", "[server][cluster]")
{
    // One database for the three nodes, as they share one PostgreSQL store in production: the
    // players' sessions are the same principals everywhere.
    ThreeNodes nodes;
    auto& [cluster, one, two, three] = nodes;
    WsTestClient anna, bert, carl;
    hello_at(anna, *one, "Anna");
    hello_at(bert, *two, "Bert");
    hello_at(carl, *three, "Carl");
    for (auto* client : {&anna, &bert, &carl}) client->request({{"type", "enter_room"}, {"room", 34}});
    presence_with(anna, 3);

    const json opened =
        anna.request({{"type", "open_table"}, {"room", 34}, {"time_control", "5+3"}, {"color", "white"}});
    const auto table = opened.at("table").get<std::int64_t>();
    // Bert's node learns of the table from node 1's announcement.
    room_tables_with(bert, table);
    CHECK(bert.request({{"type", "join_table"}, {"table", table}}).at("type") == "ok");
    const json started = anna.receive_until("game_started", table);
    CHECK(bert.receive_until("game_started", table).at("seq") == started.at("seq"));
    CHECK(started.at("white") == "Anna");
    CHECK(started.at("black") == "Bert");

    room_tables_with(carl, table);
    const json state = carl.request({{"type", "watch_table"}, {"table", table}});
    CHECK(state.at("type") == "table_state");
    CHECK(state.at("white") == "Anna");

    const std::vector<std::pair<WsTestClient*, std::string>> moves = {
        {&anna, "e4"}, {&bert, "e5"}, {&anna, "Nf3"}, {&bert, "Nc6"}};
    std::int64_t seq = started.at("seq").get<std::int64_t>();
    for (const auto& [mover, move] : moves) {
        mover->send({{"type", "move"}, {"table", table}, {"move", move}});
        for (auto* client : {&anna, &bert, &carl}) {
            const json seen = client->receive_until("move", table);
            CHECK(seen.at("san") == move);
            CHECK(seen.at("seq") == seq + 1);
        }
        ++seq;
    }
    // Errors reach the remote player alone, with the owner's words.
    const json illegal = bert.request({{"type", "move"}, {"table", table}, {"move", "Ke2"}});
    CHECK(illegal.at("code") == "not_your_turn");
    CHECK(carl.request({{"type", "move"}, {"table", table}, {"move", "Bb5"}}).at("code") == "not_a_player");
    CHECK(bert.request({{"type", "resign"}, {"table", table}}).at("type") == "ok");
    for (auto* client : {&anna, &bert, &carl}) {
        const json over = client->receive_until("game_over", table);
        CHECK(over.at("result") == "1-0");
    }
    // A table no node has is an error on every node.
    CHECK(bert.request({{"type", "move"}, {"table", 999'999}, {"move", "e4"}}).at("code") == "no_such_table");
    CHECK(carl.request({{"type", "watch_table"}, {"table", 999'999}}).at("code") == "no_such_table");
}

TEST_CASE("a node that goes away mid-game: another node takes the table over, the players resume on any node",
          "[server][cluster]")
{
    ThreeNodes nodes;
    auto& [cluster, one, two, three] = nodes;
    auto anna = std::make_unique<WsTestClient>();
    WsTestClient bert;
    anna->connect(one->port());
    bert.connect(two->port());
    std::string anna_token = anna->hello("Anna");
    const std::string bert_token = bert.hello("Bert");
    anna->request({{"type", "enter_room"}, {"room", 34}});
    bert.request({{"type", "enter_room"}, {"room", 34}});
    presence_with(*anna, 2);
    const json opened =
        anna->request({{"type", "open_table"}, {"room", 34}, {"time_control", "5+3"}, {"color", "white"}});
    const auto table = opened.at("table").get<std::int64_t>();
    room_tables_with(bert, table);
    REQUIRE(bert.request({{"type", "join_table"}, {"table", table}}).at("type") == "ok");
    anna->receive_until("game_started", table);
    bert.receive_until("game_started", table);
    anna->send({{"type", "move"}, {"table", table}, {"move", "e4"}});
    bert.receive_until("move", table);
    bert.send({{"type", "move"}, {"table", table}, {"move", "c5"}});
    anna->receive_until("move", table);
    const json confirmed = bert.receive_until("move", table);

    // Node 1 goes away with the table. Bert's node closes his connection with 1012 once node 1
    // is given up, so that his client comes back and finds the table where it is now.
    one->stop();
    CHECK(bert.wait_closed().code == 1012);

    // Both players resume on the nodes that are left; hello_ok names the game once a node has it.
    std::unique_ptr<WsTestClient> anna_again;
    json hello;
    for (int attempt = 0; attempt < 60; ++attempt) {
        anna_again = std::make_unique<WsTestClient>();
        anna_again->connect(three->port());
        hello = anna_again->resume(anna_token);
        if (!hello.at("tables").empty()) break;
        anna_token = hello.at("resume_token").get<std::string>(); // each resume hands out the next token
        anna_again->close();
        std::this_thread::sleep_for(100ms);
    }
    WsTestClient bert_again;
    bert_again.connect(two->port());
    REQUIRE(hello.at("tables") == json::array({table}));
    CHECK(bert_again.resume(bert_token).at("tables") == json::array({table}));

    // No confirmed move is lost, the clocks were held, and the game goes on.
    const json state = anna_again->request({{"type", "watch_table"}, {"table", table}});
    REQUIRE(state.at("type") == "table_state");
    CHECK(state.at("moves").size() == 2);
    CHECK(state.at("seq") > confirmed.at("seq")); // the players' returns came after the last move
    bert_again.request({{"type", "watch_table"}, {"table", table}});
    anna_again->send({{"type", "move"}, {"table", table}, {"move", "Nf3"}});
    CHECK(anna_again->receive_until("move", table).at("san") == "Nf3");
    CHECK(bert_again.receive_until("move", table).at("san") == "Nf3");
    bert_again.send({{"type", "move"}, {"table", table}, {"move", "d6"}});
    CHECK(anna_again->receive_until("move", table).at("san") == "d6");
}

TEST_CASE("a join on another node right after the table opened waits for its news instead of refusing it",
          "[server][cluster]")
{
    Cluster cluster;
    auto one = cluster.node("n1");
    auto two = cluster.node("n2", one->config().db_path);
    WsTestClient anna, bert;
    hello_at(anna, *one, "Anna");
    hello_at(bert, *two, "Bert");
    anna.request({{"type", "enter_room"}, {"room", 35}});
    bert.request({{"type", "enter_room"}, {"room", 35}});
    presence_with(anna, 2);
    for (int round = 0; round < 5; ++round) {
        const json opened = anna.request({{"type", "open_table"}, {"room", 35}, {"time_control", "3+2"}});
        const auto table = opened.at("table").get<std::int64_t>();
        // At once, as a player following an invitation link would.
        CHECK(bert.request({{"type", "join_table"}, {"table", table}}).at("type") == "ok");
        anna.receive_until("game_started", table);
        CHECK(anna.request({{"type", "resign"}, {"table", table}}).at("type") == "ok");
        bert.receive_until("game_over", table);
        anna.request({{"type", "leave_table"}, {"table", table}});
        bert.request({{"type", "leave_table"}, {"table", table}});
    }
}

TEST_CASE("an invitation reaches the player on another node, who takes the seat kept for them", "[server][cluster]")
{
    ThreeNodes nodes;
    auto& [cluster, one, two, three] = nodes;
    WsTestClient anna, bert, carl;
    hello_at(anna, *one, "Anna");
    hello_at(bert, *two, "Bert");
    hello_at(carl, *three, "Carl");
    anna.request({{"type", "enter_room"}, {"room", 34}});
    carl.request({{"type", "enter_room"}, {"room", 34}});
    bert.request({{"type", "enter_room"}, {"room", 36}}); // elsewhere: only the invitation tells him
    presence_with(anna, 2);

    // Nobody of that nick is online on any node: refused as on one node.
    CHECK(anna.request({{"type", "open_table"}, {"room", 34}, {"time_control", "5+3"}, {"invite", "Nobody"}})
              .at("code") == "no_such_nick");

    const json opened = anna.request(
        {{"type", "open_table"}, {"room", 34}, {"time_control", "5+3"}, {"color", "white"}, {"invite", "bert"}});
    REQUIRE(opened.at("type") == "ok");
    const auto table = opened.at("table").get<std::int64_t>();
    const json invitation = bert.receive_until("table_opened");
    CHECK(invitation.at("table").at("table") == table);
    CHECK(invitation.at("table").at("invite") == "bert");

    // The seat is Bert's: Carl, in the room on the third node, may not take it.
    room_tables_with(carl, table);
    CHECK(carl.request({{"type", "join_table"}, {"table", table}}).at("code") == "seat_reserved");
    bert.request({{"type", "enter_room"}, {"room", 34}});
    CHECK(bert.request({{"type", "join_table"}, {"table", table}}).at("type") == "ok");
    CHECK(anna.receive_until("game_started", table).at("black") == "Bert");
}

TEST_CASE("a guest's nick is kept on every node while the guest is away from a game on another node",
          "[server][cluster]")
{
    ThreeNodes nodes;
    auto& [cluster, one, two, three] = nodes;
    WsTestClient anna;
    auto bert = std::make_unique<WsTestClient>();
    anna.connect(one->port());
    bert->connect(two->port());
    anna.hello("Anna");
    const std::string bert_token = bert->hello("Bert");
    anna.request({{"type", "enter_room"}, {"room", 34}});
    bert->request({{"type", "enter_room"}, {"room", 34}});
    presence_with(anna, 2);
    const json opened =
        anna.request({{"type", "open_table"}, {"room", 34}, {"time_control", "5+3"}, {"color", "white"}});
    const auto table = opened.at("table").get<std::int64_t>();
    room_tables_with(*bert, table);
    REQUIRE(bert->request({{"type", "join_table"}, {"table", table}}).at("type") == "ok");
    anna.receive_until("game_started", table);

    // Bert goes away from the game; his node lets his nick go, but node 1 keeps it for him.
    bert->close();
    bert.reset();
    for (const auto port : {two->port(), three->port(), one->port()}) {
        WsTestClient impostor;
        impostor.connect(port);
        const json refused = impostor.request({{"type", "hello"}, {"nick", "bert"}});
        CHECK(refused.at("code") == "nick_taken");
    }
    // Bert himself comes back on any node.
    WsTestClient bert_again;
    bert_again.connect(three->port());
    CHECK(bert_again.resume(bert_token).at("tables") == json::array({table}));

    // Once the game is over and he has left the table, the nick is free for anyone.
    REQUIRE(bert_again.request({{"type", "watch_table"}, {"table", table}}).at("type") == "table_state");
    REQUIRE(bert_again.request({{"type", "resign"}, {"table", table}}).at("type") == "ok");
    anna.receive_until("game_over", table);
    REQUIRE(bert_again.request({{"type", "leave_table"}, {"table", table}}).at("type") == "ok");
    bert_again.close();
    bool free = false;
    for (int attempt = 0; attempt < 40 && !free; ++attempt) {
        WsTestClient newcomer;
        newcomer.connect(two->port());
        free = newcomer.request({{"type", "hello"}, {"nick", "Bert"}}).value("type", "") == "hello_ok";
        if (!free) std::this_thread::sleep_for(50ms);
    }
    CHECK(free);
}
