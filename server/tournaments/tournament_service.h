// The tournament service (docs/tournaments.md, "The service"; docs/protocol.md, "Tournaments"):
// the one owner of this server's tournaments, on its own strand. It keeps each tournament as the
// store has it (db::TournamentLog) with its settings and the connections that watch it; every
// change is written through the store's writer first and applied here only when the store took
// it, so a refusal changes nothing. Players' ratings are read on the read thread. Once started,
// the service pairs each round (tournament_rounds.cpp: the players online then, by the Dutch
// system), starts its games through the lobby, records each board's result as the game feed
// reports its end, and pairs the next round after a pause, until the last one is played.
//
// In a cluster (tournament_cluster.cpp; docs/tournaments.md, "Several nodes") one node at a time
// runs each tournament, the holder of its lease; every other node keeps a copy, read from the
// store again whenever the holder says it changed, answers list and show from it, and forwards
// its clients' requests for the tournament to the holder. The holder pairs with the players
// online on any node and has each board's game started on White's node.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "db/records.h"
#include "db/tournament_records.h"
#include "protocol/messages.h"
#include "protocol/tournament.h"
#include <boost/asio/steady_timer.hpp>

#include "server/base/asio.h"
#include "server/clients/connection.h"
#include "server/identity/principal.h"
#include "server/lobby/game_start.h"
#include "server/table/game_feed.h"
#include "server/tournaments/tournament_link.h"
#include "server/tournaments/tournament_settings.h"
#include "tournament/tournament_model.h"

namespace rochade::db {
struct StoreError;
}

namespace rochade::server {

class Lobby;
struct TableServices;

class TournamentService : public std::enable_shared_from_this<TournamentService> {
    template <class Message, class Requests> struct is_request;
    template <class Message, class... Requests>
    struct is_request<Message, std::variant<Requests...>>
        : std::bool_constant<(std::is_same_v<Message, Requests> || ...)> {
    };

public:
    using ConnectionPtr = std::shared_ptr<Connection>;
    using Id = std::optional<protocol::RequestId>;

    TournamentService(TableServices& services, std::shared_ptr<Lobby> lobby);

    // While the server is wired: follows the games of this node's tables (its boards').
    void start();
    // A cluster's node: from now on each tournament is run by the node that holds its lease.
    // While the server is wired, before its io_context runs (restore() decides nothing before).
    void join_cluster(std::shared_ptr<tournaments::TournamentLink> link);
    // The tournaments in the store, at start-up before the listener accepts. A running one goes
    // on: its finished games' results are read, boards without a game are started again.
    void restore(std::vector<db::TournamentLog> stored);

    // A request that changes a tournament, as the client sent it (`text`): handled here when this
    // node runs the tournament, else forwarded to the node that does, which answers the client.
    using Request =
        std::variant<protocol::JoinTournament, protocol::WithdrawTournament, protocol::StartTournament,
                     protocol::DirectorWithdraw, protocol::DirectorReadmit, protocol::RequestBye, protocol::CancelBye,
                     protocol::DirectorBye, protocol::DirectorPairing, protocol::DirectorResult,
                     protocol::PauseTournament, protocol::ResumeTournament, protocol::EndTournament>;
    void request(ConnectionPtr connection, identity::Identity who, Id id, Request request, std::string text);
    template <class Message> static constexpr bool changes_a_tournament = is_request<Message, Request>::value;

