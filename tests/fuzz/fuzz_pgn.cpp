// Any bytes -> read_pgn. Every game read is written back (write_pgn) and read again: that gives
// exactly one game with the same start position, moves and result, and writing it again gives
// the same text (tags and comments are normalised once, by the first write).
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "engine/fen.h"
#include "engine/pgn.h"
#include "fuzz_check.h"

using namespace rochade;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const auto games = read_pgn(text);
    if (!games) {
        FUZZ_CHECK(games.error().game_number >= 1 && games.error().ply >= -1 && !games.error().message.empty());
        return 0;
    }
    for (const PgnGame& game : *games) {
        const std::string written = write_pgn(game);
        const auto again = read_pgn(written);
        if (!again)
            std::fprintf(stderr, "written game does not read back: %s\n%s", again.error().message.c_str(),
                         written.c_str());
        FUZZ_CHECK(again);
        FUZZ_CHECK(again->size() == 1);
        const PgnGame& back = again->front();
        FUZZ_CHECK(back.moves == game.moves);
        FUZZ_CHECK(back.result == game.result);
        // The start position, not the FEN tag's text: the writer turns a tab in a tag value into a
        // space, and the standard start is written without SetUp and FEN tags (it reads back as "").
        const auto start_of = [](const PgnGame& g) {
            if (g.start_fen.empty()) return std::string(StartFen);
            const auto start = parse_fen(g.start_fen, SetupRules::AllowUnreachable);
            return start ? to_fen(*start) : g.start_fen;
        };
        FUZZ_CHECK(start_of(back) == start_of(game));
        const std::string rewritten = write_pgn(back);
        if (rewritten != written)
            std::fprintf(stderr, "first write:\n%s\nsecond write:\n%s", written.c_str(), rewritten.c_str());
        FUZZ_CHECK(rewritten == written);
    }
    return 0;
}
