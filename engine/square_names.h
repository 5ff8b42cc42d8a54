// Square and piece spellings shared by every notation: "e4", and piece letters in English
// (K Q R B N) and German (K D T L S) as the seed rules write them.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "types.h"

namespace rochade {

enum class Language { English, German };

inline std::string square_name(Square s) { return {char('a' + file_of(s)), char('1' + rank_of(s))}; }

inline std::optional<Square> parse_square(std::string_view text)
{
    if (text.size() != 2 || text[0] < 'a' || text[0] > 'h' || text[1] < '1' || text[1] > '8') return std::nullopt;
    return make_square(text[0] - 'a', text[1] - '1');
}

// Upper-case letter of a piece type in a language; pawns have none in SAN.
constexpr char piece_letter(PieceType t, Language lang)
{
    constexpr char english[] = "PNBRQK";
    constexpr char german[] = "BSLTDK";
    return lang == Language::English ? english[index_of(t)] : german[index_of(t)];
}

constexpr std::optional<PieceType> piece_type_from_letter(char c, Language lang)
{
    for (int t = 0; t < 6; ++t)
        if (piece_letter(PieceType(t), lang) == c) return PieceType(t);
    return std::nullopt;
}

} // namespace rochade
