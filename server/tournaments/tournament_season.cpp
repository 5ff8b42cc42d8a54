// A round robin played as a season (docs/tournaments.md, "A season"; issue 28 §3): a club's
// round a week. Round k opens at the start plus k-1 times the round's days and may be played
// until the next one opens, its deadline. Its games are not started at once, nor forfeited
// for absence: each starts as soon as both its players are online (and at no other game of the
// event) before the deadline; one not played by then waits for the director's result
// (director_result, with the audit log). A player withdrawn meanwhile forfeits his games not
// started (FIDE's withdrawal rule then annuls or keeps them in the standings). The next round opens at its date whatever is still
// pending in the earlier ones, and the event ends when every round is paired and every board
// decided. The dates follow from the stored start, so a restart keeps them.
#include <algorithm>

#include <spdlog/spdlog.h>

#include "server/base/wall_clock.h"
#include "server/config/server_config.h"
#include "server/lobby/lobby.h"
#include "server/table/table_services.h"
#include "server/tournaments/stored_tournament.h"
#include "server/tournaments/tournament_service.h"

namespace rochade::server {

namespace {

// How often a season looks for players who came online; a board starts within it.
constexpr std::chrono::milliseconds season_tick_interval{1000};

} // namespace

std::int64_t TournamentService::round_ms_of(const TournamentSettings& settings) const
{
    return std::int64_t{settings.round_days} * services_.config.tournament_day_ms;
}

std::optional<std::int64_t> TournamentService::round_opens_ms(const Tournament& tournament, int round)
{
    const auto& started = tournament.log.tournament.started_at_ms;
    if (!season(tournament) || !started) return std::nullopt;
    return *started + std::int64_t{round - 1} * tournament.round_ms;
}

std::optional<std::int64_t> TournamentService::round_deadline_ms(const Tournament& tournament, int round)
{
    return round_opens_ms(tournament, round + 1);
}

bool TournamentService::season_over(const Tournament& tournament)
{
    const auto& rounds = tournament.log.rounds;
    return int(rounds.size()) >= planned_rounds(tournament) &&
           std::all_of(rounds.begin(), rounds.end(), round_finished);
}

void TournamentService::arm_season_tick(Tournament& tournament)
{
    const std::int64_t tournament_id = tournament.log.tournament.created.id;
    if (!tournament.season_tick) tournament.season_tick = std::make_unique<net::steady_timer>(strand_);
    tournament.season_tick->expires_after(season_tick_interval);
    tournament.season_tick->async_wait([self = shared_from_this(), tournament_id](boost::system::error_code e) {
        if (!e) self->on_strand([self, tournament_id] { self->season_tick(tournament_id); });
    });
}

void TournamentService::season_tick(std::int64_t tournament_id)
{
    const auto found = tournaments_.find(tournament_id);
    if (found == tournaments_.end() || stopped_ || services_.shutting_down) return;
    Tournament& tournament = found->second;
    const std::string& state = tournament.log.tournament.state;
    if (state == "finished" || !runs_here(tournament)) return;
    arm_season_tick(tournament);
    if (state != "running" || tournament.pairing || tournament.changing_state) return; // paused: nothing opens
    const int next = int(tournament.log.rounds.size()) + 1;
    if (next <= planned_rounds(tournament) && wall_clock_ms() >= round_opens_ms(tournament, next).value_or(0)) {
        spdlog::info("tournament {}: round {} of the season opens", tournament_id, next);
        return pair_next_round(tournament_id); // its boards start as their players are there
    }
    std::vector<std::string> nicks;
    const auto busy = season_players_busy(tournament);
    for (const auto& round : tournament.log.rounds)
        for (const auto& board : round.boards) {
            if (!board.pairing.black_key || !season_board_open(tournament, round, board, busy)) continue;
            // Withdrawn since the round opened: the game is forfeit, never started (once stored,
            // the board is decided and not open any more).
            if (const auto forfeit = withdrawal_forfeit(tournament, board)) {
                record_result({tournament_id, round.round, board.pairing.board}, *forfeit, std::nullopt);
                continue;
            }
            for (const auto& key : {board.pairing.white_key, *board.pairing.black_key})
                if (const auto* player = player_of(tournament, key)) nicks.push_back(player->nick);
        }
    if (nicks.empty()) return;
    find_present(std::move(nicks), [self = shared_from_this(), tournament_id](Present online) {
        self->on_strand(
            [self, tournament_id, online = std::move(online)] { self->season_start_boards(tournament_id, online); });
    });
}

std::set<std::string> TournamentService::season_players_busy(const Tournament& tournament)
{
    std::set<std::string> busy;
    for (const auto& round : tournament.log.rounds)
        for (const auto& board : round.boards) {
            if (!board.pairing.black_key || board.result != "pending") continue;
            if (!board.table_id && !tournament.starting.contains({round.round, board.pairing.board})) continue;
            busy.insert(board.pairing.white_key);
            busy.insert(*board.pairing.black_key);
        }
    return busy;
}

bool TournamentService::season_board_open(const Tournament& tournament, const db::TournamentRoundRecord& round,
                                          const db::TournamentBoardRecord& board,
                                          const std::set<std::string>& busy) const
{
    if (!board.pairing.black_key || board.result != "pending" || board.table_id) return false;
    if (tournament.starting.contains({round.round, board.pairing.board})) return false;
    if (wall_clock_ms() >= round_deadline_ms(tournament, round.round).value_or(0)) return false; // the director's now
    return !busy.contains(board.pairing.white_key) && !busy.contains(*board.pairing.black_key);
}

void TournamentService::season_start_boards(std::int64_t tournament_id, const Present& online)
{
    const auto found = tournaments_.find(tournament_id);
    if (found == tournaments_.end()) return;
    Tournament& tournament = found->second;
    if (tournament.log.tournament.state != "running") return;
    auto busy = season_players_busy(tournament);
    for (const auto& round : tournament.log.rounds)
        for (const auto& board : round.boards) {
            // A start below makes both its players busy for the boards after it.
            if (!season_board_open(tournament, round, board, busy) || withdrawal_forfeit(tournament, board)) continue;
            const auto white = online.find(board.pairing.white_key);
            const auto black = online.find(*board.pairing.black_key);
            if (white == online.end() || black == online.end()) continue;
            const BoardRef ref{tournament_id, round.round, board.pairing.board};
            spdlog::info("tournament {}: round {} board {}: both players are here, the game starts", tournament_id,
                         round.round, board.pairing.board);
            tournament.starting.insert({round.round, board.pairing.board});
            busy.insert(board.pairing.white_key);
            busy.insert(*board.pairing.black_key);
            start_board(ref, white->second, black->second.who.nick, 1);
        }
}

std::set<int> TournamentService::follow_pending_games(std::int64_t tournament_id)
{
    const Tournament& tournament = tournaments_.at(tournament_id);
    std::set<int> unstarted_rounds;
    for (const auto& round : tournament.log.rounds)
        for (const auto& board : round.boards) {
            if (!board.pairing.black_key || board.result != "pending") continue;
            const BoardRef ref{tournament_id, round.round, board.pairing.board};
            if (!board.game_id) {
                unstarted_rounds.insert(round.round);
                continue;
            }
            if (board.table_id) boards_by_table_[*board.table_id] = ref;
            follow_stored_game(ref, *board.game_id);
        }
    return unstarted_rounds;
}

} // namespace rochade::server
