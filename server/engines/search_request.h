// What the engine pool is asked and what it answers: plain values, so a table builds a request
// from its game and reads the answer without knowing UCI.
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "server/engines/computer_levels.h"
#include "server/engines/uci_reply.h"

namespace rochade::server::engines {

// Every search is bounded: by time always (the pool's answer deadline is move_time plus a
// margin), and by depth and nodes when given.
struct SearchLimits {
    std::chrono::milliseconds move_time{1000};
    std::optional<int> depth;
    std::optional<long long> nodes;
};

struct SearchRequest {
    EngineProgram program = EngineProgram::Stockfish;
    std::string start_fen;              // the game's start position (Chess960 or set up), "startpos" spelled out
    std::vector<std::string> uci_moves; // the moves since, in UCI spelling (king takes rook in Chess960)
    bool chess960 = false;
    int skill_level = 20;
    SearchLimits limits;
};

// Games against the computer go before analysis (issue 29 §2): a waiting game search is always
// started first.
enum class SearchPriority { Game, Analysis };

struct BestMoveFound {
    std::string uci_move;             // "(none)" or "0000" when the position has no move (names_no_move)
    std::optional<UciScore> score;    // the last score the engine reported
    std::chrono::milliseconds took{}; // from the write of `go` to `bestmove`
};

// Why a search has no answer even from a fresh engine; the game is then aborted with it.
struct SearchFailure {
    std::string reason;
};

using SearchOutcome = std::variant<BestMoveFound, SearchFailure>;

} // namespace rochade::server::engines
