// Reading and writing UTF-8 one code point at a time, for the nick rules (nick.cpp) and the nick
// skeleton (nick_skeleton.cpp). No Unicode database: only the encoding.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace rochade::protocol {

// One code point read from UTF-8, or `valid == false` at a malformed, overlong or surrogate
// sequence. `length` is how many bytes it took.
struct CodePoint {
    char32_t value = 0;
    int length = 1;
    bool valid = false;
};

CodePoint read_code_point(std::string_view text, std::size_t at);

void append_utf8(std::string& out, char32_t c);

// Whether all of `text` is well-formed UTF-8: no malformed, overlong, surrogate or cut-short
// sequence.
bool is_valid_utf8(std::string_view text);

} // namespace rochade::protocol
