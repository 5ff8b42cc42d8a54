// Any bytes -> parse_fen, under both setup rules. A FEN that reads is written (to_fen), read
// again and written again: the second reading is the same position and gives the same text.
// For the strict rules, every legal move of the position is also written in each notation and
// read back (move_spellings.h), and the position after it round-trips through FEN too, so the
// fuzzer's odd positions (promotions, pins, en passant, castling rights) reach the writers.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "engine/fen.h"
#include "engine/movegen.h"
#include "fuzz_check.h"
#include "move_spellings.h"

using namespace rochade;

namespace {

void check_fen_round_trip(const Position& pos, SetupRules rules)
{
    const std::string written = to_fen(pos);
    const auto again = parse_fen(written, rules);
    if (!again) std::fprintf(stderr, "'%s' does not read back: %s\n", written.c_str(), again.error().message.c_str());
    FUZZ_CHECK(again);
    FUZZ_CHECK(to_fen(*again) == written);
    FUZZ_CHECK(again->same_position(pos));
    FUZZ_CHECK(again->key() == pos.key());
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    if (const auto relaxed = parse_fen(text, SetupRules::AllowUnreachable))
        check_fen_round_trip(*relaxed, SetupRules::AllowUnreachable);
    const auto pos = parse_fen(text);
    if (!pos) return 0;
    check_fen_round_trip(*pos, SetupRules::Strict);
    for (const Move m : legal_moves(*pos)) {
        fuzz::check_move_spellings(*pos, m);
        check_fen_round_trip(pos->after(m), SetupRules::Strict);
    }
    return 0;
}
