#include "helpmate.h"

#include <algorithm>

#include "helpmate_table.h"
#include "movegen.h"
#include "winnability_proofs.h"
#include "winnability_rules.h"

namespace rochade::winnability {

namespace {

// Knight moves between any two squares (BFS on the empty board). Corners make a (1,1) step
// cost four moves, which is why a plain formula would not do.
constexpr auto KnightDistance = [] {
    std::array<std::array<std::uint8_t, 64>, 64> dist{};
    for (int from = 0; from < 64; ++from) {
        for (auto& d : dist[from]) d = Unreachable;
        std::array<int, 64> queue{};
        int head = 0, tail = 0;
        dist[from][from] = 0;
        queue[tail++] = from;
        while (head < tail) {
            const int s = queue[head++];
            Bitboard next = knight_attacks(Square(s));
            while (next) {
                const int t = std::countr_zero(next);
                next &= next - 1;
                if (dist[from][t] != Unreachable) continue;
                dist[from][t] = std::uint8_t(dist[from][s] + 1);
                queue[tail++] = t;
            }
        }
    }
    return dist;
}();

int knight_distance(Square a, Square b) { return KnightDistance[index_of(a)][index_of(b)]; }

// Where each kind of piece heads for a mate in one corner (§5.3): the White king next to the
// corner on the diagonal, the White knight three steps out on it (to reach the checking
// squares), the Black king into the corner and a Black knight beside it to self-block.
struct Targets {
    Square corner, white_king, white_knight, black_king, black_knight;
    Bitboard corner_squares; // the corner square and its two neighbours on the edge
};

Targets targets_at(Square corner)
{
    const int f = file_of(corner), r = rank_of(corner);
    const int df = f == 0 ? 1 : -1, dr = r == 0 ? 1 : -1;
    return {corner,
            make_square(f + df, r + dr),
            make_square(f + 3 * df, r + 3 * dr),
            corner,
            make_square(f + df, r),
            square_bb(corner) | square_bb(make_square(f + df, r)) | square_bb(make_square(f, r + dr))};
}

// The corner of the first try: the dark h8 if White has a dark-squared bishop (or no bishop at
// all while Black has a light-squared one, which can self-block only on light squares next to
// h8); otherwise the light a8.
Square default_corner(const Position& pos)
{
    const Bitboard white_bishops = pos.pieces(Color::White, PieceType::Bishop);
    const Bitboard black_bishops = pos.pieces(Color::Black, PieceType::Bishop);
    const bool dark = (white_bishops & DarkSquaresBB) || (!white_bishops && (black_bishops & LightSquaresBB));
    return dark ? Square::H8 : Square::A8;
}

// One byte: the search keeps one per move of every node on its path, on the stack.
enum class Action : std::uint8_t { Reward, Normal, Punish };

class Helpmate {
public:
    Helpmate(Position& pos, const HelpmateParams& params, HelpmateLine& line, const Targets& targets,
             const std::array<std::uint8_t, 64>* bishop_distance, std::uint64_t node_budget)
        : pos_(pos), params_(params), line_(line), targets_(targets), bishop_distance_(bishop_distance),
          node_budget_(node_budget), black_promotes_(mate_needs_black_promotion(pos))
    {
    }

    // Runs (or resumes, after `extend`) the deepening. A resumed run repeats the iteration that
    // the budget interrupted, in a fresh table generation, so every iteration is still whole.
    HelpmateResult run()
    {
        static thread_local TranspositionTable table;
        table_ = &table;
        budget_exhausted_ = false;
        for (int depth = std::max(params_.first_depth, max_depth_); depth <= params_.last_depth; ++depth) {
            max_depth_ = depth;
            iteration_nodes_ = 0;
            interrupted_ = stopped_ = false;
            if (params_.transpositions) table_->next_generation();
            if (search(0, false, 0)) return HelpmateResult::Mate;
            if (!interrupted_) return HelpmateResult::NoMate;
            if (budget_exhausted_) break;
        }
        return HelpmateResult::Unknown;
    }

