#include "db/analysis_records.h"

#include <charconv>

namespace rochade::db {

std::string evaluations_text(const std::vector<PositionEvaluation>& evaluations)
{
    std::string text;
    for (const auto& evaluation : evaluations) {
        if (!text.empty()) text += ' ';
        if (evaluation.mate)
            text += '#' + std::to_string(*evaluation.mate);
        else
            text += std::to_string(evaluation.centipawns.value_or(0));
    }
    return text;
}

rochade::Expected<std::vector<PositionEvaluation>, std::string> parse_evaluations(std::string_view text,
                                                                                  std::string_view source)
{
    std::vector<PositionEvaluation> evaluations;
    std::size_t start = 0;
    while (start <= text.size() && !text.empty()) {
        const std::size_t end = std::min(text.find(' ', start), text.size());
        std::string_view word = text.substr(start, end - start);
        const bool mate = word.starts_with('#');
        if (mate) word.remove_prefix(1);
        int value = 0;
        const auto [rest, error] = std::from_chars(word.data(), word.data() + word.size(), value);
        if (word.empty() || error != std::errc() || rest != word.data() + word.size())
            return rochade::unexpected(std::string(source) + ": position " + std::to_string(evaluations.size()) +
                                       " is not an evaluation ('" + std::string(text.substr(start, end - start)) +
                                       "')");
        evaluations.push_back(mate ? PositionEvaluation{std::nullopt, value} : PositionEvaluation{value, std::nullopt});
        start = end + 1;
    }
    return evaluations;
}

} // namespace rochade::db
