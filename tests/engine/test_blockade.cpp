// Static unwinnability proof for blocked positions: table tests, and a soundness check over the
// CHA winnability set (a proof must never be given where the set says that colour can mate).
#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <string>
#include <vector>

#include "engine/blockade.h"
#include "engine/fen.h"
#include "tests/test_data.h"

using namespace rochade;

namespace {

Position position(const std::string& fen)
{
    auto pos = parse_fen(fen, SetupRules::AllowUnreachable);
    INFO(fen);
    REQUIRE(pos.has_value());
    return *pos;
}

struct Case {
    const char* fen;
    bool white_cannot;
    bool black_cannot;
};

} // namespace

TEST_CASE("blocked positions are proved, open ones are not", "[blockade]")
{
    const Case cases[] = {
        // Mednis: a light-squared bishop behind a wall of dark-squared Black pawns.
        {"8/8/3k1p1p/2p1pPpP/1pP1P1P1/pP1B4/P3K3/8 w - -", true, true},
        // Head-on rams on light squares, White's bishop dark and shut in by its own pawns.
        {"4k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - -", true, true},
        // Both bishops on the wrong colour for the enemy pawns.
        {"2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - -", true, true},
        {"2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 b - -", true, true},
        // Kings and rammed pawns only.
        {"4k3/8/8/p1p1p1p1/P1P1P1P1/8/8/4K3 w - -", true, true},
        // White's king shuttles h4-h3; Black's king taking g2 would stalemate it (g3 shields h4
        // from a discovered check along the diagonal), and Black's bishops can never check on h3.
        {"8/8/3b3p/5p1P/3b1p1K/5Pp1/6P1/5kb1 b - -", true, true},
        {"8/8/3b3p/4bp1P/5p1K/4bPp1/3b1bP1/2b2kb1 b - -", true, true},
        // Not blocked.
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -", false, false},
        {"4k3/8/8/8/8/8/8/3QK3 w - -", false, true},
        // A lever: g4xh5 opens the wall.
        {"4k3/8/8/1p1p1p1p/1P1P1PP1/8/8/2B1K3 w - -", false, false},
        // A free pawn on the a-file.
        {"4k3/8/8/1p1p1p1p/1P1P1P1P/8/P7/2B1K3 w - -", false, false},
        // En passant pending: not analysed.
        {"4k3/8/8/1p1pPp1p/1P1P3P/8/8/4K3 w - d6", false, false},
    };
    for (const Case& c : cases) {
        INFO(c.fen);
        const Position pos = position(c.fen);
        CHECK(blockade::white_cannot_mate(pos) == c.white_cannot);
        CHECK(blockade::white_cannot_mate(pos.mirrored()) == c.black_cannot);
    }
}

TEST_CASE("steady squares of the Mednis wall", "[blockade]")
{
    const Position pos = position("8/8/3k1p1p/2p1pPpP/1pP1P1P1/pP1B4/P3K3/8 w - -");
    const Bitboard steady = blockade::steady_squares(pos);
    // Every pawn is frozen; kings and the bishop move.
    CHECK(steady == pos.pieces(PieceType::Pawn));
    CHECK(blockade::steady_squares(position("4k3/8/8/1p1pPp1p/1P1P3P/8/8/4K3 w - d6")) == 0);
}

TEST_CASE("no proof where the CHA set says a colour can mate", "[blockade]")
{
    int can_queries = 0, cannot_queries = 0, proved = 0, unsound = 0;
    std::vector<double> micros;
    for (const std::string& line : test::read_lines("winnability-positions.txt")) {
        const std::string fen = line.substr(3);
        const auto parsed = parse_fen(fen, SetupRules::AllowUnreachable);
        if (!parsed) continue;
        const Position sides[2] = {*parsed, parsed->mirrored()};
        for (int side = 0; side < 2; ++side) {
            const bool can = line[side] != '-';
            const auto start = std::chrono::steady_clock::now();
            const bool cannot = blockade::white_cannot_mate(sides[side]);
            micros.push_back(
                std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count());
            if (can) {
                ++can_queries;
                if (cannot) {
                    ++unsound;
                    UNSCOPED_INFO("unsound proof for " << (side == 0 ? "White" : "Black") << ": " << line);
                }
            } else {
                ++cannot_queries;
                if (cannot) ++proved;
            }
        }
    }
    std::sort(micros.begin(), micros.end());
    WARN("blockade: proved " << proved << " of " << cannot_queries << " 'cannot' queries; " << can_queries
                             << " 'can' queries; median " << micros[micros.size() / 2] << " us, max " << micros.back()
                             << " us");
    REQUIRE(unsound == 0);
    CHECK(can_queries + cannot_queries == 6828);
}