    std::uint64_t nodes() const { return total_nodes_; }
    void extend(std::uint64_t more) { node_budget_ += more; }

private:
    // `d` is the depth spent so far; `free_move` says the move that led here was rewarded, so
    // the next normal move costs nothing (a reward is never cancelled by the reply).
    bool search(int d, bool free_move, int ply)
    {
        const int left = max_depth_ - d;
        // A node at the depth limit only asks whether the game ends here, so it needs no move
        // list: two nodes in three of the per-move searches are such leaves.
        if (d >= max_depth_ || ply >= MaxSearchPlies) {
            if (params_.transpositions && table_->holds(pos_, left)) return false;
            if (!has_legal_move(pos_)) return is_mate_of_black(ply);
            if (!white_cannot_mate_by_material(pos_)) interrupted_ = true;
            return false;
        }
        // The probe waits for memory; generating the moves first hides most of that wait.
        if (params_.transpositions) table_->prefetch(pos_);
        const MoveList moves = legal_moves(pos_);
        if (params_.transpositions && table_->holds(pos_, left)) return false;
        if (moves.empty()) return is_mate_of_black(ply);
        if (white_cannot_mate_by_material(pos_)) return false;
        // Stored before the children are explored: this also closes cycles (§5.4).
        if (params_.transpositions) table_->store(pos_, left);

        // Rewarded moves first, punished ones last: the order changes nothing about what a
        // complete iteration proves, but finds the typical mate after far fewer nodes. The
        // moves are classified during the first pass, so a rewarded move that leads to a mate
        // (the usual case along a found line) leaves the moves after it unclassified.
        std::array<Action, MoveList::Capacity> actions;
        std::size_t normal = 0, punished = 0;
        for (std::size_t i = 0; i < moves.size(); ++i) {
            actions[i] = classify(moves[i]);
            if (actions[i] == Action::Normal) ++normal;
            if (actions[i] == Action::Punish) ++punished;
            if (actions[i] != Action::Reward) continue;
            if (explore(moves[i], Action::Reward, d, free_move, ply)) return true;
            if (stopped_) return false;
        }
        for (auto [wanted, count] : {std::pair{Action::Normal, normal}, std::pair{Action::Punish, punished}})
            for (std::size_t i = 0; i < moves.size() && count > 0; ++i) {
                if (actions[i] != wanted) continue;
                --count;
                if (explore(moves[i], wanted, d, free_move, ply)) return true;
                if (stopped_) return false;
            }
        return false;
    }

    // At a node without legal moves: true (and the line ends here) if Black is checkmated;
    // stalemate or a mated White is a dead end.
    bool is_mate_of_black(int ply)
    {
        if (!pos_.in_check() || pos_.side_to_move() != Color::Black) return false;
        line_.length = ply;
        return true;
    }

    // Makes one move and searches below it; true if that leads to a mate.
    bool explore(Move m, Action action, int d, bool free_move, int ply)
    {
        const std::uint64_t iteration_cap =
            params_.nodes_per_depth ? params_.nodes_per_depth * std::uint64_t(max_depth_) : UINT64_MAX;
        if (++iteration_nodes_ > iteration_cap || ++total_nodes_ > node_budget_) {
            budget_exhausted_ = total_nodes_ > node_budget_;
            interrupted_ = stopped_ = true;
            return false;
        }
        const int child_d = action == Action::Reward ? d : action == Action::Normal ? (free_move ? d : d + 1) : d + 4;
        // A child at the depth limit is a leaf: it ends the line only as Black checkmated.
        const bool leaf = child_d >= max_depth_ || ply + 1 >= MaxSearchPlies;
        if (params_.mates_only && leaf && pos_.side_to_move() == Color::Black) {
            interrupted_ = true;
            return false;
        }
        UndoInfo undo;
        pos_.make_move(m, undo);
        if (params_.mates_only && leaf && !pos_.in_check()) {
            pos_.unmake_move(m, undo);
            interrupted_ = true;
            return false;
        }
        line_.moves[ply] = m;
        const bool mate = search(child_d, action == Action::Reward, ply + 1);
        pos_.unmake_move(m, undo);
        return mate;
    }

    Action classify(Move m) const
    {
        const Square from = m.from(), to = m.to();
        const PieceType moved = type_of(pos_.piece_on(from));
        const bool capture = pos_.is_capture(m);
        const HelpmateHints* hints = params_.hints;
        if (hints && std::find(hints->punishable.begin(), hints->punishable.end(), m) != hints->punishable.end())
            return Action::Punish;

        if (pos_.side_to_move() == Color::White) {
            if (moved == PieceType::Pawn || capture) return Action::Reward;
            if (m.kind() == MoveKind::Castling) return Action::Normal;
            if (moved == PieceType::King && distance(to, targets_.white_king) < distance(from, targets_.white_king))
                return Action::Reward;
            if (moved == PieceType::Knight &&
                knight_distance(to, targets_.white_knight) < knight_distance(from, targets_.white_knight))
                return Action::Reward;
            if (bishop_distance_ && moved == PieceType::Bishop) {
                const int d_from = (*bishop_distance_)[index_of(from)];
                const int d_to = (*bishop_distance_)[index_of(to)];
                if (d_from == Unreachable) return Action::Normal;
                if (d_from <= 1 && d_to > d_from) return Action::Reward;
                if (d_from > 2 && d_to < d_from) return Action::Reward;
            }
            return Action::Normal;
        }

        if (m.kind() != MoveKind::Castling) {
            if (moved == PieceType::King && distance(to, targets_.black_king) < distance(from, targets_.black_king))
                return Action::Reward;
            if (moved == PieceType::Knight &&
                knight_distance(to, targets_.black_knight) < knight_distance(from, targets_.black_knight))
                return Action::Reward;
        }
        if (black_promotes_ && moved == PieceType::Pawn &&
            (m.kind() != MoveKind::Promotion || m.promotion() == PieceType::Knight ||
             m.promotion() == PieceType::Bishop))
            return Action::Reward;
        if (hints) {
            if (bishop_distance_ && moved == PieceType::Bishop &&
                (*bishop_distance_)[index_of(to)] < (*bishop_distance_)[index_of(from)])
                return Action::Reward;
            if (capture && popcount(pos_.pieces()) > 5 &&
                (moved == PieceType::Pawn || m.kind() == MoveKind::EnPassant ||
                 type_of(pos_.piece_on(to)) == PieceType::Pawn))
                return Action::Reward;
        }
        return capture ? Action::Punish : Action::Normal;
    }

