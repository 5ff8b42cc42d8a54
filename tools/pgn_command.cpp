// rochade pgn FILE: reads every game, replays it, and prints one line per game:
//   game 1: 1-0 checkmate
//   game 2: 1/2-1/2 stalemate
//   game 3: * ongoing
//   game 4: 1-0 stalemate (result disagrees: stalemate is a draw)
// or, for a file that does not read, the first error with its game number and ply, exit code 1.
#include <fstream>
#include <optional>
#include <ostream>
#include <sstream>

#include "commands.h"
#include "engine/fen.h"
#include "engine/game.h"
#include "engine/pgn.h"

namespace rochade::cli {

namespace {

std::string tag_value(const PgnGame& pgn, std::string_view name)
{
    for (const auto& [tag, value] : pgn.tags)
        if (tag == name) return value;
    return {};
}

// What the final position says the result must be: the winner's score for a mate, a draw for
// every other automatic ending, and nothing to say while the game may go on.
std::optional<std::string> result_of(const std::optional<Outcome>& outcome)
{
    if (!outcome) return std::nullopt;
    return std::string(to_text(score_of(outcome->winner)));
}

// Empty when the result fits the final position. A finished game cannot be "*"; an ongoing one
// may end in any result (resignation, agreement, a flag, a claimed draw).
std::string disagreement(const std::string& result, const std::optional<Outcome>& outcome)
{
    const auto required = result_of(outcome);
    if (!required || result == *required) return {};
    const std::string ending(to_text(outcome->termination));
    if (outcome->winner)
        return std::string("result disagrees: ") + ending + " by " +
               (*outcome->winner == Color::White ? "white" : "black") + " is " + *required;
    return "result disagrees: " + ending + " is a draw";
}

} // namespace

int check_pgn_text(std::string_view text, std::ostream& out)
{
    const auto games = read_pgn(text);
    if (!games) {
        const PgnError& error = games.error();
        out << "game " << error.game_number << ": error";
        if (error.ply >= 0) out << " at ply " << error.ply;
        out << ": " << error.message << '\n';
        return 1;
    }
    int number = 0;
    for (const PgnGame& pgn : *games) {
        ++number;
        auto start =
            pgn.start_fen.empty() ? Expected<Position, FenParseError>(Position::start()) : parse_fen(pgn.start_fen);
        if (!start) {
            out << "game " << number << ": error at ply -1: FEN tag: " << start.error().message << '\n';
            return 1;
        }
        // read_pgn has checked every move against its position, so they replay as they are.
        Game game(*start);
        for (Move m : pgn.moves) game.play(m);

        const std::string tag = tag_value(pgn, "Result");
        const std::string result = tag.empty() ? std::string(to_text(pgn.result)) : tag;
        const auto outcome = game.automatic_outcome();
        out << "game " << number << ": " << (result.empty() ? "*" : result) << ' '
            << (outcome ? to_text(outcome->termination) : std::string_view("ongoing"));
        std::string problems = disagreement(result.empty() ? "*" : result, outcome);
        if (!tag.empty() && tag != to_text(pgn.result))
            problems += std::string(problems.empty() ? "" : "; ") + "the Result tag says " + tag +
                        " but the movetext ends in " + std::string(to_text(pgn.result));
        if (!problems.empty()) out << " (" << problems << ')';
        out << '\n';
    }
    return 0;
}

int pgn_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err)
{
    constexpr const char* usage = "usage: rochade pgn FILE\n";
    if (asks_for_help(args)) {
        out << usage;
        return 0;
    }
    if (args.size() != 1) {
        err << usage;
        return 2;
    }
    std::ifstream file(args[0], std::ios::binary);
    if (!file) {
        err << "rochade pgn: cannot open '" << args[0] << "'\n";
        return 1;
    }
    std::ostringstream text;
    text << file.rdbuf();
    return check_pgn_text(text.str(), out);
}

} // namespace rochade::cli
