// A position and move texts -> every move reader. The input's first line is a FEN; when it
// does not read, the first byte picks one of a few fixed positions and the whole input is move
// text. Each further line is one move text, read as English SAN, German SAN, either SAN, UCI and
// by parse_move (any notation). A move read is legal, and written in every notation it reads
// back as itself (move_spellings.h); the first line's move that reads is then played, so a run of
// lines walks into a game.
#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "engine/fen.h"
#include "engine/movegen.h"
#include "fuzz_check.h"
#include "move_spellings.h"

using namespace rochade;

namespace {

// Castling both ways, en passant, promotion with capture, pins and a German "B" clash.
constexpr std::array<std::string_view, 6> fixed_positions{
    StartFen,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "r1bq1r2/pP1pk1pp/2n2n2/2b1p3/4P3/8/P1PP1PPP/RNBQKBNR w KQ - 1 8",
    "4k3/8/8/8/1p6/8/B7/4K3 w - - 0 1",
    "n1n1k3/1P6/8/3pP3/8/8/6p1/4K2R w K d6 0 1",
};

void check_read(const Position& pos, const Expected<Move, MoveError>& read)
{
    if (!read) {
        FUZZ_CHECK(!read.error().message.empty());
        return;
    }
    FUZZ_CHECK(is_legal(pos, *read));
    FUZZ_CHECK(legal_moves(pos).contains(*read));
    fuzz::check_move_spellings(pos, *read);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    if (size == 0) return 0;
    std::string_view text(reinterpret_cast<const char*>(data), size);
    const std::size_t first_end = text.find('\n');
    auto pos = first_end == std::string_view::npos ? parse_fen("") : parse_fen(text.substr(0, first_end));
    if (pos) {
        text.remove_prefix(first_end + 1);
    } else {
        pos = parse_fen(fixed_positions[data[0] % fixed_positions.size()]);
        text.remove_prefix(1);
    }
    FUZZ_CHECK(pos);
    Position position = *pos;
    int plies = 0;
    while (!text.empty() && plies < 64) {
        const std::size_t end = text.find('\n');
        const std::string_view line = text.substr(0, end);
        text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
        const auto english = parse_san(position, line, Language::English);
        const auto german = parse_san(position, line, Language::German);
        const auto either = parse_san(position, line);
        const auto uci = parse_uci(position, line);
        const auto any = parse_move(position, line);
        for (const auto* read : {&english, &german, &either, &uci, &any}) check_read(position, *read);
        // A text both SAN readers accept together names the move each language names alone.
        if (either && english && german) FUZZ_CHECK(*english == *either && *german == *either);
        if (any) {
            position = position.after(*any);
            ++plies;
        }
    }
    return 0;
}
