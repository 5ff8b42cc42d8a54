#include "notation.h"

#include <vector>

#include "move_reading.h"

namespace rochade {

Expected<Move, MoveError> parse_move(const Position& pos, std::string_view text)
{
    // SAN readings first, so that an Illegal message speaks of pieces ("no knight move to f3").
    std::vector<MoveReading> readings;
    for (const Language lang : {Language::English, Language::German})
        if (auto reading = san_reading(pos, text, lang)) readings.push_back(std::move(*reading));
    if (auto reading = uci_reading(pos, text)) readings.push_back(std::move(*reading));
    return decide_move(pos, text, readings, "any notation", MoveSpelling::EnglishSan);
}

} // namespace rochade
