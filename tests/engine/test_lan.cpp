// Long algebraic notation, German (the default) and English; read back by the forgiving reader.
#include <catch2/catch.hpp>

#include "engine/fen.h"
#include "engine/lan.h"
#include "engine/notation.h"
#include "engine/san.h"
#include "engine/uci.h"

using namespace rochade;

TEST_CASE("long algebraic writing, German and English, and reading back", "[lan]")
{
    struct Row {
        const char* fen;
        const char* uci;
        const char* german;
        const char* english;
    };
    const Row rows[] = {
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "e2e4", "e2-e4", "e2-e4"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "g1f3", "Sg1-f3", "Ng1-f3"},
        {"8/8/8/8/4k3/2p5/8/1N5K w - - 0 1", "b1c3", "Sb1xc3+", "Nb1xc3+"},
        {"6k1/5ppp/8/8/8/8/8/3R2K1 w - - 0 1", "d1d8", "Td1-d8#", "Rd1-d8#"},
        {"8/4P3/8/8/8/8/k7/7K w - - 0 1", "e7e8q", "e7-e8D", "e7-e8=Q"},
        {"8/4P3/8/8/8/8/k7/7K w - - 0 1", "e7e8n", "e7-e8S", "e7-e8=N"},
        {"3r4/2P5/4k3/8/8/8/8/7K w - - 0 1", "c7d8n", "c7xd8S+", "c7xd8=N+"},
        {"4k3/8/8/5Pp1/8/8/8/4K3 w - g6 0 1", "f5g6", "f5xg6 e.p.", "f5xg6 e.p."},
        {"8/8/8/5Pp1/8/8/8/k3K3 w - g6 0 1", "f5g6", "f5xg6 e.p.", "f5xg6 e.p."},
        {"8/8/8/1k3Pp1/8/8/8/4K3 w - g6 0 1", "f5g6", "f5xg6 e.p.", "f5xg6 e.p."},
        {"8/7k/8/5Pp1/8/8/8/4K3 w - g6 0 1", "f5g6", "f5xg6 e.p.+", "f5xg6 e.p.+"},
        {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", "0-0", "O-O"},
        {"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8c8", "0-0-0", "O-O-O"},
        {"5k2/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1", "0-0+", "O-O+"},
        {"rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2", "d8h4", "Dd8-h4#", "Qd8-h4#"},
    };
    for (const Row& row : rows) {
        INFO(row.fen << "  " << row.uci);
        auto pos = parse_fen(row.fen);
        REQUIRE(pos.has_value());
        auto m = parse_uci(*pos, row.uci);
        REQUIRE(m.has_value());
        CHECK(to_lan(*pos, *m) == row.german);
        CHECK(to_lan(*pos, *m, Language::German) == row.german);
        CHECK(to_lan(*pos, *m, Language::English) == row.english);
        CHECK(parse_san(*pos, row.german, Language::German).value() == *m);
        CHECK(parse_san(*pos, row.english, Language::English).value() == *m);
        CHECK(parse_move(*pos, row.german).value() == *m);
        CHECK(parse_move(*pos, row.english).value() == *m);
    }
}
