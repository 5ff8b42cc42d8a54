#include "server/cluster/identity_json.h"

#include "protocol/json_field.h"
#include "protocol/role.h"

namespace rochade::server::cluster {

using Json = nlohmann::json;
using protocol::json_field_as;
using protocol::JsonFieldError;

Json identity_json(const identity::Identity& who)
{
    Json value{{"guest", who.principal.guest()},
               {"id", who.principal.id},
               {"nick", who.nick},
               {"role", protocol::role_name(who.role)},
               {"session", who.session_id}};
    // A visitor watching a table of another node (its only request there): nobody seated.
    if (who.principal.visitor()) value["visitor"] = true;
    if (who.bot) value["bot"] = true;
    return value;
}

identity::Identity identity_from(const Json& value)
{
    if (!value.is_object()) throw JsonFieldError{"an identity must be an object"};
    identity::Identity who;
    who.principal.kind =
        json_field_as<bool>(value, "guest") ? identity::Principal::Kind::Guest : identity::Principal::Kind::Account;
    if (const auto visitor = value.find("visitor"); visitor != value.end() && *visitor == true)
        who.principal.kind = identity::Principal::Kind::Visitor;
    who.principal.id = json_field_as<std::int64_t>(value, "id");
    who.nick = json_field_as<std::string>(value, "nick");
    const auto role = protocol::parse_role(json_field_as<std::string>(value, "role"));
    if (!role) throw JsonFieldError{"'role' must be a role's name"};
    who.role = *role;
    who.session_id = json_field_as<std::int64_t>(value, "session");
    if (const auto bot = value.find("bot"); bot != value.end() && *bot == true) who.bot = true;
    return who;
}

} // namespace rochade::server::cluster
