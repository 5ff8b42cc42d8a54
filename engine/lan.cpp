#include "lan.h"

#include "san.h"

namespace rochade {

std::string to_lan(const Position& pos, Move m, Language lang)
{
    // Castling is spelled as in SAN; nothing more can be said about it.
    if (m.kind() == MoveKind::Castling) return to_san(pos, m, lang);
    const PieceType moving = type_of(pos.moved_piece(m));
    std::string lan;
    if (moving != PieceType::Pawn) lan += piece_letter(moving, lang);
    lan += square_name(m.from());
    lan += pos.is_capture(m) ? 'x' : '-';
    lan += square_name(m.to());
    if (m.kind() == MoveKind::Promotion) {
        if (lang == Language::English) lan += '=';
        lan += piece_letter(m.promotion(), lang);
    }
    if (m.kind() == MoveKind::EnPassant) lan += " e.p.";
    return lan + check_mark(pos, m);
}

} // namespace rochade
