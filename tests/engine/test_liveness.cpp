// LivenessTracker: the proof of life carried along its own mating line, through detours and by
// replaying the line around a move, the moves after which it is not carried as it was, undo, a capture into a dead
// position, and random games in which the carried answer must equal the fresh one at every ply.
#include <catch2/catch.hpp>

#include <optional>
#include <random>
#include <string>
#include <vector>

#include "engine/fen.h"
#include "engine/game.h"
#include "engine/liveness.h"
#include "engine/movegen.h"
#include "engine/uci.h"
#include "engine/winnability.h"

using namespace rochade;
using Step = LivenessTracker::Step;

namespace Catch {
template <> struct StringMaker<Step> {
    static std::string convert(Step s)
    {
        switch (s) {
        case Step::Line: return "Line";
        case Step::Detour: return "Detour";
        case Step::Replay: return "Replay";
        case Step::QuickSearch: return "QuickSearch";
        case Step::DeepSearch: return "DeepSearch";
        case Step::Test: return "Test";
        }
        return "?";
    }
};
template <> struct StringMaker<std::optional<Outcome>> {
    static std::string convert(const std::optional<Outcome>& o)
    {
        return o ? std::string(to_text(o->termination)) : std::string("none");
    }
};
} // namespace Catch

namespace {

Position position(const char* fen)
{
    auto pos = parse_fen(fen);
    REQUIRE(pos);
    return *pos;
}

Move legal_move(const Position& pos, const std::string& uci)
{
    for (Move m : legal_moves(pos))
        if (to_uci(pos, m) == uci) return m;
    FAIL("'" << uci << "' is not legal in " << to_fen(pos));
    return Move::none();
}

// Every move legal in turn, and the last position a checkmate (of either side).
bool ends_in_checkmate(Position pos, const std::vector<Move>& line)
{
    for (Move m : line) {
        if (!legal_moves(pos).contains(m)) return false;
        pos = pos.after(m);
    }
    return is_checkmate(pos);
}

bool searched(Step step) { return step == Step::QuickSearch || step == Step::DeepSearch || step == Step::Test; }

// Game::automatic_outcome() computed from scratch, in Game's order, with the fresh test.
std::optional<Outcome> fresh_outcome(const Game& game)
{
    const Position& pos = game.position();
    if (!has_legal_move(pos)) {
        if (pos.in_check()) return Outcome{Termination::Checkmate, ~pos.side_to_move()};
        return Outcome{Termination::Stalemate, std::nullopt};
    }
    if (game.repetition_count() >= 5) return Outcome{Termination::FivefoldRepetition, std::nullopt};
    if (pos.halfmove_clock() >= 150) return Outcome{Termination::SeventyFiveMoves, std::nullopt};
    if (is_dead_position(pos, PerMoveLimits)) return Outcome{Termination::DeadPosition, std::nullopt};
    return std::nullopt;
}

} // namespace

TEST_CASE("the first move of the kept line carries the rest of it", "[liveness]")
{
    LivenessTracker tracker;
    const Position start = Position::start();
    REQUIRE_FALSE(tracker.is_dead(start, Move::none(), PerMoveLimits));
    CHECK(searched(tracker.last_step()));
    REQUIRE(tracker.proven_alive());
    const std::vector<Move> line = tracker.mating_line();
    REQUIRE(line.size() >= 2);
    REQUIRE(ends_in_checkmate(start, line));

    const Position next = start.after(line[0]);
    CHECK_FALSE(tracker.is_dead(next, line[0], PerMoveLimits));
    CHECK(tracker.last_step() == Step::Line);
    CHECK(tracker.proven_alive());
    CHECK(tracker.mating_line() == std::vector<Move>(line.begin() + 1, line.end()));
}

TEST_CASE("a reversible move carries the proof through a detour back", "[liveness]")
{
    LivenessTracker tracker;
    const Position start = Position::start();
    REQUIRE_FALSE(tracker.is_dead(start, Move::none(), PerMoveLimits));
    const std::vector<Move> line = tracker.mating_line();
    // A knight move that is not the line's first move, so the line itself cannot carry.
    Move knight_move = legal_move(start, "g1f3");
    if (!line.empty() && line[0] == knight_move) knight_move = legal_move(start, "b1c3");

    const Position next = start.after(knight_move);
    CHECK_FALSE(tracker.is_dead(next, knight_move, PerMoveLimits));
    CHECK(tracker.last_step() == Step::Detour);
    CHECK(tracker.proven_alive());
    // The kept line now starts with Black's detour: y, the knight back, y back.
    const std::vector<Move>& carried = tracker.mating_line();
    REQUIRE(carried.size() == line.size() + 3);
    CHECK(carried[1] == Move(knight_move.to(), knight_move.from()));
    CHECK(std::vector<Move>(carried.begin() + 3, carried.end()) == line);
    CHECK(ends_in_checkmate(next, carried));
}

