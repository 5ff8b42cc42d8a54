// What an account may do beyond playing. Spelled once here for the wire (hello_ok's "role")
// and for the store, which keeps the same words.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace rochade::protocol {

enum class Role : std::uint8_t { Player, Moderator, Admin };

constexpr std::string_view role_name(Role role)
{
    switch (role) {
    case Role::Player: return "player";
    case Role::Moderator: return "moderator";
    case Role::Admin: return "admin";
    }
    return "player";
}

constexpr std::optional<Role> parse_role(std::string_view name)
{
    for (const Role role : {Role::Player, Role::Moderator, Role::Admin})
        if (role_name(role) == name) return role;
    return std::nullopt;
}

// Whether `role` may do what `needed` may (an admin may do what a moderator may).
constexpr bool role_allows(Role role, Role needed) { return static_cast<int>(role) >= static_cast<int>(needed); }

} // namespace rochade::protocol
