// Strictly legal move generation: pins, checks, double checks, en passant discovered checks and
// castling through attacked squares are all handled here, so every move in the list is legal.
#pragma once

#include <array>
#include <cstddef>

#include "position.h"

namespace rochade {

// No reachable chess position has more than 218 moves, but a composed one with sixteen pieces
// a side (the most Position accepts) can have up to 15 * 27 queen moves + 10 king moves; the
// list is sized for that and never touches the heap. Storage is left uninitialised: the list is
// built on every node of a search.
class MoveList {
public:
    static constexpr std::size_t Capacity = 416;

    void push_back(Move m) { moves_[size_++] = m; }
    std::size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }
    Move operator[](std::size_t i) const { return moves_[i]; }
    const Move* begin() const { return moves_.data(); }
    const Move* end() const { return moves_.data() + size_; }
    bool contains(Move m) const;

private:
    std::array<Move, Capacity> moves_; // Move is trivial, so this is not cleared on construction
    std::size_t size_ = 0;
};

MoveList legal_moves(const Position& pos);
bool has_legal_move(const Position& pos);
// legal_moves(pos).contains(m), checking only the piece that `m` moves.
bool is_legal(const Position& pos, Move m);
bool is_checkmate(const Position& pos);
bool is_stalemate(const Position& pos);

} // namespace rochade
