// parse_move reads any notation; and a property test: on random legal games from several start
// positions, every legal move written in SAN (both languages), long algebraic and UCI reads back
// to the same move, which catches disambiguation bugs no hand-made table thinks of.
#include <catch2/catch.hpp>

#include "engine/fen.h"
#include "engine/lan.h"
#include "engine/movegen.h"
#include "engine/notation.h"
#include "engine/san.h"
#include "engine/uci.h"

using namespace rochade;

namespace {

Position position(const char* fen)
{
    auto pos = parse_fen(fen, SetupRules::AllowUnreachable);
    REQUIRE(pos.has_value());
    return *pos;
}

const char* const Start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const char* const TwoKnights = "rnbqkbnr/pppppppp/8/8/8/5N2/PPP1PPPP/RNBQKB1R w KQkq - 0 1";
const char* const BishopAndPawn = "4k3/8/8/8/8/1P6/8/4B2K w - - 0 1";

} // namespace

TEST_CASE("parse_move reads UCI, English and German SAN and long algebraic", "[notation]")
{
    struct Row {
        const char* fen;
        const char* text;
        const char* uci;
    };
    const Row rows[] = {
        {Start, "e2e4", "e2e4"},
        {Start, "e4", "e2e4"},
        {Start, "e2-e4", "e2e4"},
        {Start, "g1f3", "g1f3"},
        {Start, "Nf3", "g1f3"},
        {Start, "Sf3", "g1f3"},
        {Start, "Ng1-f3", "g1f3"},
        {Start, "Sg1-f3", "g1f3"},
        {Start, "Sg1f3!?", "g1f3"},
        {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "O-O", "e1g1"},
        {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "0-0-0", "e1c1"},
        {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1h1", "e1g1"},
        {"8/4P3/8/8/k7/8/8/7K w - - 0 1", "e8D+", "e7e8q"},
        {"8/4P3/8/8/k7/8/8/7K w - - 0 1", "e7e8n", "e7e8n"},
        {TwoKnights, "Sbd2", "b1d2"},
        {TwoKnights, "Nf3d2", "f3d2"},
        {BishopAndPawn, "Lb4", "e1b4"},
        {BishopAndPawn, "Be1-b4", "e1b4"},
    };
    for (const Row& row : rows) {
        INFO(row.fen << "  '" << row.text << "'");
        const Position pos = position(row.fen);
        auto m = parse_move(pos, row.text);
        if (!m) FAIL(m.error().message);
        CHECK(to_uci(pos, *m) == row.uci);
    }
}

TEST_CASE("parse_move errors: ambiguous before illegal before invalid", "[notation]")
{
    struct Row {
        const char* fen;
        const char* text;
        MoveErrorKind kind;
        const char* message;
    };
    const Row rows[] = {
        {Start, "Nf9", MoveErrorKind::Invalid, "'Nf9': not a move in any notation"},
        {Start, "hello", MoveErrorKind::Invalid, "'hello': not a move in any notation"},
        {Start, "", MoveErrorKind::Invalid, "'': not a move in any notation"},
        {Start, "Ke2", MoveErrorKind::Illegal, "'Ke2': illegal in this position (no king move to e2)"},
        {Start, "e2e5", MoveErrorKind::Illegal, "'e2e5': illegal in this position (no move from e2 to e5)"},
        {Start, "Sf6", MoveErrorKind::Illegal, "'Sf6': illegal in this position (no knight move to f6)"},
        {TwoKnights, "Nd2", MoveErrorKind::Ambiguous, "'Nd2': ambiguous, could be Nbd2 or Nfd2"},
        {TwoKnights, "Sd2", MoveErrorKind::Ambiguous, "'Sd2': ambiguous, could be Sbd2 or Sfd2"},
        {"8/4P3/8/8/k7/8/8/7K w - - 0 1", "e7e8", MoveErrorKind::Ambiguous,
         "'e7e8': ambiguous, could be e8=Q+, e8=R, e8=B+ or e8=N"},
    };
    for (const Row& row : rows) {
        INFO(row.fen << "  '" << row.text << "'");
        auto m = parse_move(position(row.fen), row.text);
        REQUIRE_FALSE(m.has_value());
        CHECK(m.error().kind == row.kind);
        CHECK(m.error().message == row.message);
    }
}

TEST_CASE("property: every notation of every legal move reads back to that move", "[notation][property]")
{
    std::uint64_t state = 0x9E3779B97F4A7C15ULL;
    auto next = [&state] {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        return state;
    };
    const char* starts[] = {
        Start,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        // Many pieces of one kind, so that disambiguation by file, rank and square all occur.
        "1k6/8/2Q1Q3/8/2Q1Q3/8/8/K3N1N1 w - - 0 1",
        "3k4/8/1N3N2/8/1N3N2/8/R6R/K6R w - - 0 1",
        // Pawns about to promote, with captures, for both sides.
        "1n1n3k/PPPP4/8/8/8/8/4pppp/K4N1N w - - 0 1",
    };
    int checked = 0;
    for (const char* start : starts) {
        for (int game = 0; game < 12; ++game) {
            Position pos = position(start);
            for (int ply = 0; ply < 80; ++ply) {
                const MoveList moves = legal_moves(pos);
                if (moves.empty()) break;
                for (const Move m : moves) {
                    const std::string english = to_san(pos, m, Language::English);
                    const std::string german = to_san(pos, m, Language::German);
                    const std::string lan_de = to_lan(pos, m, Language::German);
                    const std::string lan_en = to_lan(pos, m, Language::English);
                    const std::string uci = to_uci(pos, m);
                    INFO(to_fen(pos) << "  " << uci << " " << english << " " << german << " " << lan_de << " "
                                     << lan_en);
                    REQUIRE(parse_san(pos, english, Language::English).value() == m);
                    REQUIRE(parse_san(pos, german, Language::German).value() == m);
                    REQUIRE(parse_san(pos, german).value() == m);
                    REQUIRE(parse_san(pos, lan_de, Language::German).value() == m);
                    REQUIRE(parse_san(pos, lan_en, Language::English).value() == m);
                    REQUIRE(parse_uci(pos, uci).value() == m);
                    REQUIRE(parse_move(pos, uci).value() == m);
                    REQUIRE(parse_move(pos, german).value() == m);
                    REQUIRE(parse_move(pos, lan_de).value() == m);
                    REQUIRE(parse_move(pos, lan_en).value() == m);
                    // English SAN without a language can clash only through 'B' (see san.h).
                    const auto any = parse_move(pos, english);
                    if (any.has_value())
                        REQUIRE(*any == m);
                    else
                        REQUIRE((english[0] == 'B' && any.error().kind == MoveErrorKind::Ambiguous));
                    ++checked;
                }
                pos = pos.after(moves[next() % moves.size()]);
            }
        }
    }
    CHECK(checked > 10000);
}
