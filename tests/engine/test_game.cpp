// Game: repetition under the FIDE 9.2.3 identity, the move counters, automatic endings kept
// apart from claims, and claims with an intended move. Moves are written in UCI and matched
// against the legal move list, so this file needs nothing from the notation module.
#include <catch2/catch.hpp>

#include <sstream>
#include <string>
#include <vector>

#include "engine/fen.h"
#include "engine/game.h"
#include "engine/movegen.h"
#include "engine/san.h"
#include "engine/uci.h"

using namespace rochade;

// Failures print "checkmate (white)" or "none" rather than Catch's "{?}".
namespace Catch {
template <> struct StringMaker<std::optional<Outcome>> {
    static std::string convert(const std::optional<Outcome>& o)
    {
        if (!o) return "none";
        std::string text(to_text(o->termination));
        if (o->winner) text += *o->winner == Color::White ? " (white)" : " (black)";
        return text;
    }
};
template <> struct StringMaker<Outcome> {
    static std::string convert(const Outcome& o) { return StringMaker<std::optional<Outcome>>::convert(o); }
};
template <> struct StringMaker<std::optional<Termination>> {
    static std::string convert(const std::optional<Termination>& t)
    {
        return t ? std::string(to_text(*t)) : std::string("none");
    }
};
} // namespace Catch

namespace {

Move legal_move(const Position& pos, const std::string& uci)
{
    for (Move m : legal_moves(pos))
        if (to_uci(pos, m) == uci) return m;
    FAIL("'" << uci << "' is not legal in " << to_fen(pos));
    return Move::none();
}

Game game_from(const char* fen) { return Game(*parse_fen(fen)); }

void play(Game& game, const std::vector<std::string>& moves)
{
    for (const std::string& uci : moves) game.play(legal_move(game.position(), uci));
}

std::vector<std::string> repeat(const std::vector<std::string>& cycle, int times)
{
    std::vector<std::string> moves;
    for (int i = 0; i < times; ++i) moves.insert(moves.end(), cycle.begin(), cycle.end());
    return moves;
}

using Claims = std::vector<Termination>;
const std::vector<std::string> KnightShuffle = {"g1f3", "g8f6", "f3g1", "f6g8"};

} // namespace

TEST_CASE("knight shuffles: the start position is seen again every four plies", "[game]")
{
    struct Row {
        const char* move;
        int repetitions;
        Claims claims;
    };
    const Row rows[] = {
        {"g1f3", 1, {}}, {"g8f6", 1, {}}, {"f3g1", 1, {}}, {"f6g8", 2, {}},
        {"g1f3", 2, {}}, {"g8f6", 2, {}}, {"f3g1", 2, {}}, {"f6g8", 3, {Termination::ThreefoldRepetition}},
        {"e2e4", 1, {}}, // a pawn move: nothing before it can come back
    };
    Game game;
    CHECK(game.repetition_count() == 1);
    for (const Row& row : rows) {
        INFO("after " << row.move << " at ply " << game.ply_count() + 1);
        play(game, {row.move});
        CHECK(game.repetition_count() == row.repetitions);
        CHECK(game.claimable() == row.claims);
        CHECK_FALSE(game.is_over());
    }
}

TEST_CASE("undo restores the position and its repetition count", "[game]")
{
    Game game;
    play(game, repeat(KnightShuffle, 2));
    REQUIRE(game.repetition_count() == 3);
    REQUIRE(game.undo_last_move());
    CHECK(game.repetition_count() == 2);
    CHECK(to_fen(game.position()) == "rnbqkb1r/pppppppp/5n2/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 7 4");
    while (game.undo_last_move()) {
    }
    CHECK(game.moves().empty());
    CHECK(game.position().same_position(game.start_position()));
    CHECK(game.repetition_count() == 1);
    CHECK_FALSE(game.undo_last_move());
}

