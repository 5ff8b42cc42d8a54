#include "server/api/query_string.h"

#include "server/base/percent_decode.h"

#include <algorithm>
#include <charconv>
#include <set>

namespace rochade::server {

std::optional<std::string> QueryParameters::get(std::string_view name) const
{
    const auto found = values_.find(name);
    if (found == values_.end()) return std::nullopt;
    return found->second;
}

std::optional<std::int64_t> parse_integer(std::string_view text)
{
    std::int64_t value = 0;
    if (text.empty() || text.size() > 19) return std::nullopt;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
    return value;
}

std::optional<std::string> percent_decode(std::string_view text) { return percent_decode(text, PlusSign::IsSpace); }

Expected<QueryParameters, std::string> parse_query(std::string_view query,
                                                   std::initializer_list<std::string_view> known)
{
    QueryParameters parameters;
    std::set<std::string, std::less<>> seen; // to refuse a name given twice
    while (!query.empty()) {
        const auto end = query.find('&');
        const std::string_view pair = query.substr(0, end);
        query = end == std::string_view::npos ? std::string_view() : query.substr(end + 1);
        if (pair.empty()) continue; // "a=1&&b=2"
        const auto equals = pair.find('=');
        const auto name = percent_decode(pair.substr(0, equals));
        if (!name)
            return unexpected("query parameter '" + std::string(pair.substr(0, equals)) + "' is not well encoded");
        if (std::find(known.begin(), known.end(), *name) == known.end()) {
            std::string names;
            for (const auto known_name : known) names += (names.empty() ? "" : ", ") + std::string(known_name);
            return unexpected("unknown query parameter '" + *name + "' (known: " + names + ")");
        }
        if (!seen.insert(*name).second) return unexpected("query parameter '" + *name + "' is given twice");
        const auto value = percent_decode(equals == std::string_view::npos ? "" : pair.substr(equals + 1));
        if (!value) return unexpected("query parameter '" + *name + "': the value is not well encoded");
        if (!value->empty()) parameters.set(*name, *value);
    }
    return parameters;
}

} // namespace rochade::server
