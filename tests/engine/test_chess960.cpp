// Chess960 in the rules core: the start positions by Scharnagl's numbers, castling by the FIDE
// Laws' Guidelines II, its spelling in UCI, SAN and FEN (X-FEN and Shredder-FEN), and perft
// against published counts. tests/differential/run.mjs compares many more positions with chessops.
#include <catch2/catch.hpp>

#include <algorithm>

#include "engine/fen.h"
#include "engine/game.h"
#include "engine/movegen.h"
#include "engine/perft.h"
#include "engine/san.h"
#include "engine/uci.h"

using namespace rochade;

namespace {

Position chess960(const char* fen)
{
    auto pos = parse_fen(fen, Variant::Chess960);
    INFO(fen);
    REQUIRE(pos.has_value());
    return *pos;
}

std::vector<Move> castling_moves(const Position& pos)
{
    std::vector<Move> moves;
    for (Move m : legal_moves(pos))
        if (m.kind() == MoveKind::Castling) moves.push_back(m);
    return moves;
}

} // namespace

TEST_CASE("Chess960 start positions by Scharnagl number", "[chess960]")
{
    struct Row {
        int number;
        const char* xfen;
        const char* shredder;
    };
    const Row rows[] = {
        {0, "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1",
         "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1"},
        {518, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
         "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1"},
        {959, "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w KQkq - 0 1",
         "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1"},
        {1, "bqnbnrkr/pppppppp/8/8/8/8/PPPPPPPP/BQNBNRKR w KQkq - 0 1",
         "bqnbnrkr/pppppppp/8/8/8/8/PPPPPPPP/BQNBNRKR w HFhf - 0 1"},
    };
    for (const Row& row : rows) {
        INFO(row.number);
        const auto pos = Position::chess960_start(row.number);
        REQUIRE(pos.has_value());
        CHECK(pos->variant() == Variant::Chess960);
        CHECK(to_fen(*pos) == row.xfen);
        if (row.shredder) CHECK(to_fen(*pos, FenCastling::Shredder) == row.shredder);
    }
    CHECK_FALSE(Position::chess960_start(-1).has_value());
    CHECK_FALSE(Position::chess960_start(960).has_value());
}

TEST_CASE("every Chess960 start is distinct and legal, with bishops on both colours", "[chess960]")
{
    std::vector<std::string> seen;
    for (int n = 0; n < 960; ++n) {
        const auto pos = Position::chess960_start(n);
        REQUIRE(pos.has_value());
        const std::string fen = to_fen(*pos, FenCastling::Shredder);
        seen.push_back(fen.substr(fen.rfind('/') + 1, 8));
        const Bitboard bishops = pos->pieces(Color::White, PieceType::Bishop);
        CHECK(popcount(bishops) == 2);
        CHECK(is_dark(lsb(bishops)) != is_dark(msb(bishops)));
        CHECK(file_of(pos->castling_rook_square(CastlingRight::WhiteQueenside)) <
              file_of(pos->king_square(Color::White)));
        CHECK(file_of(pos->castling_rook_square(CastlingRight::WhiteKingside)) >
              file_of(pos->king_square(Color::White)));
        CHECK(legal_moves(*pos).size() >= 18);
    }
    std::sort(seen.begin(), seen.end());
    CHECK(std::unique(seen.begin(), seen.end()) == seen.end());
}

TEST_CASE("Chess960 perft: published counts", "[chess960][perft]")
{
    // The first positions of the Chess960 perft suite (chessprogramming wiki, "Chess960 Perft
    // Results"); tests/differential/run.mjs checks them against chessops as well.
    struct Row {
        const char* fen;
        std::vector<std::uint64_t> counts; // depth 1, 2, ...
    };
    const Row rows[] = {
        {"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", {21, 528, 12189, 326672}},
        {"2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9", {21, 807, 18002, 667366}},
        {"b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9", {20, 479, 10471, 273318}},
    };
    for (const Row& row : rows) {
        INFO(row.fen);
        Position pos = chess960(row.fen);
        for (std::size_t depth = 1; depth <= row.counts.size(); ++depth) {
            INFO(depth);
            CHECK(perft(pos, int(depth)) == row.counts[depth - 1]);
        }
    }
}

