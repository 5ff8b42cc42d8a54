// One game under the FIDE Laws, with its clock: the referee of a table. The table (on its
// strand) calls it with the players' requests and the time they arrived, and turns the answers
// into protocol events, database rows and broadcasts. It does no I/O and knows no JSON.
//
// The server's clock is the only truth: every action first looks at the running side's flag.
// If it fell before the request arrived, the request is not carried out (a move after the
// deadline is not played): the clocks stop at the flag and the game waits for its verdict.
//
// Dead positions are tested after every move with small search budgets, so that a move costs
// at most a few milliseconds; an undetermined answer only means the game goes on. A flag fall
// asks with the full budgets whether the opponent can still mate (FIDE 6.9), which can take
// seconds; so the question is handed out as a value (FlagFall) for the caller to answer where
// it likes (flag_fall_winnability, the server on a thread of its own), and the answer comes
// back through end_on_flag(): a draw if the opponent cannot mate; if the answer stays
// undetermined, FIDE's default holds (the flag loses) and the result says winnability
// "undetermined" so that the table logs it.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/expected.h"
#include "engine/game.h"
#include "engine/winnability.h"
#include "protocol/error_code.h"
#include "protocol/messages.h"
#include "protocol/time_control.h"
#include "server/game/clock.h"

namespace rochade::server {

// Why a request was refused; nothing changed. `message` names the move or action and why:
// "'Nf6': no knight move to f6", "it is White's turn".
struct RefereeError {
    protocol::ErrorCode code;
    std::string message;
};

// How the game ended and both clocks at that moment (stopped).
struct Ending {
    protocol::GameResult result;
    protocol::ClockReading clocks;
};

// A move that was played, with everything the move event carries.
struct PlayedMove {
    protocol::MoveRecord record;           // ply, uci, san (English, with + or #), san_de, fen after it
    bool check = false;                    // the side to move is in check (or mated)
    protocol::ClockReading clocks;         // after the press (stopped if the game ended)
    std::optional<protocol::Side> to_move; // empty when the move ended the game
    std::vector<std::string> legal_moves;  // UCI, of the side to move; empty when over
};

// The answer to a move: the move, and the ending when the move (checkmate, stalemate, ...)
// ended the game.
struct MoveResult {
    PlayedMove move;
    std::optional<Ending> ending;
};

// The answer to a draw claim (FIDE 9.2, 9.3):
//  - a valid claim: `ending` (threefold_repetition or fifty_moves); an intended move is NOT
//    played;
//  - an intended move with an invalid claim: `rejection` says why, the move is played
//    (`move`, and `ending` if that move ended the game).
struct ClaimResult {
    std::optional<std::string> rejection;
    std::optional<PlayedMove> move;
    std::optional<Ending> ending;
};

// The budgets of the referee's two winnability questions. After every move: is the position
// dead? The engine's cheap phases only (material rule, short searches, the static wall proof,
// a small closure; the check-chain proof and the long search are off), because under load this
// test was half of the server's CPU (docs/performance.md); an undetermined answer only means
// the game goes on. After a flag fall: can the opponent still mate? The engine's full budgets, once per
// game (up to about 2 s on the hardest composed positions, docs/performance.md).
// And how long each side has for its first move before the game is aborted (the clocks do not
// run until both first moves are made; server/table/first_move_limit.h); none: no limit.
struct RefereeLimits {
    WinnabilityLimits per_move = PerMoveLimits;
    WinnabilityLimits flag_fall = {};
    Clock::FirstMoveLimit first_move;
};

// A flag that has fallen, as plain values: everything FIDE 6.9's question needs, so that it can
// be answered on another thread while the game waits.
struct FlagFall {
    protocol::Side flagged;   // lost on time ...
    protocol::Side opponent;  // ... unless this side cannot checkmate
    Position position;        // the position at the flag
    WinnabilityLimits limits; // RefereeLimits::flag_fall
};

// Can the flagged side's opponent still checkmate? Pure, and the slow part of a flag fall (up
// to about 2 s with the full budgets). With the evidence: the mating line, or the reason not.
WinnabilityVerdict flag_fall_winnability(const FlagFall& fall);

class RefereedGame {
public:
    using time_point = std::chrono::steady_clock::time_point;
    using Side = protocol::Side;

