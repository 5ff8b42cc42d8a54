#include "fen.h"

#include <charconv>
#include <vector>

#include "movegen.h"
#include "square_names.h"

namespace rochade {

namespace {

Unexpected<FenParseError> fail(FenError code, std::string message)
{
    return unexpected(FenParseError{code, std::move(message)});
}

std::vector<std::string_view> split_fields(std::string_view text)
{
    std::vector<std::string_view> fields;
    std::size_t i = 0;
    while (i < text.size()) {
        while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
        const std::size_t start = i;
        while (i < text.size() && text[i] != ' ' && text[i] != '\t') ++i;
        if (i > start) fields.push_back(text.substr(start, i - start));
    }
    return fields;
}

std::optional<Piece> piece_from_fen_letter(char c)
{
    const bool white = c >= 'A' && c <= 'Z';
    const char upper = white ? c : char(c - 'a' + 'A');
    const auto type = piece_type_from_letter(upper, Language::English);
    if (!type || (c < 'A' || (c > 'Z' && c < 'a') || c > 'z')) return std::nullopt;
    return make_piece(white ? Color::White : Color::Black, *type);
}

char fen_letter(Piece p)
{
    const char upper = piece_letter(type_of(p), Language::English);
    return color_of(p) == Color::White ? upper : char(upper - 'A' + 'a');
}

std::optional<FenParseError> parse_placement(std::string_view field, Setup& setup)
{
    int rank = 7, file = 0;
    bool last_was_digit = false;
    auto rank_label = [&] { return "rank " + std::to_string(rank + 1); };
    for (char c : field) {
        if (c == '/') {
            if (file < 8)
                return FenParseError{FenError::RankTooShort, "FEN piece placement: " + rank_label() + " has only " +
                                                                 std::to_string(file) + " squares"};
            if (--rank < 0) return FenParseError{FenError::WrongRankCount, "FEN piece placement: more than 8 ranks"};
            file = 0;
            last_was_digit = false;
            continue;
        }
        if (c >= '0' && c <= '9') {
            if (c == '0' || c == '9')
                return FenParseError{FenError::BadDigit, "FEN piece placement: " + rank_label() + ": digit '" +
                                                             std::string(1, c) +
                                                             "' (empty squares are counted 1 to 8)"};
            if (last_was_digit)
                return FenParseError{FenError::BadDigit,
                                     "FEN piece placement: " + rank_label() + ": two digits in a row"};
            file += c - '0';
            last_was_digit = true;
        } else {
            const auto piece = piece_from_fen_letter(c);
            if (!piece)
                return FenParseError{FenError::BadPieceLetter, "FEN piece placement: " + rank_label() + ": '" +
                                                                   std::string(1, c) + "' is not a piece letter"};
            if (file < 8) setup.board[index_of(make_square(file, rank))] = *piece;
            ++file;
            last_was_digit = false;
        }
        if (file > 8)
            return FenParseError{FenError::RankTooLong,
                                 "FEN piece placement: " + rank_label() + " has more than 8 squares"};
    }
    if (rank > 0)
        return FenParseError{FenError::WrongRankCount,
                             "FEN piece placement: only " + std::to_string(8 - rank) + " ranks, need 8"};
    if (file < 8)
        return FenParseError{FenError::RankTooShort,
                             "FEN piece placement: " + rank_label() + " has only " + std::to_string(file) + " squares"};
    return std::nullopt;
}

// The rook a castling letter names. K, Q, k and q (standard FEN and X-FEN) name the outermost
// rook on that side of the king; a file letter (Shredder-FEN, and X-FEN where the outermost rook
// is not the castling one) names the rook on that file, its side of the king giving the right.
// A letter that names no rook still gets a square, the standard corner or the named file, so that
// Position::from_setup can say what is missing (CastlingWithoutKing, CastlingWithoutRook).
struct CastlingLetter {
    CastlingRight right;
    Square rook;
};

std::optional<CastlingLetter> read_castling_letter(char c, const Setup& setup)
{
    const bool white = c >= 'A' && c <= 'Z';
    const Color color = white ? Color::White : Color::Black;
    const char upper = white ? c : char(c - 'a' + 'A');
    const int home = color == Color::White ? 0 : 7;
    const Piece king = make_piece(color, PieceType::King), rook = make_piece(color, PieceType::Rook);
    int king_file = -1;
    for (int f = 0; f < 8; ++f)
        if (setup.board[index_of(make_square(f, home))] == king) king_file = f;
    if (upper == 'K' || upper == 'Q') {
        const bool kingside = upper == 'K';
        Square found = make_square(kingside ? 7 : 0, home);
        if (king_file >= 0)
            for (int f = kingside ? 7 : 0; f != king_file; f += kingside ? -1 : 1)
                if (setup.board[index_of(make_square(f, home))] == rook) {
                    found = make_square(f, home);
                    break;
                }
        return CastlingLetter{castling_right(color, kingside), found};
    }
    if (upper < 'A' || upper > 'H' || (!white && (c < 'a' || c > 'h'))) return std::nullopt;
    const int file = upper - 'A';
    const bool kingside = king_file >= 0 ? file > king_file : file >= 4;
    return CastlingLetter{castling_right(color, kingside), make_square(file, home)};
}

std::optional<FenParseError> parse_castling(std::string_view field, Setup& setup)
{
    if (field == "-") return std::nullopt;
    for (char c : field) {
        const auto letter = read_castling_letter(c, setup);
        if (!letter)
            return FenParseError{FenError::BadCastling, "FEN castling: '" + std::string(1, c) +
                                                            "' is not one of K, Q, k, q, a file letter or '-'"};
        if (setup.castling.has(letter->right)) {
            const bool white = color_of(letter->right) == Color::White;
            return FenParseError{FenError::BadCastling, "FEN castling: '" + std::string(1, c) + "' gives " +
                                                            (white ? "white" : "black") + " a second " +
                                                            (is_kingside(letter->right) ? "kingside" : "queenside") +
                                                            " right (given twice)"};
        }
        setup.castling.add(letter->right);
        setup.castling_rooks[index_of(letter->right)] = letter->rook;
    }
    return std::nullopt;
}

std::optional<int> parse_counter(std::string_view text)
{
    int value = 0;
    if (text.empty() || text.size() > 6 || text[0] < '0' || text[0] > '9') return std::nullopt;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc{} || end != text.data() + text.size()) return std::nullopt;
    return value;
}

std::string setup_error_message(SetupError e, const Setup& s)
{
    switch (e) {
    case SetupError::MissingKing: return "FEN piece placement: a side has no king";
    case SetupError::TooManyKings: return "FEN piece placement: a side has more than one king";
    case SetupError::TooManyPieces: return "FEN piece placement: a side has more than 16 pieces";
    case SetupError::TooManyPawns: return "FEN piece placement: a side has more than 8 pawns";
    case SetupError::PawnOnBackRank: return "FEN piece placement: a pawn stands on the first or last rank";
    case SetupError::CastlingWithoutKing:
        return s.variant == Variant::Chess960 ? "FEN castling: a castling right but the king is not on its back rank"
                                              : "FEN castling: a castling right but the king is not on its home square";
    case SetupError::CastlingWithoutRook:
        return s.variant == Variant::Chess960
                   ? "FEN castling: a castling right but no rook of that colour on that side of the king"
                   : "FEN castling: a castling right but its rook is not in the corner";
    case SetupError::EnPassantNotExplained:
        return "FEN en passant: no double pawn push can explain " + square_name(s.en_passant);
    case SetupError::OpponentInCheck:
        return std::string("FEN side to move: ") + (s.side_to_move == Color::White ? "black" : "white") +
               " is in check, but it is " + (s.side_to_move == Color::White ? "white" : "black") + "'s turn";
    case SetupError::ImpossibleCheck: return "FEN: the side to move is checked in a way no legal move can produce";
    case SetupError::BadHalfmoveClock: return "FEN halfmove clock: must not be negative";
    case SetupError::BadFullmoveNumber: return "FEN fullmove number: must be at least 1";
    }
    return "FEN: invalid position";
}

FenError fen_error_of(SetupError e)
{
    switch (e) {
    case SetupError::MissingKing: return FenError::MissingKing;
    case SetupError::TooManyKings: return FenError::TooManyKings;
    case SetupError::TooManyPieces: return FenError::TooManyPieces;
    case SetupError::TooManyPawns: return FenError::TooManyPawns;
    case SetupError::PawnOnBackRank: return FenError::PawnOnBackRank;
    case SetupError::CastlingWithoutKing: return FenError::CastlingWithoutKing;
    case SetupError::CastlingWithoutRook: return FenError::CastlingWithoutRook;
    case SetupError::EnPassantNotExplained: return FenError::EnPassantNotExplained;
    case SetupError::OpponentInCheck: return FenError::OpponentInCheck;
    case SetupError::ImpossibleCheck: return FenError::ImpossibleCheck;
    case SetupError::BadHalfmoveClock: return FenError::BadHalfmoveClock;
    case SetupError::BadFullmoveNumber: return FenError::BadFullmoveNumber;
    }
    return FenError::ImpossibleCheck;
}

} // namespace

