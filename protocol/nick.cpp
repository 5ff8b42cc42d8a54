#include "protocol/nick.h"

#include <cstdint>

#include "protocol/utf8.h"

namespace rochade::protocol {
namespace {

bool is_ascii_letter(char32_t c) { return (c >= U'a' && c <= U'z') || (c >= U'A' && c <= U'Z'); }

// The Latin script's letters: Latin-1's letters, Latin Extended-A and -B (less the four click
// letters U+01C0-U+01C3, which look like punctuation) and Latin Extended Additional.
bool is_latin_letter(char32_t c)
{
    if (is_ascii_letter(c)) return true;
    if (c >= 0xC0 && c <= 0xFF) return c != 0xD7 && c != 0xF7;
    if (c >= 0x100 && c <= 0x24F) return c < 0x1C0 || c > 0x1C3;
    return c >= 0x1E00 && c <= 0x1EFF;
}

// In the Latin Extended blocks most capitals sit right before their small letter, on even
// code points in some runs and odd ones in others.
constexpr bool pairs_at(char32_t c, char32_t first, char32_t last)
{
    return c >= first && c <= last && (c - first) % 2 == 0;
}

// Unicode's simple case folding for the letters is_latin_letter admits (the common ones; a
// rare capital left unfolded only lets two look-alike nicks coexist, it never merges two).
char32_t fold_latin(char32_t c)
{
    if (c >= U'A' && c <= U'Z') return c + 0x20;
    if (c >= 0xC0 && c <= 0xDE && c != 0xD7) return c + 0x20;
    if (c == 0x130) return U'i'; // İ
    if (c == 0x178) return 0xFF; // Ÿ
    if (c == 0x17F) return U's'; // long s
    if (pairs_at(c, 0x100, 0x12E) || pairs_at(c, 0x132, 0x136) || pairs_at(c, 0x139, 0x147) ||
        pairs_at(c, 0x14A, 0x176) || pairs_at(c, 0x179, 0x17D))
        return c + 1;
    if (c == 0x1C4 || c == 0x1C5) return 0x1C6; // DŽ Dž -> dž
    if (c == 0x1C7 || c == 0x1C8) return 0x1C9;
    if (c == 0x1CA || c == 0x1CB) return 0x1CC;
    if (c == 0x1F1 || c == 0x1F2) return 0x1F3;
    if (pairs_at(c, 0x1A0, 0x1A4) || c == 0x1AF || pairs_at(c, 0x1CD, 0x1DB) || pairs_at(c, 0x1DE, 0x1EE) ||
        pairs_at(c, 0x1F8, 0x21E) || pairs_at(c, 0x222, 0x232) || pairs_at(c, 0x246, 0x24E))
        return c + 1;
    if (pairs_at(c, 0x1E00, 0x1E94) || pairs_at(c, 0x1EA0, 0x1EFE)) return c + 1;
    return c;
}

} // namespace

std::optional<std::string> nick_error(std::string_view nick)
{
    int chars = 0;
    for (std::size_t at = 0; at < nick.size();) {
        const CodePoint cp = read_code_point(nick, at);
        if (!cp.valid) return "nick is not valid UTF-8 (at byte " + std::to_string(at + 1) + ")";
        ++chars;
        const char32_t c = cp.value;
        const std::string where = " at character " + std::to_string(chars);
        if (c == U' ') return "nick must not contain a space (found one" + where + ")";
        if (c < 0x20 || (c >= 0x7F && c < 0xA0))
            return "nick must not contain a control character (found one" + where + ")";
        if (!is_latin_letter(c) && !(c >= U'0' && c <= U'9') && c != U'_' && c != U'-') {
            return "nick may contain only letters, digits, '_' and '-'; '" + std::string(nick.substr(at, cp.length)) +
                   "'" + where + " is none of them";
        }
        at += static_cast<std::size_t>(cp.length);
    }
    if (chars < min_nick_chars || chars > max_nick_chars) {
        return "nick must be " + std::to_string(min_nick_chars) + "-" + std::to_string(max_nick_chars) +
               " characters long, not " + std::to_string(chars);
    }
    return std::nullopt;
}

std::string nick_key(std::string_view nick)
{
    std::string key;
    key.reserve(nick.size());
    for (std::size_t at = 0; at < nick.size();) {
        const CodePoint cp = read_code_point(nick, at);
        if (!cp.valid) { // not a valid nick; keep the byte so that distinct inputs stay distinct
            key += nick[at++];
            continue;
        }
        if (cp.value == 0xDF || cp.value == 0x1E9E) { // ß, ẞ: full case folding gives "ss"
            key += "ss";
        } else {
            append_utf8(key, fold_latin(cp.value));
        }
        at += static_cast<std::size_t>(cp.length);
    }
    return key;
}

} // namespace rochade::protocol
