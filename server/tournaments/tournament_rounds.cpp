// A tournament's rounds on the server (docs/tournaments.md, "Rounds on the server"): the next
// round is paired with the players online on this node at that moment (lichess's rule: who is
// not there is not paired, and has the round as a zero-point bye), stored, and each game started
// at a table of its own through the lobby, White as its opener; the table's start and end reach
// this strand through the game feed, which is where a board learns its game and its result. A
// side that does not make the first move in time loses by forfeit and is withdrawn from the next
// rounds (the director readmits him). When the last game of a round ends the next round is
// paired after the pause (`tournament_round_pause_ms`), and after the last round the event ends.
// A round robin's rounds come from its Berger schedule instead (stored_round_robin.h): everyone
// is paired, a game with a withdrawn player is a forfeit at once, a missed first move forfeits
// that game alone.
#include <algorithm>

#include <spdlog/spdlog.h>

#include "db/read_thread.h"
#include "db/store_reader.h"
#include "db/store_writer.h"
#include "protocol/nick.h"
#include "protocol/tournament_room.h"
#include "server/base/wall_clock.h"
#include "server/lobby/game_start.h"
#include "server/lobby/lobby.h"
#include "server/table/stored_courtesies.h"
#include "server/table/table_services.h"
#include "server/tournaments/stored_round_robin.h"
#include "server/tournaments/stored_tournament.h"
#include "server/tournaments/tournament_service.h"

#include "tournament/next_round.h"

