// Winnability: the material rules, forced lines, terminal roots and blocked walls as tables,
// every CanMate line replayed to checkmate, and the whole CHA test set for both colours.
#include <catch2/catch.hpp>

#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "engine/fen.h"
#include "engine/helpmate.h"
#include "engine/movegen.h"
#include "engine/winnability.h"
#include "tests/test_data.h"

using namespace rochade;

namespace Catch {
template <> struct StringMaker<Winnability> {
    static std::string convert(Winnability w)
    {
        return w == Winnability::CanMate ? "CanMate" : w == Winnability::CannotMate ? "CannotMate" : "Undetermined";
    }
};
} // namespace Catch

namespace {

Position position(const std::string& fen)
{
    auto pos = parse_fen(fen, SetupRules::AllowUnreachable);
    REQUIRE(pos);
    return *pos;
}

// Plays the line move by move (each must be legal) and says whether it ends with the loser
// checkmated.
bool line_mates(Position pos, const std::vector<Move>& line, Color winner)
{
    for (Move m : line) {
        if (!legal_moves(pos).contains(m)) return false;
        pos = pos.after(m);
    }
    return pos.side_to_move() == ~winner && is_checkmate(pos);
}

// Asks for one colour; a CanMate answer must come with a line that replays to checkmate.
Winnability checked_answer(const Position& pos, Color winner, const WinnabilityLimits& limits = {})
{
    std::vector<Move> line;
    const Winnability answer = can_checkmate(pos, winner, limits, &line);
    if (answer == Winnability::CanMate) {
        INFO("mating line of " << line.size() << " plies for " << (winner == Color::White ? "white" : "black") << " in "
                               << to_fen(pos));
        REQUIRE(line_mates(pos, line, winner));
    } else {
        REQUIRE(line.empty());
    }
    return answer;
}

struct Row {
    const char* fen;
    Winnability white, black;
    const char* why;
};

constexpr Winnability Can = Winnability::CanMate;
constexpr Winnability Cannot = Winnability::CannotMate;

void check_rows(const std::vector<Row>& rows)
{
    for (const Row& row : rows) {
        INFO(row.why << ": " << row.fen);
        const Position pos = position(row.fen);
        CHECK(checked_answer(pos, Color::White) == row.white);
        CHECK(checked_answer(pos, Color::Black) == row.black);
    }
}

} // namespace

TEST_CASE("material rules", "[winnability]")
{
    check_rows({
        {"8/8/4k3/8/8/3K4/8/8 w - - 0 1", Cannot, Cannot, "K v K"},
        {"8/8/4k3/8/8/3KN3/8/8 w - - 0 1", Cannot, Cannot, "K+N v K"},
        {"8/8/4k3/8/8/3KB3/8/8 b - - 0 1", Cannot, Cannot, "K+B v K"},
        {"8/8/4kq2/8/8/3KN3/8/8 w - - 0 1", Cannot, Can, "K+N v K+Q: dead for the knight"},
        {"8/8/4kn2/8/8/3KN3/8/8 w - - 0 1", Can, Can, "K+N v K+N"},
        {"8/8/4k1b1/8/8/3KB3/8/8 w - - 0 1", Can, Can, "K+B v K+B on opposite colours"},
        {"8/8/3bk3/8/8/3KB3/8/8 w - - 0 1", Cannot, Cannot, "K+B v K+B on one colour"},
        {"8/8/3bk3/8/8/2BKB3/8/8 w - - 0 1", Cannot, Cannot, "K+2B v K+B, all on one colour"},
        {"8/8/4kr2/8/8/3KN3/8/8 w - - 0 1", Can, Can, "K+N v K+R"},
        {"8/8/4k3/8/8/3KNN2/8/8 w - - 0 1", Can, Cannot, "K+2N v K: a helpmate"},
        {"8/8/4kp2/8/8/3KB3/8/8 w - - 0 1", Can, Can, "K+B v K+P"},
        {"8/8/4kb2/8/8/3KN3/8/8 w - - 0 1", Can, Can, "K+N v K+B"},
    });
}

