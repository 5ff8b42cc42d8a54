// A table's emissions on their way to the store and back: one at a time at the store, the
// others waiting at the table in order; a stored one is broadcast, a failed one is undone.
//
// Why one at a time: when an emission fails, the ones after it must fail too, or the store
// would hold a later event (a draw offer, a chat line, a move) of a game whose earlier move it
// does not hold. Waiting at the table makes that exact and costs nothing on a game's hot path,
// where a move is answered only after the opponent saw the one before it. The writer's own ply
// check (no gap) stays as the store's guarantee.
//
// What a failure undoes: the events are never broadcast; the game returns to what is stored
// (rebuilt from its stored moves and the clocks of the last stored emission, the side to move
// still charged since then; a game start that failed gives way to the table as it was before);
// the seq returns to the last stored event, so the next event takes the failed one's number and
// clients never see a hole; every sender is told (storage_unavailable, or internal_error when
// the store refused the write), and both players when a game's start or end was lost. What
// waited for the commits (ok replies, watch_table, the requests behind a flag verdict) runs.
//
// Except when the store refused a running game's write (fencing): then memory and
// store disagree, and going back to memory's idea of the stored game could leave the game stuck
// for ever (every later move "stored already"). The table stops here at once, and the router
// takes the game from the store: on another node when that node's newer epoch refused the write
// (Superseded), here again otherwise. Its watchers are closed with 1012 (reconnect and resume):
// at once when another node has the game, after the game stands here again otherwise, so that a
// client that reconnects at once finds it.
#include <algorithm>

#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

#include "db/store_writer.h"
#include "protocol/encode.h"
#include "server/base/metrics.h"
#include "server/table/table.h"
#include "server/table/table_services.h"

