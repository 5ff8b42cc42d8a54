// The computer's eight levels (docs/bots.md, "Levels"). lichess's table for orientation: Skill
// Level, depth and move time grow together. Debian's stockfish 15.1 takes Skill Level 0-20 only;
// the three levels below 0 run on Debian's fairy-stockfish, whose Skill Level goes down to -20.
// Level 1 is Skill Level -15, not lichess's -9: at -9 level 2 scored only 58% against it
// (docs/performance.md, "The computer's levels").
#pragma once

#include <chrono>
#include <optional>
#include <string>

namespace rochade::server::engines {

// Which program a search runs on; the pool keeps processes of each apart.
enum class EngineProgram { Stockfish, FairyStockfish };

struct ComputerLevel {
    int number = 0;                        // 1..8
    int skill_level = 0;                   // UCI "Skill Level"
    int depth = 0;                         // go depth
    std::chrono::milliseconds move_time{}; // go movetime
    EngineProgram program = EngineProgram::Stockfish;
};

inline constexpr int lowest_computer_level = 1;
inline constexpr int highest_computer_level = 8;

// The level numbered `number`, or nullopt outside 1..8.
std::optional<ComputerLevel> computer_level(int number);

// The computer account's nick at that level: "Stockfish-3". A player cannot register it
// (docs/bots.md).
std::string computer_nick(int level_number);

// The level a computer nick names, or nullopt if `nick` is no computer's.
std::optional<int> level_of_computer_nick(const std::string& nick);

} // namespace rochade::server::engines
