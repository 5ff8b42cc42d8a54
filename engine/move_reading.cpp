#include "move_reading.h"

#include <algorithm>

#include "movegen.h"
#include "san.h"
#include "uci.h"

namespace rochade {

namespace {

constexpr bool is_file(char c) { return c >= 'a' && c <= 'h'; }
constexpr bool is_rank(char c) { return c >= '1' && c <= '8'; }
constexpr bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

std::string_view trim(std::string_view s)
{
    while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
    while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
    return s;
}

const char* piece_name(PieceType t)
{
    constexpr const char* names[] = {"pawn", "knight", "bishop", "rook", "queen", "king"};
    return t == PieceType::None ? "piece" : names[index_of(t)];
}

// "O-O", "0-0", "O-O-O", "0-0-0", with or without the hyphens: 2 or 3 letters, else 0.
int castling_letters(std::string_view s)
{
    int letters = 0;
    bool after_letter = false;
    for (char c : s) {
        if (c == 'O' || c == 'o' || c == '0') {
            ++letters;
            after_letter = true;
        } else if (c == '-' && after_letter) {
            after_letter = false;
        } else {
            return 0;
        }
    }
    return after_letter && (letters == 2 || letters == 3) ? letters : 0;
}

// The piece a leading capital names. English writes pawns without a letter but 'P' is sometimes
// seen. German SAN writes pawn moves without a letter too (the seed rules: "cxd8D"), so a
// leading 'B' (Bauer) is not read as a pawn: in a text of unknown language it would clash with
// the English bishop, and "Ba6" must mean the bishop even when a pawn could go to a6.
std::optional<PieceType> leading_piece(char c, Language lang)
{
    if (lang == Language::English && c == 'P') return PieceType::Pawn;
    if (lang == Language::German && c == 'B') return std::nullopt;
    return piece_type_from_letter(c, lang);
}

// Promotion letters of either language are accepted in both: none of them collides, since a
// pawn never promotes to a pawn, so 'B' there can only be the English bishop. Lower case
// q r b n are UCI's spelling.
std::optional<PieceType> promotion_piece(char c)
{
    switch (c) {
    case 'Q':
    case 'D':
    case 'q': return PieceType::Queen;
    case 'R':
    case 'T':
    case 'r': return PieceType::Rook;
    case 'B':
    case 'L':
    case 'b': return PieceType::Bishop;
    case 'N':
    case 'S':
    case 'n': return PieceType::Knight;
    default: return std::nullopt;
    }
}

std::string describe_wanted(const MovePattern& p)
{
    if (p.castling != MovePattern::Castling::None)
        return p.castling == MovePattern::Castling::Kingside ? "no castling kingside" : "no castling queenside";
    std::string text = "no ";
    if (p.piece) text += std::string(piece_name(*p.piece)) + " ";
    text += "move";
    if (p.from_file >= 0 && p.from_rank >= 0)
        text += " from " + square_name(make_square(p.from_file, p.from_rank));
    else if (p.from_file >= 0)
        text += std::string(" from the ") + char('a' + p.from_file) + "-file";
    else if (p.from_rank >= 0)
        text += " from rank " + std::to_string(p.from_rank + 1);
    text += " to " + square_name(p.to);
    if (p.promotion) text += std::string(" promoting to a ") + piece_name(*p.promotion);
    return text;
}

std::string spell(const Position& pos, Move m, MoveSpelling spelling)
{
    switch (spelling) {
    case MoveSpelling::Uci: return to_uci(pos, m);
    case MoveSpelling::GermanSan: return to_san(pos, m, Language::German);
    case MoveSpelling::EnglishSan: break;
    }
    return to_san(pos, m, Language::English);
}

std::string quoted(std::string_view text)
{
    std::string q;
    q.reserve(text.size() + 2);
    q += '\'';
    q += text;
    q += '\'';
    return q;
}

} // namespace

std::string_view strip_move_annotations(std::string_view text)
{
    std::string_view s = trim(text);
    for (;;) {
        if (!s.empty() && (s.back() == '+' || s.back() == '#' || s.back() == '!' || s.back() == '?'))
            s.remove_suffix(1);
        else if (s.size() > 4 && s.ends_with("e.p."))
            s.remove_suffix(4);
        else if (s.size() > 2 && s.ends_with("ep"))
            s.remove_suffix(2);
        else
            break;
        s = trim(s);
    }
    return s;
}

// Grammar, read from the back because the destination is the one part always present:
//   [piece letter] [from file] [from rank] [x : -] to-square [promotion: Q =Q (Q) /Q]
// The capture mark is optional and not checked: the destination square already says whether a
// move captures, so "Nf3" and "Nxf3" cannot name different moves.
std::optional<MovePattern> read_san_pattern(std::string_view text, Language lang)
{
    std::string_view s = strip_move_annotations(text);
    MovePattern p;
    if (const int letters = castling_letters(s)) {
        p.castling = letters == 2 ? MovePattern::Castling::Kingside : MovePattern::Castling::Queenside;
        return p;
    }
    if (!s.empty() && s.front() >= 'A' && s.front() <= 'Z') {
        p.piece = leading_piece(s.front(), lang);
        if (!p.piece) return std::nullopt;
        s.remove_prefix(1);
    }
    if (s.size() >= 3 && s.back() == ')' && s[s.size() - 3] == '(') {
        p.promotion = promotion_piece(s[s.size() - 2]);
        if (!p.promotion) return std::nullopt;
        s.remove_suffix(3);
    } else if (!s.empty() && promotion_piece(s.back())) {
        p.promotion = promotion_piece(s.back());
        s.remove_suffix(1);
        if (!s.empty() && (s.back() == '=' || s.back() == '/')) s.remove_suffix(1);
    }
    if (s.size() < 2 || !is_file(s[s.size() - 2]) || !is_rank(s.back())) return std::nullopt;
    p.to = make_square(s[s.size() - 2] - 'a', s.back() - '1');
    s.remove_suffix(2);
    if (!s.empty() && (s.back() == 'x' || s.back() == ':' || s.back() == '-')) s.remove_suffix(1);
    if (!s.empty() && is_file(s.front())) {
        p.from_file = s.front() - 'a';
        s.remove_prefix(1);
    }
    if (!s.empty() && is_rank(s.front())) {
        p.from_rank = s.front() - '1';
        s.remove_prefix(1);
    }
    if (!s.empty()) return std::nullopt;

    const bool full_origin = p.from_file >= 0 && p.from_rank >= 0;
    if (!p.piece) {
        // Without a letter it is a pawn move, unless the origin square is written in full.
        if (p.from_rank >= 0 && !full_origin) return std::nullopt;
        if (!full_origin) p.piece = PieceType::Pawn;
    }
    if (p.promotion && p.piece && *p.piece != PieceType::Pawn) return std::nullopt;
    return p;
}

MoveReading match_san_pattern(const Position& pos, const MovePattern& p)
{
    MoveReading reading{{}, describe_wanted(p)};
    const bool full_origin = p.from_file >= 0 && p.from_rank >= 0;
    for (const Move m : legal_moves(pos)) {
        const Square from = m.from();
        const PieceType moving = type_of(pos.moved_piece(m));
        if (p.castling != MovePattern::Castling::None) {
            const bool kingside = m.to() > from;
            if (m.kind() == MoveKind::Castling && kingside == (p.castling == MovePattern::Castling::Kingside))
                reading.moves.push_back(m);
            continue;
        }
        if (p.piece && *p.piece != moving) continue;
        if (p.from_file >= 0 && file_of(from) != p.from_file) continue;
        if (p.from_rank >= 0 && rank_of(from) != p.from_rank) continue;
        if (m.kind() == MoveKind::Castling) {
            // Written as a king move from a full origin: to the king's square (e1-g1) or onto
            // the rook (e1xh1, as Chess960 programs write it); in Chess960 only onto the rook,
            // as in UCI (uci.h).
            const Square king_to = make_square(m.to() > from ? 6 : 2, rank_of(from));
            const bool to_king_square = p.to == king_to && pos.variant() == Variant::Standard;
            if (full_origin && (to_king_square || p.to == m.to())) reading.moves.push_back(m);
            continue;
        }
        if (m.to() != p.to) continue;
        // A pawn move without an origin file is a push: "c4" never means "bxc4".
        if (moving == PieceType::Pawn && p.from_file < 0 && file_of(from) != file_of(m.to())) continue;
        if (p.promotion && m.promotion() != *p.promotion) continue;
        reading.moves.push_back(m);
    }
    return reading;
}

std::optional<MoveReading> san_reading(const Position& pos, std::string_view text, Language lang)
{
    const auto pattern = read_san_pattern(text, lang);
    if (!pattern) return std::nullopt;
    return match_san_pattern(pos, *pattern);
}

std::optional<MoveReading> uci_reading(const Position& pos, std::string_view text)
{
    const std::string_view s = trim(text);
    if (s.size() != 4 && s.size() != 5) return std::nullopt;
    const auto from = parse_square(s.substr(0, 2));
    const auto to = parse_square(s.substr(2, 2));
    if (!from || !to) return std::nullopt;
    std::optional<PieceType> promotion;
    if (s.size() == 5) {
        promotion = promotion_piece(s[4]);
        if (!promotion) return std::nullopt;
    }
    MoveReading reading{{}, "no move from " + square_name(*from) + " to " + square_name(*to)};
    for (const Move m : legal_moves(pos)) {
        if (m.from() != *from) continue;
        // Castling is the king's two-square move (e1g1) or, Chess960 style, king takes rook (e1h1);
        // in Chess960 only the latter (uci.h says why).
        const bool lands = m.to() == *to || (m.kind() == MoveKind::Castling && pos.variant() == Variant::Standard &&
                                             *to == make_square(m.to() > m.from() ? 6 : 2, rank_of(m.from())));
        if (!lands) continue;
        if (promotion && m.promotion() != *promotion) continue;
        reading.moves.push_back(m);
    }
    return reading;
}

Expected<Move, MoveError> decide_move(const Position& pos, std::string_view text, std::span<const MoveReading> readings,
                                      std::string_view notation, MoveSpelling spelling)
{
    const std::string_view shown = trim(text);
    if (readings.empty())
        return unexpected(
            MoveError{MoveErrorKind::Invalid, quoted(shown) + ": not a move in " + std::string(notation)});
    std::vector<Move> moves;
    for (const MoveReading& reading : readings)
        for (const Move m : reading.moves)
            if (std::find(moves.begin(), moves.end(), m) == moves.end()) moves.push_back(m);
    if (moves.size() == 1) return moves.front();
    if (moves.empty())
        return unexpected(MoveError{MoveErrorKind::Illegal,
                                    quoted(shown) + ": illegal in this position (" + readings.front().wanted + ")"});
    std::string message = quoted(shown) + ": ambiguous, could be ";
    for (std::size_t i = 0; i < moves.size(); ++i) {
        if (i > 0) message += i + 1 == moves.size() ? " or " : ", ";
        message += spell(pos, moves[i], spelling);
    }
    return unexpected(MoveError{MoveErrorKind::Ambiguous, message});
}

} // namespace rochade
