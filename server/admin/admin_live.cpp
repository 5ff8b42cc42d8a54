#include "server/admin/admin_live.h"

namespace rochade::server {

using nlohmann::json;

namespace {

json optional_text(const std::optional<std::string>& text) { return text ? json(*text) : json(nullptr); }

} // namespace

json live_json(const LiveView& view, bool admin)
{
    json players = json::array();
    for (const OnlinePlayer& player : view.players) {
        json entry{{"nick", player.nick},
                   {"guest", player.guest},
                   {"role", protocol::role_name(player.role)},
                   {"since", player.since_ms},
                   {"connections", player.connections},
                   {"rooms", player.rooms},
                   {"node", optional_text(player.node)}};
        if (admin && player.address) entry["address"] = *player.address;
        players.push_back(std::move(entry));
    }
    json rooms = json::array();
    for (const LiveRoom& room : view.rooms)
        rooms.push_back({{"number", room.number}, {"name", room.name}, {"members", room.members}});
    json tables = json::array();
    for (const LiveTable& table : view.tables) {
        auto time_control = json::parse(table.time_control_json, nullptr, false);
        tables.push_back({{"table", table.table},
                          {"room", table.room},
                          {"game_id", table.game_id ? json(*table.game_id) : json(nullptr)},
                          {"white", optional_text(table.white)},
                          {"black", optional_text(table.black)},
                          {"state", table.state},
                          {"time_control", time_control.is_discarded() ? json(nullptr) : time_control},
                          {"spectators", table.spectators},
                          {"node", optional_text(table.node)},
                          {"described", table.described}});
    }
    return {{"players", std::move(players)},
            {"rooms", std::move(rooms)},
            {"tables", std::move(tables)},
            {"partial", !view.silent_nodes.empty()},
            {"silent_nodes", view.silent_nodes}};
}

json sanctions_json(const std::vector<db::SanctionRecord>& sanctions, bool admin)
{
    json out = json::array();
    for (const db::SanctionRecord& sanction : sanctions) {
        if (sanction.kind == db::SanctionKind::AddressBan && !admin) continue;
        out.push_back({{"kind", db::sanction_kind_name(sanction.kind)},
                       {"target", sanction.target},
                       {"room", sanction.room == 0 ? json(nullptr) : json(sanction.room)},
                       {"until", sanction.until_ms ? json(*sanction.until_ms) : json(nullptr)},
                       {"reason", sanction.reason},
                       {"by", sanction.by_nick},
                       {"at", sanction.at_ms}});
    }
    return {{"sanctions", std::move(out)}};
}

} // namespace rochade::server