TEST_CASE("position 518 under Chess960 rules has the standard perft", "[chess960][perft]")
{
    Position pos = *Position::chess960_start(518);
    CHECK(perft(pos, 4) == 197281);
    Position kiwipete = chess960("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    CHECK(perft(kiwipete, 3) == 97862);
}

TEST_CASE("Chess960 castling follows FIDE Guidelines II", "[chess960][castling]")
{
    struct Row {
        const char* what;
        const char* fen;
        const char* uci;   // the castling move as king takes rook, or "" when none is legal
        const char* after; // X-FEN after it
    };
    const Row rows[] = {
        {"king already on g1: only the rook moves", "4k3/8/8/8/8/8/8/6KR w H - 0 1", "g1h1",
         "4k3/8/8/8/8/8/8/5RK1 b - - 1 1"},
        {"the rook's path may be attacked", "4kr2/8/8/8/8/8/8/6KR w H - 0 1", "g1h1",
         "4kr2/8/8/8/8/8/8/5RK1 b - - 1 1"},
        {"rook already on f1 for O-O, the king passes it", "4k3/8/8/8/8/8/8/3K1R2 w F - 0 1", "d1f1",
         "4k3/8/8/8/8/8/8/5RK1 b - - 1 1"},
        {"king does not move on O-O-O, rook a1 to d1", "4k3/8/8/8/8/8/8/R1K5 w A - 0 1", "c1a1",
         "4k3/8/8/8/8/8/8/2KR4 b - - 1 1"},
        {"king b1, rook c1: O-O takes them past each other", "4k3/8/8/8/8/8/8/1KR5 w C - 0 1", "b1c1",
         "4k3/8/8/8/8/8/8/5RK1 b - - 1 1"},
        {"king and rook swap: king f1, rook g1 cannot: h1 attacks g1 once the rook has gone",
         "4k3/8/8/8/8/8/8/5KRr w G - 0 1", "", ""},
        {"king crosses an attacked square", "4k3/8/8/8/1b6/8/8/3K1R2 w F - 0 1", "", ""},
        {"king ends on an attacked square", "4k1r1/8/8/8/8/8/8/3K1R2 w F - 0 1", "", ""},
        {"a piece on the rook's path", "4k3/8/8/8/8/8/8/RNK5 w A - 0 1", "", ""},
        {"a piece beyond the rook's destination does not matter", "4k3/8/8/8/8/8/8/R1K1B3 w A - 0 1", "c1a1",
         "4k3/8/8/8/8/8/8/2KRB3 b - - 1 1"},
        {"king in check", "4k3/8/8/8/8/8/8/R1K3r1 w A - 0 1", "", ""},
        {"black castles queenside from b8 with the rook on a8", "rk6/8/8/8/8/8/8/4K3 b a - 0 1", "b8a8",
         "2kr4/8/8/8/8/8/8/4K3 w - - 1 2"},
    };
    for (const Row& row : rows) {
        INFO(row.what << ": " << row.fen);
        const Position pos = chess960(row.fen);
        const auto moves = castling_moves(pos);
        if (std::string(row.uci).empty()) {
            CHECK(moves.empty());
            continue;
        }
        REQUIRE(moves.size() == 1);
        CHECK(to_uci(pos, moves[0]) == row.uci);
        CHECK(to_fen(pos.after(moves[0])) == row.after);
    }
}

TEST_CASE("castling is king takes rook in Chess960 UCI, the king's two squares in standard", "[chess960][uci]")
{
    const char* fen = "4k3/8/8/8/8/8/8/4K2R w K - 0 1";
    const Position standard = *parse_fen(fen);
    const Position c960 = chess960(fen);
    const Move castle = castling_moves(standard).at(0);
    CHECK(to_uci(standard, castle) == "e1g1");
    CHECK(to_uci(c960, castle) == "e1h1");
    CHECK(*parse_uci(standard, "e1g1") == castle);
    CHECK(*parse_uci(standard, "e1h1") == castle);
    CHECK(*parse_uci(c960, "e1h1") == castle);
    CHECK(parse_uci(c960, "e1g1").error().kind == MoveErrorKind::Illegal);
    CHECK(to_san(c960, castle) == "O-O");
    CHECK(*parse_san(c960, "O-O") == castle);

    // King f1, rook h1: f1g1 is a king step, f1h1 castling; no ambiguity in Chess960.
    const Position pos = chess960("4k3/8/8/8/8/8/8/5K1R w H - 0 1");
    const auto step = parse_uci(pos, "f1g1");
    REQUIRE(step.has_value());
    CHECK(step->kind() == MoveKind::Normal);
    const auto castling = parse_uci(pos, "f1h1");
    REQUIRE(castling.has_value());
    CHECK(castling->kind() == MoveKind::Castling);
    CHECK(to_san(pos, *castling) == "O-O");
    CHECK(to_san(pos, *step) == "Kg1");

    const Position queenside = chess960("1r2k3/8/8/8/8/8/8/1R2K3 b Bb - 0 1");
    const auto long_castle = parse_san(queenside, "O-O-O");
    REQUIRE(long_castle.has_value());
    CHECK(to_uci(queenside, *long_castle) == "e8b8");
    CHECK(to_fen(queenside.after(*long_castle)) == "2kr4/8/8/8/8/8/8/1R2K3 w Q - 1 2");
}

TEST_CASE("castling rights are lost by the king's or their rook's move or capture", "[chess960][castling]")
{
    // Rooks on b and g, king on e; Shredder letters throughout.
    const char* fen = "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1";
    struct Row {
        const char* uci;
        const char* rights;
    };
    const Row rows[] = {
        {"e1d1", "gb"}, {"e1f1", "gb"}, {"g1g2", "Bgb"}, {"b1b2", "Ggb"}, {"g1g8", "B b"}, {"b1b8", "G g"},
    };
    for (const Row& row : rows) {
        INFO(row.uci);
        const Position pos = chess960(fen);
        const auto move = parse_uci(pos, row.uci);
        REQUIRE(move.has_value());
        const std::string after = to_fen(pos.after(*move), FenCastling::Shredder);
        std::string rights(row.rights);
        rights.erase(std::remove(rights.begin(), rights.end(), ' '), rights.end());
        CHECK(after.substr(after.find(' ', after.find(' ') + 1) + 1, rights.size() + 1) == rights + " ");
    }
}

TEST_CASE("Chess960 FEN: X-FEN and Shredder-FEN read and written", "[chess960][fen]")
{
    struct Row {
        const char* in;
        const char* xfen;
        const char* shredder;
    };
    const Row rows[] = {
        {"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
         "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9",
         "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"},
        // The castling rook is the inner one of two on the king's side: X-FEN names its file.
        {"4k3/8/8/8/8/8/8/4K1RR w G - 0 1", "4k3/8/8/8/8/8/8/4K1RR w G - 0 1", "4k3/8/8/8/8/8/8/4K1RR w G - 0 1"},
        {"4k3/8/8/8/8/8/8/4K1RR w K - 0 1", "4k3/8/8/8/8/8/8/4K1RR w K - 0 1", "4k3/8/8/8/8/8/8/4K1RR w H - 0 1"},
        {"rr2k3/8/8/8/8/8/8/4K3 b b - 0 1", "rr2k3/8/8/8/8/8/8/4K3 b b - 0 1", "rr2k3/8/8/8/8/8/8/4K3 b b - 0 1"},
        {"rr2k3/8/8/8/8/8/8/4K3 b q - 0 1", "rr2k3/8/8/8/8/8/8/4K3 b q - 0 1", "rr2k3/8/8/8/8/8/8/4K3 b a - 0 1"},
        // Mixed spellings are read alike.
        {"rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CQcq - 0 1",
         "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w KQkq - 0 1",
         "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1"},
    };
    for (const Row& row : rows) {
        INFO(row.in);
        const Position pos = chess960(row.in);
        CHECK(to_fen(pos) == row.xfen);
        CHECK(to_fen(pos, FenCastling::Shredder) == row.shredder);
        CHECK(to_fen(chess960(row.xfen)) == row.xfen);
        CHECK(to_fen(chess960(row.shredder), FenCastling::Shredder) == row.shredder);
        CHECK(chess960(row.xfen).same_position(chess960(row.shredder)));
    }
    // Standard chess reads the corner rooks' files too, and writes KQkq.
    const auto standard = parse_fen("r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1");
    REQUIRE(standard.has_value());
    CHECK(to_fen(*standard) == "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
}

TEST_CASE("Chess960 FEN castling errors", "[chess960][fen]")
{
    struct Row {
        const char* fen;
        Variant variant;
        FenError error;
        const char* message_part;
    };
    const Row rows[] = {
        {"4k3/8/8/8/8/8/8/4K1RR w GH - 0 1", Variant::Chess960, FenError::BadCastling, "second kingside"},
        {"4k3/8/8/8/8/8/8/4K1RR w KH - 0 1", Variant::Chess960, FenError::BadCastling, "second kingside"},
        {"4k3/8/8/8/8/8/8/4K1RR w I - 0 1", Variant::Chess960, FenError::BadCastling, "'I'"},
        {"4k3/8/8/8/8/8/4K3/6RR w G - 0 1", Variant::Chess960, FenError::CastlingWithoutKing, "back rank"},
        {"4k3/8/8/8/8/8/8/4K1R1 w H - 0 1", Variant::Chess960, FenError::CastlingWithoutRook, "no rook"},
        {"4k3/8/8/8/8/8/8/4K1R1 w Q - 0 1", Variant::Chess960, FenError::CastlingWithoutRook, "no rook"},
        {"4k3/8/8/8/8/8/8/4KN2 w F - 0 1", Variant::Chess960, FenError::CastlingWithoutRook, "no rook"},
        {"4k3/8/8/8/8/8/8/4K1r1 w G - 0 1", Variant::Chess960, FenError::CastlingWithoutRook, "no rook"},
        // Standard chess keeps to the corners and e1/e8.
        {"4k3/8/8/8/8/8/8/4K1R1 w G - 0 1", Variant::Standard, FenError::CastlingWithoutRook, "corner"},
        {"4k3/8/8/8/8/8/8/5K1R w H - 0 1", Variant::Standard, FenError::CastlingWithoutKing, "home square"},
    };
    for (const Row& row : rows) {
        INFO(row.fen);
        const auto pos = parse_fen(row.fen, row.variant);
        REQUIRE_FALSE(pos.has_value());
        CHECK(pos.error().code == row.error);
        CHECK_THAT(pos.error().message, Catch::Contains(row.message_part));
    }
}

TEST_CASE("Chess960 repetition: castling rights make positions differ", "[chess960][game]")
{
    Game game(chess960("1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1"));
    auto play = [&](const char* uci) {
        const auto move = parse_uci(game.position(), uci);
        REQUIRE(move.has_value());
        game.play(*move);
    };
    // The rooks step out and back: the same squares, but the g-rooks' rights are gone.
    for (const char* uci : {"g1h1", "g8h8", "h1g1", "h8g8"}) play(uci);
    CHECK(game.repetition_count() == 1);
    for (const char* uci : {"g1h1", "g8h8", "h1g1", "h8g8"}) play(uci);
    CHECK(game.repetition_count() == 2);
    // Castling with the b-rooks is still there.
    CHECK(castling_moves(game.position()).size() == 1);
    CHECK(to_uci(game.position(), castling_moves(game.position())[0]) == "e1b1");
}

TEST_CASE("a Chess960 game ends in mate by castling", "[chess960][game]")
{
    // O-O-O with the king on b1: the rook lands on d1 and mates the king on d3.
    Game game(chess960("8/8/8/8/N4Q2/3k4/8/RK4N1 w A - 0 1"));
    const auto castle = parse_san(game.position(), "O-O-O");
    REQUIRE(castle.has_value());
    CHECK(to_san(game.position(), *castle) == "O-O-O#");
    CHECK(to_uci(game.position(), *castle) == "b1a1");
    game.play(*castle);
    const auto outcome = game.automatic_outcome();
    REQUIRE(outcome.has_value());
    CHECK(outcome->termination == Termination::Checkmate);
    CHECK(outcome->winner == Color::White);
}
