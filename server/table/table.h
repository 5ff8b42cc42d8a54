// A table: two seats, the watchers, and the game played there, all owned by the table's own
// strand. Every public function posts to that strand, so any strand may call them.
//
// Every event the table emits gets the next sequence number, is encoded once, goes to the
// store, and reaches the seats and watchers only once the store says it is stored: nobody sees
// a move that is not on disk. The last events are kept so that a reconnecting client catches up
// exactly (watch_table with `since`). One emission at a time is at the store; the next ones
// wait at the table, in order. When the store fails one, it and all those waiting behind it
// fail: nobody sees their events, their senders get storage_unavailable, the game returns to
// what is stored and the seq to the last stored event (table_commits.cpp).
//
// Table chat does not queue at the store with the game: while an emission is there, chat lines
// wait in a bounded inbox (ChatInbox, table_chat.cpp) and go one at a time once nothing else
// waits, so a move waits behind one chat line at most, and a flood of chat is refused (`busy`)
// instead of growing the table without bound.
//
// A fallen flag's winnability question goes to the analysis thread (FlagAnalysis) rather than
// stall the strand. Until its answer is back the game is over at the flag but its result is
// not known yet, so the table takes no requests: they wait, in the order they came, and run
// after the game_over (and so get game_over errors, or see the finished game).
#pragma once

#include <chrono>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <boost/asio/steady_timer.hpp>

#include "db/moderation_records.h"
#include "db/rating_records.h"
#include "db/records.h"
#include "db/store_error.h"
#include "protocol/messages.h"
#include "server/base/asio.h"
#include "server/clients/connection.h"
#include "server/game/refereed_game.h"
#include "server/identity/principal.h"
#include "server/moderation/moderation.h"
#include "server/table/chat_inbox.h"
#include "server/table/computer_opponent.h"
#include "server/table/courtesies.h"
#include "server/table/emission_queue.h"
#include "server/table/event_log.h"
#include "server/table/flag_watch.h"
#include "server/table/game_feed.h"
#include "server/table/offers.h"
#include "server/table/seats.h"
#include "server/table/table_listener.h"
#include "server/table/table_ratings.h"
#include "server/table/watchers.h"

namespace rochade::server {

struct TableServices;

class Table : public std::enable_shared_from_this<Table> {
public:
    using Id = std::optional<protocol::RequestId>;
    using ConnectionPtr = std::shared_ptr<Connection>;
    using Side = protocol::Side;

    struct Opening {
        protocol::TableId table = 0;
        protocol::RoomNumber room = 0;
        protocol::TimeControl time_control;
        protocol::ColorChoice opener_color = protocol::ColorChoice::Random;
        Side opener_side = Side::White;
        std::optional<std::string> invite;
        identity::Identity opener;
        bool rated = false; // the lobby checked: timed, and the opener has an account
        // Resolved (a Chess960 setup has its number); every game at the table, rematches
        // included, starts from it.
        protocol::GameSetup setup;
        // Whether takebacks are allowed, and who says so (courtesies.h); none: the default.
        std::optional<bool> takebacks;
        TakebackAuthority takebacks_decided_by = TakebackAuthority::Table;
        // A tournament's rule: draws are offered from this move on (0: at any time).
        int draw_offers_from_move = 0;
        // An arena's board whose players may go berserk (table_berserk.cpp).
        bool berserk_allowed = false;
    };

    // `listener` (the lobby) hears what changes at the table.
    Table(TableServices& services, std::weak_ptr<TableListener> listener, Opening opening);
    // A game that was running when the server stopped, with its stored table events (for the
    // draw offer that stood); nullptr if its moves do not replay.
    static std::shared_ptr<Table> restore(TableServices& services, std::weak_ptr<TableListener> listener,
                                          db::UnfinishedGame game, const std::vector<db::TableEvent>& events);

    protocol::TableId id() const { return id_; }
    protocol::RoomNumber room() const { return room_; }
    // The summary as the table stands right after construction (for the lobby's room list).
    protocol::TableSummary opening_summary() const { return summary(); }
    protocol::TableSummary restored_summary() const { return summary(); }

    // The players seated at a restored table, for the lobby to hold their seats and nicks (the
    // computer is no player to wait for).
    std::vector<identity::Identity> restored_players() const;