TEST_CASE("repetition needs the same castling rights and en passant possibilities (FIDE 9.2.3)", "[game]")
{
    struct Row {
        const char* name;
        const char* fen;
        std::vector<std::string> moves;
        std::vector<int> repetitions; // after each move
    };
    const Row rows[] = {
        // The king walks out and back: same pieces as at the start, but queenside castling is
        // gone, so the start is not repeated (move 4); later cycles repeat each other.
        {"castling right lost",
         "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1",
         repeat({"e1e2", "e8e7", "e2e1", "e7e8"}, 3),
         {1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3}},
        // After e4, d4xe3 is possible; when the same pieces come back (move 5) it no longer is.
        {"en passant possible only the first time",
         "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1",
         {"e2e4", "e8e7", "e1f1", "e7e8", "f1e1", "e8e7", "e1f1", "e7e8", "f1e1"},
         {1, 1, 1, 1, 1, 2, 2, 2, 2}},
        // Here d4xe3 would expose the black king to the rook on h4, so no capture is possible and
        // the position after e4 is the same one that comes back.
        {"double push without a legal en passant capture",
         "8/8/8/8/k2p3R/8/4P3/4K3 w - - 0 1",
         {"e2e4", "a4a5", "e1f1", "a5a4", "f1e1"},
         {1, 1, 1, 1, 2}},
    };
    for (const Row& row : rows) {
        SECTION(row.name)
        {
            Game game = game_from(row.fen);
            REQUIRE(row.moves.size() == row.repetitions.size());
            for (std::size_t i = 0; i < row.moves.size(); ++i) {
                INFO("after " << row.moves[i] << " (move " << i + 1 << ")");
                play(game, {row.moves[i]});
                CHECK(game.repetition_count() == row.repetitions[i]);
            }
        }
    }
}

TEST_CASE("the en passant square appears in the FEN only when the capture is legal", "[game]")
{
    Game possible = game_from("4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1");
    play(possible, {"e2e4"});
    CHECK(to_fen(possible.position()) == "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1");
    Game pinned = game_from("8/8/8/8/k2p3R/8/4P3/4K3 w - - 0 1");
    play(pinned, {"e2e4"});
    CHECK(to_fen(pinned.position()) == "8/8/8/8/k2pP2R/8/8/4K3 b - - 0 1");
}

TEST_CASE("fivefold repetition ends the game by itself (FIDE 9.6.1)", "[game]")
{
    Game game;
    play(game, repeat(KnightShuffle, 3));
    CHECK(game.repetition_count() == 4);
    CHECK_FALSE(game.is_over());
    CHECK(game.claimable() == Claims{Termination::ThreefoldRepetition});
    play(game, {"g1f3", "g8f6", "f3g1"});
    CHECK_FALSE(game.is_over());
    play(game, {"f6g8"});
    CHECK(game.repetition_count() == 5);
    CHECK(game.automatic_outcome() == Outcome{Termination::FivefoldRepetition, std::nullopt});
    CHECK(game.claimable().empty()); // nothing to claim in a finished game
}

TEST_CASE("Timman-Lutz 1995: fifty moves may be claimed, not imposed (FIDE 9.3)", "[game]")
{
    // Positions from the game as python-chess's test suite records them.
    struct Row {
        const char* fen;
        Claims claims;
    };
    const Row rows[] = {
        {"8/5R2/8/r2KB3/6k1/8/8/8 w - - 19 79", {}},
        {"8/8/6r1/4B3/8/4K2k/5R2/8 b - - 68 103", {}},
        {"6R1/7k/8/8/1r3B2/5K2/8/8 w - - 99 119", {}},
        {"8/7k/8/6R1/1r3B2/5K2/8/8 b - - 100 119", {Termination::FiftyMoves}},
        {"8/7k/8/1r3KR1/5B2/8/8/8 w - - 105 122", {Termination::FiftyMoves}},
    };
    for (const Row& row : rows) {
        INFO(row.fen);
        const Game game = game_from(row.fen);
        CHECK(game.claimable() == row.claims);
        CHECK_FALSE(game.is_over());
    }
    // 119.Rg5, written down and declared before it is played, completes the fifty moves.
    const Game before = game_from("6R1/7k/8/8/1r3B2/5K2/8/8 w - - 99 119");
    CHECK(before.claim_with_intended_move(legal_move(before.position(), "g8g5")) == Termination::FiftyMoves);
    Game after = before;
    play(after, {"g8g5"});
    CHECK(to_fen(after.position()) == "8/7k/8/6R1/1r3B2/5K2/8/8 b - - 100 119");
    CHECK(after.claimable() == Claims{Termination::FiftyMoves});
}

