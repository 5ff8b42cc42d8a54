#include "protocol/challenge.h"

#include <array>
#include <utility>

namespace rochade::protocol {
namespace {

constexpr std::array<std::pair<DeclineReason, std::string_view>, 11> reason_names{{
    {DeclineReason::Generic, "generic"},
    {DeclineReason::Later, "later"},
    {DeclineReason::TooFast, "too_fast"},
    {DeclineReason::TooSlow, "too_slow"},
    {DeclineReason::TimeControl, "time_control"},
    {DeclineReason::Rated, "rated"},
    {DeclineReason::Casual, "casual"},
    {DeclineReason::Standard, "standard"},
    {DeclineReason::Variant, "variant"},
    {DeclineReason::NoBot, "no_bot"},
    {DeclineReason::OnlyBot, "only_bot"},
}};

} // namespace

std::string_view decline_reason_name(DeclineReason reason)
{
    for (const auto& [value, name] : reason_names)
        if (value == reason) return name;
    return "generic";
}

std::optional<DeclineReason> decline_reason_from_name(std::string_view name)
{
    for (const auto& [value, known] : reason_names)
        if (known == name) return value;
    return std::nullopt;
}

std::string_view challenge_policy_name(ChallengePolicy policy)
{
    switch (policy) {
    case ChallengePolicy::Everyone: return "everyone";
    case ChallengePolicy::RegisteredOnly: return "registered";
    case ChallengePolicy::Nobody: return "nobody";
    }
    return "everyone";
}

std::optional<ChallengePolicy> challenge_policy_from_name(std::string_view name)
{
    for (const auto policy : {ChallengePolicy::Everyone, ChallengePolicy::RegisteredOnly, ChallengePolicy::Nobody})
        if (challenge_policy_name(policy) == name) return policy;
    return std::nullopt;
}

std::string decline_reason_names()
{
    std::string names;
    for (const auto& [value, name] : reason_names) {
        if (!names.empty()) names += ", ";
        names += name;
    }
    return names;
}

} // namespace rochade::protocol
