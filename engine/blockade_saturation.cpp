#include "blockade_saturation.h"

#include <algorithm>

namespace rochade::blockade::detail {

namespace {

constexpr Bitboard FileHBB = FileABB << 7;

constexpr Bitboard promotion_rank(Color c) { return rank_bb(c == Color::White ? 7 : 0); }

// Squares a pawn of colour c standing anywhere in `from` attacks.
constexpr Bitboard pawn_attack_span(Color c, Bitboard from)
{
    if (c == Color::White) return ((from & ~FileHBB) << 9) | ((from & ~FileABB) << 7);
    return ((from & ~FileHBB) >> 7) | ((from & ~FileABB) >> 9);
}

Bitboard piece_attacks(PieceType t, Color c, Square s, Bitboard occupied)
{
    return t == PieceType::Pawn ? pawn_attacks(c, s) : attacks_of(t, s, occupied);
}

// Sets `field` to `value` and notes whether it changed.
void update(Bitboard& field, Bitboard value, bool& progress)
{
    if (field != value) {
        field = value;
        progress = true;
    }
}

} // namespace

Saturation::Saturation(const Position& pos, const Assumptions& assumptions)
    : pos_(pos), assumptions_(assumptions), white_single_piece_(popcount(pos.pieces(Color::White)) == 2),
      castling_possible_(!pos.castling_rights().none()), steady_(pos.pieces()), clear_(~pos.pieces())
{
    for (Bitboard b = pos.pieces(); b;) {
        const Square s = pop_lsb(b);
        const Piece p = pos.piece_on(s);
        const int c = index_of(color_of(p));
        reach_[index_of(s)] = square_bb(s);
        reach_any_[c] |= square_bb(s);
        if (type_of(p) != PieceType::King) sac_[c] |= square_bb(s);
        if (type_of(p) != PieceType::Bishop) reach_non_bishop_[c] |= square_bb(s);
    }
    update_attacked();
}

bool Saturation::is_pawn_promotable(Square s) const
{
    const Piece p = pos_.piece_on(s);
    return type_of(p) == PieceType::Pawn && (reach_[index_of(s)] & promotion_rank(color_of(p)));
}

// Pawns that stay on one file can never pass each other. For a pawn that has never left its
// file, every uncapturable pawn ahead of it on that file that never leaves the file either bounds
// how far it can advance: it stays strictly behind the furthest square that pawn can reach.
// Returns the squares of the file that are out of bounds.
Bitboard Saturation::file_order_limit(Square s) const
{
    const Color c = color_of(pos_.piece_on(s));
    const Bitboard file = file_bb(file_of(s));
    if (reach_[index_of(s)] & ~file) return 0;
    int limit = c == Color::White ? 8 : -1;
    for (Bitboard b = pos_.pieces(PieceType::Pawn) & file & ~capturable_ & ~square_bb(s); b;) {
        const Square o = pop_lsb(b);
        const Bitboard r = reach_[index_of(o)];
        if (r & ~file) continue;
        if (c == Color::White && rank_of(o) > rank_of(s)) limit = std::min(limit, rank_of(msb(r)));
        if (c == Color::Black && rank_of(o) < rank_of(s)) limit = std::max(limit, rank_of(lsb(r)));
    }
    Bitboard out = 0;
    for (int rank = 0; rank < 8; ++rank)
        if (c == Color::White ? rank >= limit : rank <= limit) out |= rank_bb(rank);
    return out & file;
}

// New squares the piece that started on `s` may step to from `src`, with only steady pieces as
// blockers, after every filter.
Bitboard Saturation::targets_from(Square s, Square src) const
{
    const Piece p = pos_.piece_on(s);
    const PieceType t = type_of(p);
    const Color c = color_of(p);
    Bitboard targets = 0;
    if (t == PieceType::Pawn) {
        if (relative_rank(c, src) == 7) return 0; // a promoted pawn's reach is set wholesale
        const Square push = src + pawn_push(c);
        if (!contains(steady_, push)) {
            targets |= square_bb(push);
            const Square double_push = push + pawn_push(c);
            if (relative_rank(c, src) == 1 && !contains(steady_, double_push)) targets |= square_bb(double_push);
        }
        // Diagonal steps are captures (en passant lands on a square the enemy pawn passed).
        if (!(c == Color::Black && white_single_piece_)) targets |= pawn_attacks(c, src) & sac_[index_of(~c)];
    } else {
        targets = t == PieceType::King ? king_attacks(src) : attacks_of(t, src, steady_);
    }

    targets &= ~reach_[index_of(s)];
    targets &= ~(steady_ & pos_.pieces(c));
    if (t == PieceType::King) targets &= ~attacked_[index_of(~c)];
    targets &= ~(assumptions_.no_capture_while_steady & steady_);

    if (!castling_possible_ && c == Color::Black && targets &&
        reach_[index_of(pos_.king_square(Color::White))] == pos_.pieces(Color::White, PieceType::King)) {
        for (Bitboard b = targets; b;) {
            const Square to = pop_lsb(b);
            if (mates_white(s, src, to)) targets &= ~square_bb(to);
        }
    }
    if (!castling_possible_ && c == Color::White && white_single_piece_ && targets) {
        for (Bitboard b = targets; b;) {
            const Square to = pop_lsb(b);
            if (loses_last_piece(s, to)) targets &= ~square_bb(to);
        }
    }
    if (!castling_possible_ && t == PieceType::King && targets) {
        for (Bitboard b = targets; b;) {
            const Square to = pop_lsb(b);
            if (king_move_stalemates(c, src, to)) targets &= ~square_bb(to);
        }
    }

    // A friendly piece that is never captured and never leaves the squares of this move is always
    // in the way (or on the target). For a pawn push, an enemy piece there blocks just as well.
    const Bitboard obstacles = obstacles_ & ~square_bb(s);
    if (obstacles && targets) {
        for (Bitboard b = targets; b;) {
            const Square to = pop_lsb(b);
            const Bitboard way = between_bb(src, to) | square_bb(src) | square_bb(to);
            const bool push = t == PieceType::Pawn && file_of(to) == file_of(src);
            for (Bitboard o = obstacles; o;) {
                const Square q = pop_lsb(o);
                if ((reach_[index_of(q)] & ~way) == 0 && (push || color_of(pos_.piece_on(q)) == c)) {
                    targets &= ~square_bb(to);
                    break;
                }
            }
        }
    }
    return targets;
}

// Whether the non-king piece that started on `s` (of colour `side`) has no move at all right after
// the enemy king stepped onto `king_target`, wherever in its reach it stands (on the target it was
// just captured). Only present facts count: steady pieces stand where they started, and enemy
// men stand inside their reach.
bool Saturation::stuck_after(Color side, Square s, Square king_target) const
{
    const PieceType t = type_of(pos_.piece_on(s));
    if (is_pawn_promotable(s)) return false;
    const Bitboard own_steady = steady_ & pos_.pieces(side);
    for (Bitboard r = reach_[index_of(s)] & ~square_bb(king_target); r;) {
        const Square u = pop_lsb(r);
        if (t == PieceType::Pawn) {
            const Square push = u + pawn_push(side);
            if (!contains(steady_, push) && push != king_target) return false;
            if (pawn_attacks(side, u) & sac_[index_of(~side)]) return false;
        } else {
            const Bitboard moves = t == PieceType::Knight ? knight_attacks(u)
                                   : t == PieceType::King ? king_attacks(u)
                                                          : attacks_of(t, u, steady_ | square_bb(king_target));
            if (moves & ~own_steady & ~square_bb(king_target)) return false;
        }
    }
    return true;
}

// Whether the king of `mover` stepping from `src` to `to` stalemates the opponent on the spot:
// every opponent man is stuck, the opponent king has no free square wherever it may stand, and no
// check can have been discovered. Stalemate ends the game without a mate.
bool Saturation::king_move_stalemates(Color mover, Square src, Square to) const
{
    const Color side = ~mover;
    for (Bitboard b = pos_.pieces(side) & ~pos_.pieces(PieceType::King); b;)
        if (!stuck_after(side, pop_lsb(b), to)) return false;

    const Bitboard near_king = king_attacks(to) | square_bb(to);
    const Bitboard men = contains(clear_, to)
                             ? attacked_with(mover, pos_.pieces(mover) & ~pos_.pieces(PieceType::King), to)
                             : attacked_by_men_[index_of(mover)];
    const Bitboard covered = near_king | men | (steady_ & pos_.pieces(side));
    Bitboard diagonal_sliders = 0, line_sliders = 0;
    for (Bitboard b = pos_.pieces(mover) & ~pos_.pieces(PieceType::King); b;) {
        const Square q = pop_lsb(b);
        const PieceType t = type_of(pos_.piece_on(q));
        const bool promotes = is_pawn_promotable(q);
        if (promotes || t == PieceType::Bishop || t == PieceType::Queen) diagonal_sliders |= reach_[index_of(q)];
        if (promotes || t == PieceType::Rook || t == PieceType::Queen) line_sliders |= reach_[index_of(q)];
    }
    for (Bitboard r = reach_[index_of(pos_.king_square(side))] & ~near_king; r;) {
        const Square u = pop_lsb(r);
        if (king_attacks(u) & ~covered) return false;
        // A check discovered through `src` would make this a mate, not a stalemate. A steady
        // piece (or the king itself) between `src` and `u` stands there now and shields `u`.
        if (between_bb(src, u) & ((steady_ & ~square_bb(src)) | square_bb(to))) continue;
        const Bitboard line = line_bb(src, u);
        const bool diagonal = line && !(rook_attacks(src, 0) & square_bb(u));
        if (line & (diagonal ? diagonal_sliders : line_sliders)) return false;
    }
    return true;
}

// Squares attacked for good by the given pieces of colour c (those never captured), with one more
// blocker than usual: a piece standing on a square the analysis thought clear.
Bitboard Saturation::attacked_with(Color c, Bitboard pieces, Square extra_blocker) const
{
    Bitboard result = 0;
    const Bitboard occupied = ~clear_ | square_bb(extra_blocker);
    for (Bitboard b = pieces & ~capturable_; b;) {
        const Square q = pop_lsb(b);
        const PieceType t = type_of(pos_.piece_on(q));
        Bitboard always = ~Bitboard{0};
        for (Bitboard r = reach_[index_of(q)]; r && always;) always &= piece_attacks(t, c, pop_lsb(r), occupied);
        result |= always;
    }
    return result;
}

// Squares White men might capture on or move to, from anywhere in their reach, with only steady
// pieces in the way (a promoted pawn moves like a queen or a knight).
void Saturation::update_white_reach()
{
    white_hits_ = white_steps_ = 0;
    for (Bitboard b = pos_.pieces(Color::White) & ~pos_.pieces(PieceType::King); b;) {
        const Square w = pop_lsb(b);
        const PieceType t = type_of(pos_.piece_on(w));
        const bool promotes = is_pawn_promotable(w);
        for (Bitboard r = reach_[index_of(w)]; r;) {
            const Square u = pop_lsb(r);
            Bitboard hits = piece_attacks(t, Color::White, u, steady_);
            if (promotes) hits |= queen_attacks(u, steady_) | knight_attacks(u);
            white_hits_ |= hits;
            white_steps_ |= hits;
            if (t == PieceType::Pawn && rank_of(u) < 7) {
                white_steps_ |= square_bb(u + 8);
                if (rank_of(u) == 1) white_steps_ |= square_bb(u + 16);
            }
        }
    }
}

// Whether the Black man that started on `s`, moving from `src` to `to`, certainly checkmates the
// White king, which never moves: a definite check (direct or discovered) that no White man can
// capture or block and the king cannot step out of. White mated is a game without a White mate.
// Only present facts are used, so the reply is not assumed to stay inside anyone's reach.
bool Saturation::mates_white(Square s, Square src, Square to) const
{
    const Square king = pos_.king_square(Color::White);
    const PieceType t = type_of(pos_.piece_on(s));
    const Bitboard blockers = ~clear_ | square_bb(to);
    Bitboard checkers = 0;
    Bitboard covered = 0;
    if (t != PieceType::King) {
        const Bitboard from_target = piece_attacks(t, Color::Black, to, blockers);
        covered |= from_target;
        if (from_target & square_bb(king)) {
            // A pawn's double step could be answered by en passant.
            if (t == PieceType::Pawn && (rank_of(src) - rank_of(to) == 2)) return false;
            checkers |= square_bb(to);
        }
    } else {
        covered |= king_attacks(to);
    }
    for (Bitboard b = pos_.pieces(Color::Black) & steady_ & ~pos_.pieces(PieceType::Pawn, PieceType::Knight) &
                      ~pos_.pieces(PieceType::King) & ~square_bb(s);
         b;) {
        const Square d = pop_lsb(b);
        if (!(between_bb(d, king) & square_bb(src))) continue;
        if (attacks_of(type_of(pos_.piece_on(d)), d, (blockers & ~square_bb(src)) | square_bb(to)) & square_bb(king))
            checkers |= square_bb(d);
    }
    if (!checkers) return false;

    // The mover now stands outside its reach, perhaps on a square thought clear, and may cut lines.
    if (contains(clear_, to)) {
        covered |= attacked_with(Color::Black, pos_.pieces(Color::Black) & ~square_bb(s), to);
    } else {
        for (Bitboard b = pos_.pieces(Color::Black) & ~square_bb(s); b;)
            covered |= always_attacks_[index_of(pop_lsb(b))];
    }
    if (king_attacks(king) & ~covered & ~(steady_ & pos_.pieces(Color::White))) return false;
    if (more_than_one(checkers)) return true;
    const Square checker = lsb(checkers);
    return !(white_hits_ & checkers) && !(white_steps_ & between_bb(checker, king));
}

// White has one man left. Whether moving it from anywhere to `to` checks the Black king (which
// never moves) from next to it, so that every Black reply captures it: the king has no other
// square, and either the White king cannot guard `to` or a steady Black man can take it.
bool Saturation::loses_last_piece(Square s, Square to) const
{
    const Square king = pos_.king_square(Color::Black);
    if (reach_[index_of(king)] != square_bb(king) || !contains(king_attacks(king), to)) return false;
    const PieceType t = type_of(pos_.piece_on(s));
    const Bitboard from_target = piece_attacks(t, Color::White, to, ~clear_ | square_bb(to));
    if (!(from_target & square_bb(king))) return false;
    const Square white_king = pos_.king_square(Color::White);
    const Bitboard covered =
        from_target | always_attacks_[index_of(white_king)] | (steady_ & pos_.pieces(Color::Black));
    if (king_attacks(king) & ~covered & ~square_bb(to)) return false;
    if (!(reach_[index_of(white_king)] & king_attacks(to))) return true;
    for (Bitboard b = pos_.pieces(Color::Black) & steady_ & ~pos_.pieces(PieceType::King); b;) {
        const Square q = pop_lsb(b);
        if (piece_attacks(type_of(pos_.piece_on(q)), Color::Black, q, ~clear_) & square_bb(to)) return true;
    }
    return false;
}

// Enemy pieces the piece that started on `s` might capture: their reach meets the squares it
// may capture on. A pawn (unless it may promote) captures only on squares it enters diagonally.
Bitboard Saturation::capturable_by(Square s) const
{
    const Color c = color_of(pos_.piece_on(s));
    if (c == Color::Black && white_single_piece_) return 0;
    Bitboard area = reach_[index_of(s)];
    if (type_of(pos_.piece_on(s)) == PieceType::Pawn && !is_pawn_promotable(s)) area &= pawn_attack_span(c, area);
    Bitboard result = 0;
    for (Bitboard b = pos_.pieces(~c) & ~pos_.pieces(PieceType::King); b;) {
        const Square q = pop_lsb(b);
        if (reach_[index_of(q)] & area) result |= square_bb(q);
    }
    return result;
}

// Folds a piece's reach into the shared fields.
void Saturation::settle_piece(Square s, bool& progress)
{
    const Piece p = pos_.piece_on(s);
    const PieceType t = type_of(p);
    const Color c = color_of(p);
    const int ci = index_of(c);
    Bitboard& reach = reach_[index_of(s)];

    // A promoted piece may go anywhere but onto a steady friend or a steady king.
    if (is_pawn_promotable(s)) {
        promotable_ = true;
        update(reach, reach | ~(steady_ & (pos_.pieces(c) | pos_.pieces(PieceType::King))), progress);
    }

    Bitboard steady = steady_;
    if (reach != square_bb(s)) steady &= ~square_bb(s);
    // A piece that may stand where another stood may have captured it there (kings excepted).
    Bitboard visited = reach & ~square_bb(s) & ~pos_.pieces(PieceType::King);
    // ... unless that capture would take White's last piece: no mating game contains it.
    if (c == Color::Black && white_single_piece_) visited &= ~pos_.pieces(Color::White);
    steady &= ~visited;
    update(steady_, steady, progress);

    const Bitboard captured = capturable_by(s);
    if (captured & steady_) {
        if (!first_steady_capturable_ || !promotable_) first_steady_capturable_ |= captured & steady_;
    }
    update(capturable_, capturable_ | captured, progress);
    update(clear_, clear_ & ~reach, progress);
    if (t != PieceType::King) update(sac_[ci], sac_[ci] | reach, progress);
    if (t != PieceType::Bishop) update(reach_non_bishop_[ci], reach_non_bishop_[ci] | reach, progress);
    update(reach_any_[ci], reach_any_[ci] | reach, progress);
}

// A square is attacked for good if some piece that is never captured attacks it from every
// square it may stand on, with every square that might ever be occupied counted as a blocker.
void Saturation::update_attacked()
{
    attacked_ = {0, 0};
    always_attacks_.fill(0);
    attacked_by_men_ = {0, 0};
    for (Bitboard b = pos_.pieces() & ~capturable_; b;) {
        const Square q = pop_lsb(b);
        const Piece p = pos_.piece_on(q);
        const Color c = color_of(p);
        Bitboard occupied = ~clear_;
        // Friendly bishops are transparent to a bishop where only friendly bishops can ever
        // stand: whichever bishop stands there attacks the rest of the diagonal itself.
        if (type_of(p) == PieceType::Bishop)
            occupied &=
                ~(pos_.pieces(c, PieceType::Bishop) & ~reach_non_bishop_[index_of(c)] & ~reach_any_[index_of(~c)]);
        Bitboard always = ~Bitboard{0};
        for (Bitboard r = reach_[index_of(q)]; r && always;)
            always &= piece_attacks(type_of(p), c, pop_lsb(r), occupied);
        always_attacks_[index_of(q)] = always;
        attacked_[index_of(c)] |= always;
        if (type_of(p) != PieceType::King) attacked_by_men_[index_of(c)] |= always;
    }
}

void Saturation::saturate()
{
    for (bool progress = true; progress;) {
        progress = false;
        update_white_reach();
        obstacles_ = 0;
        for (Bitboard b = pos_.pieces() & ~capturable_ & ~steady_; b;) {
            const Square q = pop_lsb(b);
            const Bitboard r = reach_[index_of(q)];
            if ((r & ~line_bb(lsb(r), msb(r))) == 0) obstacles_ |= square_bb(q);
        }
        for (Bitboard b = pos_.pieces(); b;) {
            const Square s = pop_lsb(b);
            if (!contains(assumptions_.only_captured_in_place, s)) {
                const Bitboard forbidden = type_of(pos_.piece_on(s)) == PieceType::Pawn ? file_order_limit(s) : 0;
                Bitboard added = 0;
                for (Bitboard r = reach_[index_of(s)]; r;) added |= targets_from(s, pop_lsb(r));
                added &= ~forbidden;
                if (added) {
                    reach_[index_of(s)] |= added;
                    progress = true;
                }
            }
            settle_piece(s, progress);
        }
        update_attacked();
    }
}

// A mate needs the Black king on a square m of its region, attacked by a White piece, with every
// flight square blocked by a Black piece, attacked by a White piece or covered by the White king.
// Every set used here over-approximates what can happen, so "no such m" is a proof.
bool Saturation::black_could_get_mated() const
{
    const Square white_king = pos_.king_square(Color::White);
    const Square black_king = pos_.king_square(Color::Black);
    const Bitboard king_region = reach_[index_of(black_king)];
    const Bitboard white_king_region = reach_[index_of(white_king)];

    // Squares of the region any White piece might attack, steady or not (a steady piece can give
    // a discovered check). Only steady pieces block: that over-approximates the attacks.
    const Bitboard occupied = steady_ & ~square_bb(black_king);
    Bitboard visited = 0;
    for (Bitboard b = pos_.pieces(Color::White) & ~pos_.pieces(PieceType::King); b;) {
        const Square w = pop_lsb(b);
        const PieceType t = type_of(pos_.piece_on(w));
        const bool promotes = is_pawn_promotable(w);
        for (Bitboard r = reach_[index_of(w)]; r;) {
            const Square u = pop_lsb(r);
            Bitboard a = piece_attacks(t, Color::White, u, occupied);
            if (promotes) a |= queen_attacks(u, occupied) | knight_attacks(u);
            visited |= a & king_region;
        }
    }

    for (Bitboard m = visited; m;) {
        const Square mate = pop_lsb(m);
        const Bitboard flights = king_attacks(mate) & king_region & ~visited;
        int blockers = 0;
        Bitboard blockable = 0;
        for (Bitboard b = pos_.pieces(Color::Black) & ~pos_.pieces(PieceType::King); b;) {
            const Bitboard r = reach_[index_of(pop_lsb(b))] & flights;
            if (r) {
                ++blockers;
                blockable |= r;
            }
        }
        const int n = std::min(blockers, popcount(blockable));
        const Bitboard king_squares = white_king_region & ~(square_bb(mate) | king_attacks(mate));
        // Every way to put n Black pieces on n flight squares; the White king covers the rest.
        for (Bitboard covered = blockable;; covered = (covered - 1) & blockable) {
            if (popcount(covered) == n) {
                const Bitboard remaining = flights & ~covered;
                if (!remaining) return true;
                for (Bitboard k = king_squares; k;)
                    if ((king_attacks(pop_lsb(k)) & remaining) == remaining) return true;
            }
            if (!covered) break;
        }
    }
    return false;
}

} // namespace rochade::blockade::detail
