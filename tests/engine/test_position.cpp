// Make/unmake and the incremental Zobrist key, checked on random games against positions
// rebuilt from scratch.
#include <catch2/catch.hpp>

#include "engine/fen.h"
#include "engine/movegen.h"

using namespace rochade;

TEST_CASE("random games: incremental key and FEN agree with a position rebuilt from FEN", "[position]")
{
    std::uint64_t state = 12345;
    auto next = [&state] {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        return state;
    };
    const char* starts[] = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    };
    for (const char* start : starts) {
        for (int game = 0; game < 40; ++game) {
            Position pos = *parse_fen(start);
            std::vector<std::pair<Move, UndoInfo>> played;
            std::vector<std::string> fens{to_fen(pos)};
            for (int ply = 0; ply < 120; ++ply) {
                const MoveList moves = legal_moves(pos);
                if (moves.empty() || pos.halfmove_clock() >= 100) break;
                const Move m = moves[next() % moves.size()];
                UndoInfo undo;
                pos.make_move(m, undo);
                played.emplace_back(m, undo);
                const std::string fen = to_fen(pos);
                const auto rebuilt = parse_fen(fen);
                INFO(fen);
                REQUIRE(rebuilt.has_value());
                REQUIRE(rebuilt->key() == pos.key());
                REQUIRE(rebuilt->checkers() == pos.checkers());
                REQUIRE(rebuilt->same_position(pos));
                fens.push_back(fen);
            }
            // Unmaking every move restores every earlier position exactly.
            while (!played.empty()) {
                pos.unmake_move(played.back().first, played.back().second);
                played.pop_back();
                fens.pop_back();
                REQUIRE(to_fen(pos) == fens.back());
                REQUIRE(parse_fen(fens.back())->key() == pos.key());
            }
        }
    }
}

TEST_CASE("castling rights vanish when king or rook moves or a rook is captured", "[position]")
{
    Position pos = *parse_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    CHECK(to_fen(pos.after(Move(Square::A1, Square::A8))) == "R3k2r/8/8/8/8/8/8/4K2R b Kk - 0 1");
    CHECK(to_fen(pos.after(Move(Square::E1, Square::E2))) == "r3k2r/8/8/8/8/8/4K3/R6R b kq - 1 1");
    CHECK(to_fen(pos.after(Move(Square::E1, Square::H1, MoveKind::Castling))) == "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
    CHECK(to_fen(pos.after(Move(Square::E1, Square::A1, MoveKind::Castling))) == "r3k2r/8/8/8/8/8/8/2KR3R b kq - 1 1");
}

TEST_CASE("castling is refused out of, through or into check and with pieces between", "[movegen]")
{
    struct Row {
        const char* fen;
        bool kingside, queenside;
    };
    const Row rows[] = {
        {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", true, true},
        {"r3k2r/8/8/8/8/8/8/R3K1NR w KQkq - 0 1", false, true},   // knight between
        {"r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1", true, false},   // b1 occupied blocks the rook
        {"r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1", false, true},  // f1 attacked
        {"r3k2r/8/8/8/8/8/6r1/R3K2R w KQkq - 0 1", false, true},  // g1 attacked
        {"r3k2r/8/8/8/8/8/1r6/R3K2R w KQkq - 0 1", true, true},   // only b1 attacked: queenside still legal
        {"r3k2r/8/8/8/8/8/3r4/R3K2R w KQkq - 0 1", true, false},  // d1 attacked
        {"r3k2r/8/8/8/8/8/4r3/R3K2R w KQkq - 0 1", false, false}, // in check
    };
    for (const Row& row : rows) {
        INFO(row.fen);
        Position pos = *parse_fen(row.fen);
        const MoveList moves = legal_moves(pos);
        CHECK(moves.contains(Move(Square::E1, Square::H1, MoveKind::Castling)) == row.kingside);
        CHECK(moves.contains(Move(Square::E1, Square::A1, MoveKind::Castling)) == row.queenside);
    }
}

TEST_CASE("mirrored swaps colours and flips ranks", "[position]")
{
    struct Row {
        const char* fen;
        const char* mirrored;
    };
    const Row rows[] = {
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
         "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1"},
        {"r3k3/8/8/3pP3/8/8/8/4K2R w Kq d6 0 1", "4k2r/8/8/8/3Pp3/8/8/R3K3 b Qk d3 0 1"},
    };
    for (const Row& row : rows) {
        const Position pos = *parse_fen(row.fen);
        CHECK(to_fen(pos.mirrored()) == row.mirrored);
        CHECK(pos.mirrored().mirrored().same_position(pos));
    }
}
