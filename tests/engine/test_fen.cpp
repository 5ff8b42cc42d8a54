#include <catch2/catch.hpp>

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
