#include "helpmate.h"

#include <algorithm>

#include "helpmate_table.h"
#include "movegen.h"
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

// Where each kind of piece heads for a mate in the target corner (§5.3). The corner is the dark
// h8 if White has a dark-squared bishop (or no bishop at all while Black has a light-squared
// one, which can self-block only on light squares next to h8); otherwise the light a8.
struct Targets {
    Square white_king, white_knight, black_king, black_knight;
    Bitboard corner; // the corner square and its two neighbours on the edge
};

Targets targets_for(const Position& pos)
{
    const Bitboard white_bishops = pos.pieces(Color::White, PieceType::Bishop);
    const Bitboard black_bishops = pos.pieces(Color::Black, PieceType::Bishop);
    const bool dark = (white_bishops & DarkSquaresBB) || (!white_bishops && (black_bishops & LightSquaresBB));
    if (dark)
        return {Square::G7, Square::E5, Square::H8, Square::G8,
                square_bb(Square::H8) | square_bb(Square::G8) | square_bb(Square::H7)};
    return {Square::B7, Square::D5, Square::A8, Square::B8,
            square_bb(Square::A8) | square_bb(Square::B8) | square_bb(Square::A7)};
}

enum class Action { Reward, Normal, Punish };

class Helpmate {
public:
    Helpmate(Position& pos, const HelpmateParams& params, HelpmateLine& line)
        : pos_(pos), params_(params), line_(line), targets_(targets_for(pos)),
          black_promotes_(mate_needs_black_promotion(pos))
    {
    }

    HelpmateResult run()
    {
        static thread_local TranspositionTable table;
        table_ = &table;
        for (int depth = params_.first_depth; depth <= params_.last_depth; ++depth) {
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

private:
    // `d` is the depth spent so far; `free_move` says the move that led here was rewarded, so
    // the next normal move costs nothing (a reward is never cancelled by the reply).
    bool search(int d, bool free_move, int ply)
    {
        const int left = max_depth_ - d;
        if (params_.transpositions && table_->holds(pos_, left)) return false;

        const MoveList moves = legal_moves(pos_);
        if (moves.empty()) {
            if (pos_.in_check() && pos_.side_to_move() == Color::Black) {
                line_.length = ply;
                return true;
            }
            return false; // stalemate, or White mated: a dead end
        }
        if (white_cannot_mate_by_material(pos_)) return false;
        if (d >= max_depth_ || ply >= MaxSearchPlies) {
            interrupted_ = true;
            return false;
        }
        // Stored before the children are explored: this also closes cycles (§5.4).
        if (params_.transpositions) table_->store(pos_, left);

        // Rewarded moves first, punished ones last: the order changes nothing about what a
        // complete iteration proves, but finds the typical mate after far fewer nodes.
        std::array<Action, MoveList::Capacity> actions;
        for (std::size_t i = 0; i < moves.size(); ++i) actions[i] = classify(moves[i]);
        for (Action wanted : {Action::Reward, Action::Normal, Action::Punish})
            for (std::size_t i = 0; i < moves.size(); ++i) {
                if (actions[i] != wanted) continue;
                if (explore(moves[i], wanted, d, free_move, ply)) return true;
                if (stopped_) return false;
            }
        return false;
    }

    // Makes one move and searches below it; true if that leads to a mate.
    bool explore(Move m, Action action, int d, bool free_move, int ply)
    {
        const std::uint64_t iteration_cap =
            params_.nodes_per_depth ? params_.nodes_per_depth * std::uint64_t(max_depth_) : UINT64_MAX;
        if (++iteration_nodes_ > iteration_cap || ++total_nodes_ > params_.node_budget) {
            budget_exhausted_ = total_nodes_ > params_.node_budget;
            interrupted_ = stopped_ = true;
            return false;
        }
        const int child_d = action == Action::Reward ? d : action == Action::Normal ? (free_move ? d : d + 1) : d + 4;
        UndoInfo undo;
        pos_.make_move(m, undo);
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
            if (hints && moved == PieceType::Bishop) {
                const int d_from = hints->bishop_distance[index_of(from)];
                const int d_to = hints->bishop_distance[index_of(to)];
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
            if (moved == PieceType::Bishop &&
                hints->bishop_distance[index_of(to)] < hints->bishop_distance[index_of(from)])
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
    const bool black_promotes_;
    TranspositionTable* table_ = nullptr;
    int max_depth_ = 0;
    std::uint64_t iteration_nodes_ = 0, total_nodes_ = 0;
    bool interrupted_ = false, stopped_ = false, budget_exhausted_ = false;
};

} // namespace

HelpmateResult find_helpmate(Position& pos, const HelpmateParams& params, HelpmateLine& line, std::uint64_t* nodes_used)
{
    Helpmate search(pos, params, line);
    const HelpmateResult result = search.run();
    if (nodes_used) *nodes_used = search.nodes();
    return result;
}

// Breadth-first search in bishop moves from the three squares of the target corner. A bishop
// slides through any square that might empty (only steady pieces block) and never lands on a
// steady square.
std::array<std::uint8_t, 64> bishop_distances(const Position& pos, Bitboard steady)
{
    std::array<std::uint8_t, 64> dist;
    dist.fill(Unreachable);
    Bitboard frontier = targets_for(pos).corner & ~steady;
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
