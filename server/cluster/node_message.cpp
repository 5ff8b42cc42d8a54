#include "server/cluster/node_message.h"

#include <array>
#include <set>

#include <nlohmann/json.hpp>

#include "protocol/decode.h"
#include "protocol/json_field.h"
#include "protocol/nick.h"
#include "protocol/role.h"
#include "protocol/table_summary_json.h"
#include "server/cluster/identity_json.h"

namespace rochade::server::cluster {

using Json = nlohmann::json;

namespace {

using protocol::json_field_as;
using protocol::JsonFieldError;

const Json& array_field(const Json& object, const char* name)
{
    const auto found = object.find(name);
    if (found == object.end() || !found->is_array())
        throw JsonFieldError{std::string("'") + name + "' must be an array"};
    return *found;
}

Json member_json(const RoomMember& member)
{
    return Json{
        {"room", member.room}, {"nick", member.nick}, {"guest", member.guest}, {"connection", member.connection}};
}

RoomMember member_from(const Json& value)
{
    if (!value.is_object()) throw JsonFieldError{"a member must be an object"};
    return RoomMember{json_field_as<protocol::RoomNumber>(value, "room"), json_field_as<std::string>(value, "nick"),
                      json_field_as<bool>(value, "guest"), json_field_as<std::uint64_t>(value, "connection")};
}

protocol::TableSummary summary_from(const Json& value)
{
    auto summary = protocol::table_summary_from_json(value);
    if (!summary) throw JsonFieldError{summary.error()};
    return *summary;
}

const Json& object_field(const Json& object, const char* name)
{
    const auto found = object.find(name);
    if (found == object.end() || !found->is_object())
        throw JsonFieldError{std::string("'") + name + "' must be an object"};
    return *found;
}

Json to_json(const NodeUp& m) { return Json{{"kind", "node_up"}, {"node", m.node}}; }
Json to_json(const Heartbeat& m) { return Json{{"kind", "heartbeat"}, {"node", m.node}}; }
Json to_json(const NodeState& m)
{
    Json members = Json::array(), tables = Json::array();
    for (const auto& member : m.members) members.push_back(member_json(member));
    for (const auto& table : m.tables) tables.push_back(Json(protocol::table_summary_to_json(table)));
    return Json{{"kind", "node_state"}, {"node", m.node}, {"members", members}, {"tables", tables}};
}
Json to_json(const Entered& m)
{
    return Json{{"kind", "entered"}, {"node", m.node}, {"member", member_json(m.member)}};
}
Json to_json(const Left& m)
{
    return Json{{"kind", "left"}, {"node", m.node}, {"room", m.room}, {"nick", m.nick}, {"connection", m.connection}};
}
Json to_json(const RoomChatted& m)
{
    return Json{{"kind", "room_chat"}, {"node", m.node}, {"room", m.room}, {"nick", m.nick}, {"text", m.text}};
}
Json to_json(const TableChanged& m)
{
    return Json{
        {"kind", "table_changed"}, {"node", m.node}, {"summary", Json(protocol::table_summary_to_json(m.summary))}};
}
Json to_json(const TableClosed& m)
{
    return Json{{"kind", "table_closed"}, {"node", m.node}, {"room", m.room}, {"table", m.table}};
}
Json to_json(const Whispered& m) { return Json{{"kind", "whisper"}, {"from", m.from}, {"to", m.to}, {"text", m.text}}; }
Json to_json(const Replaced& m) { return Json{{"kind", "replaced"}, {"nick", m.nick}, {"principal", m.principal}}; }

Json to_json(const Invited& m)
{
    return Json{{"kind", "invited"}, {"nick", m.nick}, {"summary", Json(protocol::table_summary_to_json(m.summary))}};
}

Json to_json(const TableRequest& m)
{
    return Json{{"kind", "table_request"},    {"node", m.node},
                {"connection", m.connection}, {"identity", identity_json(m.identity)},
                {"table", m.table},           {"text", m.text}};
}
Json to_json(const ToClients& m)
{
    return Json{{"kind", "to_clients"}, {"connections", m.connections}, {"frame", m.frame}};
}
Json to_json(const CloseClient& m)
{
    return Json{{"kind", "close_client"}, {"connection", m.connection}, {"code", m.code}, {"reason", m.reason}};
}
Json to_json(const ClientGone& m)
{
    return Json{{"kind", "client_gone"}, {"node", m.node}, {"connection", m.connection}, {"tables", m.tables}};
}

// ---- moderation ----------------------------------------------------------------------------

// A reason or a notice's text as a moderator wrote it: the asking node checked it; here only
// that it is there and not past what a frame may hold (the asking node allows 500 characters).
std::string moderator_text(const Json& object, const char* name)
{
    auto text = json_field_as<std::string>(object, name);
    if (text.empty() || text.size() > 4 * 500)
        throw JsonFieldError{std::string("'") + name + "' must have 1 to 500 characters"};
    return text;
}

// An optional string or number: null or absent is none.
template <class T> std::optional<T> nullable(const Json& object, const char* name)
{
    const auto found = object.find(name);
    if (found == object.end() || found->is_null()) return std::nullopt;
    return json_field_as<T>(object, name);
}

Json nullable_json(const auto& value) { return value ? Json(*value) : Json(nullptr); }

std::string checked_nick(const Json& object, const char* name)
{
    auto nick = json_field_as<std::string>(object, name);
    if (protocol::nick_error(nick)) throw JsonFieldError{std::string("'") + name + "' must be a nick"};
    return nick;
}

Json player_json(const OnlinePlayer& p)
{
    return Json{{"nick", p.nick},
                {"guest", p.guest},
                {"role", protocol::role_name(p.role)},
                {"since", p.since_ms},
                {"address", nullable_json(p.address)},
                {"rooms", p.rooms},
                {"connections", p.connections}};
}

OnlinePlayer player_from(const Json& value)
{
    if (!value.is_object()) throw JsonFieldError{"a player must be an object"};
    OnlinePlayer player;
    player.nick = checked_nick(value, "nick");
    player.guest = json_field_as<bool>(value, "guest");
    const auto role = protocol::parse_role(json_field_as<std::string>(value, "role"));
    if (!role) throw JsonFieldError{"'role' must be a role's name"};
    player.role = *role;
    player.since_ms = json_field_as<std::int64_t>(value, "since");
    player.address = nullable<std::string>(value, "address");
    for (const auto& room : array_field(value, "rooms")) {
        if (!room.is_number_integer()) throw JsonFieldError{"'rooms' must hold room numbers"};
        player.rooms.push_back(room.get<std::int64_t>());
    }
    player.connections = json_field_as<int>(value, "connections");
    return player;
}

Json live_table_json(const LiveTable& t)
{
    return Json{{"table", t.table},
                {"room", t.room},
                {"game_id", nullable_json(t.game_id)},
                {"white", nullable_json(t.white)},
                {"black", nullable_json(t.black)},
                {"state", t.state},
                {"time_control", t.time_control_json},
                {"spectators", t.spectators}};
}

LiveTable live_table_from(const Json& value)
{
    if (!value.is_object()) throw JsonFieldError{"a table must be an object"};
    LiveTable table;
    table.table = json_field_as<std::int64_t>(value, "table");
    table.room = json_field_as<std::int64_t>(value, "room");
    table.game_id = nullable<std::int64_t>(value, "game_id");
    table.white = nullable<std::string>(value, "white");
    table.black = nullable<std::string>(value, "black");
    table.state = json_field_as<std::string>(value, "state");
    if (table.state != "waiting" && table.state != "playing" && table.state != "finished")
        throw JsonFieldError{"'state' must be waiting, playing or finished"};
    table.time_control_json = json_field_as<std::string>(value, "time_control");
    const Json time_control = Json::parse(table.time_control_json, nullptr, false);
    if (time_control.is_discarded() || !protocol::parse_time_control(time_control))
        throw JsonFieldError{"'time_control' must be a time control's JSON"};
    table.spectators = json_field_as<int>(value, "spectators");
    return table;
}

Json to_json(const LiveAsked& m)
{
    return Json{{"kind", "live_asked"}, {"node", m.node}, {"ask", m.ask}, {"with_addresses", m.with_addresses}};
}
Json to_json(const LiveAnswered& m)
{
    Json players = Json::array(), tables = Json::array();
    for (const auto& player : m.players) players.push_back(player_json(player));
    for (const auto& table : m.tables) tables.push_back(live_table_json(table));
    return Json{{"kind", "live_answered"}, {"node", m.node}, {"ask", m.ask}, {"players", players}, {"tables", tables}};
}
Json to_json(const TableModeration& m)
{
    return Json{{"kind", "table_moderation"},
                {"node", m.node},
                {"ask", m.ask},
                {"table", m.table},
                {"decision", m.decision ? Json(std::string(adjudication_name(*m.decision))) : Json(nullptr)},
                {"by", Json{{"guest", m.by.guest()}, {"id", m.by.id}}},
                {"by_nick", m.by_nick},
                {"reason", m.reason}};
}
Json to_json(const KickAsked& m)
{
    return Json{{"kind", "kick_asked"}, {"node", m.node}, {"ask", m.ask}, {"nick", m.nick}, {"reason", m.reason}};
}
Json to_json(const ModerationAnswered& m)
{
    return Json{{"kind", "moderation_answered"},
                {"node", m.node},
                {"ask", m.ask},
                {"refused", m.refused ? Json(std::string(protocol::error_code_name(*m.refused))) : Json(nullptr)},
                {"message", m.message},
                {"room", m.room},
                {"game_id", m.game_id},
                {"closed", m.closed}};
}
Json to_json(const SanctionsChanged& m) { return Json{{"kind", "sanctions_changed"}, {"node", m.node}}; }
Json to_json(const NoticeSent& m)
{
    return Json{
        {"kind", "notice_sent"}, {"node", m.node}, {"room", nullable_json(m.room)}, {"from", m.from}, {"text", m.text}};
}

Json to_json(const SeatAwaits& m)
{
    return Json{{"kind", "seat_awaits"}, {"node", m.node}, {"nick", m.nick}, {"table", m.table}};
}

constexpr std::array<std::string_view, 7> relay_kinds{"offer",    "delivered", "refused",      "accepted",
                                                      "declined", "ended",     "open_accepted"};

Json to_json(const ChallengeRelay& m)
{
    return Json{{"kind", "challenge_relay"}, {"node", m.node}, {"relay", relay_kinds[static_cast<std::size_t>(m.kind)]},
                {"challenge", m.challenge},  {"nick", m.nick}, {"rated", m.rated},
                {"frame", m.frame},          {"code", m.code}, {"from_guest", m.from_guest}};
}

NodeMessage challenge_from_json(const std::string& kind, const Json& j)
{
    if (kind == "seat_awaits")
        return SeatAwaits{json_field_as<std::string>(j, "node"), checked_nick(j, "nick"),
                          json_field_as<protocol::TableId>(j, "table")};
    ChallengeRelay relay;
    relay.node = json_field_as<std::string>(j, "node");
    const auto name = json_field_as<std::string>(j, "relay");
    std::size_t index = 0;
    while (index < relay_kinds.size() && relay_kinds[index] != name) ++index;
    if (index == relay_kinds.size()) throw JsonFieldError{"'relay' names no kind of challenge relay: '" + name + "'"};
    relay.kind = static_cast<ChallengeRelay::Kind>(index);
    relay.challenge = json_field_as<std::string>(j, "challenge");
    relay.nick = checked_nick(j, "nick");
    relay.rated = json_field_as<bool>(j, "rated");
    relay.frame = json_field_as<std::string>(j, "frame");
    relay.code = json_field_as<std::string>(j, "code");
    // Absent from a node older than challenge settings: a registered challenger, as before.
    relay.from_guest = j.contains("from_guest") && json_field_as<bool>(j, "from_guest");
    return relay;
}

NodeMessage moderation_from_json(const std::string& kind, const Json& j)
{
    static const std::set<std::string, std::less<>> kinds{"sanctions_changed",  "notice_sent",      "live_asked",
                                                          "live_answered",      "table_moderation", "kick_asked",
                                                          "moderation_answered"};
    if (!kinds.contains(kind)) throw JsonFieldError{"unknown kind '" + kind + "'"};
    const auto node = json_field_as<std::string>(j, "node");
    if (kind == "sanctions_changed") return SanctionsChanged{node};
    if (kind == "notice_sent") {
        const auto room = nullable<protocol::RoomNumber>(j, "room");
        if (room && *room == 0) throw JsonFieldError{"'room' must be a room number or null"};
        return NoticeSent{node, room, checked_nick(j, "from"), moderator_text(j, "text")};
    }
    const auto ask = json_field_as<std::uint64_t>(j, "ask");
    if (kind == "live_asked") return LiveAsked{node, ask, json_field_as<bool>(j, "with_addresses")};
    if (kind == "live_answered") {
        LiveAnswered answer{node, ask, {}, {}};
        for (const auto& player : array_field(j, "players")) answer.players.push_back(player_from(player));
        for (const auto& table : array_field(j, "tables")) answer.tables.push_back(live_table_from(table));
        return answer;
    }
    if (kind == "table_moderation") {
        TableModeration request{node, ask, json_field_as<protocol::TableId>(j, "table"), {}, {}, {}, {}};
        if (request.table <= 0) throw JsonFieldError{"'table' must be a table id"};
        if (const auto decision = nullable<std::string>(j, "decision")) {
            request.decision = parse_adjudication(*decision);
            if (!request.decision) throw JsonFieldError{"'decision' must be abort, 1-0, 0-1 or 1/2-1/2"};
        }
        const Json& by = object_field(j, "by");
        request.by.kind =
            json_field_as<bool>(by, "guest") ? identity::Principal::Kind::Guest : identity::Principal::Kind::Account;
        request.by.id = json_field_as<std::int64_t>(by, "id");
        request.by_nick = checked_nick(j, "by_nick");
        request.reason = moderator_text(j, "reason");
        return request;
    }
    if (kind == "kick_asked") return KickAsked{node, ask, checked_nick(j, "nick"), moderator_text(j, "reason")};
    if (kind == "moderation_answered") {
        ModerationAnswered answer{node,
                                  ask,
                                  {},
                                  json_field_as<std::string>(j, "message"),
                                  json_field_as<protocol::RoomNumber>(j, "room"),
                                  json_field_as<std::int64_t>(j, "game_id"),
                                  json_field_as<int>(j, "closed")};
        if (const auto code = nullable<std::string>(j, "refused")) {
            answer.refused = protocol::parse_error_code(*code);
            if (!answer.refused) throw JsonFieldError{"'refused' must be an error code"};
        }
        if (answer.closed < 0) throw JsonFieldError{"'closed' must not be negative"};
        return answer;
    }
    throw JsonFieldError{"unknown kind '" + kind + "'"};
}

NodeMessage from_json(const Json& j)
{
    const auto kind = json_field_as<std::string>(j, "kind");
    if (kind == "node_up") return NodeUp{json_field_as<std::string>(j, "node")};
    if (kind == "heartbeat") return Heartbeat{json_field_as<std::string>(j, "node")};
    if (kind == "node_state") {
        NodeState state{json_field_as<std::string>(j, "node"), {}, {}};
        for (const auto& member : array_field(j, "members")) state.members.push_back(member_from(member));
        for (const auto& table : array_field(j, "tables")) state.tables.push_back(summary_from(table));
        return state;
    }
    if (kind == "entered")
        return Entered{json_field_as<std::string>(j, "node"), member_from(object_field(j, "member"))};
    if (kind == "left")
        return Left{json_field_as<std::string>(j, "node"), json_field_as<protocol::RoomNumber>(j, "room"),
                    json_field_as<std::string>(j, "nick"), json_field_as<std::uint64_t>(j, "connection")};
    if (kind == "room_chat")
        return RoomChatted{json_field_as<std::string>(j, "node"), json_field_as<protocol::RoomNumber>(j, "room"),
                           json_field_as<std::string>(j, "nick"), json_field_as<std::string>(j, "text")};
    if (kind == "table_changed")
        return TableChanged{json_field_as<std::string>(j, "node"), summary_from(object_field(j, "summary"))};
    if (kind == "table_closed")
        return TableClosed{json_field_as<std::string>(j, "node"), json_field_as<protocol::RoomNumber>(j, "room"),
                           json_field_as<protocol::TableId>(j, "table")};
    if (kind == "whisper")
        return Whispered{json_field_as<std::string>(j, "from"), json_field_as<std::string>(j, "to"),
                         json_field_as<std::string>(j, "text")};
    if (kind == "invited")
        return Invited{json_field_as<std::string>(j, "nick"), summary_from(object_field(j, "summary"))};
    if (kind == "replaced")
        return Replaced{json_field_as<std::string>(j, "nick"), json_field_as<std::string>(j, "principal")};
    if (kind == "table_request")
        return TableRequest{json_field_as<std::string>(j, "node"), json_field_as<std::uint64_t>(j, "connection"),
                            identity_from(object_field(j, "identity")), json_field_as<protocol::TableId>(j, "table"),
                            json_field_as<std::string>(j, "text")};
    if (kind == "to_clients") {
        ToClients to{{}, json_field_as<std::string>(j, "frame")};
        for (const auto& connection : array_field(j, "connections")) {
            if (!connection.is_number_unsigned()) throw JsonFieldError{"'connections' must hold connection ids"};
            to.connections.push_back(connection.get<std::uint64_t>());
        }
        if (to.connections.empty()) throw JsonFieldError{"'connections' must not be empty"};
        return to;
    }
    if (kind == "close_client")
        return CloseClient{json_field_as<std::uint64_t>(j, "connection"), json_field_as<std::uint16_t>(j, "code"),
                           json_field_as<std::string>(j, "reason")};
    if (kind == "client_gone") {
        ClientGone gone{json_field_as<std::string>(j, "node"), json_field_as<std::uint64_t>(j, "connection"), {}};
        for (const auto& table : array_field(j, "tables")) {
            if (!table.is_number_integer()) throw JsonFieldError{"'tables' must hold table ids"};
            gone.tables.push_back(table.get<protocol::TableId>());
        }
        return gone;
    }
    if (kind == "seat_awaits" || kind == "challenge_relay") return challenge_from_json(kind, j);
    return moderation_from_json(kind, j);
}

} // namespace

std::string node_channel(std::string_view node) { return "rochade:node:" + std::string(node); }

std::string encode(const NodeMessage& message)
{
    return std::visit([](const auto& m) { return to_json(m).dump(-1, ' ', false, Json::error_handler_t::replace); },
                      message);
}

rochade::Expected<NodeMessage, std::string> decode_node_message(std::string_view text)
{
    const Json parsed = Json::parse(text, nullptr, /*allow_exceptions=*/false);
    if (parsed.is_discarded()) return rochade::unexpected(std::string("node message: not JSON"));
    if (!parsed.is_object()) return rochade::unexpected(std::string("node message: not a JSON object"));
    try {
        return from_json(parsed);
    } catch (const JsonFieldError& error) {
        return rochade::unexpected("node message: " + error.message);
    }
}

} // namespace rochade::server::cluster
