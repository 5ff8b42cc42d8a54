// The game review (review/game_review.h): winning chances from the engine's score, moves judged
// by the mover's loss in winning chances (not pawns), accuracy per move and per side, and the
// PGN's [%eval] comments and NAGs.
#include <catch2/catch.hpp>

#include "review/game_review.h"

using namespace rochade::review;

namespace {
Evaluation cp(int centipawns) { return Evaluation{centipawns, std::nullopt}; }
Evaluation mate(int moves) { return Evaluation{std::nullopt, moves}; }
} // namespace

TEST_CASE("review: winning chances are even at 0, held at 1000 centipawns, whole for a mate", "[review]")
{
    CHECK(winning_chances(cp(0)) == Approx(0.0));
    CHECK(win_percent(cp(0)) == Approx(50.0));
    CHECK(winning_chances(cp(100)) == Approx(-winning_chances(cp(-100))));
    CHECK(winning_chances(cp(100)) == Approx(0.1822).epsilon(0.001));
    CHECK(winning_chances(cp(5000)) == Approx(winning_chances(cp(1000))));
    CHECK(winning_chances(mate(3)) == 1.0);
    CHECK(winning_chances(mate(-1)) == -1.0);
}

TEST_CASE("review: a move is judged by its mover's loss in winning chances, not in pawns", "[review]")
{
    CHECK(judge(cp(0), cp(-500), true) == Judgement::Blunder);
    CHECK(judge(cp(0), cp(-120), true) == Judgement::Mistake);
    CHECK(judge(cp(0), cp(-60), true) == Judgement::Inaccuracy);
    CHECK(judge(cp(0), cp(-20), true) == Judgement::Good);
    // A pawn given back in a won position costs almost no chances.
    CHECK(judge(cp(900), cp(800), true) == Judgement::Good);
    // Black's move is judged from Black's side: the score rising for White is his loss.
    CHECK(judge(cp(0), cp(500), false) == Judgement::Blunder);
    CHECK(judge(cp(0), cp(-500), false) == Judgement::Good);
    // Letting a mate slip: from mating to level.
    CHECK(judge(mate(2), cp(0), true) == Judgement::Blunder);
}

TEST_CASE("review: a move that loses nothing is 100 % accurate, a heavy loss near 0", "[review]")
{
    CHECK(move_accuracy(60, 60) == 100.0);
    CHECK(move_accuracy(60, 70) == 100.0);
    CHECK(move_accuracy(60, 55) > 80.0);
    CHECK(move_accuracy(90, 10) < 5.0);
    CHECK(move_accuracy(90, 10) >= 0.0);
}

TEST_CASE("review: a game's judgements and each side's accuracy", "[review]")
{
    SECTION("no moves, or a level game played perfectly")
    {
        const auto empty = review_game({cp(20)});
        CHECK(empty.judgements.empty());
        CHECK(empty.white.accuracy == 100.0);
        const auto level = review_game({cp(20), cp(20), cp(20), cp(20), cp(20)});
        CHECK(level.judgements.size() == 4);
        CHECK(level.white.accuracy == Approx(100.0));
        CHECK(level.black.accuracy == Approx(100.0));
        CHECK(level.white.average_centipawn_loss == 0.0);
    }
    SECTION("White blunders once: his accuracy falls, Black's does not, the marks are counted")
    {
        // White's second move throws the game away (+30 to -400); everything else is level play.
        const std::vector<Evaluation> evaluations{cp(20), cp(30), cp(30), cp(-400), cp(-400), cp(-380), cp(-390)};
        const auto review = review_game(evaluations);
        REQUIRE(review.judgements.size() == 6);
        CHECK(review.judgements[2] == Judgement::Blunder);
        CHECK(review.white.blunders == 1);
        CHECK(review.black.blunders == 0);
        CHECK(review.white.accuracy < review.black.accuracy);
        CHECK(review.white.accuracy < 80.0);
        CHECK(review.black.accuracy > 95.0);
        CHECK(review.white.average_centipawn_loss == Approx(430.0 / 3.0));
    }
    SECTION("from a position with Black to move, Black's move is the first")
    {
        const auto review = review_game({cp(0), cp(600), cp(600)}, false);
        CHECK(review.judgements[0] == Judgement::Blunder);
        CHECK(review.black.blunders == 1);
        CHECK(review.white.blunders == 0);
    }
}

TEST_CASE("review: the PGN's comments and NAGs as lichess writes them", "[review]")
{
    CHECK(eval_comment(cp(35)) == "[%eval 0.35]");
    CHECK(eval_comment(cp(-120)) == "[%eval -1.20]");
    CHECK(eval_comment(cp(0)) == "[%eval 0.00]");
    CHECK(eval_comment(mate(-3)) == "[%eval #-3]");
    CHECK(judgement_nag(Judgement::Inaccuracy) == "$6");
    CHECK(judgement_nag(Judgement::Mistake) == "$2");
    CHECK(judgement_nag(Judgement::Blunder) == "$4");
    CHECK(judgement_nag(Judgement::Good).empty());
}
