#include "san.h"

#include "move_reading.h"
#include "movegen.h"

namespace rochade {

namespace {

std::string castling_san(Move m, Language lang)
{
    const bool kingside = m.to() > m.from();
    if (lang == Language::German) return kingside ? "0-0" : "0-0-0";
    return kingside ? "O-O" : "O-O-O";
}

// The file, rank or square that tells `m` apart from the other legal moves of the same piece
// type to the same square; FIDE prefers the file, then the rank, then both.
std::string disambiguation(const Position& pos, Move m)
{
    const PieceType moving = type_of(pos.moved_piece(m));
    bool others = false, file_shared = false, rank_shared = false;
    for (const Move other : legal_moves(pos)) {
        if (other.to() != m.to() || other.from() == m.from() || other.kind() == MoveKind::Castling) continue;
        if (type_of(pos.moved_piece(other)) != moving) continue;
        others = true;
        file_shared |= file_of(other.from()) == file_of(m.from());
        rank_shared |= rank_of(other.from()) == rank_of(m.from());
    }
    if (!others) return "";
    const std::string origin = square_name(m.from());
    if (!file_shared) return origin.substr(0, 1);
    if (!rank_shared) return origin.substr(1, 1);
    return origin;
}

} // namespace

std::string check_mark(const Position& pos, Move m)
{
    const Position next = pos.after(m);
    if (!next.in_check()) return "";
    return has_legal_move(next) ? "+" : "#";
}

std::string to_san(const Position& pos, Move m, Language lang)
{
    if (m.kind() == MoveKind::Castling) return castling_san(m, lang) + check_mark(pos, m);
    const PieceType moving = type_of(pos.moved_piece(m));
    std::string san;
    if (moving == PieceType::Pawn) {
        if (pos.is_capture(m)) san += square_name(m.from()).substr(0, 1) + "x";
        san += square_name(m.to());
        if (m.kind() == MoveKind::Promotion) {
            if (lang == Language::English) san += '=';
            san += piece_letter(m.promotion(), lang);
        }
    } else {
        san += piece_letter(moving, lang);
        san += disambiguation(pos, m);
        if (pos.is_capture(m)) san += 'x';
        san += square_name(m.to());
    }
    return san + check_mark(pos, m);
}

Expected<Move, MoveError> parse_san(const Position& pos, std::string_view text, Language lang)
{
    std::vector<MoveReading> readings;
    if (auto reading = san_reading(pos, text, lang)) readings.push_back(std::move(*reading));
    const bool english = lang == Language::English;
    return decide_move(pos, text, readings, english ? "English SAN" : "German SAN",
                       english ? MoveSpelling::EnglishSan : MoveSpelling::GermanSan);
}

Expected<Move, MoveError> parse_san(const Position& pos, std::string_view text)
{
    std::vector<MoveReading> readings;
    auto spelling = MoveSpelling::EnglishSan;
    if (auto reading = san_reading(pos, text, Language::English)) readings.push_back(std::move(*reading));
    if (auto reading = san_reading(pos, text, Language::German)) {
        if (readings.empty()) spelling = MoveSpelling::GermanSan; // a German text gets German answers
        readings.push_back(std::move(*reading));
    }
    return decide_move(pos, text, readings, "SAN", spelling);
}

} // namespace rochade