    // Requests, from any strand; each is answered on the service's strand. `who` is the
    // connection's identity (a visitor's for list and show).
    void create(ConnectionPtr connection, identity::Identity who, Id id, protocol::CreateTournament create);
    void list(ConnectionPtr connection, Id id);
    void show(ConnectionPtr connection, Id id, protocol::ShowTournament show);
    void join(ConnectionPtr connection, identity::Identity who, Id id, protocol::JoinTournament join);
    void withdraw(ConnectionPtr connection, identity::Identity who, Id id, protocol::WithdrawTournament withdraw);
    void start(ConnectionPtr connection, identity::Identity who, Id id, protocol::StartTournament start);
    void director_withdraw(ConnectionPtr connection, identity::Identity who, Id id,
                           protocol::DirectorWithdraw withdraw);
    void director_readmit(ConnectionPtr connection, identity::Identity who, Id id, protocol::DirectorReadmit readmit);
    // tournament_director.cpp: a board's result set or corrected (with the audit log's line),
    // pause, resume, end.
    void director_result(ConnectionPtr connection, identity::Identity who, Id id, protocol::DirectorResult result);
    // tournament_byes.cpp: a half-point bye in the next round, asked by the player or given by
    // the director, and taken back.
    void request_bye(ConnectionPtr connection, identity::Identity who, Id id, protocol::RequestBye bye);
    void cancel_bye(ConnectionPtr connection, identity::Identity who, Id id, protocol::CancelBye cancel);
    void director_bye(ConnectionPtr connection, identity::Identity who, Id id, protocol::DirectorBye bye);
    // tournament_manual_pairing.cpp: the director pairs a Swiss's next round by hand.
    void director_pairing(ConnectionPtr connection, identity::Identity who, Id id, protocol::DirectorPairing pairing);
    void pause(ConnectionPtr connection, identity::Identity who, Id id, protocol::PauseTournament pause);
    void resume_paused(ConnectionPtr connection, identity::Identity who, Id id, protocol::ResumeTournament resume);
    void end(ConnectionPtr connection, identity::Identity who, Id id, protocol::EndTournament end);
    // The connection closed: it watches nothing any more.
    void disconnected(const ConnectionPtr& connection);
    void shut_down();

private:
    struct Tournament {
        db::TournamentLog log;
        TournamentSettings settings;
        std::set<std::string> joining; // nick keys whose entry is being read or stored
        bool changing_state = false;   // a state change is being stored
        bool pairing = false;          // a round is being paired (presence asked, then stored)
        std::unique_ptr<net::steady_timer> next_round; // the pause before the next round
        // When that pause ends, by the wall clock (the view's next_round_ms, the clients'
        // countdown); none while no pause runs.
        std::optional<std::int64_t> next_round_at_ms;
        std::map<std::uint64_t, std::weak_ptr<Connection>> watchers;
        // An arena's: its end, and the next try at a wave.
        std::unique_ptr<net::steady_timer> arena_end, arena_wave;
        std::unique_ptr<net::steady_timer> start_timer; // the start time's, while registering
        // A round robin played as a season (round_days): the length of a round (its days of
        // tournament_day_ms each; 0 for every other event), the timer that opens rounds and starts
        // the games whose players are both online, and the boards being started meanwhile.
        std::int64_t round_ms = 0;
        std::unique_ptr<net::steady_timer> season_tick;
        std::set<std::pair<int, int>> starting; // (round, board)
        // In a cluster: whether this node runs it (holds its lease), and the node that does as
        // the last claim found (empty: not known). A server alone runs every tournament.
        bool held = false;
        std::string holder;
        bool taking_over = false; // its log is being read to run it here
    };
    // A board of a round, where the game feed's tables are looked up.
    struct BoardRef {
        std::int64_t tournament = 0;
        int round = 0, board = 0;
    };
    // Who asked for a change, to be answered once it is stored; nobody for the service's own.
    struct Requester {
        ConnectionPtr connection;
        Id id;
        std::string request; // "join_tournament": names the change in replies and logs
    };
    using Change = std::function<void(Tournament&)>;
    // A player online somewhere: his identity as this node knows it (on another node only his
    // nick is known here), and that node (empty: this one).
    struct PresentPlayer {
        identity::Identity who;
        std::string node;
    };
    // By nick key.
    using Present = std::map<std::string, PresentPlayer>;

