// %XX decoding, once for the server: the query strings of the HTTP APIs (api/query_string.cpp,
// where '+' is a space, as HTML forms write it) and the paths of static files
// (net/static_files.cpp, where '+' is itself). Header-only, so that the static-file fuzz target
// compiles its one source without more of the server.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace rochade::server {

enum class PlusSign : bool { IsSpace, IsPlus };

// Nothing for a '%' not followed by two hex digits.
inline std::optional<std::string> percent_decode(std::string_view text, PlusSign plus)
{
    const auto hex_value = [](char c) {
        if (c >= '0' && c <= '9') return c - '0';
        if (c >= 'a' && c <= 'f') return c - 'a' + 10;
        if (c >= 'A' && c <= 'F') return c - 'A' + 10;
        return -1;
    };
    std::string decoded;
    decoded.reserve(text.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '+' && plus == PlusSign::IsSpace) {
            decoded += ' ';
        } else if (c == '%') {
            if (i + 2 >= text.size()) return std::nullopt;
            const int high = hex_value(text[i + 1]), low = hex_value(text[i + 2]);
            if (high < 0 || low < 0) return std::nullopt;
            decoded += static_cast<char>(high * 16 + low);
            i += 2;
        } else {
            decoded += c;
        }
    }
    return decoded;
}

} // namespace rochade::server
