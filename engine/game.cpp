#include "game.h"

#include <algorithm>

#include "movegen.h"
#include "winnability.h"

namespace rochade {

Game::Game(Position start, WinnabilityLimits dead_position_limits)
    : start_(start), position_(start), keys_{start.key()}, repetitions_{1}, dead_position_limits_(dead_position_limits)
{
}

void Game::play(Move legal_move)
{
    UndoInfo undo;
    position_.make_move(legal_move, undo);
    moves_.push_back(legal_move);
    undos_.push_back(undo);
    keys_.push_back(position_.key());
    // The earlier occurrence already knows how often it had been seen; positions between it and
    // now are all reversible, so both look back to the same irreversible move.
    const int ply = ply_count();
    const int earlier = previous_occurrence(position_, ply);
    repetitions_.push_back(earlier < 0 ? 1 : repetitions_[earlier] + 1);
    outcome_cache_.reset();
}

bool Game::undo_last_move()
{
    if (moves_.empty()) return false;
    position_.unmake_move(moves_.back(), undos_.back());
    moves_.pop_back();
    undos_.pop_back();
    keys_.pop_back();
    repetitions_.pop_back();
    outcome_cache_.reset();
    liveness_.forget();
    return true;
}

int Game::previous_occurrence(const Position& pos, int ply) const
{
    const int oldest = std::max(0, ply - pos.halfmove_clock());
    Position earlier = position_; // rebuilt lazily, only as far back as a key match needs
    int earlier_ply = ply_count();
    for (int candidate = ply - 2; candidate >= oldest; candidate -= 2) {
        if (keys_[candidate] != pos.key()) continue;
        while (earlier_ply > candidate) {
            --earlier_ply;
            earlier.unmake_move(moves_[earlier_ply], undos_[earlier_ply]);
        }
        if (earlier.same_position(pos)) return candidate;
    }
    return -1;
}

std::optional<Outcome> Game::automatic_outcome() const
{
    if (!outcome_cache_) outcome_cache_ = compute_automatic_outcome();
    return *outcome_cache_;
}

std::optional<Outcome> Game::compute_automatic_outcome() const
{
    if (!has_legal_move(position_)) {
        if (position_.in_check()) return Outcome{Termination::Checkmate, ~position_.side_to_move()};
        return Outcome{Termination::Stalemate, std::nullopt};
    }
    if (repetition_count() >= 5) return Outcome{Termination::FivefoldRepetition, std::nullopt};
    if (position_.halfmove_clock() >= 150) return Outcome{Termination::SeventyFiveMoves, std::nullopt};
    const Move last_move = moves_.empty() ? Move::none() : moves_.back();
    if (liveness_.is_dead(position_, last_move, dead_position_limits_))
        return Outcome{Termination::DeadPosition, std::nullopt};
    return std::nullopt;
}

std::optional<UnwinnableReason> Game::dead_position_reason() const
{
    const auto outcome = automatic_outcome();
    if (!outcome || outcome->termination != Termination::DeadPosition) return std::nullopt;
    return liveness_.dead_reason();
}

std::vector<Termination> Game::claimable() const
{
    std::vector<Termination> claims;
    if (is_over()) return claims;
    if (repetition_count() >= 3) claims.push_back(Termination::ThreefoldRepetition);
    if (position_.halfmove_clock() >= 100) claims.push_back(Termination::FiftyMoves);
    return claims;
}

std::optional<Termination> Game::claim_with_intended_move(Move m) const
{
    if (is_over() || !legal_moves(position_).contains(m)) return std::nullopt;
    const Position after = position_.after(m);
    const int earlier = previous_occurrence(after, ply_count() + 1);
    if (earlier >= 0 && repetitions_[earlier] + 1 >= 3) return Termination::ThreefoldRepetition;
    if (after.halfmove_clock() >= 100) return Termination::FiftyMoves;
    return std::nullopt;
}

} // namespace rochade
