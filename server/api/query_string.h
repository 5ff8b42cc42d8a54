// The parameters of a URL's query ("player=Anna&room=34"), for the admin API's searches.
// Percent escapes are decoded and '+' is a space, as a browser's URLSearchParams writes them.
// Strict, so that a typo never passes as "no filter": a name outside `known`, a name given
// twice or a broken escape is an error naming it. An empty value ("player=") is no value at
// all, as a form with an empty field sends it.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "engine/expected.h"

namespace rochade::server {

class QueryParameters {
public:
    // The value of `name`, if the query gave one.
    std::optional<std::string> get(std::string_view name) const;
    void set(std::string name, std::string value) { values_[std::move(name)] = std::move(value); }
    bool has(std::string_view name) const { return values_.find(name) != values_.end(); }

private:
    std::map<std::string, std::string, std::less<>> values_;
};

// `query` is the part of the target after '?', without it.
Expected<QueryParameters, std::string> parse_query(std::string_view query,
                                                   std::initializer_list<std::string_view> known);

// A decimal integer (an optional '-', then at most 18 digits); nothing for other text.
std::optional<std::int64_t> parse_integer(std::string_view text);

// "%41+b" -> "A b"; nothing for a '%' not followed by two hex digits.
std::optional<std::string> percent_decode(std::string_view text);

} // namespace rochade::server
