// UCI moves: writing (castling as the king's two-square move) and reading (also king takes rook).
#include <catch2/catch.hpp>

#include "engine/fen.h"
#include "engine/uci.h"

using namespace rochade;

namespace {

Position position(const char* fen)
{
    auto pos = parse_fen(fen);
    REQUIRE(pos.has_value());
    return *pos;
}

const char* const Start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const char* const Castles = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
const char* const BlackCastles = "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1";
const char* const EnPassant = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3";
const char* const Promotion = "3r4/2P5/4k3/8/8/8/8/7K w - - 0 1";

} // namespace

TEST_CASE("UCI writing and reading", "[uci]")
{
    struct Row {
        const char* fen;
        Move move;
        const char* uci;
    };
    const Row rows[] = {
        {Start, Move(Square::E2, Square::E4), "e2e4"},
        {Start, Move(Square::G1, Square::F3), "g1f3"},
        {Castles, Move(Square::E1, Square::H1, MoveKind::Castling), "e1g1"},
        {Castles, Move(Square::E1, Square::A1, MoveKind::Castling), "e1c1"},
        {BlackCastles, Move(Square::E8, Square::H8, MoveKind::Castling), "e8g8"},
        {BlackCastles, Move(Square::E8, Square::A8, MoveKind::Castling), "e8c8"},
        {EnPassant, Move(Square::E5, Square::F6, MoveKind::EnPassant), "e5f6"},
        {Promotion, Move(Square::C7, Square::C8, MoveKind::Promotion, PieceType::Queen), "c7c8q"},
        {Promotion, Move(Square::C7, Square::D8, MoveKind::Promotion, PieceType::Knight), "c7d8n"},
        {Promotion, Move(Square::C7, Square::D8, MoveKind::Promotion, PieceType::Rook), "c7d8r"},
        {Promotion, Move(Square::C7, Square::D8, MoveKind::Promotion, PieceType::Bishop), "c7d8b"},
    };
    for (const Row& row : rows) {
        INFO(row.fen << "  " << row.uci);
        const Position pos = position(row.fen);
        CHECK(to_uci(pos, row.move) == row.uci);
        auto m = parse_uci(pos, row.uci);
        REQUIRE(m.has_value());
        CHECK(*m == row.move);
    }
}

TEST_CASE("UCI reading also accepts king-takes-rook castling and capital promotion letters", "[uci]")
{
    struct Row {
        const char* fen;
        const char* text;
        Move move;
    };
    const Row rows[] = {
        {Castles, "e1h1", Move(Square::E1, Square::H1, MoveKind::Castling)},
        {Castles, "e1a1", Move(Square::E1, Square::A1, MoveKind::Castling)},
        {BlackCastles, "e8h8", Move(Square::E8, Square::H8, MoveKind::Castling)},
        {BlackCastles, "e8a8", Move(Square::E8, Square::A8, MoveKind::Castling)},
        {Promotion, "c7d8Q", Move(Square::C7, Square::D8, MoveKind::Promotion, PieceType::Queen)},
        {Start, " e2e4 ", Move(Square::E2, Square::E4)},
    };
    for (const Row& row : rows) {
        INFO(row.fen << "  " << row.text);
        auto m = parse_uci(position(row.fen), row.text);
        REQUIRE(m.has_value());
        CHECK(*m == row.move);
    }
}

TEST_CASE("UCI reading errors name the text", "[uci]")
{
    struct Row {
        const char* fen;
        const char* text;
        MoveErrorKind kind;
        const char* message;
    };
    const Row rows[] = {
        {Start, "e2e9", MoveErrorKind::Invalid, "'e2e9': not a move in UCI notation"},
        {Start, "Nf3", MoveErrorKind::Invalid, "'Nf3': not a move in UCI notation"},
        {Start, "0000", MoveErrorKind::Invalid, "'0000': not a move in UCI notation"},
        {Start, "e2e4x", MoveErrorKind::Invalid, "'e2e4x': not a move in UCI notation"},
        {Promotion, "c7d8k", MoveErrorKind::Invalid, "'c7d8k': not a move in UCI notation"},
        {Start, "e2e5", MoveErrorKind::Illegal, "'e2e5': illegal in this position (no move from e2 to e5)"},
        {Start, "e7e5", MoveErrorKind::Illegal, "'e7e5': illegal in this position (no move from e7 to e5)"},
        {Start, "e1g1", MoveErrorKind::Illegal, "'e1g1': illegal in this position (no move from e1 to g1)"},
        {Start, "e2e4q", MoveErrorKind::Illegal, "'e2e4q': illegal in this position (no move from e2 to e4)"},
        {Promotion, "c7d8", MoveErrorKind::Ambiguous, "'c7d8': ambiguous, could be c7d8q, c7d8r, c7d8b or c7d8n"},
    };
    for (const Row& row : rows) {
        INFO(row.fen << "  " << row.text);
        auto m = parse_uci(position(row.fen), row.text);
        REQUIRE_FALSE(m.has_value());
        CHECK(m.error().kind == row.kind);
        CHECK(m.error().message == row.message);
    }
}
