// What an account may do beyond playing. Spelled once here for the wire (hello_ok's "role")
// and for the store, which keeps the same words. The roles are ordered: each may do what the
// ones below it may. A director runs tournaments (docs/tournaments.md, "The service") and has no
// moderator's powers; a moderator or an admin may do what a director may.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace rochade::protocol {

enum class Role : std::uint8_t { Player, Director, Moderator, Admin };

constexpr std::string_view role_name(Role role)
{
    switch (role) {
    case Role::Player: return "player";
    case Role::Director: return "director";
    case Role::Moderator: return "moderator";
    case Role::Admin: return "admin";
    }
    return "player";
}

constexpr std::optional<Role> parse_role(std::string_view name)
{
    for (const Role role : {Role::Player, Role::Director, Role::Moderator, Role::Admin})
        if (role_name(role) == name) return role;
    return std::nullopt;
}

// Whether `role` may do what `needed` may (an admin may do what a moderator may, a moderator
// what a director may).
constexpr bool role_allows(Role role, Role needed) { return static_cast<int>(role) >= static_cast<int>(needed); }

} // namespace rochade::protocol
