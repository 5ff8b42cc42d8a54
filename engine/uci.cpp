#include "uci.h"

#include "move_reading.h"
#include "square_names.h"

namespace rochade {

std::string to_uci(const Position& pos, Move m)
{
    Square to = m.to();
    if (m.kind() == MoveKind::Castling && pos.variant() == Variant::Standard)
        to = make_square(to > m.from() ? 6 : 2, rank_of(m.from()));
    std::string text = square_name(m.from()) + square_name(to);
    if (m.kind() == MoveKind::Promotion) text += char(piece_letter(m.promotion(), Language::English) - 'A' + 'a');
    return text;
}

Expected<Move, MoveError> parse_uci(const Position& pos, std::string_view text)
{
    std::vector<MoveReading> readings;
    if (auto reading = uci_reading(pos, text)) readings.push_back(std::move(*reading));
    return decide_move(pos, text, readings, "UCI notation", MoveSpelling::Uci);
}

} // namespace rochade