    template <class Work> void on_strand(Work work);
    // The tournament `tournament_id`, or nothing and the refusal sent.
    Tournament* find(const ConnectionPtr& connection, const Id& id, std::int64_t tournament_id,
                     std::string_view request);
    // Whether `who` may direct `tournament`: its director while he holds the role, a moderator, an admin.
    static bool may_direct(const identity::Identity& who, const Tournament& tournament);
    bool refuse_unless_director(const ConnectionPtr& connection, const Id& id, const identity::Identity& who,
                                const Tournament& tournament, std::string_view request);
    // The preamble of every director's request: the tournament if it exists and `who` may
    // direct it, else nothing and the refusal sent.
    Tournament* find_directed(const ConnectionPtr& connection, const Id& id, const identity::Identity& who,
                              std::int64_t tournament_id, std::string_view request);
    // `attempt` 2: the id was taken by another node's creation at the same moment (a cluster).
    void create_now(const ConnectionPtr& connection, const identity::Identity& who, const Id& id,
                    const protocol::CreateTournament& create, int attempt = 1);
    void create_again(const ConnectionPtr& connection, const identity::Identity& who, const Id& id,
                      const protocol::CreateTournament& create, std::int64_t refused_id);
    void join_now(const ConnectionPtr& connection, const identity::Identity& who, const Id& id,
                  const protocol::JoinTournament& join);
    // Stores `write`; once it is stored, `apply` changes the tournament here, the requester gets
    // ok and the watchers tournament_updated. A write the store did not take changes nothing, and
    // the requester hears why. `settle` runs first either way (a guard released).
    void store_change(std::int64_t tournament_id, std::vector<db::Write> writes, Requester requester, Change apply,
                      Change settle = {});
    void store_change(std::int64_t tournament_id, db::Write write, Requester requester, Change apply,
                      Change settle = {})
    {
        store_change(tournament_id, std::vector<db::Write>{std::move(write)}, std::move(requester), std::move(apply),
                     std::move(settle));
    }
    // A director's change of the event's state from one of `from` to `to`.
    void change_state(const ConnectionPtr& connection, const identity::Identity& who, const Id& id,
                      std::int64_t tournament_id, std::string_view request, std::vector<std::string> from,
                      std::string to);
    // With the player's rating read: the entry is stored, then applied here.
    void store_entry(const ConnectionPtr& connection, const identity::Identity& who, const Id& id,
                     std::int64_t tournament_id, int rating);
    // Stores a withdrawal or a readmission of `nick_key`, by himself, the director or the service;
    // `after` runs once the withdrawal is applied.
    void store_withdrawal(std::int64_t tournament_id, const std::string& nick_key, Requester requester,
                          Change after = {});
    void store_readmission(std::int64_t tournament_id, const std::string& nick_key, Requester requester);
    // tournament_byes.cpp: why `player` may not have a half-point bye in the next round, or
    // nothing; then the request stored (`round` nothing: taken back).
    std::optional<std::string> bye_refusal(const Tournament& tournament, const db::TournamentPlayerRecord* player);
    void store_bye(std::int64_t tournament_id, const std::string& nick_key, std::optional<int> round,
                   Requester requester);
    void start_now(const ConnectionPtr& connection, const identity::Identity& who, const Id& id,
                   const protocol::StartTournament& start);
    // tournament_start.cpp: the start, by the director or at the start time. Why the entered
    // players are too few to start, or nothing.
    static std::optional<std::string> too_few_players(const Tournament& tournament);
    // registering -> running, then the first round (or the arena's first wave).
    void begin_event(Tournament& tournament, Requester requester);
    // A start time: a timer that starts the event then (after a restart: at once if past, once
    // the players had the reconnect grace to return); too few players then end it unplayed.
    void schedule_start(Tournament& tournament);
    void start_at_time(std::int64_t tournament_id);
    static constexpr std::int64_t min_start_lead_ms = 5'000;
    static constexpr std::int64_t max_start_lead_ms = 366LL * 24 * 3600 * 1000;
    // A player's rating in the event's category and his rated games in it, read at entry.
    struct EntryRating {
        int rating = 0;
        int games = 0;
    };
    // Why the event's conditions leave `player` out, or nothing.
    static std::optional<std::string> entry_refusal(const TournamentSettings& settings, const EntryRating& player,
                                                    const protocol::TimeControl& time_control);
    // After a write the store refused or could not keep: the reply names the request.
    static void reply_store_error(const ConnectionPtr& connection, const Id& id, std::string_view request,
                                  const db::StoreError& error);

