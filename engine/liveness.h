// The dead-position test of a game, asked after every move (FIDE 5.2.2), made cheap by keeping
// the proof that the position is alive from one move to the next.
//
// A position is alive when some series of legal moves ends in checkmate; the proof is such a
// series (a mating line), or a legal way back to a position already proven alive. After a move:
//  - if it is the first move of the kept line, the rest of the line proves the new position;
//  - if it is reversible (a piece move that is neither a capture, a pawn move nor castling),
//    the side now to move looks for a reversible move y such that y, the move taken back and
//    y taken back are legal in turn and restore the old position with its castling rights
//    and en passant possibilities; then the new position reaches the old one and is alive;
//  - otherwise, while the old position was proven by a line, the line is replayed around the
//    move: each side plays in turn its earliest remaining move of the line that is legal (the
//    move just played struck from them); if that ends in checkmate, or a quick mate search
//    finishes it from where the replay stopped, the new line proves the new position;
//  - otherwise the tracker searches: quick, medium, then deep mate searches for both colours,
//    and only when they find nothing the dead-position test itself (is_dead_position, the same
//    budgets).
// "Dead" is only ever the answer of that test; "not dead" either its answer or a proof. So the
// answer always equals is_dead_position(pos, limits) as long as the searches are sound.
// docs/winnability-design.md §11 has the argument and the measurements.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "position.h"
#include "winnability.h"

namespace rochade {

class LivenessTracker {
public:
    // How the last answer was reached.
    enum class Step {
        Line,        // the move was the first of the kept mating line
        Detour,      // a reversible move with a way back to the proven position
        Replay,      // the kept line, replayed around the move, ends in checkmate (or does
                     // after a quick mate search from where the replay stopped)
        QuickSearch, // searched: a quick mate search found a line
        DeepSearch,  // searched: the quick ones failed, a medium or deep mate search found a line
        Test,        // searched: the mate searches failed (or were skipped), the test answered
    };

    // is_dead_position(pos, limits), using what is known about the position of the previous
    // call when `last_move` (Move::none() if unknown) leads from it to `pos`.
    bool is_dead(const Position& pos, Move last_move, const WinnabilityLimits& limits);
    // Drops everything known; the next call searches.
    void forget();

    Step last_step() const { return last_step_; }
    // True while the last position is proven alive.
    bool proven_alive() const { return state_ == State::Alive; }
    // The mating line from the last position, while it is short enough to keep; empty
    // otherwise (the position can still be proven alive through the detours).
    const std::vector<Move>& mating_line() const { return line_; }
    // Why the last position is dead, after is_dead() said it is (dead_position_answer's reason).
    UnwinnableReason dead_reason() const { return dead_reason_; }

private:
    enum class State {
        Unknown,
        Alive,
        // The mate searches and the dead-position test all came back empty-handed. The test
        // must still run on the next position, but the mate searches are skipped while the
        // game only moves between positions that reach each other (their mates are the same),
        // and after any other move only the quick ones run: a deep search costs milliseconds,
        // and a position that defeated it is seldom solved by the next pawn move.
        Hopeless,
    };
    // Which mate searches run before the dead-position test.
    enum class Hunt { None, Quick, QuickAndDeep };

    // Replays the kept line (from `before`) around `last_move`; true if that proves `pos` alive.
    bool replay(const Position& before, const Position& pos, Move last_move);
    bool search(const Position& pos, const WinnabilityLimits& limits, Hunt hunt);

    std::optional<Position> position_; // the position of the last answer
    State state_ = State::Unknown;
    std::vector<Move> line_;
    std::vector<Move> replayed_, finish_; // scratch space of the replay, kept to reuse its memory
    Color mating_side_ = Color::White;    // whose mate proved the position, searched first next time
    Step last_step_ = Step::Test;
    UnwinnableReason dead_reason_ = UnwinnableReason::NoMatingLine;
};

} // namespace rochade
