#include "server/engines/computer_levels.h"

#include <array>

namespace rochade::server::engines {
namespace {

using std::chrono::milliseconds;
constexpr auto fairy = EngineProgram::FairyStockfish;
constexpr auto stockfish = EngineProgram::Stockfish;

constexpr std::array<ComputerLevel, 8> levels{{
    {1, -15, 5, milliseconds(50), fairy},
    {2, -5, 5, milliseconds(100), fairy},
    {3, -1, 5, milliseconds(150), fairy},
    {4, 3, 5, milliseconds(200), stockfish},
    {5, 7, 5, milliseconds(300), stockfish},
    {6, 11, 8, milliseconds(400), stockfish},
    {7, 16, 13, milliseconds(500), stockfish},
    {8, 20, 22, milliseconds(1000), stockfish},
}};

constexpr std::string_view nick_prefix = "Stockfish-";

} // namespace

std::optional<ComputerLevel> computer_level(int number)
{
    if (number < lowest_computer_level || number > highest_computer_level) return std::nullopt;
    return levels[std::size_t(number - 1)];
}

std::string computer_nick(int level_number) { return std::string(nick_prefix) + std::to_string(level_number); }

std::optional<int> level_of_computer_nick(const std::string& nick)
{
    if (nick.size() != nick_prefix.size() + 1 || !nick.starts_with(nick_prefix)) return std::nullopt;
    const int number = nick.back() - '0';
    if (!computer_level(number)) return std::nullopt;
    return number;
}

} // namespace rochade::server::engines
