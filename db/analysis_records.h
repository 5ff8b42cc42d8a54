// A finished game's server analysis (issue 29 §2; docs/bots.md, "Server analysis"): the engine's
// evaluation of every position of the game, seen from White, stored once per game with who asked
// for it. What the evaluations say about the moves (marks, accuracy) is computed from them when
// they are read (review/game_review.h), so only the engine's numbers are kept.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/expected.h"

namespace rochade::db {

// One position's evaluation from White's side: centipawns, or a mate in `mate` moves (positive:
// White mates). Exactly one of the two.
struct PositionEvaluation {
    std::optional<int> centipawns;
    std::optional<int> mate;
    friend bool operator==(const PositionEvaluation&, const PositionEvaluation&) = default;
};

// The analysis of finished game `game_id`: evaluations[0] is the start position, evaluations[i]
// the position after ply i, one per position (the server analysis counts them against the game's
// moves). Refused when the game is not finished, when it has an analysis already (one per game),
// or when there is no evaluation at all.
struct GameAnalyzed {
    std::int64_t game_id = 0;
    std::int64_t account_id = 0; // who asked for it
    std::int64_t at_ms = 0;
    std::vector<PositionEvaluation> evaluations;
};

// As read back with the game (GameLog::analysis).
struct GameAnalysisRecord {
    std::int64_t account_id = 0;
    std::int64_t at_ms = 0;
    std::vector<PositionEvaluation> evaluations;
};

// The stored text of the evaluations: one word per position, "35", "-120", "#3", "#-2",
// separated by spaces. Reading refuses anything else, naming `source` and what was wrong.
std::string evaluations_text(const std::vector<PositionEvaluation>& evaluations);
rochade::Expected<std::vector<PositionEvaluation>, std::string> parse_evaluations(std::string_view text,
                                                                                  std::string_view source);

} // namespace rochade::db
