#include "server/api/analysis_json.h"

#include <cmath>

namespace rochade::server {

using nlohmann::json;

namespace {

const char* judgement_name(review::Judgement judgement)
{
    switch (judgement) {
    case review::Judgement::Good: return "good";
    case review::Judgement::Inaccuracy: return "inaccuracy";
    case review::Judgement::Mistake: return "mistake";
    case review::Judgement::Blunder: return "blunder";
    }
    return "good";
}

json side_json(const review::SideSummary& side)
{
    return json{{"accuracy", std::round(side.accuracy * 10) / 10},
                {"inaccuracies", side.inaccuracies},
                {"mistakes", side.mistakes},
                {"blunders", side.blunders},
                {"average_centipawn_loss", std::lround(side.average_centipawn_loss)}};
}

} // namespace

std::vector<review::Evaluation> review_evaluations(const std::vector<db::PositionEvaluation>& evaluations)
{
    std::vector<review::Evaluation> out;
    out.reserve(evaluations.size());
    for (const auto& evaluation : evaluations) out.push_back({evaluation.centipawns, evaluation.mate});
    return out;
}

review::GameReview review_of(const db::GameAnalysisRecord& analysis, bool white_first)
{
    return review::review_game(review_evaluations(analysis.evaluations), white_first);
}

json analysis_json(const db::GameAnalysisRecord& analysis, bool white_first)
{
    const auto review = review_of(analysis, white_first);
    json evaluations = json::array();
    for (const auto& evaluation : analysis.evaluations)
        evaluations.push_back(evaluation.mate ? json{{"mate", *evaluation.mate}}
                                              : json{{"cp", evaluation.centipawns.value_or(0)}});
    json judgements = json::array();
    for (const auto judgement : review.judgements) judgements.push_back(judgement_name(judgement));
    return json{{"state", "done"},          {"analysed_ms", analysis.at_ms},    {"evaluations", evaluations},
                {"judgements", judgements}, {"white", side_json(review.white)}, {"black", side_json(review.black)}};
}

} // namespace rochade::server
