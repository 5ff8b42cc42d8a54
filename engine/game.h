// A game: a start position, the moves played from it, and what repetition and the move
// counters make of them. It knows the FIDE endings (outcome.h) but nothing of clocks,
// players or agreements; those belong to the table that owns the game.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "liveness.h"
#include "outcome.h"
#include "position.h"
#include "winnability.h"

namespace rochade {

class Game {
public:
    // `dead_position_limits` bound the search behind the dead-position test of
    // automatic_outcome(). A server that asks after every move passes small budgets: an
    // undetermined answer only means the game goes on.
    explicit Game(Position start = Position::start(), WinnabilityLimits dead_position_limits = {});

    const Position& position() const { return position_; }
    const Position& start_position() const { return start_; }
    const std::vector<Move>& moves() const { return moves_; }
    int ply_count() const { return int(moves_.size()); }

    // Plays a move known to be legal in position() (from legal_moves or parse_move). Looks back
    // only as far as the last pawn move or capture to count repetitions.
    void play(Move legal_move);
    // Takes back the last move; false if there is none.
    bool undo_last_move();

    // How many times the current position has occurred in this game, itself included.
    // FIDE 9.2.3: positions are the same when the same player has the move, the same pieces
    // stand on the same squares, and the possible moves are the same, which adds castling
    // rights and the possibility of an en passant capture. Position records the en passant
    // square only when such a capture is legal, so equal keys confirmed by same_position()
    // are exactly that identity. A pawn move or capture can never be undone, so the search
    // stops at the last one (the halfmove clock says how far back it was).
    int repetition_count() const { return repetitions_.back(); }

    // The ending the rules impose without a claim, if any, checked in this order:
    //  - checkmate (FIDE 5.1.1), first because a mate on the move that reaches the 75-move
    //    limit stands (FIDE 9.6.2);
    //  - stalemate (FIDE 5.2.1);
    //  - the same position for the fifth time (FIDE 9.6.1);
    //  - 75 moves by each player without a pawn move or capture (FIDE 9.6.2);
    //  - a dead position, where no series of legal moves can mate (FIDE 5.2.2).
    // Computed once per position: the dead-position test may search. Asked after every move,
    // it mostly carries the previous position's proof of life across the move instead
    // (liveness.h); the answer is always that of is_dead_position with the game's limits.
    std::optional<Outcome> automatic_outcome() const;
    bool is_over() const { return automatic_outcome().has_value(); }
    // When automatic_outcome() is a dead position: why neither side can mate, the reason of the
    // test that found it dead (dead_position_reason in winnability.h). Empty otherwise.
    std::optional<UnwinnableReason> dead_position_reason() const;

    // The draws the player to move may claim now, threefold first:
    //  - the current position has appeared three times (FIDE 9.2.1.2);
    //  - the last 50 moves by each player had no pawn move and no capture (FIDE 9.3.2).
    // Empty once the game is over: after a mate there is nothing left to claim.
    std::vector<Termination> claimable() const;

    // FIDE 9.2.1.1 and 9.3.1: a player may claim by writing down a move not yet played and
    // declaring it; the claim is correct when the position after that move would appear for
    // the third time, or would complete 50 moves by each player without pawn move or capture.
    // Returns the rule the claim rests on (threefold if both hold), or nullopt when the claim
    // would be wrong or the move is not legal here.
    std::optional<Termination> claim_with_intended_move(Move m) const;

private:
    // The latest ply before `ply` at which `pos` (the position after `ply` moves, played or
    // intended) stood on the board, or -1. Only plies with the same side to move and after the
    // last pawn move or capture are looked at; a key match is confirmed with same_position on
    // the earlier position, rebuilt by unmaking moves from the current one.
    int previous_occurrence(const Position& pos, int ply) const;
    std::optional<Outcome> compute_automatic_outcome() const;

    Position start_;
    Position position_;
    std::vector<Move> moves_;
    std::vector<UndoInfo> undos_;
    std::vector<std::uint64_t> keys_; // keys_[i]: the position after i moves
    std::vector<int> repetitions_;    // repetitions_[i]: occurrences of that position up to ply i
    WinnabilityLimits dead_position_limits_;
    mutable std::optional<std::optional<Outcome>> outcome_cache_;
    mutable LivenessTracker liveness_;
};

} // namespace rochade