    // tournament_season.cpp: a round robin played as a season (docs/tournaments.md, "A season").
    static bool season(const Tournament& tournament) { return tournament.round_ms > 0; }
    std::int64_t round_ms_of(const TournamentSettings& settings) const;
    // When round `round` opens, and its deadline (the next one's opening); none before the start.
    static std::optional<std::int64_t> round_opens_ms(const Tournament& tournament, int round);
    static std::optional<std::int64_t> round_deadline_ms(const Tournament& tournament, int round);
    // Every second while it runs: the next round opened at its date, then every open board whose
    // players are both online and at no other game of the event started.
    void arm_season_tick(Tournament& tournament);
    void season_tick(std::int64_t tournament_id);
    void season_start_boards(std::int64_t tournament_id, const Present& online);
    // The nick keys of the players at a game of the event now: a pending board with a table, or
    // one being started. Read once per look at the boards, not once per board.
    static std::set<std::string> season_players_busy(const Tournament& tournament);
    // Whether the board may be started now: pending, no game, before its round's deadline, and
    // neither player among `busy` (at another game of the event or being seated at one).
    bool season_board_open(const Tournament& tournament, const db::TournamentRoundRecord& round,
                           const db::TournamentBoardRecord& board, const std::set<std::string>& busy) const;
    // Every round paired and every board decided.
    static bool season_over(const Tournament& tournament);
    // The pending boards of every round followed again after a restart (their games' tables,
    // or results stored while nobody recorded them); the rounds with boards not started.
    std::set<int> follow_pending_games(std::int64_t tournament_id);

    // The event's room in the lobby (protocol/tournament_room.h): held open under its name until
    // the event is over, then released (it closes once empty). After every change of state.
    void keep_room(const Tournament& tournament);

    // tournament_rounds.cpp: the rounds.
    // Asks the lobby who of the active players is online, then pairs the next round with them.
    void pair_next_round(std::int64_t tournament_id);
    void pair_round_with(std::int64_t tournament_id, const Present& online);
    // A round robin's next round, from its Berger schedule (stored_round_robin.h): everyone is
    // paired, online or not; a game against a withdrawn or absent player is a forfeit.
    void pair_round_robin_round(std::int64_t tournament_id, const Present& online);
    // Why the director's pairing may not be the next round, or nothing (tournament_manual_pairing.cpp).
    static std::optional<std::string> manual_pairing_problem(const Tournament& tournament,
                                                             const protocol::DirectorPairing& pairing);
    // Stores `stored` as the next round and starts its boards.
    // `requester` (the director of a pairing by hand) hears ok once it is stored.
    void store_round(Tournament& tournament, db::TournamentRoundPaired stored, const Present& online,
                     std::optional<Requester> requester = std::nullopt);
    // The rounds the event plays: a Swiss's as created, a round robin's from its schedule.
    static int planned_rounds(const Tournament& tournament);
    static bool round_robin(const Tournament& tournament);
    // A round robin pairs its withdrawn players too: a game of theirs not started is a forfeit
    // (or annulled in the standings: stored_round_robin.h). The result, or nothing.
    static std::optional<tournament::GameResult> withdrawal_forfeit(const Tournament& tournament,
                                                                    const db::TournamentBoardRecord& board);
    // Each game of `round` whose board has no table yet is started, White (online) as the opener.
    void start_boards(Tournament& tournament, int round, const Present& online);
    void start_board(const BoardRef& ref, const PresentPlayer& white, const std::string& black, int attempt);
    // The lobby's (or White's node's) answer to a board's start: the table, or why not.
    void board_start_answered(const BoardRef& ref, int attempt, std::optional<protocol::TableId> table,
                              const std::string& refusal);
    // A board whose game could not be started with both players online is tried again this often
    // (a store that was busy, a table id that could not be reserved) before it counts as unplayed.
    static constexpr int board_start_attempts = 3;
    // The board's game could not start: the one who is not online loses by forfeit.
    void board_not_started(const BoardRef& ref, const std::string& why, int attempt);
    void game_begun(const GameBegun& game);
    // A board's game that ended, as the feed of this node or the bus tells it.
    struct FinishedBoard {
        std::int64_t game_id = 0;
        protocol::TableId table = 0;
        tournament::GameResult result = tournament::GameResult::DoubleForfeit;
        int plies = 0;
        bool white_berserk = false, black_berserk = false;
    };
    void game_finished(const GameFinished& game);
    // A game's start or end at the table of a board this node runs, as its own feed or the bus
    // tells it; false when no board of this node's is at that table (yet).
    bool board_game_begun(const GameBegun& game);
    bool board_game_finished(const FinishedBoard& game);
    // A tournament table's start or end that came before the answer naming its table (the table
    // runs on its own strand, perhaps on another node, and may store the start first); taken up
    // by board_start_answered, forgotten after a minute (a table of another node's tournament).
    struct EarlyGame {
        std::optional<GameBegun> begun;
        std::optional<FinishedBoard> finished;
        std::chrono::steady_clock::time_point at{};
    };
    EarlyGame& remember_early(protocol::TableId table);
    // What an arena scores a game by, from the game feed or the stored game (none: a forfeit).
    struct GameFacts {
        int plies = 0;
        bool white_berserk = false, black_berserk = false;
    };
    // Stores a board's result; a player who missed his first move is withdrawn from the next round.
    void record_result(const BoardRef& ref, tournament::GameResult result, std::optional<std::string> late_key,
                       std::optional<GameFacts> facts = std::nullopt);
    // After a result: a round whose games are all finished is followed by the next one after the
    // pause, or ends the event after its last round.
    void round_settled(Tournament& tournament);
    void pair_after_pause(Tournament& tournament);
    void finish(Tournament& tournament);
    // After a restart: the results of games that ended unseen, the boards never started.
    void resume(std::int64_t tournament_id);
    // After the reconnect grace: `round` 0 pairs the next round, else starts that round's boards.
    void after_players_return(std::int64_t tournament_id, int round);
    // A board's game stored as begun: its result is read once the store has its end (with its
    // length and berserks); a game still running is left to the game feed.
    void follow_stored_game(const BoardRef& ref, std::int64_t game_id);
    db::TournamentBoardRecord* board_of(const BoardRef& ref);