    // A new game from `start`; nothing runs until start().
    explicit RefereedGame(protocol::TimeControl time_control, Position start = Position::start(),
                          RefereeLimits limits = {});

    // A game continued after a server restart: the start FEN, the moves played (UCI) and both
    // clocks after the last move. The clocks are held until resume(). If the moves end the game
    // (an ending that was not stored), is_over() is true afterwards and result() says how.
    // Errors (code internal_error) name the FEN or the ply and move that do not replay.
    // `variant` is the game's (Chess960 reads the FEN's castling and the moves' king-takes-rook
    // castling as Chess960).
    static Expected<RefereedGame, RefereeError> restore(protocol::TimeControl time_control, std::string_view start_fen,
                                                        const std::vector<std::string>& uci_moves,
                                                        std::int64_t white_ms, std::int64_t black_ms,
                                                        RefereeLimits limits = {}, Variant variant = Variant::Standard);

    // The game begins: the side to move's first move is awaited (White's, from the standard
    // position); the clocks run only once both sides have made a move (clock.h).
    void start(time_point now);
    // A held game (restored, or hold()) continues: the side to move's clock runs again. Nothing
    // runs again after a flag fell.
    void resume(time_point now);
    // A game from a position may start where the rules already end it: a dead position (a
    // blocked pawn wall) or a halfmove clock at 150. Called right after start(), it ends such a
    // game at once, with the result and termination a move into that position would give;
    // empty for any other game (and after the first move).
    std::optional<Ending> end_if_over_at_start(time_point now);
    // Stops both clocks without ending the game (time not charged to anybody). Moves are still
    // accepted while held: they cost no time, get the increment, count for the stages, and the
    // clocks stay held.
    void hold(time_point now);

    // `text` in UCI, English SAN or German SAN. Errors: game_not_started, game_over,
    // not_your_turn, invalid_move, illegal_move, ambiguous_move. A draw offered with the move
    // is the table's (server/table/offers.h).
    Expected<MoveResult, RefereeError> play(Side who, std::string_view text, time_point now);

    // The players agreed to a draw (the table's Offers saw an offer accepted): the game is drawn.
    Expected<Ending, RefereeError> agree_draw(time_point now);
    // Claims a draw by threefold repetition or the fifty-move rule, now or with an intended
    // move, only on one's own turn (not_your_turn). Without a move, an invalid claim is the
    // error claim_invalid naming why; an intended move that is not a legal move is refused as
    // play() refuses it, and nothing changes.
    Expected<ClaimResult, RefereeError> claim_draw(Side who, std::optional<std::string_view> intended_move,
                                                   time_point now);
    // `to`'s clock gets `ms` more (the opponent gave it), at once; the flag deadline moves with
    // it. Errors: game_not_started, game_over, give_time_not_allowed (untimed).
    std::optional<RefereeError> give_time(Side to, std::int64_t ms, time_point now);
    // `who` goes berserk (Clock::berserk): before his first move only, once. Errors:
    // game_not_started, game_over, berserk_not_allowed (untimed, moved already, berserk already).
    std::optional<RefereeError> berserk(Side who, std::int64_t removed_ms, time_point now);
    bool berserked(Side who) const { return clock_.without_increment(who); }
    // A restored game's berserk: the increment dropped, the time already off the stored clocks.
    void restore_berserk(Side who) { clock_.berserk(who, 0); }
    // At any time while the game runs, on either turn.
    Expected<Ending, RefereeError> resign(Side who, time_point now);
    // Only while a side has not made its first move yet (ply < 2), else cannot_abort; the
    // result is "*", termination "aborted".
    Expected<Ending, RefereeError> abort(Side who, time_point now);
    // The opponent of `winner` has been gone for longer than the grace period (claim_win): the
    // game is lost for them, termination "abandoned". The table checks the grace period.
    Expected<Ending, RefereeError> adjudicate_abandonment(Side winner, time_point now);
    // A moderator decides the running game now (FICS's adjudicate): `result` is any score
    // (Unfinished: aborted), termination Adjudicated, `message` the moderator's sentence.
    // Errors: game_not_started, game_over.
    Expected<Ending, RefereeError> adjudicate(Score result, std::string message, time_point now);
    // A player banned during the game loses it by forfeit (termination Forfeit): `banned` holds
    // the sides banned; both banned, the game ends without a result. `message` says why.
    // Errors: game_not_started, game_over.
    Expected<Ending, RefereeError> forfeit(std::vector<Side> banned, std::string message, time_point now);

