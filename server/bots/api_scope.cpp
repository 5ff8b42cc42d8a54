#include "server/bots/api_scope.h"

#include <array>
#include <utility>

namespace rochade::server::bots {

namespace {

constexpr std::array<std::pair<ApiScope, std::string_view>, 5> scope_names = {{
    {ApiScope::BotPlay, "bot:play"},
    {ApiScope::BoardPlay, "board:play"},
    {ApiScope::ChallengeRead, "challenge:read"},
    {ApiScope::ChallengeWrite, "challenge:write"},
    {ApiScope::TournamentWrite, "tournament:write"},
}};

} // namespace

std::string_view scope_name(ApiScope scope)
{
    for (const auto& [value, name] : scope_names)
        if (value == scope) return name;
    return "?";
}

std::optional<ApiScope> scope_from_name(std::string_view name)
{
    for (const auto& [value, known] : scope_names)
        if (known == name) return value;
    return std::nullopt;
}

const std::vector<ApiScope>& all_scopes()
{
    static const std::vector<ApiScope> scopes = [] {
        std::vector<ApiScope> all;
        for (const auto& entry : scope_names) all.push_back(entry.first);
        return all;
    }();
    return scopes;
}

std::vector<std::string> ScopeSet::names() const
{
    std::vector<std::string> out;
    for (const auto& [value, name] : scope_names)
        if (has(value)) out.emplace_back(name);
    return out;
}

std::optional<ScopeSet> ScopeSet::from_names(const std::vector<std::string>& names, std::string* unknown)
{
    ScopeSet set;
    for (const auto& name : names) {
        const auto scope = scope_from_name(name);
        if (!scope) {
            if (unknown) *unknown = name;
            return std::nullopt;
        }
        set.add(*scope);
    }
    return set;
}

} // namespace rochade::server::bots