namespace rochade::server {

using protocol::ErrorCode;

Table::GameCheckpoint Table::checkpoint(SteadyClock::time_point now) const
{
    const auto clocks = game_->clocks(now);
    return GameCheckpoint{game_->ply(), clocks.white_ms, clocks.black_ms, now, offers_.draw_offer()};
}

void Table::emit(Emission emission)
{
    if (Emission* first = emissions_.push(std::move(emission))) submit(*first);
}

void Table::stamp_epoch(std::vector<db::Write>& writes) const
{
    for (auto& write : writes)
        std::visit(
            [this](auto& w) {
                using T = std::decay_t<decltype(w)>;
                if constexpr (std::is_same_v<T, db::GameStarted> || std::is_same_v<T, db::MovePlayed> ||
                              std::is_same_v<T, db::TableEvent> || std::is_same_v<T, db::GameEnded> ||
                              std::is_same_v<T, db::MovesTakenBack>)
                    w.epoch = epoch_;
            },
            write);
}

void Table::submit(Emission& emission)
{
    stamp_epoch(emission.writes);
    services_.writer.submit(
        std::move(emission.writes), [self = shared_from_this()](std::optional<db::StoreError> error) {
            net::post(self->strand_, [self, error = std::move(error)]() mutable { self->on_stored(std::move(error)); });
        });
}

void Table::on_stored(std::optional<db::StoreError> error)
{
    if (error) return fail_emissions(*error);
    Emission stored = emissions_.take_stored();
    if (Emission* next = emissions_.in_flight()) submit(*next);
    committed(stored);
    if (!emissions_.busy()) {
        emissions_.run_after_commits();
        serve_waiting_chat(); // chat goes only when nothing else of the table waits (table_chat.cpp)
    }
}

void Table::committed(Emission& emission)
{
    // Counted before the broadcast, so a scrape after a player saw the move counts it.
    if (emission.moves) services_.metrics.moves_committed.add(std::uint64_t(emission.moves));
    for (const auto& event : emission.events) {
        if (event.spectators_only) {
            watchers_.broadcast_except(event.frame, seated_principals());
            continue;
        }
        events_.stored(event.seq, event.frame);
        watchers_.broadcast(event.frame);
    }
    switch (emission.game_change) {
    case GameChange::None: break;
    case GameChange::Started:
        stored_game_ = emission.after;
        if (game_id_) services_.game_feed.begun(GameBegun{*game_id_, id_, tournament_game()});
        break;
    case GameChange::Progressed: stored_game_ = emission.after; break;
    case GameChange::Ended: stored_game_.reset(); break;
    }
    // The store rated the game in the same commit: now its changes can be read and shown.
    if (emission.ended_game && ratings_.rated()) look_up_rating_change(emission.ended_game->game_id);
    if (emission.ended_game) services_.game_feed.finished(*emission.ended_game);
    if (emission.ok_on_commit && emission.id) emission.sender->send(protocol::encode_ok(emission.id));
    if (emission.on_done) emission.on_done(true);
    computer_turn(); // a play_computer table's computer, if it is to move now (table_computer.cpp)
}

void Table::fail_emissions(const db::StoreError& error)
{
    std::vector<Emission> failed = emissions_.take_failed();
    spdlog::error("table {}: {} emission(s) from seq {} not stored ({}): {}", id_, failed.size(), events_.last_stored() + 1,
                  db::store_failure_name(error.kind), error.message);

    const bool superseded = error.kind == db::StoreFailure::Superseded;
    if (game_id_ && (superseded || (error.kind == db::StoreFailure::Refused && stored_game_))) {
        for (const auto& emission : failed) tell_not_stored(emission, error);
        fail_waiting_chat(error);
        emissions_.drop_after_commits(); // for connections closed now: nothing this table shows is the store's
        const std::string_view why = superseded ? "is played on another node now" : "is taken up again from the store";
        const std::string reason = stopped_reason(why);
        StoppedTable stopped{id_, room_, *game_id_, error.kind, stop_playing(why, /*close_watchers=*/false), reason};
        if (auto listener = listener_.lock()) return listener->table_stopped(std::move(stopped));
        for (const auto& connection : stopped.watchers)
            connection->close(CloseCode::ServiceRestart, stopped.close_reason);
        return;
    }
    roll_back(failed, SteadyClock::now());
    for (const auto& emission : failed) tell_not_stored(emission, error);
    fail_waiting_chat(error); // the chat lines waiting behind them too
    table_changed();
    emissions_.run_after_commits();
}

void Table::roll_back(std::vector<Emission>& failed, SteadyClock::time_point now)
{
    const bool was_running = game_ && !game_->is_over();
    std::vector<identity::Identity> players_before;
    for (const auto& seat : seats_)
        if (seat) players_before.push_back(seat->player());

    // The earliest failed start holds the table as it was before any failed emission.
    const auto start =
        std::find_if(failed.begin(), failed.end(), [](const Emission& e) { return e.started != nullptr; });
    if (start != failed.end()) {
        ReplacedGame& before = *start->started;
        if (before.seats_swapped) seats_.swap_sides();
        if (before.joined) seats_[int(*before.joined)].reset(); // the joiner watches on
        game_ = std::move(before.game);
        game_id_ = before.game_id;
        offers_.restore_draw_offer(std::nullopt); // the game before the start was over, or none
    } else if (game_ && stored_game_) {
        // A failed takeback goes back to the moves before it; otherwise the game's moves now
        // begin with the stored ones.
        const auto taken_back =
            std::find_if(failed.begin(), failed.end(), [](const Emission& e) { return e.taken_back != nullptr; });
        std::vector<std::string> moves;
        if (taken_back != failed.end()) {
            moves = taken_back->taken_back->moves;
            courtesies_.restore_readings(taken_back->taken_back->readings);
        } else {
            for (const auto& move : game_->moves()) moves.push_back(move.uci);
        }
        rebuild_game(*stored_game_, moves, now);
    }
    events_.forget_unstored();
    offers_.forget_rematch();
    courtesies_.forget_request(); // not worth an undo log either; it can be asked again

    // The room and the lobby's list of each player's running games follow the game.
    const bool running = game_ && !game_->is_over();
    if (was_running && !running) {
        --services_.metrics.games_running;
        if (auto lobby = listener_.lock())
            for (const auto& player : players_before) lobby->seat_changed(player, id_, false);
    } else if (!was_running && running) {
        ++services_.metrics.games_running;
        if (auto lobby = listener_.lock())
            for (const auto& seat : seats_)
                if (seat) lobby->seat_changed(seat->player(), id_, true);
    }
    if (running)
        arm_flag_timer(/*after_failure=*/true);
    else
        flag_watch_.cancel();
}

// Costs a replay of the stored moves: only on the failure path.
void Table::rebuild_game(const GameCheckpoint& stored, const std::vector<std::string>& game_moves,
                         SteadyClock::time_point now)
{
    const std::vector<std::string> moves(game_moves.begin(),
                                         game_moves.begin() + std::min<std::ptrdiff_t>(stored.ply, game_moves.size()));
    courtesies_.cut_readings_to(stored.ply);
    auto rebuilt =
        RefereedGame::restore(time_control_, game_->start_fen(), moves, stored.white_ms, stored.black_ms,
                              referee_limits(services_, time_control_), game_->game().start_position().variant());
    if (!rebuilt) {
        spdlog::error("table {} game {}: cannot go back to the stored game: {}", id_, game_id_.value_or(0),
                      rebuilt.error().message);
        return;
    }
    game_.emplace(std::move(*rebuilt));
    offers_.restore_draw_offer(game_->is_over() ? std::nullopt : stored.draw_offer);
    // Held clocks stay held; running ones charge the side to move since the stored emission
    // (or since they ran again, if that came later), not since now.
    if (!clocks_held_) game_->resume(std::min(now, std::max(stored.at, clocks_resumed_at_)));
}

void Table::tell_not_stored(const Emission& emission, const db::StoreError& error)
{
    const bool unavailable = error.kind == db::StoreFailure::Unavailable;
    const bool superseded = error.kind == db::StoreFailure::Superseded;
    // Superseded: the player's retry, after the resume that finds the table's new node, works.
    const auto code = unavailable || superseded ? ErrorCode::StorageUnavailable : ErrorCode::InternalError;
    const std::string what =
        std::string(emission.what) + " at table " + std::to_string(id_) + " was not stored" +
        (unavailable  ? " (the store is unavailable); nothing changed, try again"
         : superseded ? " (another node plays the table now); reconnect, resume and try again there"
                      : " (the store refused it); nothing changed");
    if (emission.sender) reply_error(emission.sender, emission.id, code, what);
    if (emission.on_done) emission.on_done(false);
    // A game that did not start, or did not end, concerns both players.
    if (emission.game_change != GameChange::Started && emission.game_change != GameChange::Ended) return;
    const std::string game =
        emission.game_change == GameChange::Started ? "the game did not start: " : "the game did not end: ";
    for (const auto& seat : seats_) {
        auto connection = seat ? seat->connection.lock() : nullptr;
        if (connection && connection != emission.sender) reply_error(connection, std::nullopt, code, game + what);
    }
}

} // namespace rochade::server