    Position& pos_;
    const HelpmateParams& params_;
    HelpmateLine& line_;
    const Targets targets_;
    const std::array<std::uint8_t, 64>* bishop_distance_;
    std::uint64_t node_budget_;
    const bool black_promotes_;
    TranspositionTable* table_ = nullptr;
    int max_depth_ = 0;
    std::uint64_t iteration_nodes_ = 0, total_nodes_ = 0;
    bool interrupted_ = false, stopped_ = false, budget_exhausted_ = false;
};

// Phase 8's budget shares: the default corner's first try, and each other corner's one try.
constexpr std::uint64_t FirstSliceDivisor = 16;
constexpr std::uint64_t OtherCornerDivisor = 32;

// The corners worth a try in phase 8, best first: the default corner, then the corners of the
// colour of White's bishops (a bishop can only guard squares of its colour next to a mate in
// the corner), nearer ones to the Black king first.
std::vector<Square> candidate_corners(const Position& pos)
{
    const Square first = default_corner(pos);
    const Bitboard bishops = pos.pieces(Color::White, PieceType::Bishop);
    const Square king = pos.king_square(Color::Black);
    std::vector<Square> corners{Square::A1, Square::H1, Square::A8, Square::H8};
    auto cost = [&](Square c) {
        if (c == first) return -1;
        const bool colour_mismatch = bishops && !(bishops & (is_dark(c) ? DarkSquaresBB : LightSquaresBB));
        return (colour_mismatch ? 8 : 0) + distance(c, king);
    };
    std::stable_sort(corners.begin(), corners.end(), [&](Square a, Square b) { return cost(a) < cost(b); });
    return corners;
}

} // namespace

HelpmateResult find_helpmate(Position& pos, const HelpmateParams& params, HelpmateLine& line, std::uint64_t* nodes_used)
{
    const Targets first = targets_at(default_corner(pos));
    if (!params.hints) {
        Helpmate search(pos, params, line, first, nullptr, params.node_budget);
        const HelpmateResult result = search.run();
        if (nodes_used) *nodes_used = search.nodes();
        return result;
    }
    // Widening over corners: the default corner first with a small slice, then every other
    // corner with a smaller one (a mate near the Black king's own corner is usually cheap there
    // and very expensive towards the default one), then the default corner resumes with the rest.
    // Any complete iteration proves NoMate, whatever corner shaped it.
    const std::vector<Square> corners = candidate_corners(pos);
    std::vector<std::array<std::uint8_t, 64>> distances(corners.size());
    const Bitboard steady = steady_squares(pos);
    std::vector<Helpmate> searches;
    searches.reserve(corners.size());
    for (std::size_t i = 0; i < corners.size(); ++i) {
        distances[i] =
            corners[i] == first.corner ? params.hints->bishop_distance : bishop_distances_to(corners[i], steady);
        searches.emplace_back(pos, params, line, targets_at(corners[i]), &distances[i], 0);
    }
    auto used = [&] {
        std::uint64_t n = 0;
        for (const Helpmate& s : searches) n += s.nodes();
        return n;
    };
    HelpmateResult result = HelpmateResult::Unknown;
    auto resume = [&](std::size_t i, std::uint64_t slice) {
        const std::uint64_t spent = used();
        if (result != HelpmateResult::Unknown || spent >= params.node_budget) return;
        searches[i].extend(std::min(slice, params.node_budget - spent));
        result = searches[i].run();
    };
    resume(0, params.node_budget / FirstSliceDivisor);
    for (std::size_t i = 1; i < searches.size(); ++i) resume(i, params.node_budget / OtherCornerDivisor);
    resume(0, params.node_budget);
    if (nodes_used) *nodes_used = used();
    return result;
}
// Breadth-first search in bishop moves from the three squares of the target corner. A bishop
// slides through any square that might empty (only steady pieces block) and never lands on a
// steady square.
std::array<std::uint8_t, 64> bishop_distances(const Position& pos, Bitboard steady)
{
    return bishop_distances_to(default_corner(pos), steady);
}

std::array<std::uint8_t, 64> bishop_distances_to(Square corner, Bitboard steady)
{
    std::array<std::uint8_t, 64> dist;
    dist.fill(Unreachable);
    Bitboard frontier = targets_at(corner).corner_squares & ~steady;
    Bitboard seen = frontier;
    for (int d = 0; frontier; ++d) {
        Bitboard next = 0;
        for (Bitboard f = frontier; f;) {
            const Square s = pop_lsb(f);
            dist[index_of(s)] = std::uint8_t(d);
            next |= bishop_attacks(s, steady);
        }
        frontier = next & ~steady & ~seen;
        seen |= frontier;
    }
    return dist;
}

} // namespace rochade::winnability
