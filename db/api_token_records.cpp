#include "db/api_token_records.h"

#include <algorithm>

namespace rochade::db {

std::string scopes_text(const std::vector<std::string>& scopes)
{
    std::string text;
    for (const std::string& scope : scopes) {
        if (!text.empty()) text += ' ';
        text += scope;
    }
    return text;
}

std::vector<std::string> parse_scopes(std::string_view text)
{
    std::vector<std::string> scopes;
    while (!text.empty()) {
        const auto space = text.find(' ');
        const std::string_view scope = text.substr(0, space);
        if (!scope.empty()) scopes.emplace_back(scope);
        if (space == std::string_view::npos) break;
        text.remove_prefix(space + 1);
    }
    return scopes;
}

bool scopes_storable(const std::vector<std::string>& scopes)
{
    return std::none_of(scopes.begin(), scopes.end(),
                        [](const std::string& scope) { return scope.empty() || scope.find(' ') != std::string::npos; });
}

} // namespace rochade::db
