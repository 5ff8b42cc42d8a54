#include <catch2/catch.hpp>

#include <set>
#include <string_view>

#include "engine/fen.h"

using namespace rochade;

TEST_CASE("FEN round trips", "[fen]")
{
    const char* fens[] = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "4k3/8/8/8/8/8/8/4K2R b K - 99 140",
    };
    for (const char* fen : fens) {
        INFO(fen);
        auto pos = parse_fen(fen);
        REQUIRE(pos.has_value());
        CHECK(to_fen(*pos) == fen);
    }
}

TEST_CASE("FEN without move counters reads as 0 1", "[fen]")
{
    auto pos = parse_fen("8/8/3k1p1p/2p1pPpP/1pP1P1P1/pP1B4/P3K3/8 w - -");
    REQUIRE(pos.has_value());
    CHECK(to_fen(*pos) == "8/8/3k1p1p/2p1pPpP/1pP1P1P1/pP1B4/P3K3/8 w - - 0 1");
}

TEST_CASE("FEN en passant square is written only when a legal capture exists", "[fen]")
{
    struct Row {
        const char* in;
        const char* out;
    };
    const Row rows[] = {
        // After 1. e4 no black pawn can take: the square is dropped.
        {"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
         "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"},
        // A capture is possible: kept.
        {"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
         "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"},
        // The only capture would expose the king along the rank: dropped.
        {"8/2p5/3p4/KP5r/1R2Pp1k/8/6P1/8 b - e3 0 1", "8/2p5/3p4/KP5r/1R2Pp1k/8/6P1/8 b - - 0 1"},
    };
    for (const Row& row : rows) {
        INFO(row.in);
        auto pos = parse_fen(row.in);
        REQUIRE(pos.has_value());
        CHECK(to_fen(*pos) == row.out);
    }
}

