// The game played at a table: starting it, the flag timer and the flag's verdict, moves, draw
// offers and claims, resignation, abort, abandonment and the rematch. Who offered what, and
// what an answer means, is Offers' (offers.h); seats, watchers and the event pipeline are in
// table.cpp.
#include "server/table/table.h"

#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "protocol/decode.h"
#include "protocol/encode.h"
#include "server/base/id_allocator.h"
#include "server/base/metrics.h"
#include "server/base/wall_clock.h"
#include "server/table/first_move_limit.h"
#include "server/table/flag_analysis.h"
#include "server/table/table_services.h"

namespace rochade::server {

using protocol::ErrorCode;

namespace {

db::SeatOwner stored_owner(const identity::Principal& owner)
{
    if (owner.computer()) return {std::nullopt, std::nullopt}; // the nick names it (docs/bots.md)
    if (owner.guest()) return {std::nullopt, owner.id};
    return {owner.id, std::nullopt};
}

} // namespace

void Table::start_game(std::int64_t game_id, SteadyClock::time_point now, const ConnectionPtr& sender, const Id& id,
                       std::unique_ptr<ReplacedGame> replaced)
{
    replaced->game = std::move(game_);
    replaced->game_id = game_id_;
    game_.emplace(time_control_, setup_start(), referee_limits(services_, time_control_));
    game_->start(now);
    game_id_ = game_id;
    ++services_.metrics.games_running;
    offers_.game_started();
    courtesies_.reset();

    Emission emission;
    ratings_.game_started();
    const auto initial = game_->clocks(now);
    courtesies_.clocks_started({initial.white_ms, initial.black_ms});
    db::GameStarted started_row{*game_id_, id_, room_, seats_[0]->nick, seats_[1]->nick,
                                protocol::time_control_to_json(time_control_).dump(), game_->start_fen(),
                                initial.white_ms, initial.black_ms, wall_clock_ms(),
                                stored_owner(seats_[0]->owner), stored_owner(seats_[1]->owner), false, std::nullopt};
    // join() lets only accounts sit at a rated table, and the lobby opens none untimed.
    started_row.rated = ratings_.rates_game_between(seats_[0]->owner.guest(), seats_[1]->owner.guest());
    started_row.category = ratings_.speed();
    started_row.variant = protocol::engine_variant(setup_);
    started_row.chess960 = setup_.chess960;
    emission.writes.push_back(std::move(started_row));
    const auto seq = events_.take_next();
    auto started = state(now);
    started.seq = seq;
    nlohmann::json started_detail{
        {"white", seats_[0]->nick}, {"black", seats_[1]->nick}, {"takebacks", takeback_policy_.allowed()}};
    if (tournament_game()) started_detail["tournament"] = true; // read back by a restart (stored_courtesies.h)
    if (draw_offers_from_move_ > 0) started_detail["draw_offers_from_move"] = draw_offers_from_move_;
    if (berserk_allowed_) started_detail["berserk"] = true;
    add_event(emission, protocol::encode_game_started(id_, seq, started), db::TableEventKind::GameStarted,
              started_detail.dump());
    emission.what = replaced->seats_swapped ? "rematch" : "join_table";
    emission.sender = sender;
    emission.id = id;
    emission.ok_on_commit = true;
    emission.game_change = GameChange::Started;
    emission.after = checkpoint(now);
    emission.started = std::move(replaced);
    emit(std::move(emission));
    spdlog::info("table {} game {} started: {} - {} in room {}", id_, *game_id_, seats_[0]->nick, seats_[1]->nick,
                 room_);
    if (auto lobby = listener_.lock())
        for (const auto& seat : seats_) lobby->seat_changed(seat->player(), id_, true);
    table_changed();
    end_if_over_at_start(now);
    arm_flag_timer();
}

// A game from a dead position (or one past the 75-move limit) is drawn as soon as it starts, in
// an emission of its own after game_started, so that the players see the board and then why.
void Table::end_if_over_at_start(SteadyClock::time_point now)
{
    auto ending = game_->end_if_over_at_start(now);
    if (!ending) return;
    spdlog::info("table {} game {}: over at its start: {}", id_, *game_id_, ending->result.message);
    emit_ending(*ending, "start_position_over", now);
}

void Table::emit_ending(const Ending& ending, std::string_view what, SteadyClock::time_point now)
{
    Emission emission;
    add_ending(emission, ending, now);
    emission.what = what;
    emission.game_change = GameChange::Ended;
    emit(std::move(emission));
    table_changed();
}

RefereeLimits Table::referee_limits(const TableServices& services, const protocol::TimeControl& time_control)
{
    RefereeLimits limits;
    limits.first_move = first_move_limit(time_control, services.config.first_move_limit_ms);
    return limits;
}

// Before both first moves no flag can fall; the timer waits for the first move's deadline then.
void Table::arm_flag_timer(bool after_failure)
{
    flag_watch_.cancel();
    if (!game_ || game_->is_over()) return;
    auto deadline = game_->flag_deadline();
    if (!deadline) deadline = game_->first_move_deadline();
    if (!deadline) return;
    flag_watch_.arm(after_failure ? std::max(*deadline, SteadyClock::now() + std::chrono::seconds(1)) : *deadline,
                    [self = shared_from_this()] { self->on_flag_timer(); });
}

void Table::on_flag_timer()
{
    if (closed_ || services_.shutting_down) return;
    const auto now = SteadyClock::now();
    abort_if_first_move_missed(now);
    if (!flag_verdict_pending(now)) arm_flag_timer(); // woke early, or the clock moved on
}

void Table::abort_if_first_move_missed(SteadyClock::time_point now)
{
    if (!game_ || services_.shutting_down) return;
    auto ending = game_->check_first_move(now);
    if (!ending) return;
    spdlog::info("table {} game {}: {}", id_, *game_id_, ending->result.message);
    emit_ending(*ending, "no_first_move", now);
}

// The table's side of a flag fall: the game stopped the clocks at the flag; its winnability
// question goes to the analysis thread and the answer comes back to this strand. Not begun
// during shutdown (the flag timers are stopped too): the game stays unfinished in the database
// and is restored at the next start.
bool Table::flag_verdict_pending(SteadyClock::time_point now)
{
    if (flag_watch_.question_out()) return true;
    if (!game_ || services_.shutting_down) return false;
    auto fall = game_->check_flag(now);
    if (!fall) return false;
    flag_watch_.question_asked();
    services_.flag_analysis.ask(std::move(*fall), [self = shared_from_this(), now](WinnabilityVerdict verdict) {
        net::post(self->strand_, [self, verdict = std::move(verdict), now] { self->on_flag_verdict(verdict, now); });
    });
    return true;
}

// The game ends as the winnability answer says. The requests that waited run once the
// game_over is committed and broadcast (so they see the finished game), in their order; until
// then new ones queue behind them.
void Table::on_flag_verdict(const WinnabilityVerdict& verdict, SteadyClock::time_point asked_at)
{
    const auto now = SteadyClock::now();
    // Always an ending: nothing else ends a game whose flag fell, and only this clears it.
    if (auto ending = game_->end_on_flag(verdict)) {
        spdlog::info("table {} game {}: winnability after the flag fall answered in {} ms", id_, *game_id_,
                     std::chrono::duration_cast<std::chrono::milliseconds>(now - asked_at).count());
        Emission emission;
        add_ending(emission, *ending, now);
        // The flag fall and the winnability answer behind its result, as its own log entry under
        // the game_over event's number.
        const auto& r = ending->result;
        nlohmann::json detail{{"result", to_text(r.result)}, {"message", r.message}};
        if (r.winnability) detail["winnability"] = to_text(*r.winnability);
        if (r.proof) detail["proof"] = nlohmann::json::parse(protocol::encode_proof(*r.proof));
        emission.writes.push_back(
            db::TableEvent{id_, game_id_, events_.last_taken(), db::TableEventKind::FlagFall, detail.dump(), wall_clock_ms()});
        emission.what = "flag_fall";
        emission.game_change = GameChange::Ended;
        emit(std::move(emission));
        table_changed();
    }
    after_commits([this] {
        for (auto& request : flag_watch_.settled()) when_flag_settled(std::move(request));
    });
}

std::optional<std::string> Table::early_draw_offer() const
{
    if (draw_offers_from_move_ <= 0 || !game_) return std::nullopt;
    const int move_number = game_->ply() / 2 + 1;
    if (move_number >= draw_offers_from_move_) return std::nullopt;
    return "no draw offers before move " + std::to_string(draw_offers_from_move_) + " in this tournament (it is move " +
           std::to_string(move_number) + ")";
}

void Table::play(const ConnectionPtr& connection, Side side, const Id& id, const protocol::PlayMove& message,
                 SteadyClock::time_point now)
{
    if (message.offer_draw)
        if (const auto too_early = early_draw_offer())
            return reply_error(connection, id, ErrorCode::DrawOfferNotAllowed,
                               "move: " + *too_early + "; the move was not played: play it without the offer");
    auto result = game_->play(side, message.move, now);
    if (!result) return reply_error(connection, id, result.error().code, "move: " + result.error().message);
    Emission emission;
    add_move(emission, result->move, offers_.on_move(side, message.offer_draw, result->ending.has_value()), now);
    if (result->ending) add_ending(emission, *result->ending, now);
    commit_game_action(std::move(emission), "move", connection, id, now);
}

void Table::claim_draw(const ConnectionPtr& connection, Side side, const Id& id, const protocol::ClaimDraw& claim,
                       SteadyClock::time_point now)
{
    auto result =
        game_->claim_draw(side, claim.move ? std::optional<std::string_view>(*claim.move) : std::nullopt, now);
    if (!result) return reply_error(connection, id, result.error().code, "claim_draw: " + result.error().message);
    Emission emission;
    if (result->rejection) {
        // An incorrect claim with an intended move: the move stands (FIDE 9.5.2).
        const auto seq = events_.take_next();
        add_event(emission, protocol::encode_draw_claim_rejected(id_, seq, side, *result->rejection),
                  db::TableEventKind::DrawClaimRejected,
                  nlohmann::json{{"by", side_text(side)}, {"reason", *result->rejection}}.dump());
    }
    // An incorrect claim's move is a move like any other for the offers (FIDE 9.1.2.3).
    if (result->move) add_move(emission, *result->move, offers_.on_move(side, false, result->ending.has_value()), now);
    if (result->ending) add_ending(emission, *result->ending, now);
    commit_game_action(std::move(emission), "claim_draw", connection, id, now);
}

void Table::claim_win(const ConnectionPtr& connection, Side side, const Id& id, SteadyClock::time_point now)
{
    const Seat* opponent = seat(protocol::opponent_of(side));
    const auto grace = std::chrono::milliseconds(services_.config.reconnect_grace_ms);
    if (opponent->connected)
        return reply_error(connection, id, ErrorCode::OpponentConnected,
                           "claim_win: your opponent " + opponent->nick + " is connected");
    if (now - opponent->disconnected_at < grace) {
        const auto left =
            std::chrono::duration_cast<std::chrono::milliseconds>(grace - (now - opponent->disconnected_at));
        return reply_error(connection, id, ErrorCode::OpponentConnected,
                           "claim_win: " + opponent->nick + " may still come back for " + std::to_string(left.count()) +
                               " ms");
    }
    auto ending = game_->adjudicate_abandonment(side, now);
    if (!ending) return reply_error(connection, id, ending.error().code, "claim_win: " + ending.error().message);
    Emission emission;
    add_ending(emission, *ending, now);
    commit_game_action(std::move(emission), "claim_win", connection, id, now);
}

void Table::rematch(const ConnectionPtr& connection, Side side, const Id& id)
{
    if (!game_ || !game_->is_over())
        return reply_error(connection, id, ErrorCode::RematchUnavailable, "rematch: the game is not over yet");
    if (tournament_game())
        return reply_error(connection, id, ErrorCode::RematchUnavailable,
                           "rematch: a tournament game has no rematch; the tournament pairs the next round");
    Seat* opponent = seat(protocol::opponent_of(side));
    if (!opponent)
        return reply_error(connection, id, ErrorCode::RematchUnavailable, "rematch: your opponent has left the table");
    if (!opponent->connected)
        return reply_error(connection, id, ErrorCode::RematchUnavailable,
                           "rematch: your opponent " + opponent->nick + " is away; their seat is held for " +
                               std::to_string(services_.config.reconnect_grace_ms) + " ms after they left");
    const RematchAnswer answer = offers_.ask_rematch(side);
    if (answer == RematchAnswer::AskedAlready) return reply_ok(connection, id);
    if (answer == RematchAnswer::Agreed) {
        const auto game_id = services_.game_ids.next();
        if (!game_id)
            return reply_error(connection, id, ErrorCode::StorageUnavailable,
                               "rematch: no game id could be reserved in the store; try again later");
        // Colours swapped: the seats change places.
        seats_.swap_sides();
        auto replaced = std::make_unique<ReplacedGame>();
        replaced->seats_swapped = true;
        start_game(*game_id, SteadyClock::now(), connection, id, std::move(replaced));
        return;
    }
    Emission emission;
    const auto seq = events_.take_next();
    add_event(emission, protocol::encode_rematch_offered(id_, seq, side), db::TableEventKind::RematchOffered,
              nlohmann::json{{"by", side_text(side)}}.dump());
    emission.what = "rematch";
    emission.sender = connection;
    emission.id = id;
    emission.ok_on_commit = true;
    emit(std::move(emission));
}

// The table looked at the flag with the same `now` (when_flag_settled), so no action here
// meets a fallen flag.
void Table::game_action(const ConnectionPtr& connection, Side side, const Id& id,
                        const protocol::ClientMessage& message, SteadyClock::time_point now)
{
    if (auto* move = std::get_if<protocol::PlayMove>(&message)) return play(connection, side, id, *move, now);
    if (auto* claim = std::get_if<protocol::ClaimDraw>(&message)) return claim_draw(connection, side, id, *claim, now);
    if (std::holds_alternative<protocol::ClaimWin>(message)) return claim_win(connection, side, id, now);
    const std::string_view type = protocol::message_type_name(message);
    // The referee refuses any action on a game that does not run; then draw offers and their
    // answers are for the offers to refuse.
    if (auto refused = game_->refuse_unless_running(now))
        return reply_error(connection, id, refused->code, std::string(type) + ": " + refused->message);
    if (courtesy(connection, side, id, message, now)) return;
    if (std::holds_alternative<protocol::Berserk>(message)) return berserk(connection, side, id, now);
    const auto refused_offer = [&](std::optional<OfferRefusal> refusal) {
        if (refusal)
            reply_error(connection, id, error_code_of(*refusal),
                        std::string(type) + ": " + refusal_text(*refusal, side));
        return refusal.has_value();
    };
    Emission emission;
    if (std::holds_alternative<protocol::OfferDraw>(message)) {
        if (const auto too_early = early_draw_offer())
            return reply_error(connection, id, ErrorCode::DrawOfferNotAllowed, "offer_draw: " + *too_early);
        if (refused_offer(offers_.offer_draw(side, *game_->to_move()))) return;
        const auto seq = events_.take_next();
        add_event(emission, protocol::encode_draw_offered(id_, seq, side), db::TableEventKind::DrawOffered,
                  nlohmann::json{{"by", side_text(side)}}.dump());
    } else if (std::holds_alternative<protocol::DeclineDraw>(message)) {
        if (refused_offer(offers_.decline_draw(side))) return;
        const auto seq = events_.take_next();
        add_event(emission, protocol::encode_draw_declined(id_, seq, side), db::TableEventKind::DrawDeclined,
                  nlohmann::json{{"by", side_text(side)}}.dump());
    } else {
        if (std::holds_alternative<protocol::Abort>(message) && tournament_game())
            return reply_error(connection, id, ErrorCode::CannotAbort,
                               "abort: a tournament game cannot be aborted: resign, or lose by forfeit by not making "
                               "the first move in time");
        if (std::holds_alternative<protocol::AcceptDraw>(message) && refused_offer(offers_.accept_draw(side))) return;
        auto ending = std::holds_alternative<protocol::AcceptDraw>(message) ? game_->agree_draw(now)
                      : std::holds_alternative<protocol::Resign>(message)   ? game_->resign(side, now)
                                                                            : game_->abort(side, now);
        if (!ending)
            return reply_error(connection, id, ending.error().code, std::string(type) + ": " + ending.error().message);
        add_ending(emission, *ending, now);
    }
    commit_game_action(std::move(emission), type, connection, id, now);
}

// Every game action ends here: its events and rows go to the store together, the room hears
// of a finished game (or the flag timer follows the clock that now runs), and the sender's `ok`
// waits until the action is on disk. The checkpoint is what a later failure goes back to.
void Table::commit_game_action(Emission emission, std::string_view what, const ConnectionPtr& connection, const Id& id,
                               SteadyClock::time_point now)
{
    emission.what = what;
    emission.sender = connection;
    emission.id = id;
    emission.ok_on_commit = true;
    if (game_->is_over()) {
        emission.game_change = GameChange::Ended;
    } else {
        emission.game_change = GameChange::Progressed;
        emission.after = checkpoint(now);
    }
    emit(std::move(emission));
    if (game_->is_over())
        table_changed();
    else
        arm_flag_timer();
}

} // namespace rochade::server
