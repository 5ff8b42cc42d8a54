// A tournament across the nodes of a cluster (docs/tournaments.md, "Several nodes"). One node at a
// time runs it: the holder of its lease, which every node claims every heartbeat for each event
// not finished; the first claim after the holder is gone (killed, paused past the lease, cut off)
// takes it, reads the event from the store and goes on from there as a restarted server does.
// The rounds and results are stored before anything follows from them, and the store refuses a
// round paired twice or a result recorded twice, so a holder that lost its lease without knowing
// (paused) can change nothing that its successor did.
//
// The other nodes keep a copy for their players and watchers, read again whenever the holder
// announces a change (Changed) and every few seconds (an announcement lost on the bus). They
// forward their clients' requests to the holder, which answers the client through the cluster.
// The holder pairs with the players online on every node (the nick leases say where); a board's
// game starts on White's node (BoardStartAsked), whose table tells the holder its start and end
// (BoardGame); a result that message lost is read from the store.
#include <mutex>

#include <spdlog/spdlog.h>

#include "db/game_query.h"
#include "db/read_thread.h"
#include "db/store_reader.h"
#include "protocol/decode.h"
#include "protocol/encode.h"
#include "protocol/nick.h"
#include "protocol/tournament_room.h"
#include "server/cluster/remote_connection.h"
#include "server/lobby/lobby.h"
#include "server/table/table_directory.h"
#include "server/table/table_services.h"
#include "server/tournaments/stored_tournament.h"
#include "server/tournaments/tournament_service.h"

