// A stored analysis as the game page reads it (GET /api/games/{id}/analysis, docs/bots.md
// "Server analysis"): each position's evaluation from White's side ({"cp": 35} or {"mate": -3}),
// each move's judgement by review/game_review.h (lichess's rule: the mover's loss in winning
// chances), and both sides' accuracy, mistakes and average centipawn loss.
#pragma once

#include <nlohmann/json.hpp>

#include "db/analysis_records.h"
#include "review/game_review.h"

namespace rochade::server {

std::vector<review::Evaluation> review_evaluations(const std::vector<db::PositionEvaluation>& evaluations);
// The review of a stored analysis; `white_first`: the game began with White to move.
review::GameReview review_of(const db::GameAnalysisRecord& analysis, bool white_first);
nlohmann::json analysis_json(const db::GameAnalysisRecord& analysis, bool white_first);

} // namespace rochade::server
