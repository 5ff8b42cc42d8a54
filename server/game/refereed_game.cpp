#include "server/game/refereed_game.h"

#include <algorithm>
#include <utility>

#include "engine/fen.h"
#include "engine/movegen.h"
#include "engine/notation.h"
#include "engine/san.h"
#include "engine/shortest_mate.h"
#include "engine/uci.h"
#include "engine/winnability.h"

namespace rochade::server {

using protocol::ErrorCode;
using protocol::GameResult;
using protocol::Side;

namespace {

Side side_of(Color color) { return color == Color::White ? Side::White : Side::Black; }
Color color_of(Side side) { return side == Side::White ? Color::White : Color::Black; }
std::string name_of(Side side) { return side == Side::White ? "White" : "Black"; }

GameResult win_for(Side winner, Termination termination, std::string message)
{
    return GameResult{score_of(color_of(winner)), winner, termination, std::move(message), std::nullopt};
}

GameResult draw(Termination termination, std::string message)
{
    return GameResult{Score::Draw, std::nullopt, termination, std::move(message), std::nullopt};
}

std::string draw_message(Termination t)
{
    switch (t) {
    case Termination::Stalemate: return "Draw by stalemate";
    case Termination::FivefoldRepetition: return "Draw: the same position for the fifth time";
    case Termination::SeventyFiveMoves: return "Draw: 75 moves by each side without a capture or pawn move";
    case Termination::DeadPosition: return "Draw: dead position, neither side can checkmate";
    case Termination::ThreefoldRepetition: return "Draw by threefold repetition";
    case Termination::FiftyMoves: return "Draw by the fifty-move rule";
    case Termination::Checkmate:
    case Termination::Agreement:
    case Termination::Resignation:
    case Termination::FlagFall:
    case Termination::Abandoned:
    case Termination::Aborted:
    case Termination::Adjudicated:
    case Termination::NoFirstMove:
    case Termination::Forfeit: break;
    }
    return "Draw";
}

// A dead position carries the reason neither side can mate (`dead_reason`), one for both.
GameResult result_of(const Outcome& outcome, std::optional<UnwinnableReason> dead_reason)
{
    const Termination termination = outcome.termination;
    if (outcome.winner) {
        const Side winner = side_of(*outcome.winner);
        return win_for(winner, termination, "Checkmate: " + name_of(winner) + " wins");
    }
    GameResult result = draw(termination, draw_message(outcome.termination));
    if (dead_reason) result.proof = protocol::UnwinnableProof{std::nullopt, *dead_reason};
    return result;
}

// The move's record without its fen, which the caller adds once the move is played.
protocol::MoveRecord record_of(const Position& before, Move move, int ply)
{
    return protocol::MoveRecord{
        ply, to_uci(before, move), to_san(before, move, Language::English), to_san(before, move, Language::German), {}};
}

// The engine's mating line from the position at the flag, spelled as move events spell moves.
protocol::MatingLineProof mating_line_proof(const Position& at_flag, Side side, int first_ply,
                                            const std::vector<Move>& line)
{
    protocol::MatingLineProof proof{side, first_ply, {}};
    proof.line.reserve(line.size());
    Position pos = at_flag;
    for (Move m : line) {
        proof.line.push_back(
            protocol::LineMove{to_uci(pos, m), to_san(pos, m, Language::English), to_san(pos, m, Language::German)});
        pos = pos.after(m);
    }
    return proof;
}

// "41...Nf2+ 42.Kg1 Nh3#": numbered from the position's own move number, as a score sheet would.
std::string numbered_line(const Position& at_flag, const std::vector<protocol::LineMove>& line)
{
    std::string text;
    int number = at_flag.fullmove_number();
    bool white = at_flag.side_to_move() == Color::White;
    for (std::size_t i = 0; i < line.size(); ++i) {
        if (!text.empty()) text += ' ';
        if (white)
            text += std::to_string(number) + '.';
        else if (i == 0)
            text += std::to_string(number) + "...";
        text += line[i].san;
        if (!white) ++number;
        white = !white;
    }
    return text;
}

// A line longer than this is left out of the message (the proof carries it all): a sentence
// that runs over many moves helps no reader.
constexpr std::size_t LineInMessagePlies = 8;

ErrorCode error_code_of(MoveErrorKind kind)
{
    switch (kind) {
    case MoveErrorKind::Invalid: return ErrorCode::InvalidMove;
    case MoveErrorKind::Illegal: return ErrorCode::IllegalMove;
    case MoveErrorKind::Ambiguous: return ErrorCode::AmbiguousMove;
    }
    return ErrorCode::InvalidMove;
}

// What a claim without a valid reason is told: how far the game is from each rule.
std::string claim_shortfall(const Game& game)
{
    return "the position has occurred " + std::to_string(game.repetition_count()) + " time(s) and " +
           std::to_string(game.position().halfmove_clock()) +
           " half-moves were played without a capture or pawn move (a claim needs 3 occurrences or 100 "
           "half-moves)";
}

} // namespace

// Asked with the full budgets: this happens once per game, and a wrong "can mate" would cost a
// player half a point.
// The analysis's line proves the verdict but is seldom short (its searches follow progress
// heuristics, not length): the line shown is the shortest mate that a small full-width search
// finds within these limits, and the analysis's own line when it finds none.
constexpr int ShownLineMaxPlies = 8;
constexpr std::uint64_t ShownLineNodes = 2'000'000; // at most about 80 ms on the 2-core VM

WinnabilityVerdict flag_fall_winnability(const FlagFall& fall)
{
    WinnabilityVerdict verdict = winnability_verdict(fall.position, color_of(fall.opponent), fall.limits);
    const int length = int(verdict.mating_line.size());
    if (verdict.answer == Winnability::CanMate && length > 2) {
        std::vector<Move> shorter;
        if (find_shortest_mate(fall.position, color_of(fall.opponent), std::min(ShownLineMaxPlies, length - 1),
                               ShownLineNodes, shorter))
            verdict.mating_line = std::move(shorter);
    }
    return verdict;
}

RefereedGame::RefereedGame(protocol::TimeControl time_control, Position start, RefereeLimits limits)
    : clock_(std::move(time_control), limits.first_move), game_(start, limits.per_move),
      flag_fall_limits_(limits.flag_fall)
{
}

RefereedGame::RefereedGame(Clock clock, Game game, const RefereeLimits& limits)
    : clock_(std::move(clock)), game_(std::move(game)), flag_fall_limits_(limits.flag_fall)
{
}

Expected<RefereedGame, RefereeError> RefereedGame::restore(protocol::TimeControl time_control,
                                                           std::string_view start_fen,
                                                           const std::vector<std::string>& uci_moves,
                                                           std::int64_t white_ms, std::int64_t black_ms,
                                                           RefereeLimits limits, Variant variant)
{
    auto start = parse_fen(start_fen, variant);
    if (!start) return unexpected(RefereeError{ErrorCode::InternalError, "start FEN: " + start.error().message});
    Game game(*start, limits.per_move);
    std::vector<protocol::MoveRecord> records;
    records.reserve(uci_moves.size());
    int moves_made[2] = {0, 0};
    for (const std::string& text : uci_moves) {
        const int ply = game.ply_count() + 1;
        if (game.automatic_outcome())
            return unexpected(RefereeError{ErrorCode::InternalError, "ply " + std::to_string(ply) + " (" + text +
                                                                         "): the game was over already"});
        const Position& pos = game.position();
        auto move = parse_uci(pos, text);
        if (!move)
            return unexpected(
                RefereeError{ErrorCode::InternalError, "ply " + std::to_string(ply) + ": " + move.error().message});
        records.push_back(record_of(pos, *move, ply));
        ++moves_made[pos.side_to_move() == Color::White ? 0 : 1];
        game.play(*move);
        records.back().fen = to_fen(game.position());
    }
    RefereedGame restored(
        Clock::restored(std::move(time_control), white_ms, black_ms, moves_made[0], moves_made[1], limits.first_move),
        std::move(game), limits);
    restored.moves_ = std::move(records);
    restored.started_ = true;
    if (auto outcome = restored.game_.automatic_outcome())
        restored.result_ = result_of(*outcome, restored.game_.dead_position_reason());
    return restored;
}

// Starting a game whose clock already runs changes nothing: a second call must not restart
// the mover's delay or charge time without the increment.
void RefereedGame::start(time_point now)
{
    if (is_over() || flag_fall_ || clock_.running() || clock_.awaiting_first_move()) return;
    started_ = true;
    clock_.start(side_of(game_.position().side_to_move()), now);
}

void RefereedGame::resume(time_point now) { start(now); }

std::optional<Ending> RefereedGame::end_if_over_at_start(time_point now)
{
    if (!started_ || is_over() || flag_fall_ || game_.ply_count() > 0) return std::nullopt;
    const auto outcome = game_.automatic_outcome();
    if (!outcome) return std::nullopt;
    return end(result_of(*outcome, game_.dead_position_reason()), now);
}

void RefereedGame::hold(time_point now) { clock_.stop(now); }

std::optional<Side> RefereedGame::to_move() const
{
    if (is_over()) return std::nullopt;
    return side_of(game_.position().side_to_move());
}

std::string RefereedGame::fen() const { return to_fen(game_.position()); }

std::string RefereedGame::start_fen() const { return to_fen(game_.start_position()); }

std::vector<std::string> RefereedGame::legal_moves() const
{
    std::vector<std::string> moves;
    if (is_over()) return moves;
    const Position& pos = game_.position();
    const MoveList list = rochade::legal_moves(pos);
    moves.reserve(list.size());
    for (Move m : list) moves.push_back(to_uci(pos, m));
    return moves;
}

std::optional<RefereedGame::time_point> RefereedGame::flag_deadline() const
{
    if (is_over()) return std::nullopt;
    return clock_.flag_deadline();
}

std::optional<RefereedGame::time_point> RefereedGame::first_move_deadline() const
{
    if (is_over() || flag_fall_) return std::nullopt;
    return clock_.first_move_deadline();
}

// lichess's "noStart": a game whose first moves are not made in time never counted, so it is
// aborted (result "*", unrated), with its own termination so that both players and the archive
// can say why.
std::optional<Ending> RefereedGame::check_first_move(time_point now)
{
    if (!started_ || is_over() || flag_fall_ || !clock_.first_move_missed(now)) return std::nullopt;
    const Side late = *clock_.awaiting_first_move();
    const auto limit_ms = clock_.first_move_limit()->count();
    const std::string limit =
        limit_ms % 1000 == 0 ? std::to_string(limit_ms / 1000) + " s" : std::to_string(limit_ms) + " ms";
    return end(GameResult{Score::Unfinished, std::nullopt, Termination::NoFirstMove,
                          name_of(late) + " did not make the first move within " + limit + ": the game is aborted",
                          std::nullopt},
               now);
}

std::optional<RefereeError> RefereedGame::refuse_unless_running(time_point now)
{
    if (!started_) return RefereeError{ErrorCode::GameNotStarted, "the game has not started"};
    if (result_)
        return RefereeError{ErrorCode::GameOver, "the game is over: " + std::string(to_text(result_->result)) + " (" +
                                                     std::string(to_text(result_->termination)) + ")"};
    if (notice_flag(now))
        return RefereeError{ErrorCode::GameOver, "the game is over: " + name_of(flag_fall_->flagged) +
                                                     "'s flag fell (the result waits for the winnability answer)"};
    if (clock_.first_move_missed(now))
        return RefereeError{ErrorCode::GameOver, "the game is over: " + name_of(*clock_.awaiting_first_move()) +
                                                     " did not make the first move in time (it is being aborted)"};
    return std::nullopt;
}

Ending RefereedGame::end(GameResult result, time_point now)
{
    clock_.stop(now);
    result_ = std::move(result);
    return Ending{*result_, clock_.reading(now)};
}

// The clocks stop at the first `now` that sees the flag down, so the flagged side reads 0 and
// the opponent keeps what they had then, whatever time the verdict takes.
bool RefereedGame::notice_flag(time_point now)
{
    if (flag_fall_) return true;
    if (!started_ || is_over() || !clock_.flag_fallen(now)) return false;
    const Side flagged = *clock_.running();
    clock_.stop(now);
    flag_noticed_at_ = now;
    flag_fall_ = FlagFall{flagged, protocol::opponent_of(flagged), game_.position(), flag_fall_limits_};
    return true;
}

std::optional<FlagFall> RefereedGame::check_flag(time_point now)
{
    if (!notice_flag(now)) return std::nullopt;
    return flag_fall_;
}

// FIDE 6.9: the flag loses, unless the opponent cannot checkmate by any series of legal moves.
// An undetermined answer follows FIDE's default, the loss, and says so.
std::optional<Ending> RefereedGame::end_on_flag(const WinnabilityVerdict& verdict)
{
    if (!flag_fall_) return std::nullopt;
    const Side winner = flag_fall_->opponent;
    const std::string fell = name_of(flag_fall_->flagged) + "'s flag fell";
    GameResult result;
    switch (verdict.answer) {
    case Winnability::CannotMate:
        result = draw(Termination::FlagFall, fell + "; " + name_of(winner) + " cannot checkmate: draw");
        result.winnability = Winnability::CannotMate;
        if (verdict.reason) result.proof = protocol::UnwinnableProof{winner, *verdict.reason};
        break;
    case Winnability::CanMate: {
        auto proof = mating_line_proof(flag_fall_->position, winner, game_.ply_count() + 1, verdict.mating_line);
        std::string message = fell + ": " + name_of(winner) + " wins";
        if (!proof.line.empty() && proof.line.size() <= LineInMessagePlies)
            message += " (a mate remained: " + numbered_line(flag_fall_->position, proof.line) + ")";
        result = win_for(winner, Termination::FlagFall, std::move(message));
        result.winnability = Winnability::CanMate;
        result.proof = std::move(proof);
        break;
    }
    case Winnability::Undetermined:
        result = win_for(winner, Termination::FlagFall,
                         fell + ": " + name_of(winner) + " wins (whether " + name_of(winner) +
                             " could still checkmate was not settled; FIDE's default applies)");
        result.winnability = Winnability::Undetermined;
        break;
    }
    flag_fall_.reset();
    return end(std::move(result), flag_noticed_at_);
}

Expected<Move, RefereeError> RefereedGame::read_move(std::string_view text) const
{
    auto move = parse_move(game_.position(), text);
    if (!move) return unexpected(RefereeError{error_code_of(move.error().kind), move.error().message});
    return *move;
}

MoveResult RefereedGame::play_legal(Move move, time_point now)
{
    const Position& before = game_.position();
    const Side mover = side_of(before.side_to_move());
    protocol::MoveRecord record = record_of(before, move, game_.ply_count() + 1);
    game_.play(move);
    record.fen = fen();
    moves_.push_back(record);

    // A held clock (a restored game whose players are not all back) stays held: the move
    // costs nobody time but still counts for the stages. Before both first moves the press
    // charges nothing either way (clock.h).
    if (clock_.running() || clock_.awaiting_first_move()) {
        clock_.press(now);
    } else {
        clock_.start(mover, now);
        clock_.press(now);
        clock_.stop(now);
    }

    PlayedMove played;
    MoveResult result;
    if (auto outcome = game_.automatic_outcome())
        result.ending = end(result_of(*outcome, game_.dead_position_reason()), now);

    played.record = std::move(record);
    played.check = game_.position().in_check();
    played.clocks = clock_.reading(now);
    played.to_move = to_move();
    played.legal_moves = legal_moves();
    result.move = std::move(played);
    return result;
}

Expected<MoveResult, RefereeError> RefereedGame::play(Side who, std::string_view text, time_point now)
{
    if (auto refusal = refuse_unless_running(now)) return unexpected(std::move(*refusal));
    if (who != to_move())
        return unexpected(RefereeError{ErrorCode::NotYourTurn, "it is " + name_of(*to_move()) + "'s turn"});
    auto move = read_move(text);
    if (!move) return unexpected(move.error());
    return play_legal(*move, now);
}

Expected<Ending, RefereeError> RefereedGame::agree_draw(time_point now)
{
    if (auto refusal = refuse_unless_running(now)) return unexpected(std::move(*refusal));
    return end(draw(Termination::Agreement, "Draw by agreement"), now);
}

Expected<ClaimResult, RefereeError> RefereedGame::claim_draw(Side who, std::optional<std::string_view> intended_move,
                                                             time_point now)
{
    if (auto refusal = refuse_unless_running(now)) return unexpected(std::move(*refusal));
    if (who != to_move())
        return unexpected(RefereeError{ErrorCode::NotYourTurn, "a draw may be claimed only on one's own turn; it is " +
                                                                   name_of(*to_move()) + "'s turn"});
    const std::string by = " (claimed by " + name_of(who) + ")";
    if (!intended_move) {
        const std::vector<Termination> claimable = game_.claimable();
        if (claimable.empty())
            return unexpected(
                RefereeError{ErrorCode::ClaimInvalid, "no draw can be claimed: " + claim_shortfall(game_)});
        const Termination rule = claimable.front();
        return ClaimResult{std::nullopt, std::nullopt, end(draw(rule, draw_message(rule) + by), now)};
    }
    auto move = read_move(*intended_move);
    if (!move) return unexpected(move.error());
    if (auto rule = game_.claim_with_intended_move(*move)) {
        const std::string san = to_san(game_.position(), *move, Language::English);
        return ClaimResult{std::nullopt, std::nullopt,
                           end(draw(*rule, draw_message(*rule) + " with the intended move " + san + by), now)};
    }
    // FIDE 9.4/9.5: the claim was wrong, so the written move stands and is played.
    MoveResult played = play_legal(*move, now);
    std::string rejection =
        "the claim with " + played.move.record.san + " is not valid: after it " + claim_shortfall(game_);
    return ClaimResult{std::move(rejection), std::move(played.move), std::move(played.ending)};
}

std::optional<RefereeError> RefereedGame::give_time(Side to, std::int64_t ms, time_point now)
{
    if (auto refusal = refuse_unless_running(now)) return refusal;
    if (clock_.untimed()) return RefereeError{ErrorCode::GiveTimeNotAllowed, "the game has no clock"};
    clock_.give(to, ms);
    return std::nullopt;
}

std::optional<RefereeError> RefereedGame::berserk(Side who, std::int64_t removed_ms, time_point now)
{
    if (auto refusal = refuse_unless_running(now)) return refusal;
    if (clock_.untimed()) return RefereeError{ErrorCode::BerserkNotAllowed, "the game has no clock"};
    if (clock_.without_increment(who)) return RefereeError{ErrorCode::BerserkNotAllowed, "berserk already"};
    if (clock_.moves_made(who) > 0) return RefereeError{ErrorCode::BerserkNotAllowed, "only before one's first move"};
    clock_.berserk(who, removed_ms);
    return std::nullopt;
}

Expected<Ending, RefereeError> RefereedGame::resign(Side who, time_point now)
{
    if (auto refusal = refuse_unless_running(now)) return unexpected(std::move(*refusal));
    return end(win_for(protocol::opponent_of(who), Termination::Resignation,
                       name_of(who) + " resigns: " + name_of(protocol::opponent_of(who)) + " wins"),
               now);
}

Expected<Ending, RefereeError> RefereedGame::abort(Side who, time_point now)
{
    if (auto refusal = refuse_unless_running(now)) return unexpected(std::move(*refusal));
    if (game_.ply_count() >= 2)
        return unexpected(
            RefereeError{ErrorCode::CannotAbort, "the game can no longer be aborted: both sides have moved"});
    return end(GameResult{Score::Unfinished, std::nullopt, Termination::Aborted, name_of(who) + " aborted the game",
                          std::nullopt},
               now);
}

Expected<Ending, RefereeError> RefereedGame::adjudicate_abandonment(Side winner, time_point now)
{
    if (auto refusal = refuse_unless_running(now)) return unexpected(std::move(*refusal));
    return end(win_for(winner, Termination::Abandoned,
                       name_of(protocol::opponent_of(winner)) + " abandoned the game: " + name_of(winner) + " wins"),
               now);
}

Expected<Ending, RefereeError> RefereedGame::forfeit(std::vector<Side> banned, std::string message, time_point now)
{
    if (auto refusal = refuse_unless_running(now)) return unexpected(std::move(*refusal));
    if (banned.size() == 1)
        return end(win_for(protocol::opponent_of(banned.front()), Termination::Forfeit, std::move(message)), now);
    return end(GameResult{Score::Unfinished, std::nullopt, Termination::Forfeit, std::move(message), std::nullopt},
               now);
}

Expected<Ending, RefereeError> RefereedGame::adjudicate(Score result, std::string message, time_point now)
{
    if (auto refusal = refuse_unless_running(now)) return unexpected(std::move(*refusal));
    const auto winner = winner_of(result);
    return end(GameResult{result, winner ? std::optional<Side>(side_of(*winner)) : std::nullopt,
                          Termination::Adjudicated, std::move(message), std::nullopt},
               now);
}

} // namespace rochade::server