TEST_CASE("every FEN error names its field", "[fen]")
{
    struct Row {
        const char* fen;
        FenError error;
        const char* message_part;
    };
    const Row rows[] = {
        {"", FenError::WrongFieldCount, "expected 6 fields"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0", FenError::WrongFieldCount, "got 5"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", FenError::WrongRankCount, "only 7 ranks"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/8 w KQkq - 0 1", FenError::WrongRankCount, "more than 8"},
        {"rnbqkbnrr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", FenError::RankTooLong, "rank 8"},
        {"rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", FenError::RankTooShort, "rank 7 has only 7"},
        {"rnbqkbnr/pppppppp/8/8/4X3/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", FenError::BadPieceLetter, "'X'"},
        {"rnbqkbnr/pppppppp/8/8/44/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", FenError::BadDigit, "two digits"},
        {"rnbqkbnr/pppppppp/8/8/9/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", FenError::BadDigit, "'9'"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", FenError::BadSideToMove, "'x'"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1", FenError::BadCastling, "'x'"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKq - 0 1", FenError::BadCastling, "twice"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1", FenError::BadEnPassant, "not a square"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1", FenError::BadEnPassant, "rank 6"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1", FenError::BadHalfmoveClock, "'-1'"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", FenError::BadHalfmoveClock, "'x'"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0", FenError::BadFullmoveNumber, "'0'"},
        {"rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", FenError::MissingKing, "no king"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w kq - 0 1", FenError::TooManyKings, "more than one king"},
        {"rnbqkbnr/pppppppp/8/8/8/P7/PPPPPPPP/RNBQKBNR w KQkq - 0 1", FenError::TooManyPieces, "more than 16"},
        {"rnbqkbnr/pppppppp/8/8/8/P7/PPPPPPPP/R1BQKBNR w KQkq - 0 1", FenError::TooManyPawns, "more than 8 pawns"},
        {"4k3/8/8/8/8/8/8/P3K3 w - - 0 1", FenError::PawnOnBackRank, "first or last rank"},
        {"4k3/8/8/8/8/8/8/R2K4 w Q - 0 1", FenError::CastlingWithoutKing, "king"},
        {"4k3/8/8/8/8/8/8/4K3 w K - 0 1", FenError::CastlingWithoutRook, "rook"},
        {"4k3/8/8/8/4p3/8/8/4K3 w - e6 0 1", FenError::EnPassantNotExplained, "e6"},
        {"4k3/8/8/8/4p3/8/8/4K3 b - e3 0 1", FenError::EnPassantNotExplained, "e3"},
        {"4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", FenError::OpponentInCheck, "black is in check, but it is white's turn"},
        {"4k3/8/8/8/7b/3n4/8/r3K3 w - - 0 1", FenError::ImpossibleCheck, "checked"},
        {"4k3/8/8/8/8/3n4/5p2/4K3 w - - 0 1", FenError::ImpossibleCheck, "checked"},
        {"k7/8/8/4r3/4K3/8/8/4r3 w - - 0 1", FenError::ImpossibleCheck, "checked"},
        // Two pawns, two knights: only sliders are discovered, so one of the two did not move.
        {"4k3/8/8/8/8/8/3p1p2/4K3 w - - 0 1", FenError::ImpossibleCheck, "checked"},
        {"4k3/8/8/8/8/3n1n2/8/4K3 w - - 0 1", FenError::ImpossibleCheck, "checked"},
        // A pawn or knight beside a slider came from none of the slider's squares to the king.
        {"4k3/8/8/8/8/8/5p2/r3K3 w - - 0 1", FenError::ImpossibleCheck, "checked"},
        {"4k3/8/8/8/8/5n2/8/r3K3 w - - 0 1", FenError::ImpossibleCheck, "checked"},
        // d7-d5 was the last move, yet the rook on h1 checks along the first rank.
        {"6k1/8/8/3pP3/8/8/8/4K2r w - d6 0 1", FenError::EnPassantNotExplained, "d6"},
        {"6k1/8/8/3pP3/8/8/8/4K3 w - d5 0 1", FenError::BadEnPassant, "rank 6"},
    };
    for (const Row& row : rows) {
        INFO(row.fen);
        auto pos = parse_fen(row.fen);
        REQUIRE_FALSE(pos.has_value());
        CHECK(pos.error().code == row.error);
        CHECK_THAT(pos.error().message, Catch::Contains(row.message_part));
        CHECK_THAT(pos.error().message, Catch::StartsWith("FEN"));
    }
}

TEST_CASE("double checks that one move can give are accepted", "[fen]")
{
    const char* fens[] = {
        "k3r3/8/8/8/8/8/5p2/4K3 w - - 0 1",   // e3xf2 uncovered the rook on e8
        "4k3/8/8/8/8/3n4/8/r3K3 w - - 0 1",   // Nc1-d3 uncovered the rook on a1
        "k7/8/8/8/8/8/8/r3K2N w - - 0 1",     // no check by the knight: just the rook
        "4b1k1/8/8/3pP3/K7/8/8/8 w - d6 0 1", // d7-d5 uncovered the bishop on e8
        "k3r3/8/8/8/1b6/8/8/4K3 w - - 0 1",   // two sliders, off one line
        "3NR3/8/4k3/8/8/8/8/K7 b - - 0 1",    // e7xd8=N uncovered the rook on e8
    };
    for (const char* fen : fens) {
        INFO(fen);
        CHECK(parse_fen(fen).has_value());
    }
}

TEST_CASE("a game cannot start from a position that is over", "[fen]")
{
    struct Row {
        const char* fen;
        FenError error;
        const char* message_part;
    };
    const Row rows[] = {
        {"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", FenError::AlreadyCheckmate,
         "white is checkmated"},
        {"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", FenError::AlreadyStalemate, "black is stalemated"},
        {"7k/6Q1/6K1/8/8/8/8/8 w - - 0 1", FenError::OpponentInCheck, "white's turn"},
    };
    for (const Row& row : rows) {
        INFO(row.fen);
        CHECK(parse_fen(row.fen).has_value() == (row.error != FenError::OpponentInCheck));
        const auto start = parse_start_fen(row.fen);
        REQUIRE_FALSE(start.has_value());
        CHECK(start.error().code == row.error);
        CHECK_THAT(start.error().message, Catch::Contains(row.message_part));
    }
    CHECK(parse_start_fen(StartFen).has_value());
    CHECK(parse_start_fen("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1", Variant::Chess960).has_value());
    CHECK(parse_start_fen("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1").error().code ==
          FenError::CastlingWithoutKing);
}

TEST_CASE("AllowUnreachable accepts composed positions that no game can reach", "[fen]")
{
    const char* fens[] = {
        "8/8/8/8/8/3nkn2/8/3RKR2 w - -",                           // two knights give check
        "8/4p1p1/p1p1P1P1/P1P1pBp1/pBp1P1P1/P1P5/4K1P1/2k5 b - -", // nine white pawns
    };
    for (const char* fen : fens) {
        INFO(fen);
        CHECK_FALSE(parse_fen(fen).has_value());
        CHECK(parse_fen(fen, SetupRules::AllowUnreachable).has_value());
    }
    // What breaks the rules of play stays refused.
    CHECK(parse_fen("4k3/8/8/8/8/8/8/4R1K1 w - -", SetupRules::AllowUnreachable).error().code ==
          FenError::OpponentInCheck);
    CHECK(parse_fen("4k3/8/8/8/8/8/8/P3K3 w - -", SetupRules::AllowUnreachable).error().code ==
          FenError::PawnOnBackRank);
}

TEST_CASE("every FEN error has its own snake_case name for clients to translate")
{
    std::set<std::string_view> names;
    for (int code = 0; code <= static_cast<int>(FenError::AlreadyStalemate); ++code) {
        const std::string_view name = fen_error_name(static_cast<FenError>(code));
        INFO(code << " -> " << name);
        CHECK(name != "invalid_fen");
        CHECK(name.find_first_not_of("abcdefghijklmnopqrstuvwxyz_") == std::string_view::npos);
        CHECK(names.insert(name).second);
    }
    CHECK(fen_error_name(FenError::PawnOnBackRank) == "pawn_on_back_rank");
}