std::string_view fen_error_name(FenError error)
{
    switch (error) {
    case FenError::WrongFieldCount: return "wrong_field_count";
    case FenError::WrongRankCount: return "wrong_rank_count";
    case FenError::RankTooLong: return "rank_too_long";
    case FenError::RankTooShort: return "rank_too_short";
    case FenError::BadPieceLetter: return "bad_piece_letter";
    case FenError::BadDigit: return "bad_digit";
    case FenError::BadSideToMove: return "bad_side_to_move";
    case FenError::BadCastling: return "bad_castling";
    case FenError::BadEnPassant: return "bad_en_passant";
    case FenError::BadHalfmoveClock: return "bad_halfmove_clock";
    case FenError::BadFullmoveNumber: return "bad_fullmove_number";
    case FenError::MissingKing: return "missing_king";
    case FenError::TooManyKings: return "too_many_kings";
    case FenError::TooManyPieces: return "too_many_pieces";
    case FenError::TooManyPawns: return "too_many_pawns";
    case FenError::PawnOnBackRank: return "pawn_on_back_rank";
    case FenError::CastlingWithoutKing: return "castling_without_king";
    case FenError::CastlingWithoutRook: return "castling_without_rook";
    case FenError::EnPassantNotExplained: return "en_passant_not_explained";
    case FenError::OpponentInCheck: return "opponent_in_check";
    case FenError::ImpossibleCheck: return "impossible_check";
    case FenError::AlreadyCheckmate: return "already_checkmate";
    case FenError::AlreadyStalemate: return "already_stalemate";
    }
    return "invalid_fen";
}