TEST_CASE("75 moves end the game by themselves, but a mate on that move stands (FIDE 9.6.2)", "[game]")
{
    struct Row {
        const char* fen;
        const char* move;
        std::optional<Outcome> outcome;
    };
    const Row rows[] = {
        {"7k/8/6K1/8/8/8/8/R7 w - - 148 200", "a1a2", std::nullopt}, // 149: only a claim
        {"7k/8/6K1/8/8/8/8/R7 w - - 149 200", "a1a2", Outcome{Termination::SeventyFiveMoves, std::nullopt}},
        {"7k/8/6K1/8/8/8/8/R7 w - - 149 200", "a1a8", Outcome{Termination::Checkmate, Color::White}},
        {"7k/8/6K1/8/8/8/8/R7 w - - 160 200", "a1a8", Outcome{Termination::Checkmate, Color::White}},
        {"7k/8/6K1/8/8/8/8/R7 w - - 149 200", "g6h6", Outcome{Termination::SeventyFiveMoves, std::nullopt}},
    };
    for (const Row& row : rows) {
        INFO(row.fen << " then " << row.move);
        Game game = game_from(row.fen);
        play(game, {row.move});
        CHECK(game.automatic_outcome() == row.outcome);
        CHECK(game.is_over() == row.outcome.has_value());
    }
}

TEST_CASE("a claim with an intended move is judged on the position after it (FIDE 9.2.1.1, 9.3.1)", "[game]")
{
    struct Row {
        const char* name;
        const char* fen;
        std::vector<std::string> played;
        const char* intended;
        std::optional<Termination> claim;
    };
    const Row rows[] = {
        {"third occurrence after the move",
         StartFen.data(),
         {"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"},
         "f6g8",
         Termination::ThreefoldRepetition},
        {"another move repeats nothing",
         StartFen.data(),
         {"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"},
         "b8c6",
         std::nullopt},
        {"only the second occurrence", StartFen.data(), {"g1f3", "g8f6", "f3g1"}, "f6g8", std::nullopt},
        {"the fiftieth move", "6R1/7k/8/8/1r3B2/5K2/8/8 w - - 99 119", {}, "f4e5", Termination::FiftyMoves},
        {"a capture resets the count", "8/8/8/8/8/2k5/1r6/KR6 w - - 99 150", {}, "b1b2", std::nullopt},
        {"a pawn move resets the count", "4k3/8/8/8/8/8/4P3/4K2R w - - 99 150", {}, "e2e3", std::nullopt},
        {"both hold: threefold is named", "4k3/8/8/8/8/8/8/4K2R w - - 92 150",
         repeat({"h1h2", "e8e7", "h2h1", "e7e8"}, 2), "h1h2", Termination::ThreefoldRepetition},
    };
    for (const Row& row : rows) {
        SECTION(row.name)
        {
            Game game = game_from(row.fen);
            play(game, row.played);
            CHECK(game.claim_with_intended_move(legal_move(game.position(), row.intended)) == row.claim);
        }
    }
}

TEST_CASE("an illegal intended move or a finished game gives no claim", "[game]")
{
    Game game;
    play(game, {"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"});
    CHECK_FALSE(game.claim_with_intended_move(Move(Square::E7, Square::E4)).has_value());
    const Game mated = game_from("k7/8/NKB5/8/8/8/8/8 b - - 105 176"); // python-chess: too late to claim
    CHECK(mated.automatic_outcome() == Outcome{Termination::Checkmate, Color::White});
    CHECK(mated.claimable().empty());
}

