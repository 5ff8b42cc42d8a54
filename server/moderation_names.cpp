// The spellings of server/moderation.h's enums, for the admin API's paths and bodies and for
// the audit log's "action" column.
#include <array>
#include <type_traits>
#include <utility>

#include "server/moderation.h"

namespace rochade::server {

namespace {

constexpr std::array<std::pair<ModerationAction, std::string_view>, 10> action_names = {{
    {ModerationAction::Kick, "kick"},
    {ModerationAction::Mute, "mute"},
    {ModerationAction::Unmute, "unmute"},
    {ModerationAction::Ban, "ban"},
    {ModerationAction::Unban, "unban"},
    {ModerationAction::BanAddress, "ban_address"},
    {ModerationAction::UnbanAddress, "unban_address"},
    {ModerationAction::CloseTable, "close_table"},
    {ModerationAction::Adjudicate, "adjudicate"},
    {ModerationAction::Notice, "notice"},
}};

constexpr std::array<std::pair<Adjudication, std::string_view>, 4> adjudication_names = {{
    {Adjudication::Abort, "abort"},
    {Adjudication::WhiteWins, "1-0"},
    {Adjudication::BlackWins, "0-1"},
    {Adjudication::Draw, "1/2-1/2"},
}};

} // namespace

std::string_view moderation_action_name(ModerationAction action)
{
    for (const auto& [value, name] : action_names)
        if (value == action) return name;
    return "?";
}

std::optional<ModerationAction> parse_moderation_action(std::string_view name)
{
    for (const auto& [value, spelled] : action_names)
        if (spelled == name) return value;
    return std::nullopt;
}

protocol::Role role_needed(ModerationAction action)
{
    return action == ModerationAction::BanAddress || action == ModerationAction::UnbanAddress
               ? protocol::Role::Admin
               : protocol::Role::Moderator;
}

std::string_view adjudication_name(Adjudication adjudication)
{
    for (const auto& [value, name] : adjudication_names)
        if (value == adjudication) return name;
    return "?";
}

std::optional<Adjudication> parse_adjudication(std::string_view text)
{
    for (const auto& [value, name] : adjudication_names)
        if (name == text) return value;
    return std::nullopt;
}

ModerationAction action_of(const ModerationRequest& request)
{
    // The variant's alternatives are in the order of ModerationAction.
    static_assert(std::variant_size_v<ModerationRequest> == action_names.size());
    static_assert(
        std::is_same_v<std::variant_alternative_t<std::size_t(ModerationAction::BanAddress), ModerationRequest>,
                       BanAddress>);
    static_assert(std::is_same_v<std::variant_alternative_t<std::size_t(ModerationAction::Notice), ModerationRequest>,
                                 SendNotice>);
    return static_cast<ModerationAction>(request.index());
}

} // namespace rochade::server