    // Every request names who asks: a seat is the principal's (the account, or the guest's
    // session) that took it, never the nick's, so only that principal plays from it.
    void seat_opener(ConnectionPtr connection, identity::Identity who, Id id);
    // table_computer.cpp: the computer at `level` takes the free seat and the game starts
    // (play_computer, after seat_opener, whose ok names the table); `opener` is told if no game
    // could start.
    void seat_computer(engines::ComputerLevel level, ConnectionPtr opener);
    void join(ConnectionPtr connection, identity::Identity who, Id id);
    void watch(ConnectionPtr connection, identity::Identity who, Id id, std::optional<std::int64_t> since);
    // leave_table, table_chat, move, draw offers and claims, resign, abort, claim_win, rematch.
    // table_chat goes to chat() (table_chat.cpp).
    void handle(ConnectionPtr connection, identity::Identity who, Id id, protocol::ClientMessage message);
    // A player who goes away keeps the seat during the game, and after it for the reconnect
    // grace period; before the game they leave the table.
    void connection_closed(ConnectionPtr connection, identity::Identity who);
    void shut_down();
    // Another node holds this table's lease now (this node was cut off from the bus for longer
    // than the node timeout, and another took the table over from the store): it stops here
    // without a word to the store, its seats are let go in the lobby, and every watcher's
    // connection closes with 1012, so that the clients reconnect and find the table where it is
    // played now.
    void relinquish();
    // The table's fencing epoch (db/records.h, GameClaimed): every write of its games carries it.
    std::int64_t epoch() const { return epoch_; }

    // table_moderation.cpp: a moderator's decisions (server/admin/table_desk.cpp). `done`
    // runs once, on the table's strand: with nothing when done (and stored), else the refusal.
    // `by` is the moderator who decides; one who sits at the table (by principal, as a seat is
    // owned) is refused as forbidden: nobody decides their own game. The seats are read on the
    // strand in the same step as the decision, so no one sits down between check and act.
    using ModeratorDone = std::function<void(std::optional<RefereeError>)>;
    // A table waiting for its opponent goes away; its opener gets a notice from `by` saying why.
    void close_by_moderator(identity::Identity by, std::string reason, ModeratorDone done);
    // The running game ends now with `result` (Unfinished: aborted), termination Adjudicated
    // and `message` in its game_over; a table event Adjudicated records who,
    // what and why. `done` follows the commit; `game_id` is set to the game's id.
    struct Adjudication {
        identity::Identity by;
        Score result = Score::Unfinished;
        std::string reason, message;
    };
    void adjudicate(Adjudication adjudication,
                    std::function<void(std::optional<RefereeError>, std::int64_t game_id)> done);
    // table_bans.cpp: a ban stands now (Sanctions holds it): a seated player it covers (by nick,
    // or by the address of the seat's connection) loses the running game by forfeit at once.
    void forfeit_banned();
    // The table as the admin area's live view shows it.
    void describe(std::function<void(LiveTable)> done);

private:
    using SteadyClock = std::chrono::steady_clock;

    struct Event {
        std::int64_t seq = 0;
        std::shared_ptr<const std::string> frame;
        // A spectators' chat line during a game: no numbered event (seq is the one before it),
        // kept out of the event log and never sent to a seated player's connection.
        bool spectators_only = false;
    };
    // What an emission did to the game, so that a failed one can be undone.
    enum class GameChange : std::uint8_t { None, Started, Progressed, Ended };
    // The running game after an emission: what rebuilds it from its moves (RefereedGame::restore)
    // if a later emission is not stored. Plain values, taken on every move at no cost.
    struct GameCheckpoint {
        int ply = 0;
        std::int64_t white_ms = 0, black_ms = 0; // the clocks at `at`
        SteadyClock::time_point at{};            // since then the side to move is charged
        std::optional<Side> draw_offer;
    };
    // A takeback not stored yet: the game's moves (UCI) and clock readings before it, which a
    // failure of it (or of an emission before it is stored) goes back to. Only on a takeback.
    struct TakenBack {
        std::vector<std::string> moves;
        std::vector<ClockReadings> readings;
    };
    // A game start not stored yet: what the table was before it, to go back to.
    struct ReplacedGame {
        std::optional<RefereedGame> game; // the finished game a rematch replaced; none on a join
        std::optional<std::int64_t> game_id;
        bool seats_swapped = false; // a rematch swapped the seats
        std::optional<Side> joined; // the seat the second player took
    };
    // What one action leaves behind: its events for the players and its rows for the database,
    // stored together or not at all, and who to tell what.
    struct Emission {
        std::vector<Event> events;
        std::vector<db::Write> writes;
        std::string_view what; // the request, or the event for the table's own: "move", ...
        ConnectionPtr sender;  // told if it is not stored; none for the table's own events
        Id id;                 // with ok_on_commit: the ok that follows the commit
        bool ok_on_commit = false;
        GameChange game_change = GameChange::None;
        GameCheckpoint after;                     // for Started and Progressed
        std::unique_ptr<ReplacedGame> started;    // for Started
        int moves = 0;                            // moves among the writes, counted once stored
        std::function<void(bool stored)> on_done; // a moderator's action waits for its commit
        std::optional<GameFinished> ended_game;   // the game whose end this stores
        std::shared_ptr<const TakenBack> taken_back; // for a takeback
    };