TEST_CASE("Korchnoi-Karpov, Baguio 1978, game 5: 124.Bg7 stalemate", "[game]")
{
    // The position before 124.Bg7 (after 107.Kxb5 there were 33 plies without pawn move or
    // capture), from the game score 1.c4 Nf6 ... 123.Bc3+ Kh7 124.Bg7 1/2-1/2.
    Game game = game_from("8/5K1k/8/8/p7/P1B5/8/8 w - - 33 124");
    CHECK_FALSE(game.is_over());
    play(game, {"c3g7"});
    CHECK(to_fen(game.position()) == "8/5KBk/8/8/p7/P7/8/8 b - - 34 124");
    CHECK(game.automatic_outcome() == Outcome{Termination::Stalemate, std::nullopt});
    CHECK(game.claimable().empty());
}

TEST_CASE("Korchnoi-Karpov, Baguio 1978, game 5: the whole game ends in stalemate", "[game]")
{
    // The game score as published (chessgames.com, game 1068051), 124 moves.
    const char* movetext =
        "1. c4 Nf6 2. d4 e6 3. Nc3 Bb4 4. e3 c5 5. Nge2 d5 6. a3 Bxc3+ 7. Nxc3 cxd4 8. exd4 dxc4 "
        "9. Bxc4 Nc6 10. Be3 O-O 11. O-O b6 12. Qd3 Bb7 13. Rad1 h6 14. f3 Ne7 15. Bf2 Nfd5 16. Ba2 Nf4 "
        "17. Qd2 Nfg6 18. Bb1 Qd7 19. h4 Rfd8 20. h5 Nf8 21. Bh4 f6 22. Ne4 Nd5 23. g4 Rac8 24. Bg3 Ba6 "
        "25. Rfe1 Rc6 26. Rc1 Ne7 27. Rxc6 Qxc6 28. Ba2 Qd7 29. Nd6 Bb7 30. Nxb7 Qxb7 31. Qe3 Kh8 "
        "32. Rc1 Nd5 33. Qe4 Qd7 34. Bb1 Qb5 35. b4 Qd7 36. Qd3 Qe7 37. Kf2 f5 38. gxf5 exf5 39. Re1 Qf6 "
        "40. Be5 Qh4+ 41. Bg3 Qf6 42. Rh1 Nh7 43. Be5 Qg5 44. Qxf5 Qd2+ 45. Kg3 Nhf6 46. Rg1 Re8 "
        "47. Be4 Ne7 48. Qh3 Rc8 49. Kh4 Rc1 50. Qg3 Rxg1 51. Qxg1 Kg8 52. Qg3 Kf7 53. Bg6+ Ke6 "
        "54. Qh3+ Kd5 55. Be4+ Nxe4 56. fxe4+ Kxe4 57. Qg4+ Kd3 58. Qf3+ Qe3 59. Kg4 Qxf3+ 60. Kxf3 g6 "
        "61. Bd6 Nf5 62. Kf4 Nh4 63. Kg4 gxh5+ 64. Kxh4 Kxd4 65. Bb8 a5 66. Bd6 Kc4 67. Kxh5 a4 "
        "68. Kxh6 Kb3 69. b5 Kc4 70. Kg5 Kxb5 71. Kf5 Ka6 72. Ke6 Ka7 73. Kd7 Kb7 74. Be7 Ka7 75. Kc7 Ka8 "
        "76. Bd6 Ka7 77. Kc8 Ka6 78. Kb8 b5 79. Bb4 Kb6 80. Kc8 Kc6 81. Kd8 Kd5 82. Ke7 Ke5 83. Kf7 Kd5 "
        "84. Kf6 Kd4 85. Ke6 Ke4 86. Bf8 Kd4 87. Kd6 Ke4 88. Bg7 Kf4 89. Ke6 Kf3 90. Ke5 Kg4 91. Bf6 Kh5 "
        "92. Kf5 Kh6 93. Bd4 Kh7 94. Kf6 Kh6 95. Be3+ Kh5 96. Kf5 Kh4 97. Bd2 Kg3 98. Bg5 Kf3 99. Bf4 Kg2 "
        "100. Bd6 Kf3 101. Bh2 Kg2 102. Bc7 Kf3 103. Bd6 Ke3 104. Ke5 Kf3 105. Kd5 Kg4 106. Kc5 Kf5 "
        "107. Kxb5 Ke6 108. Kc6 Kf6 109. Kd7 Kf7 110. Be7 Kg8 111. Ke6 Kg7 112. Bc5 Kg8 113. Kf6 Kh7 "
        "114. Kf7 Kh8 115. Bd4+ Kh7 116. Bb2 Kh6 117. Kg8 Kg6 118. Bg7 Kf5 119. Kf7 Kg5 120. Bb2 Kh6 "
        "121. Bc1+ Kh7 122. Bd2 Kh8 123. Bc3+ Kh7 124. Bg7";
    Game game;
    std::istringstream tokens(movetext);
    for (std::string token; tokens >> token;) {
        if (token.back() == '.') continue; // a move number
        INFO("ply " << game.ply_count() + 1 << ": " << token);
        REQUIRE_FALSE(game.is_over());
        // English SAN explicitly: "Ba6" would also read as a German pawn move ("Bauer").
        const auto move = parse_san(game.position(), token, Language::English);
        REQUIRE(move.has_value());
        game.play(*move);
    }
    CHECK(game.ply_count() == 247);
    CHECK(to_fen(game.position()) == "8/5KBk/8/8/p7/P7/8/8 b - - 34 124");
    CHECK(game.automatic_outcome() == Outcome{Termination::Stalemate, std::nullopt});
}

