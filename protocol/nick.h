// Nicks: who may be called what, and when two nicks are the same person.
//
// A nick is 2-20 characters (Unicode code points, not bytes) of letters, digits, '_' and '-'.
// Letters are those of the Latin script: ASCII, Latin-1 (ä ö ü Ä Ö Ü ß é ñ ...), Latin
// Extended-A and -B and Latin Extended Additional. Other scripts are refused for now: without
// a Unicode database we cannot fold their case, and look-alike letters (Cyrillic 'а' for
// Latin 'a') would let one player pose as another.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace rochade::protocol {

inline constexpr int min_nick_chars = 2;
inline constexpr int max_nick_chars = 20;

// Why `nick` is not a valid nick ("nick 'a b' contains a space at character 2"), or nothing
// when it is valid. The text is UTF-8; invalid UTF-8 is refused.
std::optional<std::string> nick_error(std::string_view nick);

// The case-folded form under which nicks are unique: "Jürgen", "JÜRGEN" and "jürgen" share one
// key, and so do "Strauß" and "STRAUSS" (ß and ẞ fold to "ss", as in Unicode's full case
// folding). Meaningful only for valid nicks.
std::string nick_key(std::string_view nick);

} // namespace rochade::protocol
