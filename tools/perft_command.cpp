#include <charconv>
#include <ostream>

#include "commands.h"
#include "engine/fen.h"
#include "engine/perft.h"
#include "engine/uci.h"

namespace rochade::cli {

int perft_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err)
{
    constexpr const char* usage = "usage: rochade perft [--divide] [--chess960] \"FEN\" DEPTH\n"
                                  "  --chess960  the FEN is a Chess960 position (X-FEN or Shredder-FEN castling);\n"
                                  "              castling is divided as king takes rook (e1h1)\n";
    if (asks_for_help(args)) {
        out << usage;
        return 0;
    }
    bool divide = false;
    Variant variant = Variant::Standard;
    std::vector<std::string> positional;
    for (const std::string& arg : args) {
        if (arg == "--divide")
            divide = true;
        else if (arg == "--chess960")
            variant = Variant::Chess960;
        else
            positional.push_back(arg);
    }
    if (positional.size() != 2) {
        err << usage;
        return 2;
    }
    auto pos = parse_fen(positional[0], variant);
    if (!pos) {
        err << "rochade perft: " << pos.error().message << '\n';
        return 1;
    }
    int depth = 0;
    const std::string& depth_text = positional[1];
    const auto [end, ec] = std::from_chars(depth_text.data(), depth_text.data() + depth_text.size(), depth);
    if (ec != std::errc{} || end != depth_text.data() + depth_text.size() || depth < 0 || depth > 20) {
        err << "rochade perft: depth '" << depth_text << "' is not a number from 0 to 20\n";
        return 1;
    }
    if (!divide || depth == 0) {
        out << perft(*pos, depth) << '\n';
        return 0;
    }
    std::uint64_t total = 0;
    for (const auto& [move, count] : perft_divide(*pos, depth)) {
        out << to_uci(*pos, move) << ": " << count << '\n';
        total += count;
    }
    out << '\n' << total << '\n';
    return 0;
}

} // namespace rochade::cli
