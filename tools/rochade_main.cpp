#include <cstdio>
#include <string>

#include "engine/fen.h"
#include "engine/perft.h"

int main(int argc, char** argv)
{
    using namespace rochade;
    if (argc < 4) return 2;
    auto pos = parse_fen(argv[2]);
    if (!pos) { std::fprintf(stderr, "%s\n", pos.error().message.c_str()); return 1; }
    std::printf("%llu\n", (unsigned long long)perft(*pos, std::stoi(argv[3])));
}
