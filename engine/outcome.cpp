#include "outcome.h"

#include <array>
#include <utility>

namespace rochade {

namespace {

constexpr std::array<std::pair<Termination, std::string_view>, 15> termination_spellings = {{
    {Termination::Checkmate, "checkmate"},
    {Termination::Stalemate, "stalemate"},
    {Termination::FivefoldRepetition, "fivefold_repetition"},
    {Termination::SeventyFiveMoves, "seventyfive_moves"},
    {Termination::DeadPosition, "dead_position"},
    {Termination::ThreefoldRepetition, "threefold_repetition"},
    {Termination::FiftyMoves, "fifty_moves"},
    {Termination::Agreement, "agreement"},
    {Termination::Resignation, "resignation"},
    {Termination::FlagFall, "flag_fall"},
    {Termination::Abandoned, "abandoned"},
    {Termination::Aborted, "aborted"},
    {Termination::Adjudicated, "adjudicated"},
    {Termination::NoFirstMove, "no_first_move"},
    {Termination::Forfeit, "forfeit"},
}};

constexpr std::array<std::pair<Score, std::string_view>, 4> score_spellings = {{
    {Score::WhiteWins, "1-0"},
    {Score::BlackWins, "0-1"},
    {Score::Draw, "1/2-1/2"},
    {Score::Unfinished, "*"},
}};

} // namespace

std::string_view to_text(Termination termination)
{
    for (const auto& [value, text] : termination_spellings)
        if (value == termination) return text;
    return "?";
}

Expected<Termination, std::string> parse_termination(std::string_view text, std::string_view source)
{
    for (const auto& [value, spelling] : termination_spellings)
        if (spelling == text) return value;
    return unexpected("unknown termination '" + std::string(text) + "' in " + std::string(source));
}

std::string termination_texts()
{
    std::string texts;
    for (const auto& [value, text] : termination_spellings) {
        if (!texts.empty()) texts += ", ";
        texts += text;
    }
    return texts;
}

std::string_view to_text(Score score)
{
    for (const auto& [value, text] : score_spellings)
        if (value == score) return text;
    return "?";
}

Expected<Score, std::string> parse_score(std::string_view text, std::string_view source)
{
    for (const auto& [value, spelling] : score_spellings)
        if (spelling == text) return value;
    return unexpected("unknown result '" + std::string(text) + "' in " + std::string(source));
}

std::string_view to_text(Winnability winnability)
{
    switch (winnability) {
    case Winnability::CanMate: return "can_mate";
    case Winnability::CannotMate: return "cannot_mate";
    case Winnability::Undetermined: return "undetermined";
    }
    return "?";
}

Expected<Winnability, std::string> parse_winnability(std::string_view text, std::string_view source)
{
    for (const auto w : {Winnability::CanMate, Winnability::CannotMate, Winnability::Undetermined})
        if (to_text(w) == text) return w;
    return unexpected("unknown winnability '" + std::string(text) + "' in " + std::string(source));
}

} // namespace rochade
