// The names of the moderation actions and adjudications on the wire and in the audit log, and
// which role each action needs.
#include "server/moderation/moderation.h"

#include <array>
#include <type_traits>
#include <utility>

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

constexpr std::array<Adjudication, 4> adjudications = {Adjudication::Abort, Adjudication::WhiteWins,
                                                       Adjudication::BlackWins, Adjudication::Draw};

} // namespace

std::string_view moderation_action_name(ModerationAction action)
{
    for (const auto& [value, name] : action_names)
        if (value == action) return name;
    return "?";
}

std::optional<ModerationAction> parse_moderation_action(std::string_view name)
{
    for (const auto& [value, text] : action_names)
        if (text == name) return value;
    return std::nullopt;
}

protocol::Role role_needed(ModerationAction action)
{
    const bool admins_only = action == ModerationAction::BanAddress || action == ModerationAction::UnbanAddress;
    return admins_only ? protocol::Role::Admin : protocol::Role::Moderator;
}

// An abort is the one decision not spelled as its score ("*"), which the moderators' API refuses.
std::string_view adjudication_name(Adjudication adjudication)
{
    return adjudication == Adjudication::Abort ? "abort" : to_text(score_of(adjudication));
}

std::optional<Adjudication> parse_adjudication(std::string_view text)
{
    for (const Adjudication adjudication : adjudications)
        if (adjudication_name(adjudication) == text) return adjudication;
    return std::nullopt;
}

ModerationAction action_of(const ModerationRequest& request)
{
    // The variant's alternatives are in the order of the enum.
    static_assert(std::is_same_v<std::variant_alternative_t<0, ModerationRequest>, Kick>);
    static_assert(std::is_same_v<std::variant_alternative_t<5, ModerationRequest>, BanAddress>);
    static_assert(std::is_same_v<std::variant_alternative_t<9, ModerationRequest>, SendNotice>);
    return static_cast<ModerationAction>(request.index());
}

} // namespace rochade::server
