#include "server/admin/live_view_merge.h"

#include <algorithm>
#include <tuple>

#include <nlohmann/json.hpp>

#include "protocol/decode.h"

namespace rochade::server {

namespace {

std::string summary_state(protocol::TableStatus status)
{
    switch (status) {
    case protocol::TableStatus::Waiting: return "waiting";
    case protocol::TableStatus::Playing: return "playing";
    default: return "finished";
    }
}

// A table of a node that did not answer, as this node's replica of its summary has it.
LiveTable replica_table(const protocol::TableSummary& summary, const std::string& node)
{
    LiveTable table;
    table.table = summary.table;
    table.room = summary.room;
    table.white = summary.white;
    table.black = summary.black;
    table.state = summary_state(summary.status);
    table.time_control_json = protocol::time_control_to_json(summary.time_control).dump();
    table.spectators = summary.spectators;
    table.node = node;
    table.described = false;
    return table;
}

} // namespace

LiveView merged_live_view(LiveView view, cluster::NodeAsks::Answers answers, std::set<std::string> silent,
                          const std::map<std::string, std::vector<protocol::TableSummary>>& replica)
{
    for (auto& [node, message] : answers) {
        auto* answer = std::get_if<cluster::LiveAnswered>(&message);
        if (!answer) {
            silent.insert(node); // an answer of the wrong kind is none
            continue;
        }
        for (auto& player : answer->players) {
            player.node = node;
            view.players.push_back(std::move(player));
        }
        for (auto& table : answer->tables) {
            table.node = node;
            view.tables.push_back(std::move(table));
        }
    }
    for (const auto& node : silent) {
        view.silent_nodes.push_back(node);
        if (const auto found = replica.find(node); found != replica.end())
            for (const auto& summary : found->second) view.tables.push_back(replica_table(summary, node));
    }
    std::sort(view.players.begin(), view.players.end(),
              [](const auto& a, const auto& b) { return std::tie(a.since_ms, a.nick) < std::tie(b.since_ms, b.nick); });
    std::sort(view.tables.begin(), view.tables.end(), [](const auto& a, const auto& b) { return a.table < b.table; });
    return view;
}

} // namespace rochade::server
