// The shortest mating line shown with a flag fall's verdict (engine/shortest_mate.h).

#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "engine/fen.h"
#include "engine/movegen.h"
#include "engine/shortest_mate.h"
#include "engine/winnability.h"

using namespace rochade;

namespace {

Position position(const std::string& fen)
{
    auto pos = parse_fen(fen);
    REQUIRE(pos);
    return *pos;
}

// Replays `line` from `pos` (every move must be legal) and says whether it ends in checkmate.
bool ends_in_mate(Position pos, const std::vector<Move>& line)
{
    for (Move m : line) {
        if (!legal_moves(pos).contains(m)) return false;
        pos = pos.after(m);
    }
    return is_checkmate(pos);
}

} // namespace

TEST_CASE("the shortest mate is found: the fool's mate from the start, 4 plies", "[shortest_mate]")
{
    std::vector<Move> line;
    REQUIRE(find_shortest_mate(Position::start(), Color::Black, 8, 2'000'000, line));
    CHECK(line.size() == 4);
    CHECK(ends_in_mate(Position::start(), line));
    std::vector<Move> shorter;
    CHECK_FALSE(find_shortest_mate(Position::start(), Color::Black, 3, 2'000'000, shorter));
    // White mates no sooner than in 5 plies (1.e4 f6 2.d4 g5 3.Qh5#).
    REQUIRE(find_shortest_mate(Position::start(), Color::White, 5, 2'000'000, line));
    CHECK(line.size() == 5);
    CHECK(ends_in_mate(Position::start(), line));
}

TEST_CASE("a shortest mate is no longer than the analysis's line, and really shortest", "[shortest_mate]")
{
    // After 1.e4 e5, White's flag fell: Black can still mate (the analysis finds a long line).
    const Position pos = position("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
    std::vector<Move> analysed;
    REQUIRE(can_checkmate(pos, Color::Black, WinnabilityLimits{}, &analysed) == Winnability::CanMate);
    std::vector<Move> line;
    REQUIRE(find_shortest_mate(pos, Color::Black, 10, 2'000'000, line));
    CHECK(ends_in_mate(pos, line));
    CHECK(line.size() <= analysed.size());
    CHECK(line.size() == 4); // 2.Ke2 Qh4 3.a3 Qxe4#, where the analysis's line is far longer
    std::vector<Move> shorter;
    CHECK_FALSE(find_shortest_mate(pos, Color::Black, int(line.size()) - 2, 5'000'000, shorter));
}

TEST_CASE("a mate in one, and none where the winner has too little", "[shortest_mate]")
{
    // Back-rank mate: 1.Re8#.
    const Position back_rank = position("6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1");
    std::vector<Move> line;
    REQUIRE(find_shortest_mate(back_rank, Color::White, 5, 100'000, line));
    CHECK(line.size() == 1);
    CHECK(ends_in_mate(back_rank, line));
    // A bare king never mates, whatever the budget allows.
    const Position bare = position("8/8/8/4k3/8/8/8/4K2Q b - - 0 1");
    CHECK_FALSE(find_shortest_mate(bare, Color::Black, 6, 1'000'000, line));
}

TEST_CASE("the node budget bounds the search: too small a budget finds nothing", "[shortest_mate]")
{
    std::vector<Move> line;
    CHECK_FALSE(find_shortest_mate(Position::start(), Color::Black, 8, 1'000, line));
    CHECK(line.empty());
}