TEST_CASE("a pawn move from further down the kept line: the line is replayed around it", "[liveness]")
{
    LivenessTracker tracker;
    const Position start = Position::start();
    REQUIRE_FALSE(tracker.is_dead(start, Move::none(), PerMoveLimits));
    const std::vector<Move> line = tracker.mating_line();
    // White's first pawn move of the line that is legal at once, played before its turn.
    std::size_t k = 2;
    while (k < line.size() && !(type_of(start.moved_piece(line[k])) == PieceType::Pawn && is_legal(start, line[k])))
        k += 2;
    REQUIRE(k < line.size());

    const Position next = start.after(line[k]);
    CHECK_FALSE(tracker.is_dead(next, line[k], PerMoveLimits));
    CHECK(tracker.last_step() == Step::Replay);
    CHECK(tracker.proven_alive());
    CHECK(ends_in_checkmate(next, tracker.mating_line()));
}

TEST_CASE("no way back: the line is replayed around the move or the search runs", "[liveness]")
{
    struct Row {
        const char* fen;
        const char* move;
        const char* why;
    };
    const Row rows[] = {
        {"4k3/8/8/8/8/8/3p4/4K3 w - - 0 1", "e1f2", "the king left a pawn's check: going back is illegal"},
        {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1f1", "the king's step lost both castling rights"},
        {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "h1g1", "the rook's step lost a castling right"},
        {"4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "e1c1", "castling is not reversible"},
    };
    for (const Row& row : rows) {
        INFO(row.why << ": " << row.fen << " " << row.move);
        LivenessTracker tracker;
        const Position before = position(row.fen);
        REQUIRE_FALSE(tracker.is_dead(before, Move::none(), PerMoveLimits));
        REQUIRE(tracker.proven_alive());
        const Move move = legal_move(before, row.move);
        REQUIRE_FALSE(tracker.mating_line().empty());
        REQUIRE(tracker.mating_line().front() != move);

        const Position after = before.after(move);
        CHECK_FALSE(tracker.is_dead(after, move, PerMoveLimits));
        CHECK((tracker.last_step() == Step::Replay || searched(tracker.last_step())));
        CHECK(tracker.proven_alive());
        CHECK(ends_in_checkmate(after, tracker.mating_line()));
    }
}

TEST_CASE("an undetermined position is never carried as alive", "[liveness]")
{
    // Bishop and knight against a king: alive, but the mating line is beyond both the mate
    // searches and the per-move test, so every position must be tested afresh.
    const Position before = position("8/8/4kB2/8/5K2/8/8/N7 b - - 0 165");
    REQUIRE(dead_position_answer(before, PerMoveLimits, nullptr) == DeadPositionAnswer::Undetermined);
    LivenessTracker tracker;
    CHECK_FALSE(tracker.is_dead(before, Move::none(), PerMoveLimits));
    CHECK(tracker.last_step() == Step::Test);
    REQUIRE_FALSE(tracker.proven_alive()); // else the searches got stronger: pick a harder position

    struct Row {
        const char* move;
        bool dead;
        const char* why;
    };
    const Row rows[] = {
        {"e6d6", false, "a king step with a way back: tested again, still undetermined"},
        {"e6f6", true, "the king takes the bishop: a lone knight is dead"},
    };
    for (const Row& row : rows) {
        INFO(row.why);
        LivenessTracker copy = tracker;
        const Move move = legal_move(before, row.move);
        const Position after = before.after(move);
        const bool dead = copy.is_dead(after, move, PerMoveLimits);
        CHECK(dead == row.dead);
        CHECK(dead == is_dead_position(after, PerMoveLimits));
        CHECK(copy.last_step() == Step::Test);
        CHECK_FALSE(copy.proven_alive());
    }
}

TEST_CASE("a proof about another position does not carry", "[liveness]")
{
    LivenessTracker tracker;
    const Position start = Position::start();
    REQUIRE_FALSE(tracker.is_dead(start, Move::none(), PerMoveLimits));
    const Move e4 = legal_move(start, "e2e4");
    const Position after_e4 = start.after(e4);

    // After forget() nothing is known, even for the right move.
    tracker.forget();
    CHECK_FALSE(tracker.is_dead(after_e4, e4, PerMoveLimits));
    CHECK(searched(tracker.last_step()));

    // A move that does not lead from the last position to this one is not used.
    const Move nf6 = legal_move(after_e4, "g8f6");
    const Position after_d4 = start.after(legal_move(start, "d2d4"));
    const Position other = after_d4.after(legal_move(after_d4, "g8f6"));
    CHECK_FALSE(tracker.is_dead(other, nf6, PerMoveLimits));
    CHECK(searched(tracker.last_step()));
}

TEST_CASE("a capture into a dead position ends the game", "[liveness][game]")
{
    // Knight against rook is alive; after the knight takes the rook, a lone knight cannot mate.
    Game game(position("4k3/8/8/3r4/8/2N5/8/4K3 w - - 0 1"), PerMoveLimits);
    REQUIRE(game.automatic_outcome() == std::nullopt);
    const Move takes = legal_move(game.position(), "c3d5");
    game.play(takes);
    CHECK(game.automatic_outcome() == Outcome{Termination::DeadPosition, std::nullopt});
    // The knight is not enough, and Black has a bare king: the material rule decided.
    CHECK(game.dead_position_reason() == UnwinnableReason::InsufficientMaterial);

    // Undo drops the carried knowledge: the position before the capture is alive again, and so
    // is the one after a different, reversible move.
    REQUIRE(game.undo_last_move());
    CHECK(game.automatic_outcome() == std::nullopt);
    game.play(legal_move(game.position(), "e1e2"));
    CHECK(game.automatic_outcome() == std::nullopt);
    CHECK(game.automatic_outcome() == fresh_outcome(game));
}

TEST_CASE("random games: the carried answer equals the fresh one at every ply", "[liveness][game]")
{
    // Like bench/loadgen's players: a uniformly random legal move, until an automatic ending.
    constexpr int Games = 20;
    int positions = 0, detours = 0, lines = 0, replays = 0;
    for (int seed = 1; seed <= Games; ++seed) {
        std::mt19937_64 random(seed);
        Game game(Position::start(), PerMoveLimits);
        LivenessTracker tracker; // Game's calls replayed, to look at the proofs it keeps
        for (int ply = 1;; ++ply) {
            const MoveList moves = legal_moves(game.position());
            const Move move = moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(random)];
            game.play(move);
            const std::optional<Outcome> fresh = fresh_outcome(game);
            INFO("seed " << seed << ", ply " << ply << ": " << to_fen(game.position()));
            REQUIRE(game.automatic_outcome() == fresh);
            // A dead position's reason is the fresh test's.
            UnwinnableReason reason{};
            if (fresh && fresh->termination == Termination::DeadPosition) {
                REQUIRE(dead_position_answer(game.position(), PerMoveLimits, nullptr, &reason) ==
                        DeadPositionAnswer::Dead);
                CHECK(game.dead_position_reason() == reason);
            } else {
                CHECK_FALSE(game.dead_position_reason());
            }
            ++positions;
            if (!fresh || fresh->termination == Termination::DeadPosition) {
                const bool dead = tracker.is_dead(game.position(), move, PerMoveLimits);
                REQUIRE(dead == fresh.has_value());
                if (tracker.last_step() == Step::Detour) ++detours;
                if (tracker.last_step() == Step::Line) ++lines;
                if (tracker.last_step() == Step::Replay) ++replays;
                // A line too long to keep is dropped; the proof then rests on the detours.
                if (tracker.proven_alive() && !tracker.mating_line().empty())
                    REQUIRE(ends_in_checkmate(game.position(), tracker.mating_line()));
            }
            if (fresh) break;
        }
    }
    // The carry must actually work, or the test would pass with a tracker that always searches.
    CHECK(detours + lines > positions / 2);
    CHECK(replays > 0);
    WARN("random games: " << positions << " positions, " << detours << " detours, " << lines << " line moves, "
                          << replays << " replays");
}