Expected<Setup, FenParseError> parse_fen_setup(std::string_view fen)
{
    const auto fields = split_fields(fen);
    if (fields.size() != 4 && fields.size() != 6)
        return fail(FenError::WrongFieldCount,
                    "FEN: expected 6 fields (or 4 without move counters), got " + std::to_string(fields.size()));
    Setup setup;
    if (auto error = parse_placement(fields[0], setup)) return unexpected(*error);

    if (fields[1] == "w")
        setup.side_to_move = Color::White;
    else if (fields[1] == "b")
        setup.side_to_move = Color::Black;
    else
        return fail(FenError::BadSideToMove, "FEN side to move: '" + std::string(fields[1]) + "', expected 'w' or 'b'");

    if (auto error = parse_castling(fields[2], setup)) return unexpected(*error);

    if (fields[3] != "-") {
        const auto square = parse_square(fields[3]);
        if (!square)
            return fail(FenError::BadEnPassant, "FEN en passant: '" + std::string(fields[3]) + "' is not a square");
        const int expected_rank = setup.side_to_move == Color::White ? 5 : 2;
        if (rank_of(*square) != expected_rank)
            return fail(FenError::BadEnPassant, "FEN en passant: " + std::string(fields[3]) + " must be on rank " +
                                                    std::to_string(expected_rank + 1) + " when " +
                                                    (setup.side_to_move == Color::White ? "white" : "black") +
                                                    " is to move");
        setup.en_passant = *square;
    }

    if (fields.size() == 6) {
        const auto halfmove = parse_counter(fields[4]);
        if (!halfmove)
            return fail(FenError::BadHalfmoveClock,
                        "FEN halfmove clock: '" + std::string(fields[4]) + "' is not a non-negative number");
        const auto fullmove = parse_counter(fields[5]);
        if (!fullmove || *fullmove < 1)
            return fail(FenError::BadFullmoveNumber,
                        "FEN fullmove number: '" + std::string(fields[5]) + "' is not a positive number");
        setup.halfmove_clock = *halfmove;
        setup.fullmove_number = *fullmove;
    }
    return setup;
}

