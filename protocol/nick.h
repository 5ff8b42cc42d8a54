// Nicks: who may be called what, and when two nicks are the same person.
//
// A nick is 2-20 characters (Unicode code points, not bytes) of letters, digits, '_' and '-'.
// Letters are those of the Latin script: ASCII, Latin-1 (ä ö ü Ä Ö Ü ß é ñ ...), Latin
// Extended-A and -B and Latin Extended Additional. Other scripts are refused for now: without
// a Unicode database we cannot fold their case, and look-alike letters (Cyrillic 'а' for
// Latin 'a') would let one player pose as another. Within the Latin script, look-alikes
// ("admın" with a dotless i, "ạdmin", "Adm1n") are kept apart by nick_skeleton.
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

// The form under which no two players may hold look-alike nicks: the key with every letter
// reduced to the ASCII letter(s) it is drawn from (marks, strokes and hooks dropped: ạ -> a,
// ı -> i, ł -> l) and the ASCII look-alikes of Unicode's confusables (UTS #39) merged: 1 and i
// with l, 0 with o, m with rn. "admin", "admın", "ạdmin", "ADMIN" and "Adm1n" all have the
// skeleton "adrnln". Coarser than nick_key:
// equal keys mean equal skeletons. What accounts (a unique column) and players online (the
// lobby's map, the cluster's nick leases) must hold unique; nick_key still names a player.
// Meaningful only for valid nicks. (protocol/nick_skeleton.cpp)
std::string nick_skeleton(std::string_view nick);

} // namespace rochade::protocol
