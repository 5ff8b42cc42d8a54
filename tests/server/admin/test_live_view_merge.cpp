// admin/live_view_merge.h: the cluster's live view from the nodes' answers. Each player and
// table is named by its node; a silent node is listed and its tables come from the replica,
// undescribed; an answer of the wrong kind counts as silence.
#include <catch2/catch.hpp>

#include "server/admin/live_view_merge.h"

using namespace rochade;

namespace {

server::OnlinePlayer merge_player(std::string nick, std::int64_t since_ms)
{
    server::OnlinePlayer player;
    player.nick = std::move(nick);
    player.since_ms = since_ms;
    return player;
}

server::LiveTable merge_table(std::int64_t id)
{
    server::LiveTable table;
    table.table = id;
    table.state = "playing";
    return table;
}

} // namespace

TEST_CASE("live view merge: answers are named by node, silent nodes by the replica",
          "[moderation][admin][live_view_merge]")
{
    server::LiveView here;
    here.players = {merge_player("Anna", 20)};
    here.players[0].node = "node-a";
    here.tables = {merge_table(5)};
    here.tables[0].node = "node-a";

    server::cluster::NodeAsks::Answers answers;
    answers.emplace("node-b", server::cluster::LiveAnswered{"node-b", 1, {merge_player("Bert", 10)}, {merge_table(3)}});
    // A node that answered with something else than its live view has not answered.
    answers.emplace("node-d", server::cluster::SanctionsChanged{"node-d"});

    protocol::TableSummary waiting;
    waiting.table = 9;
    waiting.room = 34;
    waiting.status = protocol::TableStatus::Waiting;
    waiting.white = "Cleo";
    waiting.spectators = 2;
    const std::map<std::string, std::vector<protocol::TableSummary>> replica{
        {"node-b", {}}, {"node-c", {waiting}}, {"node-d", {}}};

    const auto view = server::merged_live_view(here, answers, {"node-c"}, replica);

    REQUIRE(view.players.size() == 2);
    CHECK(view.players[0].nick == "Bert"); // came first
    CHECK(view.players[0].node == "node-b");
    CHECK(view.players[1].nick == "Anna");
    CHECK(view.players[1].node == "node-a");

    REQUIRE(view.tables.size() == 3);
    CHECK(view.tables[0].table == 3);
    CHECK(view.tables[0].node == "node-b");
    CHECK(view.tables[0].described);
    CHECK(view.tables[1].table == 5);
    CHECK(view.tables[2].table == 9);
    CHECK(view.tables[2].node == "node-c");
    CHECK_FALSE(view.tables[2].described);
    CHECK(view.tables[2].state == "waiting");
    CHECK(view.tables[2].room == 34);
    CHECK(view.tables[2].white == "Cleo");
    CHECK(view.tables[2].spectators == 2);
    CHECK_FALSE(view.tables[2].game_id);

    CHECK(view.silent_nodes == std::vector<std::string>{"node-c", "node-d"});
}

TEST_CASE("live view merge: with nobody else, the view is this node's", "[moderation][admin][live_view_merge]")
{
    server::LiveView here;
    here.players = {merge_player("Anna", 20), merge_player("Bert", 20)};
    const auto view = server::merged_live_view(here, {}, {}, {});
    REQUIRE(view.players.size() == 2);
    CHECK(view.players[0].nick == "Anna");
    CHECK(view.tables.empty());
    CHECK(view.silent_nodes.empty());
}
