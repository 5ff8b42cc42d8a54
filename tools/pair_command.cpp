// rochade pair: the arbiter's face of the pairing library (pairing/).
#include <fstream>
#include <ostream>
#include <sstream>

#include "commands.h"
#include "pairing/berger.h"
#include "pairing/dutch.h"
#include "pairing/trf.h"

namespace rochade::cli {

namespace {

constexpr const char* pair_usage =
    "usage: rochade pair --dutch FILE.trf    the next round of a Swiss (FIDE Dutch system, C.04.3)\n"
    "       rochade pair --berger N [--double]\n"
    "                                        the round-robin schedule for N players (3-20, C.05 Annex 1)\n"
    "  --dutch prints the number of pairs (the bye counted), then `white black` start numbers per\n"
    "  board, `N 0` for the pairing-allocated bye. The TRF is TRF-16 or TRF-2026 with the XXR\n"
    "  (rounds), XXC (white1|black1, rank) and XXP (two start numbers that must not meet) lines.\n";

int print_berger(const std::string& count_text, bool double_round, std::ostream& out, std::ostream& err)
{
    int players = 0;
    try {
        std::size_t used = 0;
        players = std::stoi(count_text, &used);
        if (used != count_text.size()) players = 0;
    } catch (const std::exception&) {
        players = 0;
    }
    const auto schedule = pairing::berger_schedule(players, double_round);
    if (!schedule) {
        err << "rochade pair: --berger needs a number of players from " << pairing::berger_min_players << " to "
            << pairing::berger_max_players << ", not '" << count_text << "'\n";
        return 2;
    }
    for (std::size_t r = 0; r < schedule->size(); ++r) {
        const auto& round = (*schedule)[r];
        out << "round " << r + 1 << ":";
        for (const auto& board : round.boards) out << ' ' << board.white << '-' << board.black;
        if (round.bye) out << " bye " << *round.bye;
        out << '\n';
    }
    return 0;
}

int print_dutch(const std::string& path, std::ostream& out, std::ostream& err)
{
    std::ifstream file(path, std::ios::binary);
    if (!file) {
        err << "rochade pair: cannot read '" << path << "'\n";
        return 1;
    }
    std::ostringstream text;
    text << file.rdbuf();
    const auto tournament = pairing::read_trf(text.str());
    if (const auto* error = std::get_if<pairing::TrfError>(&tournament)) {
        err << "rochade pair: " << path << ": " << error->to_string() << '\n';
        return 1;
    }
    const auto pairing = pairing::pair_dutch(std::get<pairing::Tournament>(tournament));
    if (const auto* error = std::get_if<pairing::DutchError>(&pairing)) {
        err << "rochade pair: " << path << ": " << error->message << '\n';
        return 1;
    }
    const auto& result = std::get<pairing::DutchPairing>(pairing);
    out << pairing::format_pairing(result);
    if (!result.exhaustive)
        err << "rochade pair: warning: a bracket's search stopped at its budget; the pairing is the best one found\n";
    return 0;
}

} // namespace

int pair_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err)
{
    if (asks_for_help(args)) {
        out << pair_usage;
        return 0;
    }
    if (args.size() == 2 && args[0] == "--dutch") return print_dutch(args[1], out, err);
    if ((args.size() == 2 || args.size() == 3) && args[0] == "--berger") {
        if (args.size() == 3 && args[2] != "--double") {
            err << "rochade pair: unknown option '" << args[2] << "'\n" << pair_usage;
            return 2;
        }
        return print_berger(args[1], args.size() == 3, out, err);
    }
    err << pair_usage;
    return 2;
}

} // namespace rochade::cli