    // tournament_arena.cpp: the Arena (docs/tournaments.md, "Arena"). Once started, a wave is
    // tried every few seconds: the players online and not playing are paired by
    // tournament::arena_pairings and their games started; the event ends at its time, and games
    // still running then do not count (lichess's rule).
    static bool arena(const Tournament& tournament);
    void arena_begin(Tournament& tournament);
    // The timer that ends the arena at its time; false when it has not started.
    bool arm_arena_end(Tournament& tournament);
    void arena_tick(std::int64_t tournament_id);
    void pair_arena_wave(std::int64_t tournament_id, const Present& online);
    // After a restart: every pending board of every wave is followed again, or started again.
    void arena_resume(std::int64_t tournament_id);
    static std::optional<std::int64_t> arena_ends_at_ms(const Tournament& tournament);
    static std::vector<protocol::TournamentArenaStandingView> arena_standings_of(const Tournament& tournament);

    // Which of `nicks` are online, on this node or (in a cluster) another; `done` on any strand.
    void find_present(std::vector<std::string> nicks, std::function<void(Present)> done);

    // tournament_cluster.cpp: several nodes (docs/tournaments.md, "Several nodes").
    // Whether this node may change the tournament: it runs it (alone, or holding its lease), or
    // it is finished (no lease guards a finished event; the director's corrections are taken
    // wherever they come).
    bool runs_here(const Tournament& tournament) const;
    // After restore(): alone, every tournament runs here now; in a cluster, the leases decide.
    void begin_running();
    // Runs the tournament here from its stored state, as after a restart.
    void run_restored(Tournament& tournament);
    void claim_leases();
    void lease_claimed(std::int64_t tournament_id, cluster::RoleClaim claim, const std::string& holder);
    // The lease was free: the tournament is read from the store and runs here from then on.
    void take_over(std::int64_t tournament_id);
    // Another node holds the lease now: this one stops running it and keeps a copy.
    void give_up(std::int64_t tournament_id);
    // A copy read again from the store (`next_round_ms`: the holder's countdown); its watchers here
    // hear of it when it changed. A tournament not known here yet is added.
    // `announced_by`: the node whose Changed asked for it (it runs the tournament).
    void reload(std::int64_t tournament_id, std::optional<std::int64_t> next_round_ms, std::string announced_by = {});
    void install_copy(db::TournamentLog log, std::optional<std::int64_t> next_round_ms,
                      const std::string& announced_by);
    // A tournament run here whose write the store refused: read again, and what follows from it
    // done (the round another node's result completed is followed by the next).
    void read_again(std::int64_t tournament_id);
    // Every few seconds: the copies read again (an announcement lost on the bus) and the results of
    // this node's boards at other nodes' tables read from the store (a result lost on the bus).
    void refresh_from_store();
    void read_remote_results(Tournament& tournament);
    // Whether a request for `tournament_id` went to the node that runs it (then it is answered
    // from there); false: it is handled here.
    bool forwarded(const ConnectionPtr& connection, const identity::Identity& who, const Id& id,
                   std::int64_t tournament_id, std::string_view request, const std::string& text);
    void handle(const ConnectionPtr& connection, const identity::Identity& who, Id id, Request request);
    void received(const tournaments::TournamentMessage& message);
    void forwarded_request(const tournaments::RequestForwarded& request);
    void start_asked(const tournaments::BoardStartAsked& asked);
    void start_answered(const tournaments::BoardStartAnswered& answer);
    // A tournament board's start or end at this node's table that this node does not run: the
    // holder hears of it on the bus.
    void tell_holder(const GameBegun* begun, const FinishedBoard* finished);
    void heard_board_game(const tournaments::BoardGame& game);
    void ask_start_elsewhere(const BoardRef& ref, const PresentPlayer& white, const std::string& black, int attempt);

