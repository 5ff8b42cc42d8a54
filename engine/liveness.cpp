#include "liveness.h"

#include <utility>

#include "movegen.h"

namespace rochade {

namespace {

// The mate searches that run before the dead-position test, from the measurements in
// docs/performance.md ("Per-move dead-position test"): a quick search finds most mates of
// random-move positions within a few hundred nodes; the endgames it misses usually fall to the
// deep search within a few thousand, and a proof found there then lasts for many moves.
constexpr std::uint64_t QuickMateNodes = 500;
constexpr std::uint64_t DeepMateNodes = 20'000;
// Between the two: where both quick searches failed, a depth-2 search with the table finds
// about three mates in four that the deep search would, at a fraction of its cost.
constexpr std::uint64_t MediumMateNodes = 1'000;

// A detour prepends three moves to the kept line; beyond this length the line is dropped (the
// proof still holds through the chain of detours) so that no game grows it without bound.
constexpr std::size_t MaxKeptLine = 128;

// A move that can be taken back by the reverse move: not a capture, not a pawn move, not
// castling or a promotion. (It may still lose castling rights; the detour check sees that.)
bool is_reversible(const Position& pos, Move m)
{
    return m.kind() == MoveKind::Normal && !pos.is_capture(m) && type_of(pos.moved_piece(m)) != PieceType::Pawn;
}

Move reversed(Move m) { return Move(m.to(), m.from()); }

bool make_if_legal(Position& pos, Move m)
{
    if (!is_legal(pos, m)) return false;
    UndoInfo undo;
    pos.make_move(m, undo);
    return true;
}

// A reversible move y of the side to move in `after` such that y, `move` taken back and y
// taken back are legal in turn and lead to `before` itself (same_position: castling rights
// and en passant included). Then `after` reaches `before`. The first candidate usually works;
// it fails when the move escaped a check, gave one, gave up castling rights, or y is pinned.
// The candidates are taken piece by piece, each checked on its own, since the first one
// usually works and listing every legal move would cost more than the whole detour.
std::optional<Move> detour_to(const Position& before, Move move, const Position& after)
{
    const Move back = reversed(move);
    const Color us = after.side_to_move();
    const Bitboard empty = ~after.pieces();
    for (PieceType type : {PieceType::Knight, PieceType::Bishop, PieceType::Rook, PieceType::Queen, PieceType::King})
        for (Bitboard movers = after.pieces(us, type); movers;) {
            const Square from = pop_lsb(movers);
            for (Bitboard targets = attacks_of(type, from, after.pieces()) & empty; targets;) {
                const Move y(from, pop_lsb(targets));
                if (!is_legal(after, y)) continue;
                Position pos = after;
                UndoInfo undo;
                pos.make_move(y, undo);
                if (make_if_legal(pos, back) && make_if_legal(pos, reversed(y)) && pos.same_position(before)) return y;
            }
        }
    return std::nullopt;
}

// The kept line replayed around a move that left it. The line from `before` interleaves the
// moves of the two sides; after `played` (taken out of its side's moves if the line holds it)
// each side plays in turn the earliest of its remaining moves that is legal now, until one side
// has none left that is. A random move seldom touches most of a long helpmate line, so the
// pieces usually still reach the same mate. `replayed` receives the moves, `reached` the
// position they lead to; true if that is checkmate (every move was checked for legality).
bool replay_around(const Position& after, Move played, const std::vector<Move>& line, std::vector<Move>& replayed,
                   Position& reached)
{
    const Color mover = ~after.side_to_move();
    std::vector<Move> queues[2];
    bool struck = false;
    for (std::size_t i = 0; i < line.size(); ++i) {
        const Color side = i % 2 == 0 ? mover : ~mover;
        if (side == mover && !struck && line[i] == played)
            struck = true;
        else
            queues[index_of(side)].push_back(line[i]);
    }
    replayed.clear();
    reached = after;
    for (;;) {
        std::vector<Move>& queue = queues[index_of(reached.side_to_move())];
        auto next = queue.begin();
        while (next != queue.end() && !is_legal(reached, *next)) ++next;
        if (next == queue.end()) break;
        UndoInfo undo;
        reached.make_move(*next, undo);
        replayed.push_back(*next);
        queue.erase(next);
    }
    return reached.in_check() && !has_legal_move(reached);
}

// The side whose mate ends `line` from `pos`: the one that makes its last move.
Color side_mating_at_end(const Position& pos, const std::vector<Move>& line)
{
    return line.size() % 2 == 1 ? pos.side_to_move() : ~pos.side_to_move();
}

} // namespace

bool LivenessTracker::is_dead(const Position& pos, Move last_move, const WinnabilityLimits& limits)
{
    std::optional<Position> before = std::exchange(position_, pos);
    const bool continues =
        before && last_move && is_legal(*before, last_move) && before->after(last_move).same_position(pos);
    const State known = continues ? state_ : State::Unknown;

    if (known == State::Alive && !line_.empty() && line_.front() == last_move) {
        line_.erase(line_.begin());
        last_step_ = Step::Line;
        return false;
    }
    const std::optional<Move> y = known != State::Unknown && is_reversible(*before, last_move)
                                      ? detour_to(*before, last_move, pos)
                                      : std::nullopt;
    if (y && known == State::Alive) {
        if (!line_.empty() && line_.size() + 3 <= MaxKeptLine)
            line_.insert(line_.begin(), {*y, reversed(last_move), reversed(*y)});
        else
            line_.clear();
        last_step_ = Step::Detour;
        return false;
    }
    if (y) return search(pos, limits, Hunt::None); // hopeless, and still the same mates
    if (known == State::Alive && !line_.empty() && replay(*before, pos, last_move)) return false;
    return search(pos, limits, known == State::Hopeless ? Hunt::Quick : Hunt::QuickAndDeep);
}

// When the replay stops short of a mate, a quick search by the side that mated at the end of
// the old line usually finishes it from where the replay stopped: most of the way is done.
bool LivenessTracker::replay(const Position& before, const Position& pos, Move last_move)
{
    const Color old_mating_side = side_mating_at_end(before, line_);
    Position reached = pos;
    if (!replay_around(pos, last_move, line_, replayed_, reached)) {
        if (replayed_.empty() ||
            !find_mating_line(reached, old_mating_side, MateSearch::Quick, QuickMateNodes, finish_))
            return false;
        replayed_.insert(replayed_.end(), finish_.begin(), finish_.end());
    }
    line_.swap(replayed_);
    mating_side_ = side_mating_at_end(pos, line_);
    if (line_.size() > MaxKeptLine) line_.clear();
    last_step_ = Step::Replay;
    return true;
}

void LivenessTracker::forget()
{
    position_.reset();
    state_ = State::Unknown;
    line_.clear();
}

bool LivenessTracker::search(const Position& pos, const WinnabilityLimits& limits, Hunt hunt)
{
    // The colour that mated last time usually still can; the other colour is tried next.
    const Color first = mating_side_;
    auto found = [&](Color side, Step step) {
        last_step_ = step;
        state_ = State::Alive;
        mating_side_ = side;
        if (line_.size() > MaxKeptLine) line_.clear();
        return false;
    };
    if (hunt != Hunt::None)
        for (Color side : {first, ~first})
            if (find_mating_line(pos, side, MateSearch::Quick, QuickMateNodes, line_))
                return found(side, Step::QuickSearch);
    if (hunt == Hunt::QuickAndDeep)
        for (auto [search, nodes] : {std::pair{MateSearch::Medium, MediumMateNodes}, {MateSearch::Deep, DeepMateNodes}})
            for (Color side : {first, ~first})
                if (find_mating_line(pos, side, search, nodes, line_)) return found(side, Step::DeepSearch);

    last_step_ = Step::Test;
    switch (dead_position_answer(pos, limits, &line_, &dead_reason_)) {
    case DeadPositionAnswer::Alive: return found(side_mating_at_end(pos, line_), Step::Test);
    case DeadPositionAnswer::Dead: state_ = State::Unknown; return true;
    case DeadPositionAnswer::Undetermined: break;
    }
    state_ = State::Hopeless;
    return false;
}

} // namespace rochade
