#include "server/cluster/node_message.h"

#include <nlohmann/json.hpp>

#include "protocol/json_field.h"
#include "protocol/role.h"
#include "protocol/table_summary_json.h"

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
    return Json{{"room", member.room}, {"nick", member.nick}, {"guest", member.guest}};
}

RoomMember member_from(const Json& value)
{
    if (!value.is_object()) throw JsonFieldError{"a member must be an object"};
    return RoomMember{json_field_as<protocol::RoomNumber>(value, "room"), json_field_as<std::string>(value, "nick"),
                      json_field_as<bool>(value, "guest")};
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
Json to_json(const Left& m) { return Json{{"kind", "left"}, {"node", m.node}, {"room", m.room}, {"nick", m.nick}}; }
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

Json identity_json(const identity::Identity& who)
{
    return Json{{"guest", who.principal.guest()},
                {"id", who.principal.id},
                {"nick", who.nick},
                {"role", protocol::role_name(who.role)},
                {"session", who.session_id}};
}

identity::Identity identity_from(const Json& value)
{
    identity::Identity who;
    who.principal.kind =
        json_field_as<bool>(value, "guest") ? identity::Principal::Kind::Guest : identity::Principal::Kind::Account;
    who.principal.id = json_field_as<std::int64_t>(value, "id");
    who.nick = json_field_as<std::string>(value, "nick");
    const auto role = protocol::parse_role(json_field_as<std::string>(value, "role"));
    if (!role) throw JsonFieldError{"'role' must be a role's name"};
    who.role = *role;
    who.session_id = json_field_as<std::int64_t>(value, "session");
    return who;
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
                    json_field_as<std::string>(j, "nick")};
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
    throw JsonFieldError{"unknown kind '" + kind + "'"};
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
