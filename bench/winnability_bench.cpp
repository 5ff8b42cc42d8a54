// Runs can_checkmate on every position of the CHA test set for both colours and reports how
// many answers agree with the labels, how many are wrong (a soundness failure if we said
// "cannot"), how many are undetermined, and the median and maximum time per decision.
//
// usage: winnability_bench [FILE] [--budget NODES] [--show-undetermined] [--show-wrong]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "engine/fen.h"
#include "engine/winnability.h"

using namespace rochade;

int main(int argc, char** argv)
{
    std::string path = "tests/data/winnability-positions.txt";
    WinnabilityLimits limits;
    bool show_undetermined = false, show_wrong = false;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--budget" && i + 1 < argc)
            limits.node_budget = std::stoull(argv[++i]);
        else if (arg == "--show-undetermined")
            show_undetermined = true;
        else if (arg == "--show-wrong")
            show_wrong = true;
        else
            path = arg;
    }
    std::ifstream in(path);
    if (!in) {
        std::cerr << "cannot open " << path << '\n';
        return 2;
    }
    std::vector<double> micros;
    int positions = 0, agree = 0, wrong_cannot = 0, wrong_can = 0, undetermined = 0;
    for (std::string line; std::getline(in, line);) {
        if (line.empty() || line[0] == '#') continue;
        const std::string label = line.substr(0, 2);
        const std::string fen = line.substr(3);
        auto pos = parse_fen(fen, SetupRules::AllowUnreachable);
        if (!pos) {
            std::cerr << "bad FEN in test set: " << fen << ": " << pos.error().message << '\n';
            return 2;
        }
        ++positions;
        for (Color c : {Color::White, Color::Black}) {
            const bool expected = label[index_of(c)] != '-';
            const auto start = std::chrono::steady_clock::now();
            const Winnability answer = can_checkmate(*pos, c, limits);
            const auto stop = std::chrono::steady_clock::now();
            micros.push_back(std::chrono::duration<double, std::micro>(stop - start).count());
            const char* side = c == Color::White ? "white" : "black";
            if (answer == Winnability::Undetermined) {
                ++undetermined;
                if (show_undetermined) std::printf("undetermined %s %s %s\n", side, label.c_str(), fen.c_str());
            } else if ((answer == Winnability::CanMate) == expected) {
                ++agree;
            } else {
                answer == Winnability::CannotMate ? ++wrong_cannot : ++wrong_can;
                if (show_wrong)
                    std::printf("WRONG %s says %s, label %s: %s\n", side,
                                answer == Winnability::CanMate ? "can" : "cannot", label.c_str(), fen.c_str());
            }
        }
    }
    std::sort(micros.begin(), micros.end());
    const double median = micros.empty() ? 0 : micros[micros.size() / 2];
    const double p99 = micros.empty() ? 0 : micros[micros.size() * 99 / 100];
    const double max = micros.empty() ? 0 : micros.back();
    std::printf("positions %d, decisions %zu: agree %d, undetermined %d, wrong 'cannot' %d, wrong 'can' %d\n",
                positions, micros.size(), agree, undetermined, wrong_cannot, wrong_can);
    std::printf("time per decision: median %.1f us, p99 %.1f us, max %.1f us (node budget %llu)\n", median, p99, max,
                (unsigned long long)limits.node_budget);
    return (wrong_cannot + wrong_can) == 0 ? 0 : 1;
}
