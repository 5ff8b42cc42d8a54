// Moderation in a cluster: an admin connected to one node acts on players and tables of the
// others, with in-process nodes on one MemoryHub sharing one SQLite file (as the nodes share
// one store in production). The live view shows every node's players and tables and names
// their node; close_table and adjudicate are carried out by the table's owner and audited
// once; kicks, bans, mutes and notices reach players on any node; a node that does not answer
// makes the live view partial and a request for its table `busy`, in time.
#include <catch2/catch.hpp>

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>

#include <atomic>
#include <future>
#include <thread>

#include "db/sqlite/sqlite_store.h"
#include "db/store_reader.h"
#include "server/admin/admin_live.h"
#include "server/cluster/memory_bus.h"
#include "server/cluster/node_message.h"
#include "server/moderation/moderation.h"
#include "tests/server/room_events.h"
#include "tests/server/server_fixture.h"
#include "tests/server/ws_test_client.h"

using namespace rochade;
using namespace rochade::server::cluster;
using rochade::test::InProcessServer;
using rochade::test::json;
using rochade::test::WsTestClient;
using server::ModerationDone;
using server::ModerationRefused;
using server::ModerationResult;
using namespace std::chrono_literals;

namespace {

const identity::Identity admin{{identity::Principal::Kind::Account, 903}, "Chefin", protocol::Role::Admin, 0};
constexpr std::int64_t hour_ms = 3'600'000;

struct Cluster {
    std::shared_ptr<MemoryHub> hub = std::make_shared<MemoryHub>();

    std::unique_ptr<InProcessServer> node(const std::string& name, const std::string& db_path = "")
    {
        return std::make_unique<InProcessServer>(
            [&](server::ServerConfig& config) {
                config.cluster.node = name;
                config.cluster.heartbeat_ms = 100;
                config.cluster.node_timeout_ms = 500; // also how long a moderator's question waits
                config.room_update_ms = 20;
                if (!db_path.empty()) config.db_path = db_path;
            },
            [hub = hub](boost::asio::io_context& io) -> std::shared_ptr<Bus> { return hub->connect(io); });
    }
};

// The admin's desk on one node: its moderation service, called as the admin API calls it.
struct Desk {
    server::Moderation& moderation;

    explicit Desk(InProcessServer& node) : moderation(*node.server().moderation()) {}

    ModerationResult act(server::ModerationRequest request)
    {
        std::promise<ModerationResult> answer;
        auto future = answer.get_future();
        moderation.act(admin, "127.0.0.1", std::move(request),
                       [&answer](ModerationResult result) { answer.set_value(std::move(result)); });
        REQUIRE(future.wait_for(5s) == std::future_status::ready);
        return future.get();
    }
    ModerationDone done(server::ModerationRequest request)
    {
        auto result = act(std::move(request));
        if (auto* refused = std::get_if<ModerationRefused>(&result)) FAIL("refused: " << refused->message);
        return std::get<ModerationDone>(result);
    }
    ModerationRefused refused(server::ModerationRequest request)
    {
        auto result = act(std::move(request));
        REQUIRE(std::holds_alternative<ModerationRefused>(result));
        return std::get<ModerationRefused>(result);
    }
    server::LiveView live(bool with_addresses = true)
    {
        std::promise<server::LiveView> answer;
        auto future = answer.get_future();
        moderation.live(with_addresses, [&](server::LiveView view) { answer.set_value(std::move(view)); });
        REQUIRE(future.wait_for(5s) == std::future_status::ready);
        return future.get();
    }
    // The live view once `ready` holds for it (another node's news crosses the bus first).
    server::LiveView live_when(const std::function<bool(const server::LiveView&)>& ready)
    {
        server::LiveView view;
        for (int attempt = 0; attempt < 50; ++attempt) {
            view = live();
            if (ready(view)) return view;
            std::this_thread::sleep_for(50ms);
        }
        FAIL("the live view never showed what was expected");
        return view;
    }
};

const server::OnlinePlayer* player_in(const server::LiveView& view, const std::string& nick)
{
    for (const auto& player : view.players)
        if (player.nick == nick) return &player;
    return nullptr;
}

const server::LiveTable* table_in(const server::LiveView& view, std::int64_t table)
{
    for (const auto& listed : view.tables)
        if (listed.table == table) return &listed;
    return nullptr;
}

std::vector<db::AuditEntry> audit(const std::string& db_path)
{
    db::AuditQuery query;
    query.limit = db::max_page_rows;
    return db::open_sqlite_reader(db_path)->audit_log(query).entries;
}

// Sends `request` until its answer's type or code is `expected` (the other nodes read the
// sanctions again when they hear of a change, a moment after the moderator's answer).
json until_answer(WsTestClient& client, const json& request, const std::string& expected)
{
    json answer;
    for (int attempt = 0; attempt < 40; ++attempt) {
        answer = client.request(request);
        if (answer.value("type", "") == expected || answer.value("code", "") == expected) return answer;
        std::this_thread::sleep_for(50ms);
    }
    return answer;
}

// A node on the hub that says what it has (one waiting table, one room member), beats, and
// answers a NodeUp with its state as a real node does, but never answers a moderator's
// question: a node that hangs, or whose answers are lost, while its heartbeats still come.
class SilentNode {
public:
    SilentNode(MemoryHub& hub, std::string name) : name_(std::move(name)), bus_(hub.connect(io_))
    {
        summary_.table = 4242;
        summary_.room = 34;
        summary_.white = "Stumm";
        bus_->subscribe(node_channel(name_), [this](std::string_view text) {
            auto message = decode_node_message(text);
            if (message && std::holds_alternative<NodeUp>(*message))
                bus_->publish(node_channel(std::get<NodeUp>(*message).node), encode(state()));
        });
        bus_->publish(std::string(lobby_channel), encode(state()));
        beats_ = std::thread([this] {
            while (beating_) {
                bus_->publish(std::string(lobby_channel), encode(Heartbeat{name_}));
                std::this_thread::sleep_for(50ms);
            }
        });
    }
    ~SilentNode()
    {
        beating_ = false;
        beats_.join();
        work_.reset();
        io_.stop();
        io_thread_.join();
    }

private:
    NodeState state() const { return NodeState{name_, {{34, "Stumm", true}}, {summary_}}; }