namespace rochade::server {

namespace {

// A board whose game could not be started with both players online is tried again after this.
constexpr std::chrono::seconds board_start_retry{2};

} // namespace

db::TournamentBoardRecord* TournamentService::board_of(const BoardRef& ref)
{
    const auto found = tournaments_.find(ref.tournament);
    if (found == tournaments_.end()) return nullptr;
    auto& rounds = found->second.log.rounds;
    if (ref.round < 1 || ref.round > int(rounds.size())) return nullptr;
    for (auto& board : rounds[std::size_t(ref.round - 1)].boards)
        if (board.pairing.board == ref.board) return &board;
    return nullptr;
}

// ---- pairing ------------------------------------------------------------------------------

void TournamentService::pair_next_round(std::int64_t tournament_id)
{
    const auto found = tournaments_.find(tournament_id);
    if (found == tournaments_.end()) return;
    Tournament& tournament = found->second;
    if (tournament.pairing || tournament.log.tournament.state != "running" || services_.shutting_down ||
        !runs_here(tournament))
        return;
    // A season's round opens at its date, never earlier (whichever timer asks).
    if (season(tournament) &&
        wall_clock_ms() < round_opens_ms(tournament, int(tournament.log.rounds.size()) + 1).value_or(0))
        return;
    tournament.pairing = true;
    tournament.next_round_at_ms.reset();
    std::vector<std::string> nicks;
    for (const auto& player : tournament.log.players)
        if (!withdrawn(player)) nicks.push_back(player.nick);
    find_present(std::move(nicks), [self = shared_from_this(), tournament_id](Present online) {
        self->on_strand([self, tournament_id, online = std::move(online)] {
            Tournament& tournament = self->tournaments_.at(tournament_id);
            if (!self->runs_here(tournament)) {
                tournament.pairing = false;
                return;
            }
            if (arena(tournament)) return self->pair_arena_wave(tournament_id, online);
            if (round_robin(tournament)) return self->pair_round_robin_round(tournament_id, online);
            self->pair_round_with(tournament_id, online);
        });
    });
}

bool TournamentService::round_robin(const Tournament& tournament)
{
    return system_of(tournament.log.tournament.created) == protocol::TournamentSystem::RoundRobin;
}

int TournamentService::planned_rounds(const Tournament& tournament)
{
    if (!round_robin(tournament)) return tournament.log.tournament.created.rounds;
    const auto schedule = round_robin_schedule(tournament.log);
    const auto* made = std::get_if<RoundRobinSchedule>(&schedule);
    return made ? int(made->model.rounds.size()) : 0;
}

void TournamentService::pair_round_robin_round(std::int64_t tournament_id, const Present& online)
{
    Tournament& tournament = tournaments_.at(tournament_id);
    const int round = next_round(tournament);
    const auto schedule = round_robin_schedule(tournament.log);
    if (const auto* refused = std::get_if<tournament::RoundRobinError>(&schedule)) {
        // start_tournament counted the players; only a store edited by hand gets here.
        spdlog::error("tournament {}: no round robin schedule ({}); the event ends", tournament_id, refused->message);
        tournament.pairing = false;
        return finish(tournament);
    }
    const auto& made = std::get<RoundRobinSchedule>(schedule);
    if (round > int(made.model.rounds.size())) {
        tournament.pairing = false;
        return finish(tournament);
    }
    auto stored = round_robin_round(made, tournament_id, round, wall_clock_ms());
    spdlog::info("tournament {}: round robin round {} of {}: {} boards", tournament_id, round, made.model.rounds.size(),
                 stored.pairings.size());
    store_round(tournament, std::move(stored), online);
}

void TournamentService::pair_round_with(std::int64_t tournament_id, const Present& online)
{
    Tournament& tournament = tournaments_.at(tournament_id);
    const int round = next_round(tournament);
    // A player who asked for a half-point bye in this round has it, online or not.
    tournament::RoundRequests requests;
    std::set<std::string> absent;
    for (const auto& player : tournament.log.players) {
        if (player.bye_round == round && !withdrawn(player)) {
            requests.half_point_byes.push_back(player.entry);
            continue;
        }
        if (!online.contains(player.nick_key)) absent.insert(player.nick_key);
    }
    const auto paired = tournament::pair_next_swiss_round(model_of(tournament.log, absent), requests);
    if (const auto* refused = std::get_if<tournament::NextRoundError>(&paired)) {
        tournament.pairing = false;
        if (round > tournament.log.tournament.created.rounds) return finish(tournament);
        const bool someone_away =
            std::any_of(tournament.log.players.begin(), tournament.log.players.end(),
                        [&](const auto& player) { return !withdrawn(player) && absent.contains(player.nick_key); });
        // With everyone there, no pairing will ever be found (too few players left, or all have
        // met): the event ends, as lichess ends a Swiss that cannot be paired. Otherwise it is
        // tried again after the pause, when those away may be back.
        if (!someone_away) {
            spdlog::warn("tournament {}: round {} cannot be paired with everyone present ({}); the event ends",
                         tournament_id, round, refused->message);
            return finish(tournament);
        }
        spdlog::info("tournament {}: round {} is not paired yet: {}", tournament_id, round, refused->message);
        pair_after_pause(tournament);
        return updated(tournament); // the countdown starts again
    }
    auto stored = stored_round(tournament.log, round, std::get<tournament::Round>(paired), wall_clock_ms());
    const auto away =
        std::count_if(tournament.log.players.begin(), tournament.log.players.end(),
                      [&](const auto& player) { return !withdrawn(player) && absent.contains(player.nick_key); });
    spdlog::info("tournament {}: round {} paired: {} boards, {} players away", tournament_id, round,
                 stored.pairings.size(), away);
    store_round(tournament, std::move(stored), online);
}

void TournamentService::store_round(Tournament& tournament, db::TournamentRoundPaired stored, const Present& online,
                                    std::optional<Requester> requester)
{
    const std::int64_t tournament_id = tournament.log.tournament.created.id;
    const int round = stored.round;
    store_change(
        tournament_id, stored,
        requester ? std::move(*requester)
                  : Requester{nullptr, std::nullopt, "round " + std::to_string(round) + "'s pairing"},
        [self = shared_from_this(), stored, online](Tournament& tournament) {
            db::TournamentRoundRecord record{stored.round, stored.at_ms, {}};
            for (const auto& pairing : stored.pairings)
                record.boards.push_back({pairing, std::nullopt, std::nullopt, "pending", std::nullopt, false, false});
            tournament.log.rounds.push_back(std::move(record));
            self->start_boards(tournament, stored.round, online);
        },
        [](Tournament& tournament) { tournament.pairing = false; });
}

// ---- the boards' games --------------------------------------------------------------------

void TournamentService::start_boards(Tournament& tournament, int round, const Present& online)
{
    const std::int64_t tournament_id = tournament.log.tournament.created.id;
    for (const auto& board : tournament.log.rounds[std::size_t(round - 1)].boards) {
        if (!board.pairing.black_key || board.result != "pending" || board.table_id) continue;
        const BoardRef ref{tournament_id, round, board.pairing.board};
        if (const auto forfeit = withdrawal_forfeit(tournament, board)) {
            record_result(ref, *forfeit, std::nullopt);
            continue;
        }
        if (season(tournament)) continue; // its games start as their players come (season_start_boards)
        const auto white = online.find(board.pairing.white_key);
        const auto black = online.find(*board.pairing.black_key);
        if (white == online.end() || black == online.end()) {
            board_not_started(ref, "a player is not online", board_start_attempts);
            continue;
        }
        start_board(ref, white->second, black->second.who.nick, 1);
    }
    if (season(tournament)) season_start_boards(tournament_id, online);
}

void TournamentService::start_board(const BoardRef& ref, const PresentPlayer& white, const std::string& black,
                                    int attempt)
{
    Tournament& tournament = tournaments_.at(ref.tournament);
    if (!runs_here(tournament)) {
        tournament.starting.erase({ref.round, ref.board});
        return;
    }
    // White is another node's player: that node opens the table (docs/tournaments.md, "Several nodes").
    if (!white.node.empty()) return ask_start_elsewhere(ref, white, black, attempt);
    const auto& created = tournament.log.tournament.created;
    GameStart start;
    start.challenger = white.who;
    start.challenged = black;
    start.time_control = time_control_of(created);
    start.challenger_color = protocol::ColorChoice::White;
    start.rated = created.rated;
    start.tournament = true;
    start.draw_offers_from_move = tournament.settings.draw_offers_from_move;
    start.berserk_allowed = arena(tournament) && tournament.settings.berserk;
    start.room = protocol::tournament_room(ref.tournament); // its room lists the event's games
    lobby_->start_game(std::move(start), [self = shared_from_this(), ref, attempt](GameStartResult started) {
        self->on_strand([self, ref, attempt, started = std::move(started)] {
            if (started) return self->board_start_answered(ref, attempt, started->table, "");
            self->board_start_answered(ref, attempt, std::nullopt, started.error().message);
        });
    });
}

void TournamentService::board_start_answered(const BoardRef& ref, int attempt, std::optional<protocol::TableId> table,
                                             const std::string& refusal)
{
    if (const auto found = tournaments_.find(ref.tournament); found != tournaments_.end())
        found->second.starting.erase({ref.round, ref.board});
    if (!table) return board_not_started(ref, refusal, attempt);
    boards_by_table_[*table] = ref;
    spdlog::info("tournament {}: round {} board {} at table {}", ref.tournament, ref.round, ref.board, *table);
    // The table may have stored its game's start (or even its end) before this answer.
    if (auto early = early_.extract(*table)) {
        if (early.mapped().begun) board_game_begun(*early.mapped().begun);
        if (early.mapped().finished) board_game_finished(*early.mapped().finished);
    }
}

// Whoever is online now keeps the board: the other loses by forfeit (both away: both lose). With
// both online the start is tried again, a few times, before the board counts as unplayed.
std::optional<tournament::GameResult> TournamentService::withdrawal_forfeit(const Tournament& tournament,
                                                                          const db::TournamentBoardRecord& board)
{
    if (!board.pairing.black_key) return std::nullopt;
    const auto* white_player = player_of(tournament, board.pairing.white_key);
    const auto* black_player = player_of(tournament, *board.pairing.black_key);
    const bool white_out = !white_player || withdrawn(*white_player);
    const bool black_out = !black_player || withdrawn(*black_player);
    using tournament::GameResult;
    if (white_out && black_out) return GameResult::DoubleForfeit;
    if (white_out) return GameResult::BlackWinsByForfeit;
    if (black_out) return GameResult::WhiteWinsByForfeit;
    return std::nullopt;
}

void TournamentService::board_not_started(const BoardRef& ref, const std::string& why, int attempt)
{
    const db::TournamentBoardRecord* board = board_of(ref);
    if (!board || !board->pairing.black_key) return;
    const Tournament& tournament = tournaments_.at(ref.tournament);
    std::vector<std::string> nicks;
    for (const auto& player : tournament.log.players)
        if (player.nick_key == board->pairing.white_key || player.nick_key == *board->pairing.black_key)
            nicks.push_back(player.nick);
    // A season's board is tried again at the next tick while both are there, until the deadline
    // (each second: a player at another table would fill the log).
    if (season(tournament))
        return spdlog::debug("tournament {}: round {} board {} not started: {}", ref.tournament, ref.round, ref.board,
                             why);
    spdlog::warn("tournament {}: round {} board {} not started: {}", ref.tournament, ref.round, ref.board, why);
    find_present(nicks, [self = shared_from_this(), ref, attempt](Present online) {
        self->on_strand([self, ref, attempt, online = std::move(online)] {
            const db::TournamentBoardRecord* board = self->board_of(ref);
            if (!board || board->result != "pending" || board->table_id) return;
            const auto white = online.find(board->pairing.white_key);
            const auto black = online.find(*board->pairing.black_key);
            const bool white_here = white != online.end(), black_here = black != online.end();
            if (white_here && black_here && attempt < board_start_attempts) {
                auto timer = std::make_shared<net::steady_timer>(self->strand_, board_start_retry);
                return timer->async_wait([self, ref, attempt, timer, who = white->second,
                                          black = black->second.who.nick](boost::system::error_code e) {
                    if (!e) self->start_board(ref, who, black, attempt + 1);
                });
            }
            using tournament::GameResult;
            const GameResult result = white_here && !black_here   ? GameResult::WhiteWinsByForfeit
                                      : black_here && !white_here ? GameResult::BlackWinsByForfeit
                                                                  : GameResult::DoubleForfeit;
            self->record_result(ref, result, std::nullopt);
        });
    });
}

// From this node's game feed: a board this node runs, or one it started for the node that does.
void TournamentService::game_begun(const GameBegun& game)
{
    if (board_game_begun(game) || !game.tournament) return;
    remember_early(game.table).begun = game;
    tell_holder(&game, nullptr);
}

void TournamentService::game_finished(const GameFinished& game)
{
    const FinishedBoard finished{game.game_id, game.table,         board_result(game.result, game.plies),
                                 game.plies,   game.white_berserk, game.black_berserk};
    if (board_game_finished(finished) || !game.tournament) return;
    remember_early(game.table).finished = finished;
    tell_holder(nullptr, &finished);
}

bool TournamentService::board_game_begun(const GameBegun& game)
{
    const auto found = boards_by_table_.find(game.table);
    if (found == boards_by_table_.end()) return false;
    const BoardRef ref = found->second;
    const db::TournamentBoardRecord* board = board_of(ref);
    if (!board || board->game_id) return true;
    store_change(ref.tournament,
                 db::TournamentGameStarted{ref.tournament, ref.round, ref.board, game.table, game.game_id},
                 {nullptr, std::nullopt, "the start of board " + std::to_string(ref.board)},
                 [self = shared_from_this(), ref, game](Tournament&) {
                     if (auto* board = self->board_of(ref)) {
                         board->table_id = game.table;
                         board->game_id = game.game_id;
                     }
                 });
    return true;
}

bool TournamentService::board_game_finished(const FinishedBoard& game)
{
    const auto found = boards_by_table_.find(game.table);
    if (found == boards_by_table_.end()) return false;
    const BoardRef ref = found->second;
    const db::TournamentBoardRecord* board = board_of(ref);
    if (!board || !board->pairing.black_key || board->result != "pending") return true;
    const Tournament& tournament = tournaments_.at(ref.tournament);
    if (arena(tournament) && tournament.log.tournament.state == "finished") {
        // lichess's rule: a game still running when the arena ends does not count.
        spdlog::info("tournament {}: wave {} board {} ended after the arena: not counted", ref.tournament, ref.round,
                     ref.board);
        boards_by_table_.erase(game.table);
        return true;
    }
    const auto result = game.result;
    // A Swiss withdraws who missed his first move; in a round robin that would annul or forfeit
    // all his games (FIDE's withdrawal rule), so there it is this game's forfeit alone.
    std::optional<std::string> late;
    if (!round_robin(tournaments_.at(ref.tournament))) {
        if (result == tournament::GameResult::BlackWinsByForfeit) late = board->pairing.white_key;
        if (result == tournament::GameResult::WhiteWinsByForfeit) late = *board->pairing.black_key;
    }
    record_result(ref, result, late, GameFacts{game.plies, game.white_berserk, game.black_berserk});
    return true;
}

// ---- results, the next round, the end -------------------------------------------------------

void TournamentService::record_result(const BoardRef& ref, tournament::GameResult result,
                                      std::optional<std::string> late_key, std::optional<GameFacts> facts)
{
    // Heard twice (the bus, then the store): stored once.
    const auto recording = std::tuple{ref.tournament, ref.round, ref.board};
    if (!recording_.insert(recording).second) return;
    db::TournamentResultRecorded recorded{ref.tournament, ref.round,    ref.board, result_word(result),
                                          false,          std::nullopt, false,     false};
    if (facts) {
        recorded.plies = facts->plies;
        recorded.white_berserk = facts->white_berserk;
        recorded.black_berserk = facts->black_berserk;
    }
    store_change(
        ref.tournament, recorded, {nullptr, std::nullopt, "the result of board " + std::to_string(ref.board)},
        [self = shared_from_this(), ref, recorded, late_key](Tournament& tournament) {
            auto* board = self->board_of(ref);
            if (!board) return;
            board->result = recorded.result;
            board->plies = recorded.plies;
            board->white_berserk = recorded.white_berserk;
            board->black_berserk = recorded.black_berserk;
            if (board->table_id) self->boards_by_table_.erase(*board->table_id);
            spdlog::info("tournament {}: round {} board {}: {}", ref.tournament, ref.round, ref.board, recorded.result);
            // Missed the first move: out from the next round on, unless readmitted; the
            // next round waits for the withdrawal to be stored.
            const auto* late = late_key ? player_of(tournament, *late_key) : nullptr;
            if (late && !withdrawn(*late) && tournament.log.tournament.state == "running")
                return self->store_withdrawal(
                    ref.tournament, *late_key,
                    {nullptr, std::nullopt, "the withdrawal of a player who did not start his game"},
                    [self](Tournament& tournament) { self->round_settled(tournament); });
            self->round_settled(tournament);
        },
        [self = shared_from_this(), recording](Tournament&) { self->recording_.erase(recording); });
}

void TournamentService::round_settled(Tournament& tournament)
{
    if (tournament.log.tournament.state != "running" || tournament.log.rounds.empty()) return;
    if (arena(tournament)) return; // its waves follow each other by time (arena_tick), not by round
    if (season(tournament)) {      // its rounds open by date (season_tick)
        if (season_over(tournament)) finish(tournament);
        return;
    }
    if (!round_finished(tournament.log.rounds.back())) return;
    if (int(tournament.log.rounds.size()) >= planned_rounds(tournament)) return finish(tournament);
    pair_after_pause(tournament);
}

void TournamentService::pair_after_pause(Tournament& tournament)
{
    const std::int64_t tournament_id = tournament.log.tournament.created.id;
    if (!tournament.next_round) tournament.next_round = std::make_unique<net::steady_timer>(strand_);
    tournament.next_round->expires_after(std::chrono::milliseconds(services_.config.tournament_round_pause_ms));
    tournament.next_round_at_ms = wall_clock_ms() + services_.config.tournament_round_pause_ms;
    tournament.next_round->async_wait([self = shared_from_this(), tournament_id](boost::system::error_code e) {
        if (!e) self->on_strand([self, tournament_id] { self->pair_next_round(tournament_id); });
    });
}

void TournamentService::finish(Tournament& tournament)
{
    if (tournament.changing_state) return;
    tournament.changing_state = true;
    const std::int64_t tournament_id = tournament.log.tournament.created.id;
    const db::TournamentStateChanged change{tournament_id, tournament.log.tournament.state, "finished",
                                            wall_clock_ms()};
    store_change(
        tournament_id, change, {nullptr, std::nullopt, "the end of the tournament"},
        [self = shared_from_this(), change](Tournament& tournament) {
            tournament.log.tournament.state = change.to;
            tournament.log.tournament.finished_at_ms = change.at_ms;
            self->keep_room(tournament);
            spdlog::info("tournament {} finished after {} rounds", change.tournament_id, tournament.log.rounds.size());
            // No lease guards a finished event (a director's correction is taken on any node).
            self->link_->release(change.tournament_id);
        },
        [](Tournament& tournament) { tournament.changing_state = false; });
}

// ---- after a restart --------------------------------------------------------------------------

// The boards of the last round: a game still running is followed again by its table (restored
// by the router with the same id); a game that ended while nobody recorded it has its result
// read from the store; a board whose game never began is started again (or forfeited).
void TournamentService::resume(std::int64_t tournament_id)
{
    Tournament& tournament = tournaments_.at(tournament_id);
    if (arena(tournament)) return arena_resume(tournament_id);
    if (season(tournament)) {
        // Its games go on at their tables; the rounds and the waiting boards once the players
        // had the reconnect grace to come back.
        follow_pending_games(tournament_id);
        auto grace = std::make_shared<net::steady_timer>(
            strand_, std::chrono::milliseconds(services_.config.reconnect_grace_ms));
        return grace->async_wait([self = shared_from_this(), grace, tournament_id](boost::system::error_code e) {
            if (!e) self->season_tick(tournament_id);
        });
    }
    if (tournament.log.rounds.empty()) return after_players_return(tournament_id, 0);
    auto& round = tournament.log.rounds.back();
    if (round_finished(round)) return after_players_return(tournament_id, 0);
    std::vector<std::string> unstarted;
    for (const auto& board : round.boards) {
        if (!board.pairing.black_key || board.result != "pending") continue;
        const BoardRef ref{tournament_id, round.round, board.pairing.board};
        if (!board.game_id) {
            unstarted.push_back(board.pairing.white_key);
            unstarted.push_back(*board.pairing.black_key);
            continue;
        }
        if (board.table_id) boards_by_table_[*board.table_id] = ref;
        follow_stored_game(ref, *board.game_id);
    }
    if (!unstarted.empty()) after_players_return(tournament_id, round.round);
}

void TournamentService::follow_stored_game(const BoardRef& ref, std::int64_t game_id)
{
    services_.reads.read([game_id](db::StoreReader& reader) { return reader.game_log(game_id); },
                         [self = shared_from_this(), ref](db::ReadResult<std::optional<db::GameLog>> log) {
                             self->on_strand([self, ref, log = std::move(log)] {
                                 if (!log || !*log || !(*log)->end)
                                     return; // still running, or unreadable: the feed tells
                                 const db::TournamentBoardRecord* board = self->board_of(ref);
                                 if (!board || board->result != "pending") return;
                                 protocol::GameResult result;
                                 result.result = (*log)->end->result;
                                 result.termination = (*log)->end->termination;
                                 const int plies = int((*log)->moves.size());
                                 const auto courtesies = stored_courtesies((*log)->moves, (*log)->events);
                                 self->record_result(
                                     ref, board_result(result, plies), std::nullopt,
                                     GameFacts{plies, courtesies.white_berserk, courtesies.black_berserk});
                             });
                         });
}

// The players of a restarted server come back within the reconnect grace, as to their tables:
// only then is a round paired or a board's game started (or forfeited).
void TournamentService::after_players_return(std::int64_t tournament_id, int round)
{
    auto timer =
        std::make_shared<net::steady_timer>(strand_, std::chrono::milliseconds(services_.config.reconnect_grace_ms));
    timer->async_wait([self = shared_from_this(), timer, tournament_id, round](boost::system::error_code e) {
        if (e) return;
        Tournament& tournament = self->tournaments_.at(tournament_id);
        if (!self->runs_here(tournament)) return;
        if (arena(tournament) && round == 0) return self->arena_tick(tournament_id);
        if (round == 0 || (!arena(tournament) && int(tournament.log.rounds.size()) != round))
            return self->pair_next_round(tournament_id);
        std::vector<std::string> nicks;
        for (const auto& player : tournament.log.players) nicks.push_back(player.nick);
        self->find_present(std::move(nicks), [self, tournament_id, round](Present online) {
            self->on_strand([self, tournament_id, round, online = std::move(online)] {
                self->start_boards(self->tournaments_.at(tournament_id), round, online);
            });
        });
    });
}

} // namespace rochade::server
