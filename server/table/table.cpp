#include "server/table/table.h"

#include <boost/asio/post.hpp>
#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "db/store_writer.h"
#include "engine/fen.h"
#include "protocol/decode.h"
#include "protocol/encode.h"
#include "protocol/nick.h"
#include "server/base/id_allocator.h"
#include "server/base/metrics.h"
#include "server/base/wall_clock.h"
#include "server/clients/client.h"
#include "server/clients/fan_out.h"
#include "server/table/table_services.h"

namespace rochade::server {

using protocol::ErrorCode;

Table::Table(TableServices& services, std::weak_ptr<TableListener> listener, Opening opening)
    : services_(services), listener_(std::move(listener)), strand_(net::make_strand(services.io)), flag_watch_(strand_),
      summary_timer_(strand_), id_(opening.table), room_(opening.room), time_control_(opening.time_control),
      opener_color_(opening.opener_color), setup_(opening.setup),
      ratings_(opening.rated, opening.time_control, opening.setup.variant == protocol::GameVariant::Chess960),
      invite_(opening.invite), seats_(strand_),
      takeback_policy_(opening.takebacks_decided_by == TakebackAuthority::Table
                           ? TakebackPolicy::for_table(opening.rated, opening.takebacks)
                           : TakebackPolicy{opening.takebacks_decided_by, false}),
      draw_offers_from_move_(opening.draw_offers_from_move), berserk_allowed_(opening.berserk_allowed),
      events_(services.config.table_history_events), waiting_chat_(services.config.table_chat_queue)
{
    seats_[int(opening.opener_side)] = Seat{opening.opener.nick, opening.opener.principal, {}, false, {}, {}};
}

// The flag is looked at with the same `now` the request then runs with. A request is wrapped in
// a std::function only when it has to wait (not on the hot path).
template <class Work> void Table::on_strand(Work work)
{
    net::post(strand_, [self = shared_from_this(), work = std::move(work)]() mutable {
        const auto now = SteadyClock::now();
        self->abort_if_first_move_missed(now);
        if (self->flag_verdict_pending(now))
            self->flag_watch_.defer(std::move(work));
        else
            work(now);
    });
}

// A request that finds the flag fallen would otherwise see a game that is neither running nor
// over: so it waits for the verdict, and every later one waits behind it to keep their order.
void Table::when_flag_settled(Request request)
{
    const auto now = SteadyClock::now();
    abort_if_first_move_missed(now);
    if (flag_verdict_pending(now))
        flag_watch_.defer(std::move(request));
    else
        request(now);
}

protocol::TableSummary Table::summary() const
{
    protocol::TableSummary result;
    result.table = id_;
    result.room = room_;
    result.status = !game_             ? protocol::TableStatus::Waiting
                    : game_->is_over() ? protocol::TableStatus::Finished
                                       : protocol::TableStatus::Playing;
    if (seats_[0]) result.white = seats_[0]->nick;
    if (seats_[1]) result.black = seats_[1]->nick;
    result.white_guest = seats_[0] && seats_[0]->owner.guest();
    result.black_guest = seats_[1] && seats_[1]->owner.guest();
    result.white_computer = seats_[0] && seats_[0]->owner.computer();
    result.black_computer = seats_[1] && seats_[1]->owner.computer();
    result.opener_color = opener_color_;
    result.setup = setup_;
    result.time_control = time_control_;
    result.invite = invite_;
    int spectators = int(watchers_.size());
    for (const auto& seat : seats_)
        if (seat && seat->connected) --spectators;
    result.spectators = std::max(0, spectators);
    result.rated = ratings_.rated();
    result.takebacks = takeback_policy_.allowed();
    if (seats_[0]) result.white_rating = seats_[0]->rating;
    if (seats_[1]) result.black_rating = seats_[1]->rating;
    return result;
}

protocol::TableState Table::state(SteadyClock::time_point now) const
{
    protocol::TableState result;
    result.summary = summary();
    result.seq = events_.last_taken();
    result.game_id = game_id_;
    if (game_) {
        result.start_fen = game_->start_fen();
        result.fen = game_->fen();
        result.moves = game_->moves();
        result.clocks = game_->clocks(now);
        result.check = game_->in_check();
        if (!game_->is_over()) {
            result.to_move = game_->to_move();
            result.legal_moves = game_->legal_moves();
        }
        result.draw_offer = offers_.draw_offer();
        if (!game_->is_over()) result.takeback_request = courtesies_.request();
        if (game_->is_over()) result.result = game_->result();
        result.berserk_allowed = berserk_allowed_;
        for (const Side side : {Side::White, Side::Black})
            if (game_->berserked(side)) result.berserk.push_back(side);
    } else {
        result.start_fen = result.fen = to_fen(setup_start());
        result.clocks = server::Clock(time_control_).reading(now);
    }
    result.rematch_offer = offers_.rematch_offer();
    result.rating_change = ratings_.last_change();
    for (const Side side : {Side::White, Side::Black})
        if (seats_[int(side)] && !seats_[int(side)]->connected && game_) result.disconnected.push_back(side);
    return result;
}

// The setup was checked when the table opened (or stored with the game); a setup that no longer
// gives a position would be a bug, and the table then plays standard chess rather than none.
Position Table::setup_start() const
{
    auto start = protocol::start_position(setup_);
    if (!start) {
        spdlog::error("table {}: its setup gives no start position ({}); standard chess instead", id_,
                      start.error().message);
        return Position::start();
    }
    return *start;
}

std::string Table::side_text(Side side) { return std::string(protocol::side_name(side)); }

void Table::reply_ok(const ConnectionPtr& connection, const Id& id)
{
    if (id) connection->send(protocol::encode_ok(id));
}

void Table::reply_error(const ConnectionPtr& connection, const Id& id, ErrorCode code, std::string message)
{
    connection->send_error(id, code, message);
}

// ---- watchers -----------------------------------------------------------------------------

void Table::subscribe(const ConnectionPtr& connection, const identity::Principal& who)
{
    if (!watchers_.add(connection, who)) return;
    // The router tells this table when the connection closes.
    connection->post([connection, table = id_] { connection->client->tables.insert(table); });
}

void Table::unsubscribe(const ConnectionPtr& connection)
{
    if (!watchers_.remove(connection->id())) return;
    connection->post([connection, table = id_] { connection->client->tables.erase(table); });
}

void Table::send_state(const ConnectionPtr& connection, const Id& id, std::optional<std::int64_t> since)
{
    after_commits([this, connection, id, since] {
        // Not a game stopped at the flag without its result: the snapshot waits for the verdict.
        if (flag_watch_.question_out())
            return flag_watch_.defer(
                [this, connection, id, since](auto) { send_state(connection, id, since); });
        const auto missed = since ? events_.missed_since(*since) : protocol::MissedEvents{};
        connection->send(protocol::encode_table_state(id, state(SteadyClock::now()), missed));
    });
}

// ---- events -------------------------------------------------------------------------------

void Table::add_event(Emission& emission, std::string frame, db::TableEventKind kind, std::string detail_json)
{
    // The frame was encoded with the seq this event took, the last one taken.
    const std::int64_t seq = events_.last_taken();
    emission.writes.push_back(db::TableEvent{id_, game_id_, seq, kind, std::move(detail_json), wall_clock_ms()});
    emission.events.push_back(Event{seq, std::make_shared<const std::string>(std::move(frame))});
}

void Table::add_move(Emission& emission, const PlayedMove& move, bool draw_offered, SteadyClock::time_point)
{
    protocol::MoveEvent event;
    event.table = id_;
    event.seq = events_.take_next();
    event.move = move.record;
    event.clocks = move.clocks;
    event.to_move = move.to_move;
    event.legal_moves = move.legal_moves;
    event.check = move.check;
    event.draw_offered = draw_offered;
    emission.writes.push_back(db::MovePlayed{*game_id_, move.record.ply, event.seq, move.record.uci, move.record.san,
                                             move.clocks.white_ms, move.clocks.black_ms, wall_clock_ms()});
    if (draw_offered) {
        // An offer with a move is dropped if the move ends the game, so someone is to move.
        const auto by = protocol::opponent_of(*move.to_move);
        emission.writes.push_back(db::TableEvent{id_, game_id_, event.seq, db::TableEventKind::DrawOffered,
                                                 nlohmann::json{{"by", side_text(by)}}.dump(), wall_clock_ms()});
    }
    emission.events.push_back(Event{event.seq, std::make_shared<const std::string>(protocol::encode_move(event))});
    ++emission.moves;
    courtesies_.on_move(); // a move lapses a takeback request
    courtesies_.clocks_after_move({move.clocks.white_ms, move.clocks.black_ms});
}

void Table::add_ending(Emission& emission, const Ending& ending, SteadyClock::time_point)
{
    const auto seq = events_.take_next();
    const auto& r = ending.result;
    nlohmann::json detail{{"message", r.message}};
    if (r.winnability) detail["winnability"] = to_text(*r.winnability);
    if (r.proof) detail["proof"] = nlohmann::json::parse(protocol::encode_proof(*r.proof));
    emission.ended_game = GameFinished{*game_id_,
                                       id_,
                                       r,
                                       game_->ply(),
                                       tournament_game(),
                                       game_->berserked(Side::White),
                                       game_->berserked(Side::Black)};
    courtesies_.forget_request();
    emission.writes.push_back(db::GameEnded{*game_id_, r.result, r.termination, detail.dump(), ending.clocks.white_ms,
                                            ending.clocks.black_ms, wall_clock_ms()});
    emission.events.push_back(
        Event{seq, std::make_shared<const std::string>(protocol::encode_game_over(id_, seq, r, ending.clocks))});
    flag_watch_.cancel();
    --services_.metrics.games_running;
    if (r.winnability == Winnability::Undetermined)
        spdlog::warn("table {} game {}: flag fell and winnability was undetermined; FIDE's default applies ({})", id_,
                     *game_id_, to_text(r.result));
    spdlog::info("table {} game {} over: {} {} ({} - {})", id_, *game_id_, to_text(r.result), to_text(r.termination),
                 seats_[0] ? seats_[0]->nick : "?", seats_[1] ? seats_[1]->nick : "?");
    // A player who went away during the game keeps the seat as long as one who goes away after it.
    for (const Side side : {Side::White, Side::Black})
        if (seats_[int(side)] && !seats_[int(side)]->connected) hold_seat(side);
    offers_.game_over();
}

void Table::table_changed()
{
    if (auto lobby = listener_.lock()) lobby->table_changed(summary());
}

// Spectators come and go far more often than seats change; every table_updated goes to every
// member of the room, so their count is sent at most once a second. The table's own seats and
// watchers hear it too (the players need not be in the room): a `spectators` frame outside the
// event log, since a count is no part of the game and must not take a seq; only when the
// count differs from the last one they were sent.
void Table::spectators_changed()
{
    if (summary_update_pending_ || closed_) return;
    summary_update_pending_ = true;
    summary_timer_.expires_after(std::chrono::seconds(1));
    summary_timer_.async_wait([self = shared_from_this()](const boost::system::error_code& error) {
        self->summary_update_pending_ = false;
        if (error || self->closed_) return;
        const protocol::TableSummary now = self->summary();
        if (auto lobby = self->listener_.lock()) lobby->table_changed(now);
        if (now.spectators != self->spectators_sent_) {
            self->spectators_sent_ = now.spectators;
            self->watchers_.broadcast(
                std::make_shared<const std::string>(protocol::encode_spectators(self->id_, now.spectators)));
        }
    });
}

void Table::leave(const ConnectionPtr& connection, const identity::Identity& who, const Id& id)
{
    const auto side = side_of(who.principal);
    if (side && game_ && !game_->is_over())
        return reply_error(connection, id, ErrorCode::GameInProgress,
                           "leave_table: your game at table " + std::to_string(id_) +
                               " is running; resign or abort first");
    unsubscribe(connection);
    reply_ok(connection, id);
    if (!side) {
        spectators_changed();
        return;
    }
    stand_up(*side);
}

// Before a game or after one, by leave_table, by going away before the game, or by staying away
// after it. The seat is free for someone else; the table closes when nobody sits at it.
void Table::stand_up(Side side)
{
    const identity::Identity player = seats_[int(side)]->player();
    const std::string& nick = player.nick;
    seats_[int(side)].reset();
    seats_.stop_holding(side);
    offers_.forget_rematch();
    if (auto lobby = listener_.lock()) lobby->seat_changed(player, id_, false);
    Emission emission;
    const auto seq = events_.take_next();
    add_event(emission, protocol::encode_seat_changed(id_, seq, summary()), db::TableEventKind::SeatChanged,
              nlohmann::json{{"left", nick}}.dump());
    emission.what = "seat_changed";
    emit(std::move(emission));
    // The computer does not sit on alone after its opponent left: the table closes.
    if (computer_ && computer_->side != side && seated(computer_->side)) return stand_up(computer_->side);
    close_if_abandoned();
    if (!closed_) table_changed();
}

// After a game a player who went away keeps the seat for the reconnect grace period, counted
// from the disconnect, so that a reload (hello with the resume token, then watch_table) finds
// it and a rematch is still possible; only then is the seat free for a new opponent.
void Table::hold_seat(Side side)
{
    if (services_.shutting_down) return; // the sessions close for good; no timer outlives the threads
    seats_.hold(side, seat(side)->disconnected_at + std::chrono::milliseconds(services_.config.reconnect_grace_ms),
                [self = shared_from_this(), side] { self->on_seat_hold_over(side); });
}

void Table::on_seat_hold_over(Side side)
{
    // The wait may have completed just before the player came back (and maybe went away again).
    const Seat* s = seat(side);
    const auto grace = std::chrono::milliseconds(services_.config.reconnect_grace_ms);
    if (closed_ || !s || s->connected || !game_ || !game_->is_over()) return;
    if (SteadyClock::now() - s->disconnected_at < grace) return hold_seat(side);
    spdlog::info("table {}: {} did not come back within {} ms after the game; the seat is free", id_, s->nick,
                 grace.count());
    stand_up(side);
}

void Table::close_if_abandoned()
{
    // A table without players closes: before the game nobody is left to play, after it nobody
    // can offer a rematch.
    if (closed_ || seated(Side::White) || seated(Side::Black)) return;
    if (game_ && !game_->is_over()) return;
    closed_ = true;
    flag_watch_.cancel();
    summary_timer_.cancel();
    if (auto lobby = listener_.lock()) lobby->table_closed(room_, id_);
    // Those still watching are told, after the events before the close (the last seat_changed),
    // so that their page lets the table go instead of showing one that answers no_such_table.
    // `this`, not a shared_ptr: the work waits in this table's own queue, so a shared_ptr there
    // would keep the table (and through it the lobby) alive for good when a commit never comes
    // (shutdown), as the sanitizer build's leak check found.
    after_commits([this] {
        const auto frame = std::make_shared<const std::string>(protocol::encode_table_closed(room_, id_));
        for (const auto& connection : watchers_.take_all()) {
            connection->send(frame);
            connection->post([connection, table = id_] { connection->client->tables.erase(table); });
        }
    });
}

// Only the invited nick may decline (as only it may take the reserved seat), and only before the
// game. The table does not stay open for anyone else: the opener asked for this opponent, so the
// seats and watchers hear who declined, the opener stands up and the table closes, as lichess
// withdraws a declined challenge.
void Table::decline_invitation(const ConnectionPtr& connection, const identity::Identity& who, const Id& id)
{
    const std::string table = std::to_string(id_);
    if (!invite_ || protocol::nick_key(*invite_) != protocol::nick_key(who.nick))
        return reply_error(connection, id, ErrorCode::NotInvited,
                           "decline_invitation: no invitation for you stands at table " + table);
    if (game_)
        return reply_error(connection, id, ErrorCode::NotInvited,
                           "decline_invitation: the game at table " + table + " has begun; the invitation was taken");
    spdlog::info("table {}: {} declined the invitation", id_, who.nick);
    reply_ok(connection, id);
    watchers_.broadcast(std::make_shared<const std::string>(protocol::encode_invitation_declined(id_, who.nick)));
    invite_.reset();
    for (const Side side : {Side::White, Side::Black})
        if (seated(side)) stand_up(side);
}

// ---- entry points -------------------------------------------------------------------------

void Table::seat_opener(ConnectionPtr connection, identity::Identity who, Id id)
{
    on_strand([this, connection = std::move(connection), who = std::move(who), id = std::move(id)](auto) {
        for (auto& seat : seats_)
            if (seat && seat->owner == who.principal) {
                seat->connection = connection;
                seat->connected = true;
            }
        subscribe(connection, who.principal);
        if (const auto side = side_of(who.principal); side && !seats_[int(*side)]->rating) look_up_rating(*side);
        if (id) connection->send(protocol::encode_ok(id, id_));
        send_state(connection, std::nullopt, std::nullopt);
    });
}

void Table::join(ConnectionPtr connection, identity::Identity who, Id id)
{
    // At a rated table the newcomer's rating is read first, so that game_started names both
    // players' ratings (the opener's read was queued before this one, and is in by then).
    if (ratings_.shows_rating(who.principal.guest())) {
        return read_seat_rating(who.principal, who.nick,
                                [self = shared_from_this(), connection = std::move(connection), who,
                                 id = std::move(id)](std::optional<protocol::SeatRating> rating) mutable {
                                    self->join_now(std::move(connection), std::move(who), std::move(id), rating);
                                });
    }
    join_now(std::move(connection), std::move(who), std::move(id), std::nullopt);
}

void Table::join_now(ConnectionPtr connection, identity::Identity who, Id id,
                     std::optional<protocol::SeatRating> rating)
{
    on_strand([this, connection = std::move(connection), who = std::move(who), id = std::move(id), rating](auto now) {
        const std::string& nick = who.nick;
        if (closed_)
            return reply_error(connection, id, ErrorCode::NoSuchTable,
                               "join_table: table " + std::to_string(id_) + " is closed");
        if (side_of(who.principal))
            return reply_error(connection, id, ErrorCode::AlreadySeated,
                               "join_table: you sit at table " + std::to_string(id_) + " already");
        if ((game_ && !game_->is_over()) || (seated(Side::White) && seated(Side::Black)))
            return reply_error(connection, id, ErrorCode::TableFull,
                               "join_table: both seats at table " + std::to_string(id_) + " are taken");
        if (invite_ && protocol::nick_key(*invite_) != protocol::nick_key(nick))
            return reply_error(connection, id, ErrorCode::SeatReserved,
                               "join_table: table " + std::to_string(id_) + " is reserved for " + *invite_);
        if (services_.shutting_down)
            return reply_error(connection, id, ErrorCode::ShuttingDown, "the server is shutting down");
        if (ratings_.rated() && who.principal.guest())
            return reply_error(connection, id, ErrorCode::RatedNeedsAccount,
                               "join_table: table " + std::to_string(id_) +
                                   " is rated, and rated games are for players with an account: log in or register");
        const Side free_side = seated(Side::White) ? Side::Black : Side::White;
        // After a game the seat that came free is a rematch with a new opponent, which starts at
        // once: not against a player who is away (their clock would run, and the newcomer could
        // claim the win).
        if (const Seat* other = seat(protocol::opponent_of(free_side)); game_ && other && !other->connected)
            return reply_error(connection, id, ErrorCode::RematchUnavailable,
                               "join_table: " + other->nick + ", who sits at table " + std::to_string(id_) +
                                   ", is away; the seat frees up if they do not come back within " +
                                   std::to_string(services_.config.reconnect_grace_ms) + " ms");
        // The second player starts the game, which needs its id first.
        std::optional<std::int64_t> game_id;
        if (seated(protocol::opponent_of(free_side)) && !(game_id = services_.game_ids.next()))
            return reply_error(connection, id, ErrorCode::StorageUnavailable,
                               "join_table: no game id could be reserved in the store; try again later");
        seats_[int(free_side)] = Seat{nick, who.principal, connection, true, {}, rating};
        subscribe(connection, who.principal);
        if (game_id) {
            // game_started carries the whole state; the ok follows it once it is stored.
            auto replaced = std::make_unique<ReplacedGame>();
            replaced->joined = free_side;
            start_game(*game_id, now, connection, id, std::move(replaced));
        } else {
            reply_ok(connection, id);
            table_changed();
            send_state(connection, std::nullopt, std::nullopt);
        }
    });
}

void Table::watch(ConnectionPtr connection, identity::Identity who, Id id, std::optional<std::int64_t> since)
{
    on_strand([this, connection = std::move(connection), who = std::move(who), id = std::move(id), since](auto now) {
        if (closed_)
            return reply_error(connection, id, ErrorCode::NoSuchTable,
                               "watch_table: table " + std::to_string(id_) + " is closed");
        subscribe(connection, who.principal);
        const auto side = side_of(who.principal);
        Seat* s = side ? seat(*side) : nullptr;
        if (s && !s->connected) {
            // A player back at the board, during the game or after it (then the seat was held).
            s->connection = connection;
            s->connected = true;
            seats_.stop_holding(*side);
            if (game_) {
                Emission emission;
                const auto seq = events_.take_next();
                add_event(emission, protocol::encode_player_reconnected(id_, seq, *side, s->nick),
                          db::TableEventKind::PlayerReconnected,
                          nlohmann::json{{"side", side_text(*side)}, {"nick", s->nick}}.dump());
                emission.what = "player_reconnected";
                emit(std::move(emission));
                // Clocks held since a restart run again once both players are back.
                if (!game_->is_over() && clocks_held_ && seats_[0]->connected && seats_[1]->connected) {
                    clocks_held_ = false;
                    clocks_resumed_at_ = now;
                    game_->resume(now);
                    arm_flag_timer();
                    computer_turn(); // a restored game against the computer, the computer to move
                }
            }
        } else if (s) {
            s->connection = connection; // the same player on a second connection takes the seat
        }
        send_state(connection, id, since);
        spectators_changed();
    });
}

void Table::handle(ConnectionPtr connection, identity::Identity who, Id id, protocol::ClientMessage message)
{
    // Chat has its own bounded wait (table_chat.cpp), not the queue behind a fallen flag.
    if (auto* line = std::get_if<protocol::TableChat>(&message))
        return chat(std::move(connection), std::move(who), std::move(id), std::move(line->text));
    on_strand([this, connection = std::move(connection), who = std::move(who), id = std::move(id),
               message = std::move(message)](auto now) {
        const std::string_view type = protocol::message_type_name(message); // for errors
        if (closed_)
            return reply_error(connection, id, ErrorCode::NoSuchTable,
                               std::string(type) + ": table " + std::to_string(id_) + " is closed");
        if (auto* leave_message = std::get_if<protocol::LeaveTable>(&message)) {
            (void)leave_message;
            return leave(connection, who, id);
        }
        if (std::holds_alternative<protocol::DeclineInvitation>(message))
            return decline_invitation(connection, who, id);
        const auto side = side_of(who.principal);
        if (!side)
            return reply_error(connection, id, ErrorCode::NotAPlayer,
                               std::string(type) + ": you do not play at table " + std::to_string(id_));
        if (std::holds_alternative<protocol::Rematch>(message)) return rematch(connection, *side, id);
        if (!game_)
            return reply_error(connection, id, ErrorCode::GameNotStarted,
                               std::string(type) + ": the game at table " + std::to_string(id_) + " has not started");
        if (game_->is_over())
            return reply_error(connection, id, ErrorCode::GameOver,
                               std::string(type) + ": the game at table " + std::to_string(id_) + " is over (" +
                                   std::string(to_text(game_->result()->result)) + ", " +
                                   std::string(to_text(game_->result()->termination)) + ")");
        if (services_.shutting_down)
            return reply_error(connection, id, ErrorCode::ShuttingDown, "the server is shutting down");
        game_action(connection, *side, id, message, now);
    });
}

void Table::connection_closed(ConnectionPtr connection, identity::Identity who)
{
    on_strand([this, connection = std::move(connection), who = std::move(who)](auto now) {
        watchers_.remove(connection->id());
        const auto side = side_of(who.principal);
        if (!side) {
            spectators_changed();
            return;
        }
        Seat& s = *seat(*side);
        if (s.connection.lock() != connection) return; // the player is back on another connection
        s.connected = false;
        s.connection.reset();
        s.disconnected_at = now;
        if (game_) {
            // During the game the clock keeps running and after the grace period the opponent may
            // claim the win; after the game the seat is held as long, for a reload and a rematch.
            Emission emission;
            const auto seq = events_.take_next();
            add_event(
                emission,
                protocol::encode_player_disconnected(id_, seq, *side, s.nick, services_.config.reconnect_grace_ms),
                db::TableEventKind::PlayerDisconnected,
                nlohmann::json{{"side", side_text(*side)}, {"nick", s.nick}}.dump());
            emission.what = "player_disconnected";
            emit(std::move(emission));
            if (game_->is_over()) hold_seat(*side);
            spectators_changed();
            return;
        }
        // Before the game a player who goes away leaves the table.
        stand_up(*side);
    });
}

// Not behind a pending flag verdict: the timers stop at once. The verdict itself may still
// come (the analysis thread finishes the question it is answering) and is committed if it does.
void Table::shut_down()
{
    net::post(strand_, [self = shared_from_this()] {
        self->flag_watch_.cancel();
        self->summary_timer_.cancel();
        self->seats_.stop_holding_all();
        // The io threads stop soon, so chat still waiting would be neither stored nor answered.
        self->refuse_waiting_chat(ErrorCode::ShuttingDown, "the server is shutting down");
    });
}

void Table::relinquish()
{
    net::post(strand_, [self = shared_from_this()] { self->stop_playing("is played on another node now"); });
}

std::string Table::stopped_reason(std::string_view why) const
{
    return "table " + std::to_string(id_) + " " + std::string(why) + "; reconnect and resume to find it";
}

std::vector<std::shared_ptr<Connection>> Table::stop_playing(std::string_view why, bool close_watchers)
{
    if (closed_) return {};
    closed_ = true;
    if (game_ && !game_->is_over()) --services_.metrics.games_running; // counted where it goes on
    flag_watch_.cancel();
    summary_timer_.cancel();
    seats_.stop_holding_all();
    if (auto lobby = listener_.lock())
        for (const auto& seat : seats_)
            if (seat) lobby->seat_changed(seat->player(), id_, false);
    auto watchers = watchers_.take_all();
    if (!close_watchers) return watchers;
    const std::string reason = stopped_reason(why);
    for (const auto& connection : watchers) connection->close(CloseCode::ServiceRestart, reason);
    return {};
}

} // namespace rochade::server