TEST_CASE("terminal roots are decided before the material rule", "[winnability]")
{
    check_rows({
        {"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", Cannot, Cannot, "stalemate"},
        {"7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", Can, Cannot, "Black is checkmated"},
        {"8/8/8/8/8/2k5/1q6/K7 w - - 0 1", Cannot, Can, "White is checkmated"},
    });
}

TEST_CASE("forced lines", "[winnability]")
{
    check_rows({
        {"5bk1/4p1p1/4P1P1/8/8/1p1p4/1P1P4/1KB5 b - -", Cannot, Cannot, "single-move chain that cycles"},
        {"5bk1/4p1p1/4P1P1/8/8/1p1p4/1P1P4/1KB5 w - -", Cannot, Cannot, "the same cycle, entered by White"},
        {"K1k5/P1Pp4/1p1P4/8/p7/P2P4/8/8 w - -", Can, Cannot, "nine forced plies, then a mate for White"},
        {"7k/q5Q1/p4PPK/6PP/8/5P2/8/8 b - -", Can, Cannot, "ten forced plies"},
    });
}

TEST_CASE("blocked pawn walls are dead", "[winnability]")
{
    check_rows({
        {"8/8/3k1p1p/2p1pPpP/1pP1P1P1/pP1B4/P3K3/8 w - - 0 1", Cannot, Cannot, "Mednis"},
        {"2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - -", Cannot, Cannot, "CHA: one wall, same-coloured bishops"},
    });
    CHECK(is_dead_position(position("8/8/3k1p1p/2p1pPpP/1pP1P1P1/pP1B4/P3K3/8 w - - 0 1")));
    CHECK_FALSE(is_dead_position(position(std::string(StartFen))));
}

TEST_CASE("the starting position is winnable for both, fast", "[winnability]")
{
    const Position start = Position::start();
    WinnabilityLimits tiny;
    tiny.quick_search_nodes = 1'000;
    tiny.search_budget = 0;
    tiny.node_budget = 0;
    CHECK(checked_answer(start, Color::White, tiny) == Can);
    CHECK(checked_answer(start, Color::Black, tiny) == Can);
}

TEST_CASE("dead_position_answer: the evidence behind is_dead_position", "[winnability]")
{
    // The per-move budgets the server's referee uses, under which the rook endgame
    // below is undetermined.
    const WinnabilityLimits per_move = PerMoveLimits;
    struct Answer {
        std::string_view fen;
        DeadPositionAnswer expected;
        const char* why;
    };
    const Answer rows[] = {
        {StartFen, DeadPositionAnswer::Alive, "the starting position"},
        {"8/8/8/4k3/8/8/4K3/8 w - - 0 1", DeadPositionAnswer::Dead, "king against king"},
        {"8/8/3k1p1p/2p1pPpP/1pP1P1P1/pP1B4/P3K3/8 w - - 0 1", DeadPositionAnswer::Dead, "Mednis's wall"},
        {"4k3/8/8/8/8/8/3p4/4K3 w - - 0 1", DeadPositionAnswer::Alive, "only Black can mate"},
        {"6n1/5n2/8/8/7R/6k1/RK6/8 b - - 50 188", DeadPositionAnswer::Undetermined, "two rooks, small budgets"},
    };
    for (const Answer& row : rows) {
        INFO(row.why << ": " << row.fen);
        const Position pos = position(std::string(row.fen));
        std::vector<Move> line{Move(Square::E2, Square::E4)}; // must be replaced or cleared
        const DeadPositionAnswer answer = dead_position_answer(pos, per_move, &line);
        CHECK(answer == row.expected);
        CHECK((answer == DeadPositionAnswer::Dead) == is_dead_position(pos, per_move));
        if (answer == DeadPositionAnswer::Alive) {
            const Color winner = line.size() % 2 == 1 ? pos.side_to_move() : ~pos.side_to_move();
            CHECK(line_mates(pos, line, winner));
        } else {
            CHECK(line.empty());
        }
    }
}

