// Times perft on the six standard positions (chessprogramming wiki, "Perft Results") and
// prints nodes, seconds and millions of nodes per second. Every count is checked against the
// known one where the table has it, so a fast but wrong move generator cannot pass as fast.
//
// usage: perft_bench [--depth N] [--fen "FEN" --depth N] [--name NAME]
//   no arguments    each standard position at a depth that takes about a second or two
//   --depth N       every standard position at depth N
//   --fen FEN       only this position (needs --depth); --name labels it in the output
//
// Output: a header, one line per position "NAME DEPTH NODES SECONDS MNPS", then a total line;
// bench/perft_vs_stockfish.sh reads these columns.
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

#include "engine/fen.h"
#include "engine/perft.h"

using namespace rochade;

namespace {

struct BenchPosition {
    std::string name;
    std::string fen;
    int default_depth;
    std::map<int, std::uint64_t> known_counts;
};

const std::vector<BenchPosition>& standard_positions()
{
    static const std::vector<BenchPosition> positions = {
        {"start",
         "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
         6,
         {{1, 20}, {2, 400}, {3, 8902}, {4, 197281}, {5, 4865609}, {6, 119060324}, {7, 3195901860}}},
        {"kiwipete",
         "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
         5,
         {{1, 48}, {2, 2039}, {3, 97862}, {4, 4085603}, {5, 193690690}, {6, 8031647685}}},
        {"position3",
         "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
         7,
         {{1, 14}, {2, 191}, {3, 2812}, {4, 43238}, {5, 674624}, {6, 11030083}, {7, 178633661}}},
        {"position4",
         "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
         6,
         {{1, 6}, {2, 264}, {3, 9467}, {4, 422333}, {5, 15833292}, {6, 706045033}}},
        {"position5",
         "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
         5,
         {{1, 44}, {2, 1486}, {3, 62379}, {4, 2103487}, {5, 89941194}}},
        {"position6",
         "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
         5,
         {{1, 46}, {2, 2079}, {3, 89890}, {4, 3894594}, {5, 164075551}, {6, 6923051137}}},
    };
    return positions;
}

[[noreturn]] void usage_error(const char* message)
{
    std::fprintf(stderr, "perft_bench: %s\nusage: perft_bench [--depth N] [--fen \"FEN\" --depth N] [--name NAME]\n",
                 message);
    std::exit(2);
}

} // namespace

int main(int argc, char** argv)
{
    int depth = 0;
    std::string fen, name = "fen";
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (i + 1 >= argc) usage_error("every option takes a value");
        if (arg == "--depth")
            depth = std::atoi(argv[++i]);
        else if (arg == "--fen")
            fen = argv[++i];
        else if (arg == "--name")
            name = argv[++i];
        else
            usage_error("unknown option");
    }
    if (depth < 0 || depth > 12) usage_error("depth must be from 1 to 12");
    if (!fen.empty() && depth == 0) usage_error("--fen needs --depth");

    std::vector<BenchPosition> positions;
    if (fen.empty())
        positions = standard_positions();
    else
        positions.push_back({name, fen, depth, {}});

    std::printf("%-10s %5s %14s %9s %8s\n", "position", "depth", "nodes", "seconds", "Mnps");
    std::uint64_t total_nodes = 0;
    double total_seconds = 0;
    int wrong = 0;
    for (const BenchPosition& bench : positions) {
        auto pos = parse_fen(bench.fen);
        if (!pos) {
            std::fprintf(stderr, "perft_bench: bad FEN %s: %s\n", bench.fen.c_str(), pos.error().message.c_str());
            return 2;
        }
        const int d = depth > 0 ? depth : bench.default_depth;
        const auto start = std::chrono::steady_clock::now();
        const std::uint64_t nodes = perft(*pos, d);
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        total_nodes += nodes;
        total_seconds += seconds;
        std::printf("%-10s %5d %14llu %9.3f %8.1f", bench.name.c_str(), d, (unsigned long long)nodes, seconds,
                    nodes / seconds / 1e6);
        const auto known = bench.known_counts.find(d);
        if (known != bench.known_counts.end() && known->second != nodes) {
            std::printf("  WRONG, expected %llu", (unsigned long long)known->second);
            ++wrong;
        }
        std::printf("\n");
        std::fflush(stdout);
    }
    std::printf("%-10s %5s %14llu %9.3f %8.1f\n", "total", "", (unsigned long long)total_nodes, total_seconds,
                total_nodes / total_seconds / 1e6);
    return wrong == 0 ? 0 : 1;
}