    std::string name_;
    boost::asio::io_context io_;
    boost::asio::executor_work_guard<boost::asio::io_context::executor_type> work_{io_.get_executor()};
    std::thread io_thread_{[this] { io_.run(); }};
    std::shared_ptr<MemoryBus> bus_;
    protocol::TableSummary summary_;
    std::atomic<bool> beating_{true};
    std::thread beats_;
};

} // namespace

TEST_CASE("cluster moderation: the live view on one node shows another node's players and tables, and names the node",
          "[server][cluster][moderation]")
{
    Cluster cluster;
    auto one = cluster.node("n1");
    auto two = cluster.node("n2", one->config().db_path);
    WsTestClient anna, bert;
    anna.connect(one->port());
    bert.connect(two->port());
    anna.hello("Anna");
    bert.hello("Bert");
    bert.request({{"type", "enter_room"}, {"room", 34}});
    const json opened = bert.request({{"type", "open_table"}, {"room", 34}, {"time_control", "5+3"}});
    const std::int64_t table = opened.at("table");

    Desk desk(*one);
    const auto view = desk.live_when([&](const server::LiveView& v) {
        const auto* listed = table_in(v, table);
        return player_in(v, "Bert") && listed && listed->described;
    });
    CHECK(view.silent_nodes.empty());
    const auto* bert_seen = player_in(view, "Bert");
    CHECK(bert_seen->node == "n2");
    CHECK(bert_seen->rooms == std::vector<std::int64_t>{34});
    CHECK(bert_seen->address == "127.0.0.1");
    CHECK(player_in(view, "Anna")->node == "n1");
    const auto* listed = table_in(view, table);
    CHECK(listed->node == "n2");
    CHECK(listed->state == "waiting");
    CHECK(listed->room == 34);
    CHECK(json::parse(listed->time_control_json) ==
          json::parse(R"({"kind":"fischer","base_ms":300000,"increment_ms":3000})"));

    // Addresses only when asked for, from the other node too; the JSON names the nodes.
    CHECK_FALSE(player_in(desk.live(false), "Bert")->address);
    const json answer = server::live_json(view, true);
    CHECK(answer.at("partial") == false);
    for (const json& player : answer.at("players"))
        if (player.at("nick") == "Bert") CHECK(player.at("node") == "n2");
}