    // tournament_view.cpp: what the players see.
    static void watch(Tournament& tournament, const ConnectionPtr& connection);
    // tournament_updated to every connection that watches it here; in a cluster the node that
    // runs it tells the others too (their copies are read again).
    void updated(Tournament& tournament);
    void tell_watchers(Tournament& tournament);
    static protocol::TournamentView view_of(const Tournament& tournament, bool with_players);
    static const db::TournamentPlayerRecord* player_of(const Tournament& tournament, const std::string& nick_key);
    // The round a player joining or withdrawing now would first miss or take part in.
    static int next_round(const Tournament& tournament);

    TableServices& services_;
    std::shared_ptr<Lobby> lobby_;
    std::shared_ptr<tournaments::TournamentLink> link_ = std::make_shared<tournaments::LoneTournamentLink>();
    std::unique_ptr<net::steady_timer> lease_timer_;
    std::chrono::steady_clock::time_point next_refresh_{};
    // Boards this node runs whose game White's node was asked to start, until it answers.
    struct AskedStart {
        int attempt = 1;
        std::unique_ptr<net::steady_timer> timer; // the answer's time limit
    };
    std::map<std::tuple<std::int64_t, int, int>, AskedStart> asked_starts_;
    // Boards this node started for another node's tournament (White is its player), with their
    // tables: asked again, it answers with the same table instead of starting a second game.
    std::map<std::tuple<std::int64_t, int, int>, protocol::TableId> started_for_others_;
    // Copies being read again, and whether another announcement came meanwhile (then once more).
    struct Reload {
        bool in_flight = false, again = false;
        std::optional<std::int64_t> next_round_ms;
        std::string announced_by;
    };
    std::map<std::int64_t, Reload> reloads_;
    net::strand<net::io_context::executor_type> strand_;
    std::map<std::int64_t, Tournament> tournaments_;
    std::int64_t next_id_ = 1;
    // The tables of boards whose result is not recorded yet: where a game's end is looked up.
    std::map<protocol::TableId, BoardRef> boards_by_table_;
    std::map<protocol::TableId, EarlyGame> early_;
    // Boards whose result is being stored (a result heard twice, from the bus and the store, is
    // stored once).
    std::set<std::tuple<std::int64_t, int, int>> recording_;
    bool stopped_ = false;
};

template <class Work> void TournamentService::on_strand(Work work)
{
    net::post(strand_, [self = shared_from_this(), work = std::move(work)]() mutable {
        if (!self->stopped_) work();
    });
}

} // namespace rochade::server