    using Request = std::function<void(SteadyClock::time_point now)>;

    // Runs an entry point's `work(now)` on the strand, or, while a fallen flag waits for its
    // winnability answer, after it (when_flag_settled).
    template <class Work> void on_strand(Work work);
    // Runs `request` now, or, while a fallen flag waits for its winnability answer, after it.
    void when_flag_settled(Request request);
    protocol::TableSummary summary() const;
    protocol::TableState state(SteadyClock::time_point now) const;
    std::optional<Side> side_of(const identity::Principal& who) const { return seats_.side_of(who); }
    bool seated(Side side) const { return seats_.taken(side); }
    // A tournament's board: no abort, no rematch, no takeback (the tournament decides).
    bool tournament_game() const { return takeback_policy_.decided_by == TakebackAuthority::Tournament; }
    // Why a draw may not be offered now under the tournament's rule (draw_offers_from_move_),
    // or nothing.
    std::optional<std::string> early_draw_offer() const;
    Seat* seat(Side side) { return seats_.at(side); }

    void subscribe(const ConnectionPtr& connection, const identity::Principal& who);
    void unsubscribe(const ConnectionPtr& connection);
    void send_state(const ConnectionPtr& connection, const Id& id, std::optional<std::int64_t> since);
    void reply_ok(const ConnectionPtr& connection, const Id& id);
    static void reply_error(const ConnectionPtr& connection, const Id& id, protocol::ErrorCode code,
                            std::string message);
    static std::string side_text(Side side);
    // The position every game at this table starts from (setup_).
    Position setup_start() const;
    void end_if_over_at_start(SteadyClock::time_point now);

    // table_commits.cpp: emissions to the store and back.
    void emit(Emission emission);
    void submit(Emission& emission);
    void on_stored(std::optional<db::StoreError> error);
    void committed(Emission& emission);
    void fail_emissions(const db::StoreError& error);
    // On the strand: the table stops here, as relinquish() says; `why` ends the watchers' close
    // reason (stopped_reason). Closes the watchers, or, with `close_watchers` false, hands them
    // back still open (for the router to close once the game is taken up again).
    std::vector<std::shared_ptr<Connection>> stop_playing(std::string_view why, bool close_watchers = true);
    std::string stopped_reason(std::string_view why) const;
    // Every write of the table's games carries its epoch.
    void stamp_epoch(std::vector<db::Write>& writes) const;
    void roll_back(std::vector<Emission>& failed, SteadyClock::time_point now);
    // `moves`: the game's moves (UCI) from which the stored ones are the first stored.ply.
    void rebuild_game(const GameCheckpoint& stored, const std::vector<std::string>& moves, SteadyClock::time_point now);
    void tell_not_stored(const Emission& emission, const db::StoreError& error);
    GameCheckpoint checkpoint(SteadyClock::time_point now) const;
    // Runs `work` once every emitted event is committed and broadcast (or failed), so a state
    // snapshot never shows what the database does not hold.
    void after_commits(std::function<void()> work) { emissions_.after_commits(std::move(work)); }