Expected<Position, FenParseError> parse_fen(std::string_view fen, SetupRules rules)
{
    return parse_fen(fen, Variant::Standard, rules);
}

Expected<Position, FenParseError> parse_fen(std::string_view fen, Variant variant, SetupRules rules)
{
    auto setup = parse_fen_setup(fen);
    if (!setup) return unexpected(setup.error());
    setup->variant = variant;
    auto position = Position::from_setup(*setup, rules);
    if (!position) return fail(fen_error_of(position.error()), setup_error_message(position.error(), *setup));
    return std::move(*position);
}

namespace {

// X-FEN writes K or Q when the right's rook is the outermost rook of its colour on that side of
// the king, and the rook's file otherwise; Shredder-FEN always the file.
char castling_letter(const Position& pos, CastlingRight right, FenCastling style)
{
    const Color color = color_of(right);
    const Square rook = pos.castling_rook_square(right);
    const bool kingside = is_kingside(right);
    bool outermost = true;
    for (int f = file_of(rook) + (kingside ? 1 : -1); f >= 0 && f < 8; f += kingside ? 1 : -1)
        if (pos.piece_on(make_square(f, rank_of(rook))) == make_piece(color, PieceType::Rook)) outermost = false;
    const char letter = style == FenCastling::XFen && outermost ? (kingside ? 'K' : 'Q') : char('A' + file_of(rook));
    return color == Color::White ? letter : char(letter - 'A' + 'a');
}

} // namespace

Expected<Position, FenParseError> parse_start_fen(std::string_view fen, Variant variant)
{
    auto position = parse_fen(fen, variant, SetupRules::Strict);
    if (!position || has_legal_move(*position)) return position;
    if (position->in_check())
        return fail(FenError::AlreadyCheckmate, std::string("FEN: ") +
                                                    (position->side_to_move() == Color::White ? "white" : "black") +
                                                    " is checkmated already; a game cannot start from it");
    return fail(FenError::AlreadyStalemate, std::string("FEN: ") +
                                                (position->side_to_move() == Color::White ? "white" : "black") +
                                                " is stalemated already; a game cannot start from it");
}

std::string to_fen_without_counters(const Position& pos, FenCastling style)
{
    std::string fen;
    for (int rank = 7; rank >= 0; --rank) {
        int empty = 0;
        for (int file = 0; file < 8; ++file) {
            const Piece p = pos.piece_on(make_square(file, rank));
            if (p == Piece::None) {
                ++empty;
                continue;
            }
            if (empty) fen += char('0' + empty);
            empty = 0;
            fen += fen_letter(p);
        }
        if (empty) fen += char('0' + empty);
        if (rank) fen += '/';
    }
    fen += pos.side_to_move() == Color::White ? " w " : " b ";
    const CastlingRights rights = pos.castling_rights();
    if (rights.none()) fen += '-';
    for (CastlingRight right : {CastlingRight::WhiteKingside, CastlingRight::WhiteQueenside,
                                CastlingRight::BlackKingside, CastlingRight::BlackQueenside})
        if (rights.has(right)) fen += castling_letter(pos, right, style);
    fen += ' ';
    fen += pos.en_passant_square() == Square::None ? "-" : square_name(pos.en_passant_square());
    return fen;
}

std::string to_fen(const Position& pos, FenCastling style)
{
    return to_fen_without_counters(pos, style) + ' ' + std::to_string(pos.halfmove_clock()) + ' ' +
           std::to_string(pos.fullmove_number());
}

} // namespace rochade
