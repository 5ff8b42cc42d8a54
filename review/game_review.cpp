#include "review/game_review.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace rochade::review {

namespace {

constexpr int centipawn_ceiling = 1000;
constexpr double win_chance_slope = 0.00368208;

double mean(const std::vector<double>& values)
{
    double sum = 0;
    for (const double v : values) sum += v;
    return values.empty() ? 0 : sum / double(values.size());
}

double standard_deviation(const std::vector<double>& values)
{
    if (values.size() < 2) return 0;
    const double m = mean(values);
    double squares = 0;
    for (const double v : values) squares += (v - m) * (v - m);
    return std::sqrt(squares / double(values.size()));
}

// A centipawn figure for the average loss: a mate counts as the ceiling.
int centipawns_of(const Evaluation& evaluation)
{
    if (evaluation.mate) return *evaluation.mate > 0 ? centipawn_ceiling : -centipawn_ceiling;
    return std::clamp(evaluation.centipawns.value_or(0), -centipawn_ceiling, centipawn_ceiling);
}

} // namespace

double winning_chances(const Evaluation& evaluation)
{
    if (evaluation.mate) return *evaluation.mate > 0 ? 1.0 : -1.0;
    const double cp = std::clamp(evaluation.centipawns.value_or(0), -centipawn_ceiling, centipawn_ceiling);
    return 2.0 / (1.0 + std::exp(-win_chance_slope * cp)) - 1.0;
}

double win_percent(const Evaluation& evaluation) { return 50.0 + 50.0 * winning_chances(evaluation); }

Judgement judge(const Evaluation& before, const Evaluation& after, bool white_moved)
{
    const double sign = white_moved ? 1.0 : -1.0;
    const double lost = sign * (winning_chances(before) - winning_chances(after));
    if (lost >= 0.3) return Judgement::Blunder;
    if (lost >= 0.2) return Judgement::Mistake;
    if (lost >= 0.1) return Judgement::Inaccuracy;
    return Judgement::Good;
}

double move_accuracy(double before, double after)
{
    if (after >= before) return 100.0;
    const double raw = 103.1668100711649 * std::exp(-0.04354415386753951 * (before - after)) - 3.166924740191411;
    return std::clamp(raw + 1.0, 0.0, 100.0);
}

GameReview review_game(const std::vector<Evaluation>& evaluations, bool white_first)
{
    GameReview review;
    review.white.accuracy = review.black.accuracy = 100.0;
    if (evaluations.size() < 2) return review;
    const std::size_t moves = evaluations.size() - 1;

    std::vector<double> wins; // White's win percent after each position
    for (const auto& evaluation : evaluations) wins.push_back(win_percent(evaluation));
    // The volatility of the game around each move: windows of a tenth of the game (2-8
    // positions), the first few moves sharing the first window.
    const std::size_t window = std::clamp<std::size_t>(evaluations.size() / 10, 2, 8);
    std::vector<double> weights;
    for (std::size_t move = 0; move < moves; ++move) {
        const std::size_t end = std::max(move + 2, std::min(window, wins.size()));
        const std::size_t start = end >= window ? end - window : 0;
        std::vector<double> slice(wins.begin() + std::ptrdiff_t(start),
                                  wins.begin() + std::ptrdiff_t(std::min(end, wins.size())));
        weights.push_back(std::clamp(standard_deviation(slice), 0.5, 12.0));
    }

    struct Side {
        std::vector<double> accuracies, weights;
        long long centipawn_loss = 0;
        SideSummary* summary = nullptr;
    };
    Side white{{}, {}, 0, &review.white}, black{{}, {}, 0, &review.black};
    for (std::size_t move = 0; move < moves; ++move) {
        const bool white_moved = (move % 2 == 0) == white_first;
        Side& side = white_moved ? white : black;
        const auto& before = evaluations[move];
        const auto& after = evaluations[move + 1];
        const Judgement judgement = judge(before, after, white_moved);
        review.judgements.push_back(judgement);
        switch (judgement) {
        case Judgement::Inaccuracy: ++side.summary->inaccuracies; break;
        case Judgement::Mistake: ++side.summary->mistakes; break;
        case Judgement::Blunder: ++side.summary->blunders; break;
        case Judgement::Good: break;
        }
        const double mover_before = white_moved ? wins[move] : 100.0 - wins[move];
        const double mover_after = white_moved ? wins[move + 1] : 100.0 - wins[move + 1];
        side.accuracies.push_back(move_accuracy(mover_before, mover_after));
        side.weights.push_back(weights[move]);
        const int sign = white_moved ? 1 : -1;
        side.centipawn_loss += std::max(0, sign * (centipawns_of(before) - centipawns_of(after)));
    }
    for (Side* side : {&white, &black}) {
        if (side->accuracies.empty()) continue;
        double weighted = 0, weight_sum = 0, reciprocal = 0;
        for (std::size_t i = 0; i < side->accuracies.size(); ++i) {
            weighted += side->accuracies[i] * side->weights[i];
            weight_sum += side->weights[i];
            reciprocal += 1.0 / std::max(side->accuracies[i], 1e-3);
        }
        const double harmonic = double(side->accuracies.size()) / reciprocal;
        side->summary->accuracy = std::clamp((weighted / weight_sum + harmonic) / 2.0, 0.0, 100.0);
        side->summary->average_centipawn_loss = double(side->centipawn_loss) / double(side->accuracies.size());
    }
    return review;
}

std::string eval_comment(const Evaluation& evaluation)
{
    if (evaluation.mate) return "[%eval #" + std::to_string(*evaluation.mate) + "]";
    char text[32];
    std::snprintf(text, sizeof text, "[%%eval %.2f]", double(evaluation.centipawns.value_or(0)) / 100.0);
    return text;
}

std::string judgement_nag(Judgement judgement)
{
    switch (judgement) {
    case Judgement::Inaccuracy: return "$6";
    case Judgement::Mistake: return "$2";
    case Judgement::Blunder: return "$4";
    case Judgement::Good: return "";
    }
    return "";
}

} // namespace rochade::review