    // A second player at the table (`joined`) or a rematch (`seats_swapped`) starts a game;
    // `sender` gets ok once it is stored, or storage_unavailable.
    void start_game(std::int64_t game_id, SteadyClock::time_point now, const ConnectionPtr& sender, const Id& id,
                    std::unique_ptr<ReplacedGame> replaced);
    // `draw_offered`: the mover's draw offer stands after the move (Offers::on_move).
    void add_move(Emission& emission, const PlayedMove& move, bool draw_offered, SteadyClock::time_point now);
    void add_ending(Emission& emission, const Ending& ending, SteadyClock::time_point now);
    // An ending the table decided on its own (no request to answer, no log entry of its own
    // beyond game_over): stored and told as one emission named `what`, and the lobby told.
    void emit_ending(const Ending& ending, std::string_view what, SteadyClock::time_point now);
    void add_event(Emission& emission, std::string frame, db::TableEventKind kind, std::string detail_json);
    // At the running side's deadline; after a failed emission, not sooner than a second from
    // now, so that a flag whose verdict could not be stored is asked again at that pace.
    void arm_flag_timer(bool after_failure = false);
    void on_flag_timer();
    // The awaited first move is overdue by `now`: the game is aborted (no_first_move) and the
    // ending goes to the store and the table, by the timer or before the request that came
    // after the deadline. Not during shutdown: the game is restored at the next start.
    void abort_if_first_move_missed(SteadyClock::time_point now);
    // The referee's limits for a game at this table: the first move's from the time control or
    // the configuration (first_move_limit.h).
    static RefereeLimits referee_limits(const TableServices& services, const protocol::TimeControl& time_control);
    // Whether a fallen flag waits for its winnability answer; a flag found fallen at `now` sends
    // its question to the analysis thread.
    bool flag_verdict_pending(SteadyClock::time_point now);
    void on_flag_verdict(const WinnabilityVerdict& verdict, SteadyClock::time_point asked_at);
    void table_changed();
    void spectators_changed();
    // The ban that covers the player of `seat` now, if any (table_bans.cpp).
    std::optional<db::SanctionRecord> ban_of(const Seat& seat) const;
    void forfeit_banned_now(SteadyClock::time_point now);
    void stand_up(Side side);
    // After a game, an away player's seat until the grace period from their disconnect is over.
    void hold_seat(Side side);
    void on_seat_hold_over(Side side);
    void close_if_abandoned();

    // table_computer.cpp: the computer's turn. After every commit: when the computer is to move
    // and is not thinking yet, its search goes to the engine pool; the answer comes back to the
    // strand, waits out the human-like pause, and is played as a move (or dropped if stale).
    void computer_turn();
    // A restored game against the computer: its seat is the computer's again.
    void reseat_stored_computer(const db::GameStarted& start);
    void ask_engine();
    void engine_answered(std::uint64_t search, engines::SearchOutcome outcome);
    void play_computer_move(std::uint64_t search, std::string uci_move, SteadyClock::time_point now);
    // The asked search is still the one wanted: same game, same ply, the computer to move.
    bool computer_search_current(std::uint64_t search) const;
    void abort_for_engine_failure(const std::string& reason, SteadyClock::time_point now);

    // table_game.cpp: the game played here.
    void game_action(const ConnectionPtr& connection, Side side, const Id& id, const protocol::ClientMessage& message,
                     SteadyClock::time_point now);
    void commit_game_action(Emission emission, std::string_view what, const ConnectionPtr& connection, const Id& id,
                            SteadyClock::time_point now);
    void play(const ConnectionPtr& connection, Side side, const Id& id, const protocol::PlayMove& move,
              SteadyClock::time_point now);
    void claim_draw(const ConnectionPtr& connection, Side side, const Id& id, const protocol::ClaimDraw& claim,
                    SteadyClock::time_point now);
    void leave(const ConnectionPtr& connection, const identity::Identity& who, const Id& id);
    void decline_invitation(const ConnectionPtr& connection, const identity::Identity& who, const Id& id);
    void join_now(ConnectionPtr connection, identity::Identity who, Id id, std::optional<protocol::SeatRating> rating);
    void claim_win(const ConnectionPtr& connection, Side side, const Id& id, SteadyClock::time_point now);
    void rematch(const ConnectionPtr& connection, Side side, const Id& id);