TEST_CASE("find_mating_line finds mates and nothing else", "[winnability]")
{
    struct Hunt {
        std::string_view fen;
        Color winner;
        MateSearch search;
        bool found;
        const char* why;
    };
    const Hunt rows[] = {
        {StartFen, Color::White, MateSearch::Quick, true, "the starting position, White"},
        {StartFen, Color::Black, MateSearch::Quick, true, "the starting position, Black"},
        {StartFen, Color::Black, MateSearch::Medium, true, "the starting position, Black"},
        {"6n1/5n2/8/8/7R/6k1/RK6/8 b - - 50 188", Color::White, MateSearch::Deep, true,
         "two rooks: the deep search finds what the small budgets missed"},
        {"8/8/8/4k3/8/8/4KN2/8 w - - 0 1", Color::White, MateSearch::Quick, false, "a lone knight"},
        {"8/8/8/4k3/8/8/4KN2/8 w - - 0 1", Color::White, MateSearch::Medium, false, "a lone knight"},
        {"8/8/8/4k3/8/8/4KN2/8 w - - 0 1", Color::White, MateSearch::Deep, false, "a lone knight"},
        {"4k3/8/8/8/8/8/3p4/4K3 w - - 0 1", Color::White, MateSearch::Deep, false, "a bare king"},
        {"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", Color::Black, MateSearch::Quick, true,
         "White is mated already: the empty line"},
        {"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", Color::White, MateSearch::Quick, false,
         "White is mated already"},
    };
    for (const Hunt& row : rows) {
        INFO(row.why << ": " << row.fen);
        const Position pos = position(std::string(row.fen));
        std::vector<Move> line;
        REQUIRE(find_mating_line(pos, row.winner, row.search, 20'000, line) == row.found);
        if (row.found)
            CHECK(line_mates(pos, line, row.winner));
        else
            CHECK(line.empty());
    }
}

TEST_CASE("a mates-only helpmate search finds the same mates as the full one", "[winnability]")
{
    // Positions of random games, each searched for White's mate as the per-move hunts do
    // (one iteration at depth 1 without the table, at depth 2 with it, and the deepening with
    // the table and the corner widening), with and without mates_only: the same answer and
    // the same line, or no mate in either.
    using namespace rochade::winnability;
    HelpmateHints hints;
    const HelpmateParams shapes[] = {
        {.first_depth = 1, .last_depth = 1, .nodes_per_depth = 500, .node_budget = UINT64_MAX},
        {.first_depth = 2, .last_depth = 2, .nodes_per_depth = 500, .node_budget = UINT64_MAX, .transpositions = true},
        {.first_depth = 2, .last_depth = MaxSearchPlies, .node_budget = 2'000, .transpositions = true, .hints = &hints},
    };
    int mates = 0, misses = 0;
    std::mt19937_64 random(7);
    for (int game = 0; game < 8; ++game) {
        Position pos = Position::start();
        for (int ply = 0; ply < 160 && has_legal_move(pos); ++ply) {
            const MoveList moves = legal_moves(pos);
            pos = pos.after(moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(random)]);
            if (ply % 5 != 0) continue;
            hints.bishop_distance = bishop_distances(pos, 0);
            for (HelpmateParams params : shapes) {
                INFO(to_fen(pos) << ", depth " << params.first_depth);
                HelpmateLine full, only;
                const bool full_mates = find_helpmate(pos, params, full) == HelpmateResult::Mate;
                params.mates_only = true;
                const HelpmateResult result = find_helpmate(pos, params, only);
                CHECK(result != HelpmateResult::NoMate);
                REQUIRE((result == HelpmateResult::Mate) == full_mates);
                if (!full_mates) {
                    ++misses;
                    continue;
                }
                ++mates;
                CHECK(std::vector<Move>(full.moves.begin(), full.moves.begin() + full.length) ==
                      std::vector<Move>(only.moves.begin(), only.moves.begin() + only.length));
            }
        }
    }
    // Both outcomes were compared.
    CHECK(mates > 50);
    CHECK(misses > 5);
}

// The CHA set: no answer may contradict the label; Undetermined is reported. The budgets are
// smaller than the defaults to keep the test short; the bench runs the defaults.
TEST_CASE("CHA winnability test set", "[winnability][cha]")
{
    WinnabilityLimits limits;
    limits.search_budget = 40'000;
    limits.node_budget = 20'000;
    limits.closure_positions = 20'000;
    int decisions = 0, undetermined = 0, wrong = 0;
    for (const std::string& line : test::read_lines("winnability-positions.txt")) {
        const std::string label = line.substr(0, 2);
        const Position pos = position(line.substr(3));
        for (Color c : {Color::White, Color::Black}) {
            ++decisions;
            const bool expected = label[index_of(c)] != '-';
            const Winnability answer = checked_answer(pos, c, limits);
            if (answer == Winnability::Undetermined) {
                ++undetermined;
            } else if ((answer == Winnability::CanMate) != expected) {
                ++wrong;
                FAIL_CHECK("wrong answer for " << (c == Color::White ? "white" : "black") << ": " << line);
            }
        }
    }
    WARN("CHA set: " << decisions << " decisions, " << undetermined << " undetermined");
    REQUIRE(wrong == 0);
}

namespace Catch {
template <> struct StringMaker<UnwinnableReason> {
    static std::string convert(UnwinnableReason r)
    {
        switch (r) {
        case UnwinnableReason::BareKing: return "BareKing";
        case UnwinnableReason::InsufficientMaterial: return "InsufficientMaterial";
        case UnwinnableReason::Blocked: return "Blocked";
        case UnwinnableReason::ForcedCycle: return "ForcedCycle";
        case UnwinnableReason::NoMatingLine: return "NoMatingLine";
        }
        return "?";
    }
};
} // namespace Catch

TEST_CASE("winnability_verdict names the proof behind CannotMate", "[winnability]")
{
    using R = UnwinnableReason;
    struct Reason {
        const char* fen;
        Color side;
        R reason;
        const char* why;
    };
    const Reason rows[] = {
        {"8/8/4k3/8/8/3KN3/8/8 w - - 0 1", Color::Black, R::BareKing, "only a king"},
        {"8/8/4k3/8/8/3KN3/8/8 w - - 0 1", Color::White, R::InsufficientMaterial, "a lone knight"},
        {"8/8/3bk3/8/8/2BKB3/8/8 w - - 0 1", Color::White, R::InsufficientMaterial, "bishops on one colour"},
        {"8/8/3bk3/8/8/2BKB3/8/8 w - - 0 1", Color::Black, R::InsufficientMaterial, "bishops on one colour"},
        {"8/8/3k1p1p/2p1pPpP/1pP1P1P1/pP1B4/P3K3/8 w - - 0 1", Color::White, R::Blocked, "Mednis's wall"},
        {"2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - -", Color::Black, R::Blocked, "one wall, same-coloured bishops"},
        {"5bk1/4p1p1/4P1P1/8/8/1p1p4/1P1P4/1KB5 b - -", Color::White, R::ForcedCycle, "a cycle of forced moves"},
        {"5bk1/4p1p1/4P1P1/8/8/1p1p4/1P1P4/1KB5 b - -", Color::Black, R::ForcedCycle, "a cycle of forced moves"},
        {"Bb1k1b2/bKp1p1p1/1pP1P1P1/pP6/6P1/P7/8/8 w - -", Color::Black, R::NoMatingLine, "CHA: searched out"},
        {"bqn1KN2/rrk1pB2/nb1pPp1p/p1pP1PpP/PpP3P1/1P2N1R1/4Q3/1R4B1 w - -", Color::White, R::NoMatingLine,
         "CHA: a full board, searched out"},
        {"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", Color::White, R::NoMatingLine, "stalemate: no move at all"},
    };
    for (const Reason& row : rows) {
        INFO(row.why << ": " << row.fen << (row.side == Color::White ? " (white)" : " (black)"));
        const Position pos = position(row.fen);
        const WinnabilityVerdict verdict = winnability_verdict(pos, row.side);
        REQUIRE(verdict.answer == Cannot);
        CHECK(verdict.reason == row.reason);
        CHECK(verdict.mating_line.empty());
        // The verdict is can_checkmate's answer.
        CHECK(can_checkmate(pos, row.side) == Cannot);
    }
}

TEST_CASE("winnability_verdict hands back a mating line that mates", "[winnability]")
{
    struct Mate {
        const char* fen;
        Color side;
    };
    const Mate rows[] = {
        {StartFen.data(), Color::White},
        {StartFen.data(), Color::Black},
        {"8/8/4kq2/8/8/3KN3/8/8 w - - 0 1", Color::Black},
        {"K1k5/P1Pp4/1p1P4/8/p7/P2P4/8/8 w - -", Color::White}, // nine forced plies first
        {"Bb1k1b2/bKp1p1p1/1pP1P1P1/pP6/6P1/P7/8/8 w - -", Color::White},
    };
    for (const Mate& row : rows) {
        INFO(row.fen);
        const Position pos = position(row.fen);
        const WinnabilityVerdict verdict = winnability_verdict(pos, row.side);
        REQUIRE(verdict.answer == Can);
        CHECK_FALSE(verdict.reason);
        REQUIRE_FALSE(verdict.mating_line.empty());
        CHECK(line_mates(pos, verdict.mating_line, row.side));
    }
}

TEST_CASE("a dead position's reason: one for both sides", "[winnability]")
{
    using R = UnwinnableReason;
    struct Dead {
        const char* fen;
        R reason;
        const char* why;
    };
    const Dead rows[] = {
        {"8/8/8/4k3/8/8/4K3/8 w - - 0 1", R::BareKing, "two bare kings"},
        {"8/8/4k3/8/8/3KN3/8/8 w - - 0 1", R::InsufficientMaterial, "a knight against a bare king"},
        {"8/8/3bk3/8/8/2BKB3/8/8 w - - 0 1", R::InsufficientMaterial, "bishops on one colour"},
        {"8/8/3k1p1p/2p1pPpP/1pP1P1P1/pP1B4/P3K3/8 w - - 0 1", R::Blocked, "Mednis's wall"},
        {"5bk1/4p1p1/4P1P1/8/8/1p1p4/1P1P4/1KB5 b - -", R::ForcedCycle, "a cycle of forced moves"},
        {"bqn1KN2/rrk1pB2/nb1pPp1p/p1pP1PpP/PpP3P1/1P2N1R1/4Q3/1R4B1 w - -", R::NoMatingLine, "searched out"},
    };
    for (const Dead& row : rows) {
        INFO(row.why << ": " << row.fen);
        R reason = R::Blocked == row.reason ? R::BareKing : R::Blocked; // must be overwritten
        REQUIRE(dead_position_answer(position(row.fen), PerMoveLimits, nullptr, &reason) == DeadPositionAnswer::Dead);
        CHECK(reason == row.reason);
    }

    // The rule that makes one reason of two.
    struct Rule {
        R white, black, dead;
    };
    const Rule rules[] = {
        {R::BareKing, R::BareKing, R::BareKing},
        {R::BareKing, R::InsufficientMaterial, R::InsufficientMaterial},
        {R::InsufficientMaterial, R::BareKing, R::InsufficientMaterial},
        {R::Blocked, R::Blocked, R::Blocked},
        {R::BareKing, R::Blocked, R::Blocked},
        {R::Blocked, R::InsufficientMaterial, R::Blocked},
        {R::Blocked, R::NoMatingLine, R::Blocked},
        {R::NoMatingLine, R::ForcedCycle, R::NoMatingLine},
    };
    for (const Rule& rule : rules) {
        CAPTURE(rule.white, rule.black);
        CHECK(dead_position_reason(rule.white, rule.black) == rule.dead);
    }
}
