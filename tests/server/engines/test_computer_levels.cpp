// The level table of docs/bots.md, and the computer's nicks.
#include <catch2/catch.hpp>

#include "server/engines/computer_levels.h"

using namespace rochade::server::engines;
using std::chrono::milliseconds;

TEST_CASE("levels 1-8: Skill Level, depth, move time and program", "[engines][levels]")
{
    struct Row {
        int level, skill, depth;
        long move_time_ms;
        EngineProgram program;
    };
    const Row rows[] = {
        {1, -15, 5, 50, EngineProgram::FairyStockfish}, {2, -5, 5, 100, EngineProgram::FairyStockfish},
        {3, -1, 5, 150, EngineProgram::FairyStockfish}, {4, 3, 5, 200, EngineProgram::Stockfish},
        {5, 7, 5, 300, EngineProgram::Stockfish},       {6, 11, 8, 400, EngineProgram::Stockfish},
        {7, 16, 13, 500, EngineProgram::Stockfish},     {8, 20, 22, 1000, EngineProgram::Stockfish},
    };
    for (const auto& row : rows) {
        INFO("level " << row.level);
        const auto level = computer_level(row.level);
        REQUIRE(level);
        CHECK(level->number == row.level);
        CHECK(level->skill_level == row.skill);
        CHECK(level->depth == row.depth);
        CHECK(level->move_time == milliseconds(row.move_time_ms));
        CHECK(level->program == row.program);
        // stockfish 15.1 takes Skill Level 0-20 only; below that only fairy-stockfish goes.
        if (level->skill_level < 0) CHECK(level->program == EngineProgram::FairyStockfish);
    }
}

TEST_CASE("there is no level outside 1-8", "[engines][levels]")
{
    CHECK_FALSE(computer_level(0));
    CHECK_FALSE(computer_level(9));
    CHECK_FALSE(computer_level(-1));
}

TEST_CASE("a computer's nick names its level, and only a computer's does", "[engines][levels]")
{
    CHECK(computer_nick(3) == "Stockfish-3");
    for (int level = 1; level <= 8; ++level) CHECK(level_of_computer_nick(computer_nick(level)) == level);
    for (const char* nick : {"Stockfish-0", "Stockfish-9", "Stockfish-", "Stockfish-10", "stockfish-3", "Anna"})
        CHECK_FALSE(level_of_computer_nick(nick));
}
