// The Arena on the server (docs/tournaments.md, "Arena"; the rules are tournament/arena_*.h).
// Once started it runs for its minutes: every few seconds the players online, registered and not
// playing a game of the arena are paired (tournament::arena_pairings: by standings, never with
// the last opponent, none in the last stretch), and the pairs are stored as the next wave (a
// round of the store) and started at tables like a Swiss's boards. A finished game sends both
// players back to the waiting list. At the end the event finishes; a game still running then
// does not count, as on lichess. Scores come from the boards' results with each game's length
// and berserks (tournament::arena_standings).
#include <algorithm>

#include <spdlog/spdlog.h>

#include "db/read_thread.h"
#include "db/store_reader.h"
#include "server/base/wall_clock.h"
#include "server/lobby/lobby.h"
#include "server/table/stored_courtesies.h"
#include "server/table/table_services.h"
#include "server/tournaments/stored_tournament.h"
#include "server/tournaments/tournament_service.h"
#include "tournament/arena_pairing.h"
#include "tournament/arena_sheet.h"

namespace rochade::server {

namespace {

// How often a wave is tried: the "short wait" after a game before the next pairing (lila pairs
// its arenas every few seconds).
constexpr std::chrono::seconds arena_wave_interval{2};

// The board's stored result from one side; a double forfeit is a loss for both.
tournament::ArenaResult result_for(const std::string& word, bool white)
{
    using tournament::ArenaResult;
    using tournament::GameResult;
    const auto result = parse_result_word(word).value_or(GameResult::Pending);
    if (result == GameResult::Draw) return ArenaResult::Draw;
    const bool white_won = result == GameResult::WhiteWins || result == GameResult::WhiteWinsByForfeit;
    const bool black_won = result == GameResult::BlackWins || result == GameResult::BlackWinsByForfeit;
    return (white ? white_won : black_won) ? ArenaResult::Win : ArenaResult::Loss;
}

std::string rank_text(int first, int last)
{
    return first == last ? std::to_string(first) : std::to_string(first) + "-" + std::to_string(last);
}

// Every player's finished arena games, oldest first (waves in order, boards in order).
std::vector<tournament::ArenaEntry> arena_entries(const db::TournamentLog& log)
{
    std::map<std::string, int> rating_of;
    for (const auto& player : log.players) rating_of[player.nick_key] = player.rating;
    std::vector<tournament::ArenaEntry> entries;
    std::map<std::string, std::size_t> index_of;
    for (const auto& player : log.players) {
        index_of[player.nick_key] = entries.size();
        entries.push_back(tournament::ArenaEntry{player.nick_key, player.rating, {}});
    }
    for (const auto& round : log.rounds)
        for (const auto& board : round.boards) {
            if (!board.pairing.black_key || board.result == "pending") continue;
            const std::string& white = board.pairing.white_key;
            const std::string& black = *board.pairing.black_key;
            const int plies = board.plies.value_or(0);
            if (const auto at = index_of.find(white); at != index_of.end())
                entries[at->second].games.push_back(
                    {result_for(board.result, true), plies, board.white_berserk, rating_of[black]});
            if (const auto at = index_of.find(black); at != index_of.end())
                entries[at->second].games.push_back(
                    {result_for(board.result, false), plies, board.black_berserk, rating_of[white]});
        }
    return entries;
}

// The players in a game of the arena now (a pending board).
std::set<std::string> playing_now(const db::TournamentLog& log)
{
    std::set<std::string> playing;
    for (const auto& round : log.rounds)
        for (const auto& board : round.boards)
            if (board.pairing.black_key && board.result == "pending") {
                playing.insert(board.pairing.white_key);
                playing.insert(*board.pairing.black_key);
            }
    return playing;
}

} // namespace

bool TournamentService::arena(const Tournament& tournament)
{
    return system_of(tournament.log.tournament.created) == protocol::TournamentSystem::Arena;
}

std::optional<std::int64_t> TournamentService::arena_ends_at_ms(const Tournament& tournament)
{
    const auto& started = tournament.log.tournament.started_at_ms;
    if (!arena(tournament) || !started) return std::nullopt;
    return *started + std::int64_t{tournament.settings.arena_minutes} * 60'000;
}

std::vector<protocol::TournamentArenaStandingView> TournamentService::arena_standings_of(const Tournament& tournament)
{
    const auto& log = tournament.log;
    const auto playing = log.tournament.state == "finished" ? std::set<std::string>{} : playing_now(log);
    std::vector<protocol::TournamentArenaStandingView> rows;
    for (const auto& standing : tournament::arena_standings(arena_entries(log))) {
        const auto* player = player_of(tournament, standing.id);
        if (!player) continue;
        protocol::TournamentArenaStandingView row;
        row.rank = rank_text(standing.rank_first, standing.rank_last);
        row.nick = player->nick;
        row.score = standing.score;
        row.performance = standing.performance;
        row.sheet = standing.sheet;
        row.on_fire = standing.on_fire;
        row.games = standing.games;
        row.playing = playing.contains(standing.id);
        row.withdrawn = withdrawn(*player);
        rows.push_back(std::move(row));
    }
    return rows;
}

void TournamentService::arena_begin(Tournament& tournament)
{
    const std::int64_t tournament_id = tournament.log.tournament.created.id;
    if (!arm_arena_end(tournament)) return;
    spdlog::info("tournament {}: the arena runs {} minutes", tournament_id, tournament.settings.arena_minutes);
    arena_tick(tournament_id);
}

bool TournamentService::arm_arena_end(Tournament& tournament)
{
    const std::int64_t tournament_id = tournament.log.tournament.created.id;
    const auto ends = arena_ends_at_ms(tournament);
    if (!ends) return false;
    if (!tournament.arena_end) tournament.arena_end = std::make_unique<net::steady_timer>(strand_);
    tournament.arena_end->expires_after(std::chrono::milliseconds(std::max<std::int64_t>(*ends - wall_clock_ms(), 0)));
    tournament.arena_end->async_wait([self = shared_from_this(), tournament_id](boost::system::error_code e) {
        if (e) return;
        self->on_strand([self, tournament_id] {
            const auto found = self->tournaments_.find(tournament_id);
            if (found != self->tournaments_.end() && found->second.log.tournament.state != "finished")
                self->finish(found->second);
        });
    });
    return true;
}

// A wave is tried now if the arena runs and none is being paired, and again after the interval,
// until the arena is over. The end is also checked here, so an end the timer tried while the
// director was changing the state is taken at the next tick.
void TournamentService::arena_tick(std::int64_t tournament_id)
{
    const auto found = tournaments_.find(tournament_id);
    if (found == tournaments_.end() || stopped_ || services_.shutting_down) return;
    Tournament& tournament = found->second;
    if (tournament.log.tournament.state == "finished" || !runs_here(tournament)) return;
    const auto ends = arena_ends_at_ms(tournament);
    if (ends && wall_clock_ms() >= *ends)
        finish(tournament);
    else if (tournament.log.tournament.state == "running" && !tournament.pairing)
        pair_next_round(tournament_id);
    if (!tournament.arena_wave) tournament.arena_wave = std::make_unique<net::steady_timer>(strand_);
    tournament.arena_wave->expires_after(arena_wave_interval);
    tournament.arena_wave->async_wait([self = shared_from_this(), tournament_id](boost::system::error_code e) {
        if (!e) self->on_strand([self, tournament_id] { self->arena_tick(tournament_id); });
    });
}

void TournamentService::pair_arena_wave(std::int64_t tournament_id, const Present& online)
{
    Tournament& tournament = tournaments_.at(tournament_id);
    const auto ends = arena_ends_at_ms(tournament);
    const std::int64_t now = wall_clock_ms();
    if (tournament.log.tournament.state != "running" || !ends || now >= *ends) {
        tournament.pairing = false;
        return;
    }
    const auto playing = playing_now(tournament.log);
    // The last opponent of each, and how many more whites than blacks, from the waves in order.
    std::map<std::string, std::string> last_opponent;
    std::map<std::string, int> whites_minus_blacks;
    for (const auto& round : tournament.log.rounds)
        for (const auto& board : round.boards) {
            if (!board.pairing.black_key) continue;
            last_opponent[board.pairing.white_key] = *board.pairing.black_key;
            last_opponent[*board.pairing.black_key] = board.pairing.white_key;
            ++whites_minus_blacks[board.pairing.white_key];
            --whites_minus_blacks[*board.pairing.black_key];
        }
    std::map<std::string, int> rank_of;
    for (const auto& standing : tournament::arena_standings(arena_entries(tournament.log)))
        rank_of[standing.id] = standing.rank_first;
    std::vector<tournament::WaitingPlayer> waiting;
    for (const auto& player : tournament.log.players) {
        if (withdrawn(player) || !online.contains(player.nick_key) || playing.contains(player.nick_key)) continue;
        tournament::WaitingPlayer one;
        one.id = player.nick_key;
        one.rank = rank_of[player.nick_key];
        one.rating = player.rating;
        if (const auto last = last_opponent.find(player.nick_key); last != last_opponent.end())
            one.last_opponent = last->second;
        one.whites_minus_blacks = whites_minus_blacks[player.nick_key];
        waiting.push_back(std::move(one));
    }
    const auto& time_control = time_control_of(tournament.log.tournament.created);
    const int base_seconds =
        time_control.stages.empty() ? 0 : static_cast<int>(time_control.stages.front().time_ms / 1000);
    const auto pairs =
        tournament::arena_pairings(std::move(waiting), static_cast<int>((*ends - now) / 1000), base_seconds);
    if (pairs.empty()) {
        tournament.pairing = false;
        return;
    }
    db::TournamentRoundPaired stored{tournament_id, int(tournament.log.rounds.size()) + 1, {}, now};
    int board = 1;
    for (const auto& pair : pairs)
        stored.pairings.push_back(db::TournamentPairing{board++, pair.white, pair.black, std::nullopt});
    spdlog::info("tournament {}: arena wave {}: {} games", tournament_id, stored.round, stored.pairings.size());
    store_round(tournament, std::move(stored), online);
}

// Every pending board: a game that ended unseen has its result read (with its length and
// berserks), a running one is followed by its table again, one never begun is started again
// once the players are back; then the waves go on (or the arena ends, if its time is past).
void TournamentService::arena_resume(std::int64_t tournament_id)
{
    Tournament& tournament = tournaments_.at(tournament_id);
    const std::set<int> unstarted_rounds = follow_pending_games(tournament_id);
    if (tournament.log.tournament.state != "running" && tournament.log.tournament.state != "paused") return;
    arm_arena_end(tournament);
    for (const int round : unstarted_rounds) after_players_return(tournament_id, round);
    after_players_return(tournament_id, 0); // then the waves go on (arena_tick)
}

} // namespace rochade::server
