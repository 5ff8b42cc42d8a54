// The saturation analysis behind blockade.h (docs/winnability-design.md §6.1-6.2). Internal to
// the engine: only blockade.cpp uses it.
//
// Pieces are named by the square they stand on in the analysed position. Every field is an
// approximation that holds for every game from that position which ends with Black mated
// ("a mating game"); White is always the side trying to mate.
//
// Why the result is sound. Take any mating game and its first move that puts a piece on a
// square outside its `reach`. Before that move every piece stood inside its reach, so steady
// pieces still stood on their squares, pieces outside `capturable` were still on the board and
// `attacked` squares really were attacked. Every filter below removes a move only because of
// such present facts (the move is illegal, physically blocked, or ends all hope of a mate), so
// the move cannot exist. Filters that would need the future (the opponent's reply to a check,
// a stalemate a move later) are admitted only in a form that checks the reply against present
// facts too (the opponent's pieces are physically stuck right now); otherwise their
// justification would be circular (the reply itself might be the next move outside reach).
#pragma once

#include <array>

#include "position.h"

namespace rochade::blockade::detail {

// Case-split assumptions (design §6.4): restrict the games considered, never the rules.
struct Assumptions {
    // Pieces on these squares are never captured before they have moved.
    Bitboard no_capture_while_steady = 0;
    // Pieces on these squares never move (they may be captured where they stand).
    Bitboard only_captured_in_place = 0;
};

class Saturation {
public:
    Saturation(const Position& pos, const Assumptions& assumptions);

    // Runs the fixpoint; afterwards the fields below hold their guarantees.
    void saturate();

    // Design §6.3: could any square of the Black king's region be a mating square?
    bool black_could_get_mated() const;

    Bitboard steady() const { return steady_; }
    // Squares the piece standing on `s` in the analysed position may ever stand on.
    Bitboard reach(Square s) const { return reach_[index_of(s)]; }
    Bitboard capturable() const { return capturable_; }
    // Steady pieces found capturable first (candidates for the case splits of §6.4).
    Bitboard first_steady_capturable() const { return first_steady_capturable_; }

private:
    Bitboard targets_from(Square s, Square src) const;
    Bitboard file_order_limit(Square s) const;
    Bitboard capturable_by(Square s) const;
    void settle_piece(Square s, bool& progress);
    void update_attacked();
    bool is_pawn_promotable(Square s) const;
    bool stuck_after(Color side, Square s, Square king_target) const;
    bool king_move_stalemates(Color mover, Square src, Square to) const;
    bool mates_white(Square s, Square src, Square to) const;
    bool loses_last_piece(Square s, Square to) const;
    void update_white_reach();
    Bitboard attacked_with(Color c, Bitboard pieces, Square extra_blocker) const;

    const Position& pos_;
    Assumptions assumptions_;
    // White has a king and one other piece: capturing that piece leaves a bare king, so no mating
    // game contains a Black capture.
    bool white_single_piece_;
    // Castling moves king and rook at once, which the filters that judge a single move's
    // consequences do not model; they are switched off while any castling right remains.
    bool castling_possible_;

    std::array<Bitboard, 64> reach_{};           // over: squares the piece may stand on
    Bitboard steady_;                            // under: pieces that never move and are never captured
    Bitboard clear_;                             // under: squares no piece ever stands on
    Bitboard capturable_ = 0;                    // over: pieces that may be captured
    std::array<Bitboard, 2> sac_{};              // over: squares a non-king piece of the colour may stand on
    std::array<Bitboard, 2> reach_non_bishop_{}; // over: squares a non-bishop may stand on
    std::array<Bitboard, 2> reach_any_{};        // over: squares any piece of the colour may stand on
    std::array<Bitboard, 2> attacked_{};         // under: squares attacked for the rest of the game
    std::array<Bitboard, 64> always_attacks_{};  // per piece: its share of attacked_
    Bitboard white_hits_ = 0;                    // over: squares a White man might capture on
    Bitboard white_steps_ = 0;                   // over: squares a White man might move to
    std::array<Bitboard, 2> attacked_by_men_{};  // the same, by pieces other than the king
    Bitboard obstacles_ = 0;                     // non-steady, uncapturable pieces whose reach lies on one line
    Bitboard first_steady_capturable_ = 0;
    bool promotable_ = false;
};

} // namespace rochade::blockade::detail