    // table_courtesies.cpp: takebacks and more time (courtesies.h). Whether `message` is one of
    // theirs; then it was answered.
    bool courtesy(const ConnectionPtr& connection, Side side, const Id& id, const protocol::ClientMessage& message,
                  SteadyClock::time_point now);
    void take_back(const ConnectionPtr& connection, Side side, const Id& id, SteadyClock::time_point now);
    void give_time(const ConnectionPtr& connection, Side side, const Id& id, const protocol::GiveTime& give,
                   SteadyClock::time_point now);
    // table_berserk.cpp: an arena player halves his clock before his first move.
    void berserk(const ConnectionPtr& connection, Side side, const Id& id, SteadyClock::time_point now);

    // table_chat.cpp: a table_chat line is checked on the strand, then stored now if the store
    // has nothing of this table's, else kept in `waiting_chat_` (or refused `busy` when that is
    // full). serve_waiting_chat sends the oldest waiting line once nothing else of the table is
    // at the store (after each commit); a failed emission fails the waiting lines with it.
    void chat(ConnectionPtr connection, identity::Identity who, Id id, std::string text);
    void emit_chat(ChatInbox::Line line);
    // The channel `who`'s line goes to now: Players or Spectators while a game runs, else Table.
    protocol::ChatChannel chat_channel(const identity::Principal& who) const;
    // The principals of the seated players, whom a spectators' line passes by.
    std::vector<identity::Principal> seated_principals() const;
    void serve_waiting_chat();
    void fail_waiting_chat(const db::StoreError& error);
    void refuse_waiting_chat(protocol::ErrorCode code, const std::string& why);

    // table_rating_reads.cpp: at a rated table, the seated players' ratings (read when they sit
    // down) and a finished game's rating changes (read once its end is stored, which is when the
    // store rated it), sent to the table as rating_change; TableRatings says what they show.
    void look_up_rating(Side side);
    // Reads the account's rating in the table's category on the read thread and hands it to
    // `done` there (nothing when the read failed, the nick names another account, or the table
    // is casual).
    void read_seat_rating(const identity::Principal& owner, const std::string& nick,
                          std::function<void(std::optional<protocol::SeatRating>)> done);
    void look_up_rating_change(std::int64_t game_id);
    void rating_change_read(std::int64_t game_id, std::vector<db::RatingChange> changes);

    TableServices& services_;
    const std::weak_ptr<TableListener> listener_;
    net::strand<net::io_context::executor_type> strand_;
    FlagWatch flag_watch_;
    net::steady_timer summary_timer_;
    bool summary_update_pending_ = false;
    int spectators_sent_ = 0; // the count the last `spectators` frame told the watchers
    const protocol::TableId id_;
    const protocol::RoomNumber room_;
    const protocol::TimeControl time_control_;
    const protocol::ColorChoice opener_color_;
    const protocol::GameSetup setup_;
    TableRatings ratings_;
    std::optional<std::string> invite_;

    Seats seats_;
    Watchers watchers_; // the players' connections too
    std::optional<RefereedGame> game_;
    std::optional<std::int64_t> game_id_;
    std::optional<ComputerOpponent> computer_; // a play_computer table's computer
    Offers offers_; // the running game's draw offer, the rematch asked after a game
    TakebackPolicy takeback_policy_;
    const int draw_offers_from_move_; // Opening::draw_offers_from_move
    const bool berserk_allowed_;      // Opening::berserk_allowed
    Courtesies courtesies_; // the running game's takeback request, the waits, the clocks per ply
    bool closed_ = false;
    bool clocks_held_ = false; // a restored game waits for both players

    EventLog events_;
    EmissionQueue<Emission> emissions_; // at the store, and behind it in order
    ChatInbox waiting_chat_;            // table chat not yet emitted, while the store is busy
    // While a stored game runs, its checkpoint as the store holds it.
    std::optional<GameCheckpoint> stored_game_;
    // The owner epoch this node claimed the table's game with (0 for a table opened here, whose
    // games start with it): the store refuses the writes of an older one.
    std::int64_t epoch_ = 0;
    SteadyClock::time_point clocks_resumed_at_{}; // when held clocks last ran again
};

} // namespace rochade::server
