#include "notation.h"

#include <optional>
#include <vector>

#include "move_reading.h"

namespace rochade {

Expected<Move, MoveError> parse_move(const Position& pos, std::string_view text)
{
    // SAN readings first, so that an Illegal message speaks of pieces ("no knight move to f3").
    // Candidates of an ambiguous text are named in the first notation that read it, so that a
    // German text gets German answers.
    std::vector<MoveReading> readings;
    std::optional<MoveSpelling> spelling;
    if (auto reading = san_reading(pos, text, Language::English)) {
        readings.push_back(std::move(*reading));
        spelling = MoveSpelling::EnglishSan;
    }
    if (auto reading = san_reading(pos, text, Language::German)) {
        readings.push_back(std::move(*reading));
        if (!spelling) spelling = MoveSpelling::GermanSan;
    }
    if (auto reading = uci_reading(pos, text)) {
        readings.push_back(std::move(*reading));
        if (!spelling) spelling = MoveSpelling::Uci;
    }
    return decide_move(pos, text, readings, "any notation", spelling.value_or(MoveSpelling::EnglishSan));
}

} // namespace rochade