    // Has the running side's flag fallen by `now`? Then both clocks stop there (the flagged one
    // reads 0) and the game waits for end_on_flag(): every action meanwhile is refused with
    // game_over and changes nothing. Returns the question to answer, also on later calls until
    // the verdict; empty while time remains, when untimed or held, and once the game is over.
    // The table's flag timer calls it at flag_deadline(), and the table before every action.
    std::optional<FlagFall> check_flag(time_point now);
    // The common refusals of an action by a player of a running game, after looking at the flag
    // and the first move's deadline: game_not_started, game_over. Public for the table's
    // requests that the referee does not carry out itself (draw offers and their answers), so
    // they are refused as its own are.
    std::optional<RefereeError> refuse_unless_running(time_point now);
    // The awaited first move is overdue by `now` (RefereeLimits::first_move): the game is
    // aborted, termination no_first_move, result "*", and the ending is returned; empty otherwise.
    // The table's timer calls it at first_move_deadline(), and the table before every action.
    std::optional<Ending> check_first_move(time_point now);
    // A fallen flag waits for its verdict.
    bool flag_fallen() const { return flag_fall_.has_value(); }
    // Ends the game whose flag fell with `verdict`, flag_fall_winnability() of the flag fall:
    // a draw if the opponent cannot mate, else a loss for the flag (FIDE's default also when
    // the answer is undetermined, and the result says so). The result carries the verdict's
    // proof (the mating line spelled from the position at the flag, or the reason there is
    // none). The clocks read as they stopped at the flag. Empty if no flag fall waits.
    std::optional<Ending> end_on_flag(const WinnabilityVerdict& verdict);

    bool started() const { return started_; }
    bool is_over() const { return result_.has_value(); }
    const std::optional<protocol::GameResult>& result() const { return result_; }
    // Empty once the game is over.
    std::optional<Side> to_move() const;
    int ply() const { return game_.ply_count(); }
    const std::vector<protocol::MoveRecord>& moves() const { return moves_; }
    std::string fen() const;
    std::string start_fen() const;
    bool in_check() const { return game_.position().in_check(); }
    // UCI, of the side to move; empty once the game is over.
    std::vector<std::string> legal_moves() const;
    protocol::ClockReading clocks(time_point now) const { return clock_.reading(now); }
    std::optional<time_point> flag_deadline() const;
    // When the awaited first move is overdue; empty when none is awaited (or held, or over).
    std::optional<time_point> first_move_deadline() const;
    int moves_made(Side side) const { return clock_.moves_made(side); }
    const protocol::TimeControl& time_control() const { return clock_.time_control(); }
    const Game& game() const { return game_; }

private:
    RefereedGame(Clock clock, Game game, const RefereeLimits& limits);

    // check_flag() without the copy: whether a flag fall waits, noticed now or before.
    bool notice_flag(time_point now);
    Ending end(protocol::GameResult result, time_point now);
    // Plays a move already known to be legal; ends the game on an automatic outcome.
    MoveResult play_legal(Move move, time_point now);
    Expected<Move, RefereeError> read_move(std::string_view text) const;

    Clock clock_;
    Game game_;
    WinnabilityLimits flag_fall_limits_;
    std::vector<protocol::MoveRecord> moves_;
    std::optional<protocol::GameResult> result_;
    std::optional<FlagFall> flag_fall_; // noticed, waiting for end_on_flag()
    time_point flag_noticed_at_{};      // when the clocks stopped for it
    bool started_ = false;
};

} // namespace rochade::server
