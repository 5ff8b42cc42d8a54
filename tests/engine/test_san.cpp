// SAN in English and German, both directions: writing (every disambiguation case, promotions,
// castling, check and mate), reading (the three errors, forgiving inputs) and the 'B' clash.
#include <catch2/catch.hpp>

#include "engine/fen.h"
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

Move uci_move(const Position& pos, const char* uci)
{
    auto m = parse_uci(pos, uci);
    REQUIRE(m.has_value());
    return *m;
}

const char* const Start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const char* const Castles = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
const char* const EnPassant = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3";
const char* const Promotion = "8/4P3/8/8/k7/8/8/7K w - - 0 1";
const char* const CapturePromotion = "3r4/2P5/4k3/8/8/8/8/7K w - - 0 1";
const char* const TwoKnights = "rnbqkbnr/pppppppp/8/8/8/5N2/PPP1PPPP/RNBQKB1R w KQkq - 0 1";
const char* const TwoRooks = "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1";
const char* const ThreeQueens = "1k6/8/8/8/4Q2Q/K7/8/4r2Q w - - 0 1";

} // namespace

TEST_CASE("SAN writing, English and German", "[san]")
{
    struct Row {
        const char* fen;
        const char* uci;
        const char* english;
        const char* german;
    };
    const Row rows[] = {
        {Start, "g1f3", "Nf3", "Sf3"},
        {Start, "e2e4", "e4", "e4"},
        {Start, "b1c3", "Nc3", "Sc3"},
        // Pawn captures name the file; en passant is an ordinary pawn capture in SAN.
        {EnPassant, "e5f6", "exf6", "exf6"},
        {"rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", "e4d5", "exd5", "exd5"},
        // Castling: letter O in English, digit zero in German; a check is marked.
        {Castles, "e1g1", "O-O", "0-0"},
        {Castles, "e1c1", "O-O-O", "0-0-0"},
        {"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8g8", "O-O", "0-0"},
        {"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8c8", "O-O-O", "0-0-0"},
        {"5k2/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1", "O-O+", "0-0+"},
        // Promotions: '=' in English only.
        {Promotion, "e7e8q", "e8=Q+", "e8D+"},
        {Promotion, "e7e8r", "e8=R", "e8T"},
        {Promotion, "e7e8b", "e8=B+", "e8L+"},
        {Promotion, "e7e8n", "e8=N", "e8S"},
        {CapturePromotion, "c7d8q", "cxd8=Q", "cxd8D"},
        {CapturePromotion, "c7d8n", "cxd8=N+", "cxd8S+"},
        {CapturePromotion, "c7d8r", "cxd8=R", "cxd8T"},
        {CapturePromotion, "c7c8q", "c8=Q+", "c8D+"},
        // Disambiguation: by file first ...
        {TwoKnights, "b1d2", "Nbd2", "Sbd2"},
        {TwoKnights, "f3d2", "Nfd2", "Sfd2"},
        {"4k3/8/8/8/8/N3N3/8/4K3 w - - 0 1", "e3c4", "Nec4", "Sec4"},
        // ... then by rank when the file is shared ...
        {TwoRooks, "a1a3", "R1a3", "T1a3"},
        {TwoRooks, "a5a3", "R5a3", "T5a3"},
        {"2R5/8/8/8/8/7k/2R5/K7 w - - 0 1", "c2c7", "R2c7", "T2c7"},
        {"4k3/8/8/1N6/8/8/8/1N2K3 w - - 0 1", "b1c3", "N1c3", "S1c3"},
        // ... and the full square when both are shared.
        {ThreeQueens, "h4e1", "Qh4xe1", "Dh4xe1"},
        {ThreeQueens, "e4e1", "Qexe1", "Dexe1"},
        {ThreeQueens, "h1e1", "Q1xe1", "D1xe1"},
        // Not needed: the same piece type elsewhere cannot reach the square.
        {TwoRooks, "a1b1", "Rb1", "Tb1"},
        {TwoRooks, "a5b5", "Rb5", "Tb5"},
        // Not needed: the other knight is pinned, so only one LEGAL knight move reaches d2.
        {"4k3/4r3/8/8/8/8/4N3/1N2K3 w - - 0 1", "b1c3", "Nc3", "Sc3"},
        {"4k3/8/8/8/8/8/4N3/1N2K3 w - - 0 1", "b1c3", "Nbc3", "Sbc3"},
        // Check and mate.
        {"4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "a1a8", "Ra8+", "Ta8+"},
        {"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a8", "Ra8#", "Ta8#"},
        {"rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2", "d8h4", "Qh4#", "Dh4#"},
        {"rnbqkbnr/pppp1ppp/8/4p3/2B1P3/8/PPPP1PPP/RNBQK1NR w KQkq - 0 1", "c4f7", "Bxf7+", "Lxf7+"},
    };
    for (const Row& row : rows) {
        INFO(row.fen << "  " << row.uci);
        const Position pos = position(row.fen);
        const Move m = uci_move(pos, row.uci);
        CHECK(to_san(pos, m) == row.english);
        CHECK(to_san(pos, m, Language::English) == row.english);
        CHECK(to_san(pos, m, Language::German) == row.german);
        // Reading back, in the language and without one.
        auto english = parse_san(pos, row.english, Language::English);
        auto german = parse_san(pos, row.german, Language::German);
        REQUIRE(english.has_value());
        REQUIRE(german.has_value());
        CHECK(*english == m);
        CHECK(*german == m);
        CHECK(parse_san(pos, row.german).value() == m);
    }
}

TEST_CASE("SAN reading is forgiving where it cannot mislead", "[san]")
{
    struct Row {
        const char* fen;
        const char* text;
        Language lang;
        const char* uci;
    };
    constexpr Language En = Language::English, De = Language::German;
    const Row rows[] = {
        // Over-specified origins, long algebraic, annotations, spaces, a pawn letter.
        {Start, "Ng1f3", En, "g1f3"},
        {Start, "Ng1-f3", En, "g1f3"},
        {Start, "Sg1-f3", De, "g1f3"},
        {Start, "g1f3", En, "g1f3"},
        {Start, "Nf3!", En, "g1f3"},
        {Start, "Nf3!!", En, "g1f3"},
        {Start, "Nf3?", En, "g1f3"},
        {Start, "Nf3??", En, "g1f3"},
        {Start, "Nf3!?", En, "g1f3"},
        {Start, "Nf3?!", En, "g1f3"},
        {Start, "  Nf3 ", En, "g1f3"},
        {Start, "e2-e4", En, "e2e4"},
        {Start, "e2e4", De, "e2e4"},
        {Start, "Pe4", En, "e2e4"},
        {Start, "Nxf3", En, "g1f3"}, // the capture mark is not checked
        // Castling in either spelling, with or without a check mark, or as a king move.
        {Castles, "O-O", En, "e1h1"},
        {Castles, "0-0", En, "e1h1"},
        {Castles, "O-O", De, "e1h1"},
        {Castles, "0-0", De, "e1h1"},
        {Castles, "o-o", En, "e1h1"},
        {Castles, "O-O-O", En, "e1a1"},
        {Castles, "0-0-0", De, "e1a1"},
        {Castles, "0-0-0+", De, "e1a1"},
        {Castles, "Ke1g1", En, "e1h1"},
        {Castles, "Ke1-c1", En, "e1a1"},
        {Castles, "e1g1", En, "e1h1"},
        // Captures: x, : or nothing; en passant marks.
        {EnPassant, "exf6", En, "e5f6"},
        {EnPassant, "ef6", En, "e5f6"},
        {EnPassant, "e:f6", De, "e5f6"},
        {EnPassant, "e5xf6", De, "e5f6"},
        {EnPassant, "e5:f6", De, "e5f6"},
        {EnPassant, "exf6 e.p.", En, "e5f6"},
        {EnPassant, "exf6e.p.", En, "e5f6"},
        {EnPassant, "exf6 ep", De, "e5f6"},
        {EnPassant, "e5xf6 e.p.", De, "e5f6"},
        // Promotions in every spelling, letters of either language.
        {Promotion, "e8=Q", En, "e7e8q"},
        {Promotion, "e8Q", En, "e7e8q"},
        {Promotion, "e8(Q)", En, "e7e8q"},
        {Promotion, "e8/Q", En, "e7e8q"},
        {Promotion, "e8=D", En, "e7e8q"},
        {Promotion, "e8D", De, "e7e8q"},
        {Promotion, "e8=Q+", De, "e7e8q"},
        {Promotion, "e8q", En, "e7e8q"},
        {Promotion, "e8=B", De, "e7e8b"}, // a pawn never promotes to a pawn: B is the bishop
        {Promotion, "e8L", En, "e7e8b"},
        {Promotion, "e8S", En, "e7e8n"},
        {Promotion, "e7-e8D", De, "e7e8q"},
        {Promotion, "e7e8=N", En, "e7e8n"},
        {CapturePromotion, "cxd8Q", En, "c7d8q"},
        {CapturePromotion, "cd8=N", En, "c7d8n"},
        {CapturePromotion, "c7xd8=S+", De, "c7d8n"},
        {CapturePromotion, "c:d8T", De, "c7d8r"},
        // Over-specified disambiguation is accepted; under-specified is not (see errors).
        {TwoKnights, "Nb1d2", En, "b1d2"},
        {TwoKnights, "Nfd2", En, "f3d2"},
        {TwoKnights, "N3d2", En, "f3d2"},
        {TwoKnights, "S1d2", De, "b1d2"},
        {ThreeQueens, "Qh4e1", En, "h4e1"},
        {ThreeQueens, "Dh4:e1#", De, "h4e1"},
    };
    for (const Row& row : rows) {
        INFO(row.fen << "  '" << row.text << "'");
        const Position pos = position(row.fen);
        auto m = parse_san(pos, row.text, row.lang);
        if (!m) FAIL(m.error().message);
        CHECK(*m == uci_move(pos, row.uci));
    }
}

TEST_CASE("SAN reading errors: invalid, illegal, ambiguous, each naming the text", "[san]")
{
    struct Row {
        const char* fen;
        const char* text;
        Language lang;
        MoveErrorKind kind;
        const char* message;
    };
    constexpr Language En = Language::English, De = Language::German;
    constexpr auto Invalid = MoveErrorKind::Invalid, Illegal = MoveErrorKind::Illegal,
                   Ambiguous = MoveErrorKind::Ambiguous;
    const Row rows[] = {
        {Start, "Nf9", En, Invalid, "'Nf9': not a move in English SAN"},
        {Start, "", En, Invalid, "'': not a move in English SAN"},
        {Start, "Sf3", En, Invalid, "'Sf3': not a move in English SAN"},
        {Start, "Nf3", De, Invalid, "'Nf3': not a move in German SAN"},
        {Start, "Xe4", En, Invalid, "'Xe4': not a move in English SAN"},
        {Start, "Nf3=Q", En, Invalid, "'Nf3=Q': not a move in English SAN"},
        {Start, "4e5", En, Invalid, "'4e5': not a move in English SAN"},
        {Start, "O-O-O-O", En, Invalid, "'O-O-O-O': not a move in English SAN"},
        {Start, "e4e", En, Invalid, "'e4e': not a move in English SAN"},
        {Start, "Ke2", En, Illegal, "'Ke2': illegal in this position (no king move to e2)"},
        {Start, "e5", En, Illegal, "'e5': illegal in this position (no pawn move to e5)"},
        {Start, "exd3", En, Illegal, "'exd3': illegal in this position (no pawn move from the e-file to d3)"},
        {Start, "Ng1e2", En, Illegal, "'Ng1e2': illegal in this position (no knight move from g1 to e2)"},
        {Start, "O-O", En, Illegal, "'O-O': illegal in this position (no castling kingside)"},
        {Start, "0-0-0", De, Illegal, "'0-0-0': illegal in this position (no castling queenside)"},
        {TwoRooks, "R2a3", En, Illegal, "'R2a3': illegal in this position (no rook move from rank 2 to a3)"},
        {Promotion, "e8=K", En, Invalid, "'e8=K': not a move in English SAN"},
        {TwoKnights, "Nd2", En, Ambiguous, "'Nd2': ambiguous, could be Nbd2 or Nfd2"},
        {TwoKnights, "Sd2", De, Ambiguous, "'Sd2': ambiguous, could be Sbd2 or Sfd2"},
        {TwoRooks, "Ra3", En, Ambiguous, "'Ra3': ambiguous, could be R1a3 or R5a3"},
        {TwoRooks, "Raa3", En, Ambiguous, "'Raa3': ambiguous, could be R1a3 or R5a3"},
        {ThreeQueens, "Qxe1", En, Ambiguous, "'Qxe1': ambiguous, could be Q1xe1, Qexe1 or Qh4xe1"},
        {ThreeQueens, "Qhxe1", En, Ambiguous, "'Qhxe1': ambiguous, could be Q1xe1 or Qh4xe1"},
        {Promotion, "e8", En, Ambiguous, "'e8': ambiguous, could be e8=Q+, e8=R, e8=B+ or e8=N"},
        {Promotion, "e8", De, Ambiguous, "'e8': ambiguous, could be e8D+, e8T, e8L+ or e8S"},
    };
    for (const Row& row : rows) {
        if (!row.message) continue;
        INFO(row.fen << "  '" << row.text << "'");
        auto m = parse_san(position(row.fen), row.text, row.lang);
        REQUIRE_FALSE(m.has_value());
        CHECK(m.error().kind == row.kind);
        CHECK(m.error().message == row.message);
    }
}

// German SAN writes pawn moves without a letter, so a leading 'B' is never read as the German
// pawn (Bauer): it is the English bishop, and "Bb4" is the bishop even when a pawn can go there.
TEST_CASE("SAN without a language: a leading 'B' is the English bishop, never the German pawn", "[san]")
{
    struct Row {
        const char* fen;
        const char* text;
        const char* english; // UCI of the English reading, "" when none, "?" when ambiguous
        const char* german;
        const char* either;
    };
    // Bishop e1 and pawn b3 can both reach b4; bishop f1 and pawn b3 can both take on c4.
    const char* const BishopAndPawn = "4k3/8/8/8/8/1P6/8/4B2K w - - 0 1";
    const char* const BishopOnly = "4k3/8/8/8/8/8/8/4B2K w - - 0 1";
    const char* const BothTake = "4k3/8/8/8/2p5/1P6/8/5B1K w - - 0 1";
    const Row rows[] = {
        {BishopAndPawn, "Bb4", "e1b4", "", "e1b4"},
        {BishopAndPawn, "Lb4", "", "e1b4", "e1b4"},
        {BishopAndPawn, "b4", "b3b4", "b3b4", "b3b4"},
        {BishopOnly, "Bb4", "e1b4", "", "e1b4"},
        // A pawn capture names its file, so "Bxc4" cannot be a German pawn move.
        {BothTake, "Bxc4", "f1c4", "", "f1c4"},
        {BothTake, "bxc4", "b3c4", "b3c4", "b3c4"},
        {BothTake, "Bbxc4", "", "", ""},
        {BothTake, "Lxc4", "", "f1c4", "f1c4"},
    };
    for (const Row& row : rows) {
        INFO(row.fen << "  '" << row.text << "'");
        const Position pos = position(row.fen);
        auto check = [&](const Expected<Move, MoveError>& got, const std::string& want) {
            if (want == "?") {
                REQUIRE_FALSE(got.has_value());
                CHECK(got.error().kind == MoveErrorKind::Ambiguous);
            } else if (want.empty()) {
                CHECK_FALSE(got.has_value());
            } else {
                REQUIRE(got.has_value());
                CHECK(*got == uci_move(pos, want.c_str()));
            }
        };
        check(parse_san(pos, row.text, Language::English), row.english);
        check(parse_san(pos, row.text, Language::German), row.german);
        check(parse_san(pos, row.text), row.either);
    }
    auto bishop = parse_san(position(BishopAndPawn), "Bb4");
    REQUIRE(bishop.has_value());
    CHECK(*bishop == uci_move(position(BishopAndPawn), "e1b4"));
    // A text only German reads is answered in German.
    auto german = parse_san(position(TwoKnights), "Sd2");
    REQUIRE_FALSE(german.has_value());
    CHECK(german.error().message == "'Sd2': ambiguous, could be Sbd2 or Sfd2");
}