TEST_CASE("cluster moderation: close_table and adjudicate on another node are done by the owner and audited once",
          "[server][cluster][moderation]")
{
    Cluster cluster;
    auto one = cluster.node("n1");
    const std::string db = one->config().db_path;
    auto two = cluster.node("n2", db), three = cluster.node("n3", db);
    WsTestClient bert, carl;
    bert.connect(two->port());
    carl.connect(three->port());
    bert.hello("Bert");
    carl.hello("Carl");
    for (auto* client : {&bert, &carl}) client->request({{"type", "enter_room"}, {"room", 34}});
    Desk desk(*one);

    // A waiting table on node 2, closed from node 1.
    const std::int64_t waiting =
        bert.request({{"type", "open_table"}, {"room", 34}, {"time_control", "untimed"}}).at("table");
    desk.live_when([&](const server::LiveView& v) { return table_in(v, waiting) != nullptr; });
    const auto closed = desk.done(server::CloseTable{waiting, "anstößiger Name"});
    CHECK(closed.summary == "table " + std::to_string(waiting) + " in room 34 closed");
    CHECK(bert.receive_until("notice").at("text") ==
          "table " + std::to_string(waiting) + " was closed by a moderator: anstößiger Name");
    CHECK(test::receive_table_closed(carl, waiting).at("room") == 34);

    // A running game between players on nodes 2 and 3, adjudicated from node 1.
    const std::int64_t table =
        bert.request({{"type", "open_table"}, {"room", 34}, {"time_control", "5+3"}, {"color", "white"}}).at("table");
    test::receive_table_listed(carl, table);
    REQUIRE(carl.request({{"type", "join_table"}, {"table", table}}).at("type") == "ok");
    const json started = bert.receive_until("game_started", table);
    carl.receive_until("game_started", table);
    desk.live_when([&](const server::LiveView& v) {
        const auto* listed = table_in(v, table);
        return listed && listed->state == "playing";
    });
    // The refusals are the owner's, with the same codes as on one node.
    CHECK(desk.refused(server::CloseTable{table, "x"}).code == protocol::ErrorCode::GameInProgress);
    const auto decided = desk.done(server::Adjudicate{table, server::Adjudication::BlackWins, "Fairplay"});
    CHECK(decided.summary.ends_with("Black wins (0-1)"));
    for (auto* client : {&bert, &carl}) {
        const json over = client->receive_until("game_over", table);
        CHECK(over.at("result") == "0-1");
        CHECK(over.at("termination") == "adjudicated");
        CHECK(over.at("message") == "Game adjudicated by moderator Chefin, Black wins: Fairplay");
    }
    const auto again = desk.refused(server::Adjudicate{table, server::Adjudication::Draw, "x"});
    CHECK(again.code == protocol::ErrorCode::GameOver);
    CHECK(again.message.starts_with("adjudicate: table " + std::to_string(table)));
    CHECK(desk.refused(server::CloseTable{987'654, "x"}).code == protocol::ErrorCode::NoSuchTable);

    const std::int64_t game_id = started.at("game_id");
    const auto log = db::open_sqlite_reader(db)->game_log(game_id);
    REQUIRE(log);
    REQUIRE(log->end);
    CHECK(log->end->result == rochade::Score::BlackWins);
    CHECK(log->end->termination == rochade::Termination::Adjudicated);

    // One line per request, written by the admin's node; none by the owners.
    const auto lines = audit(db);
    REQUIRE(lines.size() == 5);
    CHECK(lines[4].logged.action == "close_table");
    CHECK_FALSE(lines[4].logged.refused);
    CHECK(lines[3].logged.action == "close_table");
    CHECK(lines[3].logged.refused);
    CHECK(lines[2].logged.action == "adjudicate");
    CHECK_FALSE(lines[2].logged.refused);
    CHECK(json::parse(lines[2].logged.detail_json).at("game") == game_id);
    CHECK(lines[1].logged.refused);
    CHECK(lines[0].logged.target == "table 987654");
}

TEST_CASE("cluster moderation: kicks, bans, mutes and notices reach players on other nodes",
          "[server][cluster][moderation]")
{
    Cluster cluster;
    auto one = cluster.node("n1");
    const std::string db = one->config().db_path;
    auto two = cluster.node("n2", db), three = cluster.node("n3", db);
    Desk desk(*one);

    WsTestClient mia, carl;
    mia.connect(two->port());
    carl.connect(three->port());
    mia.hello("Mia");
    carl.hello("Carl");
    mia.request({{"type", "enter_room"}, {"room", 34}});
    carl.request({{"type", "enter_room"}, {"room", 34}});
    desk.live_when([](const server::LiveView& v) { return player_in(v, "Mia") && player_in(v, "Carl"); });

    SECTION("a kick closes the connection on the player's node")
    {
        const auto kicked = desk.done(server::Kick{"carl", "Ton"});
        CHECK(kicked.connections_closed == 1);
        CHECK(kicked.summary == "Carl kicked on node n3 (1 connection closed)");
        CHECK(carl.expect_error("kicked").at("reason") == "Ton");
        const auto closed = carl.wait_closed();
        CHECK(closed.code == 1008);
        CHECK(closed.reason == "kicked by a moderator");
        // Gone from every node: a second kick finds nobody.
        desk.live_when([](const server::LiveView& v) { return !player_in(v, "Carl"); });
        CHECK(desk.refused(server::Kick{"Carl", "Ton"}).code == protocol::ErrorCode::NoSuchNick);
    }
    SECTION("a ban closes the connection on the player's node and refuses the nick on every node")
    {
        const auto banned = desk.done(server::Ban{"Carl", 2 * hour_ms, "Spam"});
        CHECK(banned.summary.starts_with("Carl banned until "));
        const json last = carl.expect_error("banned");
        CHECK(last.at("reason") == "Spam");
        CHECK(last.at("until") == *banned.until_ms);
        CHECK(carl.wait_closed().code == 1008);
        for (auto* node : {one.get(), two.get(), three.get()}) {
            WsTestClient again;
            again.connect(node->port());
            const json refused = until_answer(again, {{"type", "hello"}, {"nick", "Carl"}}, "banned");
            CHECK(refused.value("code", "") == "banned");
        }
        desk.done(server::Unban{"Carl", "Bewährung"});
        WsTestClient back;
        back.connect(three->port());
        CHECK(until_answer(back, {{"type", "hello"}, {"nick", "Carl"}}, "hello_ok").at("type") == "hello_ok");
    }
    SECTION("a mute set on one node silences the player on theirs, an unmute lets them speak again")
    {
        const auto muted = desk.done(server::Mute{"Mia", 34, hour_ms, "Beleidigungen"});
        const json refused = until_answer(mia, {{"type", "room_chat"}, {"room", 34}, {"text", "hallo"}}, "muted");
        CHECK(refused.value("code", "") == "muted");
        CHECK(refused.value("reason", "") == "Beleidigungen");
        CHECK(refused.value("until", std::int64_t{0}) == *muted.until_ms);
        CHECK(mia.request({{"type", "whisper"}, {"to", "Carl"}, {"text", "psst"}}).at("code") == "muted");
        desk.done(server::Unmute{"Mia", 34, "entschuldigt"});
        CHECK(until_answer(mia, {{"type", "room_chat"}, {"room", 34}, {"text", "danke"}}, "ok").at("type") == "ok");
    }
    SECTION("a notice reaches players on other nodes, to everyone and to a room")
    {
        WsTestClient outside;
        outside.connect(three->port());
        outside.hello("Draussen");
        CHECK(desk.done(server::SendNotice{std::nullopt, "Wartung um 22 Uhr"}).summary == "notice sent to everyone");
        for (auto* client : {&mia, &carl, &outside}) {
            const json notice = client->receive_until("notice");
            CHECK(notice.at("from") == "Chefin");
            CHECK(notice.at("text") == "Wartung um 22 Uhr");
        }
        CHECK(desk.done(server::SendNotice{34, "Turnier"}).summary == "notice sent to room 34");
        CHECK(carl.receive_until("notice").at("text") == "Turnier");
        CHECK(mia.receive_until("notice").at("text") == "Turnier");
        for (const json& frame : outside.drain(200ms)) CHECK(frame.value("type", "") != "notice");
    }
}

TEST_CASE("cluster moderation: a node that does not answer makes the view partial and its table busy, in time",
          "[server][cluster][moderation]")
{
    Cluster cluster;
    auto one = cluster.node("n1");
    Desk desk(*one);

    // A node that announces a table and beats, but never answers a question.
    SilentNode silent(*cluster.hub, "mute");

    const auto view = desk.live_when([](const server::LiveView& v) { return table_in(v, 4242) != nullptr; });
    CHECK(view.silent_nodes == std::vector<std::string>{"mute"});
    const auto* listed = table_in(view, 4242);
    CHECK(listed->node == "mute");
    CHECK_FALSE(listed->described);
    CHECK(listed->white == "Stumm");
    CHECK(server::live_json(view, true).at("partial") == true);

    const auto asked = std::chrono::steady_clock::now();
    const auto refused = desk.refused(server::CloseTable{4242, "x"});
    CHECK(std::chrono::steady_clock::now() - asked < 2s);
    CHECK(refused.code == protocol::ErrorCode::Busy);
    CHECK(refused.message ==
          "close_table: node mute did not answer within 500 ms, which has table 4242; whether it was done is "
          "unknown: see the live view");
    CHECK(desk.refused(server::Adjudicate{4242, server::Adjudication::Draw, "x"}).code == protocol::ErrorCode::Busy);
}

TEST_CASE("cluster moderation messages: each survives encoding, a malformed one is an error naming the field",
          "[cluster][moderation]")
{
    auto round_trip = [](const NodeMessage& message) {
        auto decoded = decode_node_message(encode(message));
        REQUIRE(decoded);
        return *decoded;
    };
    server::OnlinePlayer player;
    player.nick = "Anna";
    player.role = protocol::Role::Moderator;
    player.since_ms = 17;
    player.address = "::1";
    player.rooms = {34, -7};
    player.connections = 1;
    server::LiveTable table;
    table.table = 12;
    table.room = 34;
    table.game_id = 99;
    table.black = "Bert";
    table.state = "playing";
    table.time_control_json = R"({"kind":"untimed"})";
    const auto live = std::get<LiveAnswered>(round_trip(LiveAnswered{"n2", 7, {player}, {table}}));
    REQUIRE(live.players.size() == 1);
    CHECK(live.players[0].address == "::1");
    CHECK(live.players[0].role == protocol::Role::Moderator);
    CHECK(live.players[0].rooms == std::vector<std::int64_t>{34, -7});
    REQUIRE(live.tables.size() == 1);
    CHECK(live.tables[0].game_id == 99);
    CHECK_FALSE(live.tables[0].white);

    const auto moderation = std::get<TableModeration>(round_trip(TableModeration{
        "n1", 8, 12, server::Adjudication::Draw, {identity::Principal::Kind::Account, 903}, "Chefin", "Remis"}));
    CHECK(moderation.decision == server::Adjudication::Draw);
    CHECK(moderation.by == identity::Principal{identity::Principal::Kind::Account, 903});
    CHECK_FALSE(std::get<TableModeration>(round_trip(TableModeration{"n1", 9, 12, {}, {}, "Chefin", "zu"})).decision);
    const auto answer = std::get<ModerationAnswered>(
        round_trip(ModerationAnswered{"n2", 8, protocol::ErrorCode::GameOver, "table 12's game is over", 0, 5, 0}));
    CHECK(answer.refused == protocol::ErrorCode::GameOver);
    CHECK(std::get<KickAsked>(round_trip(KickAsked{"n1", 3, "Carl", "Ton"})).nick == "Carl");
    CHECK(std::get<NoticeSent>(round_trip(NoticeSent{"n1", std::nullopt, "Chefin", "Wartung"})).text == "Wartung");
    CHECK(std::get<SanctionsChanged>(round_trip(SanctionsChanged{"n1"})).node == "n1");
    CHECK(std::get<LiveAsked>(round_trip(LiveAsked{"n1", 4, true})).with_addresses);

    CHECK(decode_node_message(R"({"kind":"kick_asked","node":"n1","ask":1,"nick":"","reason":"x"})").error() ==
          "node message: 'nick' must be a nick");
    CHECK(decode_node_message(R"({"kind":"table_moderation","node":"n1","ask":1,"table":5,"decision":"2-0",)"
                              R"("by":{"guest":false,"id":1},"by_nick":"A","reason":"x"})")
              .error() == "node message: 'decision' must be abort, 1-0, 0-1 or 1/2-1/2");
    CHECK(decode_node_message(R"({"kind":"moderation_answered","node":"n2","ask":1,"refused":"oops","message":"",)"
                              R"("room":0,"game_id":0,"closed":0})")
              .error() == "node message: 'refused' must be an error code");
    CHECK(decode_node_message(R"({"kind":"notice_sent","node":"n1","room":null,"from":"Anna","text":""})").error() ==
          "node message: 'text' must have 1 to 500 characters");
    CHECK(decode_node_message(R"({"kind":"live_answered","node":"n2","ask":1,"players":[],"tables":[{"table":1,)"
                              R"("room":2,"game_id":null,"white":null,"black":null,"state":"over",)"
                              R"("time_control":"{}","spectators":0}]})")
              .error() == "node message: 'state' must be waiting, playing or finished");
}
