// The game review (issue 29 §2; docs/bots.md, "Server analysis"): what the engine's evaluations
// of a finished game's positions say about its moves. Read in lichess (lila's WinPercent,
// AccuracyPercent and Advice), written again:
//
// - A position's winning chances, -1 (Black wins) to +1 (White wins), from the engine's score
//   seen from White: 2 / (1 + e^(-0.00368208 cp)) - 1 with the score held within ±1000
//   centipawns, and ±1 for a mate. The win percent is 50 + 50 × that.
// - A move is judged by how much it lost of its mover's winning chances: 0.3 or more a blunder,
//   0.2 a mistake, 0.1 an inaccuracy. The loss is in winning chances, not pawns, so a pawn thrown
//   away in a won position is not a blunder, and one thrown away in a level one may be.
// - A move's accuracy: 103.1668 e^(-0.04354 × the loss in win percent) - 3.1669, plus one for
//   the engine's uncertainty, held within 0-100; a move that lost nothing is 100.
// - A side's accuracy: the mean of the volatility-weighted mean of its moves' accuracies (each
//   weighted by the standard deviation of the win percent over a window of the game around it,
//   held within 0.5-12, the window being a tenth of the game, 2-8 positions) and their harmonic
//   mean, so that a few bad moves in a sharp game weigh more than in a quiet one.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace rochade::review {

// An engine's evaluation of one position, seen from White (the server turns the side to move's
// score around): centipawns, or a mate in `mate` moves (positive: White mates).
struct Evaluation {
    std::optional<int> centipawns;
    std::optional<int> mate;
    friend bool operator==(const Evaluation&, const Evaluation&) = default;
};

double winning_chances(const Evaluation& evaluation); // -1 .. +1, White's
double win_percent(const Evaluation& evaluation);     // 0 .. 100, White's

enum class Judgement { Good, Inaccuracy, Mistake, Blunder };

// How a move by `white_moved`'s side from `before` to `after` is judged.
Judgement judge(const Evaluation& before, const Evaluation& after, bool white_moved);

// The accuracy of one move from the win percents (the mover's own) before and after it.
double move_accuracy(double mover_win_percent_before, double mover_win_percent_after);

struct SideSummary {
    double accuracy = 0; // 0-100, one decimal is enough to show
    int inaccuracies = 0;
    int mistakes = 0;
    int blunders = 0;
    double average_centipawn_loss = 0;
};

struct GameReview {
    std::vector<Judgement> judgements; // one per move (ply), White's first move first
    SideSummary white, black;
};

// The review of a game with `evaluations.size() - 1` moves: evaluations[0] is the start
// position, evaluations[i] the position after move i. White moved first unless the game started
// from a position with Black to move (`white_first` false). Fewer than two evaluations: no moves,
// an empty review with both accuracies 100.
GameReview review_game(const std::vector<Evaluation>& evaluations, bool white_first = true);

// The PGN comment for an evaluation, as lichess writes it: "[%eval 0.35]", "[%eval #-3]".
std::string eval_comment(const Evaluation& evaluation);
// The NAG for a judgement: "$6" (?!), "$2" (?), "$4" (??); empty for a good move.
std::string judgement_nag(Judgement judgement);

} // namespace rochade::review