TEST_CASE("dead positions end the game by themselves (FIDE 5.2.2)", "[game]")
{
    struct Row {
        const char* name;
        const char* fen;
    };
    const Row rows[] = {
        // Vidmar-Maroczy 1932: a lone bishop cannot mate (diagram in Wikipedia's "Draw (chess)").
        {"Vidmar-Maroczy", "8/2b2k2/8/8/6K1/8/8/8 w - - 0 127"},
        {"king against king", "8/8/8/4k3/8/8/4K3/8 w - - 0 1"},
    };
    for (const Row& row : rows) {
        INFO(row.name);
        const Game game = game_from(row.fen);
        CHECK(game.automatic_outcome() == Outcome{Termination::DeadPosition, std::nullopt});
    }
}

TEST_CASE("Mednis: a blocked pawn wall with a bishop is dead (FIDE 5.2.2)", "[game][!mayfail]")
{
    // Needs the blocked-pawn proof of the full winnability implementation.
    const Game game = game_from("8/8/3k1p1p/2p1pPpP/1pP1P1P1/pP1B4/P3K3/8 w - - 0 1");
    CHECK(game.automatic_outcome() == Outcome{Termination::DeadPosition, std::nullopt});
}

TEST_CASE("termination names are the wire spellings", "[outcome]")
{
    struct Row {
        Termination termination;
        const char* name;
        bool automatic;
    };
    const Row rows[] = {
        {Termination::Checkmate, "checkmate", true},
        {Termination::Stalemate, "stalemate", true},
        {Termination::FivefoldRepetition, "fivefold_repetition", true},
        {Termination::SeventyFiveMoves, "seventyfive_moves", true},
        {Termination::DeadPosition, "dead_position", true},
        {Termination::ThreefoldRepetition, "threefold_repetition", false},
        {Termination::FiftyMoves, "fifty_moves", false},
    };
    for (const Row& row : rows) {
        CHECK(to_text(row.termination) == row.name);
        CHECK(is_automatic(row.termination) == row.automatic);
    }
}
