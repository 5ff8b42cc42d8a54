// Takebacks and more time at a table (courtesies.h says the rules, docs/protocol.md the
// messages). A request, its decline and its withdrawal are table events like a draw offer's. An
// accepted takeback rebuilds the referee's game from the start position and the moves that stay
// (so the board, the legal moves, the repetition counts and the fifty-move count are those of
// the position taken back to), sets the clocks to what they read after that ply (as FICS and ICC
// do), and stores the deletion of the later moves with its event in one commit. Time given is
// added to the opponent's clock at once and logged with the clocks after it.
#include <algorithm>

#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "protocol/decode.h"
#include "protocol/encode.h"
#include "server/base/wall_clock.h"
#include "server/table/table.h"
#include "server/table/table_services.h"

namespace rochade::server {

using protocol::ErrorCode;

bool Table::courtesy(const ConnectionPtr& connection, Side side, const Id& id, const protocol::ClientMessage& message,
                     SteadyClock::time_point now)
{
    const std::string type(protocol::message_type_name(message));
    const auto refused = [&](const std::optional<CourtesyRefusal>& refusal) {
        if (refusal) reply_error(connection, id, refusal->code, type + ": " + refusal->message);
        return refusal.has_value();
    };
    const auto emit_event = [&](std::string frame, db::TableEventKind kind, nlohmann::json detail) {
        Emission emission;
        add_event(emission, std::move(frame), kind, detail.dump());
        commit_game_action(std::move(emission), protocol::message_type_name(message), connection, id, now);
    };
    if (std::holds_alternative<protocol::Takeback>(message)) {
        if (refused(courtesies_.ask(takeback_policy_, side, *game_->to_move(), game_->moves_made(side), now)))
            return true;
        const auto& request = *courtesies_.request();
        const auto seq = events_.take_next();
        emit_event(protocol::encode_takeback_requested(id_, seq, side, request.plies),
                   db::TableEventKind::TakebackRequested, {{"by", side_text(side)}, {"plies", request.plies}});
        // The computer takes every takeback back at once (issue 29 §1), as its own answer: the
        // human's move again; a search it was running is stale from here (its ply is gone).
        if (computer_ && side != computer_->side && !courtesies_.accept(computer_->side))
            take_back(connection, computer_->side, std::nullopt, now);
        return true;
    }
    if (std::holds_alternative<protocol::DeclineTakeback>(message)) {
        std::chrono::milliseconds wait{};
        if (refused(courtesies_.decline(side, now, wait))) return true;
        const auto seq = events_.take_next();
        emit_event(protocol::encode_takeback_declined(id_, seq, side, wait.count()),
                   db::TableEventKind::TakebackDeclined,
                   {{"by", side_text(side)}, {"next_request_in_ms", wait.count()}});
        return true;
    }
    if (std::holds_alternative<protocol::WithdrawTakeback>(message)) {
        if (refused(courtesies_.withdraw(side))) return true;
        const auto seq = events_.take_next();
        emit_event(protocol::encode_takeback_withdrawn(id_, seq, side), db::TableEventKind::TakebackWithdrawn,
                   {{"by", side_text(side)}});
        return true;
    }
    if (std::holds_alternative<protocol::AcceptTakeback>(message)) {
        if (refused(courtesies_.accept(side))) return true;
        take_back(connection, side, id, now);
        return true;
    }
    if (const auto* give = std::get_if<protocol::GiveTime>(&message)) {
        give_time(connection, side, id, *give, now);
        return true;
    }
    return false;
}

// The opponent of `side` asked; `side` accepted (courtesies_.accepted()).
void Table::take_back(const ConnectionPtr& connection, Side side, const Id& id, SteadyClock::time_point now)
{
    const protocol::TakebackRequest request = *courtesies_.accepted();
    const int plies_kept = game_->ply() - request.plies;
    const auto clocks = courtesies_.clocks_at(plies_kept);
    if (plies_kept < 0 || !clocks) {
        spdlog::error("table {} game {}: a takeback of {} plies at ply {} has no clock readings to go back to", id_,
                      game_id_.value_or(0), request.plies, game_->ply());
        return reply_error(connection, id, ErrorCode::InternalError,
                           "accept_takeback: the clocks at ply " + std::to_string(plies_kept) + " are not known");
    }
    auto before = std::make_shared<TakenBack>();
    for (const auto& move : game_->moves()) before->moves.push_back(move.uci);
    before->readings = courtesies_.readings();
    const std::vector<std::string> kept(before->moves.begin(), before->moves.begin() + plies_kept);
    auto rebuilt =
        RefereedGame::restore(time_control_, game_->start_fen(), kept, clocks->white_ms, clocks->black_ms,
                              referee_limits(services_, time_control_), game_->game().start_position().variant());
    if (!rebuilt) {
        spdlog::error("table {} game {}: the takeback to ply {} does not replay: {}", id_, game_id_.value_or(0),
                      plies_kept, rebuilt.error().message);
        return reply_error(connection, id, ErrorCode::InternalError,
                           "accept_takeback: the game before the takeback does not replay");
    }
    game_.emplace(std::move(*rebuilt));
    if (!clocks_held_) game_->resume(now);
    courtesies_.cut_readings_to(plies_kept);
    offers_.restore_draw_offer(std::nullopt); // the position the offer was made in is gone

    const Side asker = request.by;
    Emission emission;
    emission.writes.push_back(db::MovesTakenBack{*game_id_, plies_kept});
    const auto seq = events_.take_next();
    auto after = state(now);
    after.seq = seq;
    add_event(emission, protocol::encode_taken_back(id_, seq, asker, request.plies, after),
              db::TableEventKind::TakenBack,
              nlohmann::json{{"by", side_text(asker)},
                             {"accepted_by", side_text(side)},
                             {"plies", request.plies},
                             {"to_ply", plies_kept},
                             {"white_ms", clocks->white_ms},
                             {"black_ms", clocks->black_ms}}
                  .dump());
    emission.taken_back = std::move(before);
    spdlog::info("table {} game {}: {} plies taken back to ply {} ({} asked)", id_, *game_id_, request.plies,
                 plies_kept, side_text(asker));
    commit_game_action(std::move(emission), "accept_takeback", connection, id, now);
}

void Table::give_time(const ConnectionPtr& connection, Side side, const Id& id, const protocol::GiveTime& give,
                      SteadyClock::time_point now)
{
    if (takeback_policy_.decided_by == TakebackAuthority::Tournament)
        return reply_error(connection, id, ErrorCode::GiveTimeNotAllowed,
                           "give_time: time is not the players' to give in a tournament game");
    if (time_control_.untimed())
        return reply_error(connection, id, ErrorCode::GiveTimeNotAllowed, "give_time: the game has no clock");
    if (auto refusal = courtesies_.give_time(side, now))
        return reply_error(connection, id, refusal->code, "give_time: " + refusal->message);
    const Side to = protocol::opponent_of(side);
    const std::int64_t ms = std::int64_t{give.seconds} * 1000;
    if (auto refusal = game_->give_time(to, ms, now))
        return reply_error(connection, id, refusal->code, "give_time: " + refusal->message);
    const auto clocks = game_->clocks(now);
    Emission emission;
    const auto seq = events_.take_next();
    add_event(emission, protocol::encode_time_given(id_, seq, side, give.seconds, clocks),
              db::TableEventKind::TimeGiven,
              nlohmann::json{{"by", side_text(side)},
                             {"to", side_text(to)},
                             {"ms", ms},
                             {"white_ms", clocks.white_ms},
                             {"black_ms", clocks.black_ms}}
                  .dump());
    commit_game_action(std::move(emission), "give_time", connection, id, now);
}

} // namespace rochade::server