namespace rochade::server {

using protocol::ErrorCode;
namespace messages = tournaments;

namespace {

// How long the holder waits for White's node to say whether a board's game started; then it is
// counted as not started (tried again, or forfeited: board_not_started).
constexpr std::chrono::seconds start_answer_limit{10};
// How often the copies are read again and the results of boards at other nodes' tables looked up
// in the store.
constexpr std::chrono::seconds refresh_every{5};
// A board's game heard of before the table it is at was known here is kept this long.
constexpr std::chrono::seconds early_game_kept{60};

} // namespace

void TournamentService::join_cluster(std::shared_ptr<messages::TournamentLink> link)
{
    link_ = std::move(link);
    std::weak_ptr<TournamentService> weak = weak_from_this();
    link_->subscribe([weak](messages::TournamentMessage message) {
        if (auto self = weak.lock()) self->on_strand([self, message = std::move(message)] { self->received(message); });
    });
}

bool TournamentService::runs_here(const Tournament& tournament) const
{
    return !link_->clustered() || tournament.held || tournament.log.tournament.state == "finished";
}

void TournamentService::begin_running()
{
    if (!link_->clustered()) {
        for (auto& [id, tournament] : tournaments_) run_restored(tournament);
        return;
    }
    claim_leases();
}

void TournamentService::run_restored(Tournament& tournament)
{
    tournament.held = true;
    tournament.holder = link_->node_id();
    const std::int64_t id = tournament.log.tournament.created.id;
    // A paused arena goes on too: its clock runs while paused (tournament_arena.cpp).
    const auto& state = tournament.log.tournament.state;
    if (state == "running" || (state == "paused" && arena(tournament))) resume(id);
    if (state == "registering") schedule_start(tournament);
}

// ---- the leases -----------------------------------------------------------------------------

void TournamentService::claim_leases()
{
    if (services_.shutting_down) return;
    for (const auto& [id, tournament] : tournaments_) {
        if (tournament.log.tournament.state == "finished") continue;
        link_->claim(id, [self = shared_from_this(), id](cluster::RoleClaim claim, std::string holder) {
            self->on_strand([self, id, claim, holder = std::move(holder)] { self->lease_claimed(id, claim, holder); });
        });
    }
    const auto now = std::chrono::steady_clock::now();
    if (now >= next_refresh_) {
        next_refresh_ = now + refresh_every;
        refresh_from_store();
    }
    if (!lease_timer_) lease_timer_ = std::make_unique<net::steady_timer>(strand_);
    lease_timer_->expires_after(link_->renew_every());
    lease_timer_->async_wait([self = shared_from_this()](boost::system::error_code e) {
        if (!e) self->on_strand([self] { self->claim_leases(); });
    });
}

void TournamentService::lease_claimed(std::int64_t tournament_id, cluster::RoleClaim claim, const std::string& holder)
{
    const auto found = tournaments_.find(tournament_id);
    if (found == tournaments_.end()) return;
    Tournament& tournament = found->second;
    using cluster::RoleClaim;
    switch (claim) {
    case RoleClaim::Held:
    case RoleClaim::Taken:
        tournament.holder = holder;
        // Held but not run here: a take-over whose read failed is tried again.
        if (!tournament.held && !tournament.taking_over) take_over(tournament_id);
        return;
    case RoleClaim::Refused:
        tournament.holder = holder;
        if (tournament.held && tournament.log.tournament.state != "finished") give_up(tournament_id);
        return;
    case RoleClaim::Unknown: return; // the bus did not answer: nothing is known, nothing changes
    }
}

void TournamentService::take_over(std::int64_t tournament_id)
{
    tournaments_.at(tournament_id).taking_over = true;
    services_.reads.read(
        [tournament_id](db::StoreReader& reader) { return reader.tournament(tournament_id); },
        [self = shared_from_this(), tournament_id](db::ReadResult<std::optional<db::TournamentLog>> log) {
            self->on_strand([self, tournament_id, log = std::move(log)]() mutable {
                Tournament& tournament = self->tournaments_.at(tournament_id);
                tournament.taking_over = false;
                if (!log || !*log) {
                    // Tried again at the next claim, which finds the lease held and the event not run.
                    return spdlog::error("tournament {}: its lease is this node's, but it could not be read: {}",
                                         tournament_id, log ? "it is not in the store" : log.error().message);
                }
                if (tournament.holder != self->link_->node_id()) return; // lost again meanwhile
                tournament.log = std::move(**log);
                tournament.settings = read_settings(tournament.log.tournament.created.settings_json);
                tournament.round_ms = self->round_ms_of(tournament.settings);
                spdlog::info("tournament {}: node {} runs it now", tournament_id, self->link_->node_id());
                self->run_restored(tournament);
                self->keep_room(tournament);
                self->updated(tournament);
            });
        });
}

void TournamentService::give_up(std::int64_t tournament_id)
{
    Tournament& tournament = tournaments_.at(tournament_id);
    spdlog::warn("tournament {}: node {} holds its lease now; this node stops running it", tournament_id,
                 tournament.holder);
    tournament.held = false;
    // Destroyed, the timers end their waits with operation_aborted, and nothing follows.
    for (auto* timer : {&tournament.next_round, &tournament.arena_end, &tournament.arena_wave, &tournament.start_timer,
                        &tournament.season_tick})
        timer->reset();
    tournament.next_round_at_ms.reset();
    tournament.pairing = tournament.changing_state = false;
    tournament.joining.clear();
    tournament.starting.clear();
    std::erase_if(boards_by_table_,
                  [tournament_id](const auto& entry) { return entry.second.tournament == tournament_id; });
    std::erase_if(asked_starts_,
                  [tournament_id](const auto& entry) { return std::get<0>(entry.first) == tournament_id; });
    reload(tournament_id, std::nullopt);
}

// ---- the copies -----------------------------------------------------------------------------

void TournamentService::reload(std::int64_t tournament_id, std::optional<std::int64_t> next_round_ms,
                               std::string announced_by)
{
    // One read at a time per event: announcements that come meanwhile make one more read after it
    // (a busy arena announces every game's start and end; each node reads its copy once per burst).
    auto& reading = reloads_[tournament_id];
    if (reading.in_flight) {
        reading.again = true;
        reading.next_round_ms = next_round_ms;
        if (!announced_by.empty()) reading.announced_by = std::move(announced_by);
        return;
    }
    reading.in_flight = true;
    services_.reads.read(
        [tournament_id](db::StoreReader& reader) { return reader.tournament(tournament_id); },
        [self = shared_from_this(), tournament_id, next_round_ms,
         announced_by = std::move(announced_by)](db::ReadResult<std::optional<db::TournamentLog>> log) {
            self->on_strand([self, tournament_id, next_round_ms, announced_by, log = std::move(log)]() mutable {
                auto reading = self->reloads_.extract(tournament_id);
                if (reading && reading.mapped().again)
                    self->reload(tournament_id, reading.mapped().next_round_ms, reading.mapped().announced_by);
                if (!log)
                    return spdlog::warn("tournament {}: its copy could not be read again: {}", tournament_id,
                                        log.error().message);
                if (*log) self->install_copy(std::move(**log), next_round_ms, announced_by);
            });
        });
}

void TournamentService::install_copy(db::TournamentLog log, std::optional<std::int64_t> next_round_ms,
                                     const std::string& announced_by)
{
    const std::int64_t id = log.tournament.created.id;
    next_id_ = std::max(next_id_, id + 1);
    auto [found, added] = tournaments_.try_emplace(id);
    Tournament& tournament = found->second;
    // Run here, its state on this strand is the truth (a finished one takes corrections from anywhere).
    if (!added && ((tournament.held && tournament.log.tournament.state != "finished") || tournament.taking_over))
        return;
    const std::string before = added ? std::string() : protocol::encode_tournament(view_of(tournament, true));
    tournament.log = std::move(log);
    tournament.settings = read_settings(tournament.log.tournament.created.settings_json);
    tournament.round_ms = round_ms_of(tournament.settings);
    tournament.next_round_at_ms = next_round_ms;
    // Who announced a change of an event not finished runs it (until a claim here says otherwise):
    // requests go there before this node's next claim has asked.
    if (!announced_by.empty() && !tournament.held) tournament.holder = announced_by;
    keep_room(tournament);
    if (tournament.log.tournament.state == "finished")
        std::erase_if(started_for_others_, [id](const auto& entry) { return std::get<0>(entry.first) == id; });
    if (added || protocol::encode_tournament(view_of(tournament, true)) != before) tell_watchers(tournament);
}

void TournamentService::read_again(std::int64_t tournament_id)
{
    services_.reads.read(
        [tournament_id](db::StoreReader& reader) { return reader.tournament(tournament_id); },
        [self = shared_from_this(), tournament_id](db::ReadResult<std::optional<db::TournamentLog>> log) {
            self->on_strand([self, tournament_id, log = std::move(log)]() mutable {
                const auto found = self->tournaments_.find(tournament_id);
                if (found == self->tournaments_.end() || !found->second.held || !log || !*log) return;
                Tournament& tournament = found->second;
                spdlog::info("tournament {}: read again from the store, which another node changed meanwhile",
                             tournament_id);
                tournament.log = std::move(**log);
                self->keep_room(tournament);
                self->updated(tournament);
                self->round_settled(tournament);
            });
        });
}

void TournamentService::refresh_from_store()
{
    services_.reads.read(
        [](db::StoreReader& reader) { return reader.tournaments(); },
        [self = shared_from_this()](db::ReadResult<std::vector<db::TournamentRecord>> records) {
            self->on_strand([self, records = std::move(records)] {
                if (!records)
                    return spdlog::warn("tournaments: the list could not be read again: {}", records.error().message);
                for (const auto& record : *records) {
                    const auto found = self->tournaments_.find(record.created.id);
                    if (found == self->tournaments_.end()) {
                        self->reload(record.created.id, std::nullopt);
                        continue;
                    }
                    const Tournament& tournament = found->second;
                    const bool copy = !tournament.held || tournament.log.tournament.state == "finished";
                    if (copy && (record.state != "finished" || tournament.log.tournament.state != "finished"))
                        self->reload(record.created.id, tournament.next_round_at_ms);
                }
            });
        });
    for (auto& [id, tournament] : tournaments_)
        if (tournament.held && tournament.log.tournament.state != "finished") read_remote_results(tournament);
}

// The boards at tables of other nodes whose result is not recorded: the store has their games.
void TournamentService::read_remote_results(Tournament& tournament)
{
    const std::int64_t tournament_id = tournament.log.tournament.created.id;
    for (const auto& [table, ref] : boards_by_table_) {
        if (ref.tournament != tournament_id || services_.directory.find(table)) continue;
        const db::TournamentBoardRecord* board = board_of(ref);
        if (!board || board->result != "pending") continue;
        if (board->game_id) {
            follow_stored_game(ref, *board->game_id);
            continue;
        }
        // Its start was not heard of either: the game is found among White's.
        const auto* white = player_of(tournament, board->pairing.white_key);
        if (!white) continue;
        services_.reads.read(
            [nick = white->nick, table](db::StoreReader& reader) -> std::optional<std::int64_t> {
                db::GameQuery query;
                query.player = nick;
                query.limit = 20;
                for (const auto& game : reader.find_games(query).games)
                    if (game.table_id == table) return game.game_id;
                return std::nullopt;
            },
            [self = shared_from_this(), ref, table](db::ReadResult<std::optional<std::int64_t>> game) {
                self->on_strand([self, ref, table, game = std::move(game)] {
                    if (!game || !*game) return;
                    self->board_game_begun(GameBegun{**game, table, true});
                    self->follow_stored_game(ref, **game);
                });
            });
    }
}

// ---- requests -------------------------------------------------------------------------------

void TournamentService::request(ConnectionPtr connection, identity::Identity who, Id id, Request request,
                                std::string text)
{
    on_strand([self = shared_from_this(), connection = std::move(connection), who = std::move(who), id = std::move(id),
               request = std::move(request), text = std::move(text)]() mutable {
        const auto tournament_id = std::visit([](const auto& asked) { return asked.tournament; }, request);
        const auto name = std::visit(
            [](const auto& asked) { return std::string(protocol::message_type_name(protocol::ClientMessage(asked))); },
            request);
        if (self->forwarded(connection, who, id, tournament_id, name, text)) return;
        self->handle(connection, who, std::move(id), std::move(request));
    });
}

bool TournamentService::forwarded(const ConnectionPtr& connection, const identity::Identity& who, const Id& id,
                                  std::int64_t tournament_id, std::string_view request, const std::string& text)
{
    if (!link_->clustered()) return false;
    const auto found = tournaments_.find(tournament_id);
    if (found == tournaments_.end() || runs_here(found->second)) return false;
    Tournament& tournament = found->second;
    if (tournament.holder.empty() || tournament.holder == link_->node_id()) {
        connection->send_error(id, ErrorCode::TournamentMoving,
                               std::string(request) + ": tournament " + std::to_string(tournament_id) +
                                   " is being taken over by another node; try again in a moment");
        return true;
    }
    // Its copy here tells the client of the change once the holder announces it.
    watch(tournament, connection);
    link_->publish(
        messages::RequestForwarded{link_->node_id(), tournament.holder, connection->id(), who, tournament_id, text});
    return true;
}

void TournamentService::handle(const ConnectionPtr& connection, const identity::Identity& who, Id id, Request request)
{
    std::visit(
        [&](auto&& asked) {
            using Asked = std::decay_t<decltype(asked)>;
            if constexpr (std::is_same_v<Asked, protocol::JoinTournament>)
                join(connection, who, std::move(id), std::move(asked));
            else if constexpr (std::is_same_v<Asked, protocol::WithdrawTournament>)
                withdraw(connection, who, std::move(id), asked);
            else if constexpr (std::is_same_v<Asked, protocol::StartTournament>)
                start(connection, who, std::move(id), asked);
            else if constexpr (std::is_same_v<Asked, protocol::DirectorWithdraw>)
                director_withdraw(connection, who, std::move(id), std::move(asked));
            else if constexpr (std::is_same_v<Asked, protocol::DirectorReadmit>)
                director_readmit(connection, who, std::move(id), std::move(asked));
            else if constexpr (std::is_same_v<Asked, protocol::RequestBye>)
                request_bye(connection, who, std::move(id), asked);
            else if constexpr (std::is_same_v<Asked, protocol::CancelBye>)
                cancel_bye(connection, who, std::move(id), asked);
            else if constexpr (std::is_same_v<Asked, protocol::DirectorBye>)
                director_bye(connection, who, std::move(id), std::move(asked));
            else if constexpr (std::is_same_v<Asked, protocol::DirectorPairing>)
                director_pairing(connection, who, std::move(id), std::move(asked));
            else if constexpr (std::is_same_v<Asked, protocol::DirectorResult>)
                director_result(connection, who, std::move(id), std::move(asked));
            else if constexpr (std::is_same_v<Asked, protocol::PauseTournament>)
                pause(connection, who, std::move(id), asked);
            else if constexpr (std::is_same_v<Asked, protocol::ResumeTournament>)
                resume_paused(connection, who, std::move(id), asked);
            else if constexpr (std::is_same_v<Asked, protocol::EndTournament>)
                end(connection, who, std::move(id), asked);
            else
                static_assert(sizeof(Asked) == 0, "a tournament request the service does not handle");
        },
        std::move(request));
}

// ---- the services' messages -----------------------------------------------------------------

void TournamentService::received(const messages::TournamentMessage& message)
{
    const std::string& me = link_->node_id();
    std::visit(
        [&](const auto& heard) {
            using Heard = std::decay_t<decltype(heard)>;
            if constexpr (std::is_same_v<Heard, messages::Changed>) {
                if (heard.node != me) reload(heard.tournament, heard.next_round_ms, heard.node);
            } else if constexpr (std::is_same_v<Heard, messages::RequestForwarded>) {
                if (heard.to == me) forwarded_request(heard);
            } else if constexpr (std::is_same_v<Heard, messages::BoardStartAsked>) {
                if (heard.to == me) start_asked(heard);
            } else if constexpr (std::is_same_v<Heard, messages::BoardStartAnswered>) {
                if (heard.to == me) start_answered(heard);
            } else {
                static_assert(std::is_same_v<Heard, messages::BoardGame>);
                if (heard.node != me) heard_board_game(heard);
            }
        },
        message);
}

void TournamentService::forwarded_request(const messages::RequestForwarded& forwarded)
{
    const auto client = link_->client_of(forwarded.node, forwarded.connection, forwarded.identity);
    if (!client) return;
    const protocol::DecodeLimits limits{services_.config.limits.max_message_bytes, 500, 8};
    auto decoded = protocol::decode(forwarded.text, limits);
    if (!decoded) return client->send_error(decoded.error().id, decoded.error().code, decoded.error().message);
    const auto type = std::string(protocol::message_type_name(decoded->message));
    std::optional<Request> request;
    std::visit(
        [&](auto&& message) {
            using Message = std::decay_t<decltype(message)>;
            if constexpr (changes_a_tournament<Message>) request = std::move(message);
        },
        std::move(decoded->message));
    if (!request) {
        spdlog::warn("tournaments: a {} came from node {} as a tournament request; refused", type, forwarded.node);
        return client->send_error(decoded->id, ErrorCode::BadRequest, type + ": not a request for a tournament");
    }
    const auto tournament_id = std::visit([](const auto& asked) { return asked.tournament; }, *request);
    if (tournament_id != forwarded.tournament)
        return client->send_error(decoded->id, ErrorCode::BadRequest,
                                  type + ": forwarded for tournament " + std::to_string(forwarded.tournament) +
                                      " but names tournament " + std::to_string(tournament_id));
    const auto found = tournaments_.find(tournament_id);
    if (found == tournaments_.end() || !runs_here(found->second))
        return client->send_error(decoded->id, ErrorCode::TournamentMoving,
                                  type + ": tournament " + std::to_string(tournament_id) +
                                      " is being taken over by another node; try again in a moment");
    handle(client, forwarded.identity, std::move(decoded->id), std::move(*request));
}

// ---- boards started on White's node ---------------------------------------------------------

void TournamentService::ask_start_elsewhere(const BoardRef& ref, const PresentPlayer& white, const std::string& black,
                                            int attempt)
{
    const Tournament& tournament = tournaments_.at(ref.tournament);
    const auto& created = tournament.log.tournament.created;
    const messages::BoardStartAsked asked{link_->node_id(),
                                          white.node,
                                          ref.tournament,
                                          ref.round,
                                          ref.board,
                                          white.who.nick,
                                          black,
                                          time_control_of(created),
                                          created.rated,
                                          tournament.settings.draw_offers_from_move,
                                          arena(tournament) && tournament.settings.berserk};
    const auto key = std::tuple{ref.tournament, ref.round, ref.board};
    auto& waiting = asked_starts_[key];
    waiting.attempt = attempt;
    waiting.timer = std::make_unique<net::steady_timer>(strand_, start_answer_limit);
    waiting.timer->async_wait([self = shared_from_this(), ref, key, node = white.node](boost::system::error_code e) {
        if (e) return;
        self->on_strand([self, ref, key, node] {
            const auto found = self->asked_starts_.find(key);
            if (found == self->asked_starts_.end()) return;
            const int attempt = found->second.attempt;
            self->asked_starts_.erase(found);
            self->board_start_answered(ref, attempt, std::nullopt, "White's node " + node + " did not answer");
        });
    });
    spdlog::info("tournament {}: round {} board {}: node {} is asked to start it", ref.tournament, ref.round, ref.board,
                 white.node);
    link_->publish(asked);
}

void TournamentService::start_asked(const messages::BoardStartAsked& asked)
{
    const auto key = std::tuple{asked.tournament, asked.round, asked.board};
    auto answer = [self = shared_from_this(), asked](std::optional<protocol::TableId> table, std::string refusal) {
        self->link_->publish(messages::BoardStartAnswered{self->link_->node_id(), asked.node, asked.tournament,
                                                          asked.round, asked.board, table, std::move(refusal)});
    };
    // Asked again (the answer was lost, or came late): the game started the first time is the board's.
    if (const auto found = started_for_others_.find(key); found != started_for_others_.end())
        return answer(found->second, "");
    lobby_->online_players({asked.white}, [self = shared_from_this(), asked, key, answer](auto here) {
        self->on_strand([self, asked, key, answer, here = std::move(here)] {
            const auto white = here.find(protocol::nick_key(asked.white));
            if (white == here.end())
                return answer(std::nullopt,
                              "start_game: '" + asked.white + "' is not online on node " + self->link_->node_id());
            GameStart start;
            start.challenger = white->second;
            start.challenged = asked.black;
            start.time_control = asked.time_control;
            start.challenger_color = protocol::ColorChoice::White;
            start.rated = asked.rated;
            start.tournament = true;
            start.draw_offers_from_move = asked.draw_offers_from_move;
            start.berserk_allowed = asked.berserk_allowed;
            start.room = protocol::tournament_room(asked.tournament);
            self->lobby_->start_game(std::move(start), [self, key, answer](GameStartResult started) {
                self->on_strand([self, key, answer, started = std::move(started)] {
                    if (!started) return answer(std::nullopt, started.error().message);
                    self->started_for_others_[key] = started->table;
                    answer(started->table, "");
                });
            });
        });
    });
}

void TournamentService::start_answered(const messages::BoardStartAnswered& answer)
{
    const BoardRef ref{answer.tournament, answer.round, answer.board};
    const auto found = asked_starts_.find(std::tuple{answer.tournament, answer.round, answer.board});
    if (found != asked_starts_.end()) {
        const int attempt = found->second.attempt;
        asked_starts_.erase(found);
        return board_start_answered(ref, attempt, answer.table, answer.refusal);
    }
    // Late: its time ran out, and the board was tried again or decided meanwhile.
    const db::TournamentBoardRecord* board = board_of(ref);
    const auto tournament = tournaments_.find(ref.tournament);
    if (answer.table && board && board->result == "pending" && !board->table_id && tournament != tournaments_.end() &&
        runs_here(tournament->second))
        return board_start_answered(ref, board_start_attempts, answer.table, "");
    if (answer.table)
        spdlog::warn("tournament {}: round {} board {}: the game node {} started at table {} came too late and does "
                     "not count",
                     ref.tournament, ref.round, ref.board, answer.node, *answer.table);
}

// ---- a board's game at another node's table -------------------------------------------------

void TournamentService::tell_holder(const GameBegun* begun, const FinishedBoard* finished)
{
    if (!link_->clustered()) return;
    messages::BoardGame game{link_->node_id(), 0, 0, std::nullopt, 0, false, false};
    if (begun) {
        game.game_id = begun->game_id;
        game.table = begun->table;
    }
    if (finished) {
        game.game_id = finished->game_id;
        game.table = finished->table;
        game.result = result_word(finished->result);
        game.plies = finished->plies;
        game.white_berserk = finished->white_berserk;
        game.black_berserk = finished->black_berserk;
    }
    link_->publish(game);
}

void TournamentService::heard_board_game(const messages::BoardGame& game)
{
    if (!game.result) {
        const GameBegun begun{game.game_id, game.table, true};
        if (!board_game_begun(begun)) remember_early(game.table).begun = begun;
        return;
    }
    const FinishedBoard finished{game.game_id, game.table,         *parse_result_word(*game.result),
                                 game.plies,   game.white_berserk, game.black_berserk};
    if (!board_game_finished(finished)) remember_early(game.table).finished = finished;
}

TournamentService::EarlyGame& TournamentService::remember_early(protocol::TableId table)
{
    const auto now = std::chrono::steady_clock::now();
    std::erase_if(early_, [now](const auto& entry) { return now - entry.second.at > early_game_kept; });
    auto& early = early_[table];
    early.at = now;
    return early;
}

// ---- who is online ---------------------------------------------------------------------------

void TournamentService::find_present(std::vector<std::string> nicks, std::function<void(Present)> done)
{
    lobby_->online_players(nicks, [self = shared_from_this(), nicks,
                                   done = std::move(done)](std::map<std::string, identity::Identity> here) mutable {
        Present present;
        for (auto& [key, who] : here) present.emplace(key, PresentPlayer{std::move(who), ""});
        std::vector<std::string> elsewhere;
        for (const auto& nick : nicks)
            if (!present.contains(protocol::nick_key(nick))) elsewhere.push_back(nick);
        if (!self->link_->clustered() || elsewhere.empty()) return done(std::move(present));
        // The nick leases say where the others are; the answers come on the bus's strand.
        struct Gathering {
            std::mutex mutex;
            Present present;
            std::size_t left = 0;
            std::function<void(Present)> done;
        };
        auto gathering = std::make_shared<Gathering>();
        gathering->present = std::move(present);
        gathering->left = elsewhere.size();
        gathering->done = std::move(done);
        for (const auto& nick : elsewhere)
            self->link_->locate(protocol::nick_skeleton(nick), [gathering, nick](std::optional<std::string> node) {
                std::unique_lock lock(gathering->mutex);
                if (node) {
                    identity::Identity who;
                    who.nick = nick;
                    gathering->present.emplace(protocol::nick_key(nick), PresentPlayer{std::move(who), *node});
                }
                if (--gathering->left > 0) return;
                lock.unlock();
                gathering->done(std::move(gathering->present));
            });
    });
}

} // namespace rochade::server
