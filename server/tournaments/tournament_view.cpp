// What the players and watchers see of a tournament (docs/protocol.md, "Tournaments"): the
// settings and players, and once it has started every paired round with its results and the
// standings with the tie-breaks (tournament/standings.h) after the rounds whose games are all
// finished.
#include <spdlog/spdlog.h>

#include "protocol/encode.h"
#include "server/cluster/remote_connection.h"
#include "server/tournaments/stored_round_robin.h"
#include "server/tournaments/stored_tournament.h"
#include "server/tournaments/tournament_service.h"
#include "tournament/standings.h"

namespace rochade::server {

namespace {

std::string nick_of(const db::TournamentLog& log, const std::string& nick_key)
{
    for (const auto& player : log.players)
        if (player.nick_key == nick_key) return player.nick;
    return nick_key;
}

// A round robin's standings: FIDE's withdrawal rule applied, and the tie-breaks of C.07's
// recommendation for round robins (Sonneborn-Berger, direct encounter, wins).
void add_round_robin_standings(protocol::TournamentView& view, const db::TournamentLog& log)
{
    const auto schedule = round_robin_schedule(log);
    const auto* made = std::get_if<RoundRobinSchedule>(&schedule);
    if (!made) return;
    const std::vector tie_breaks{tournament::TieBreak::SonnebornBerger, tournament::TieBreak::DirectEncounter,
                                 tournament::TieBreak::Wins};
    for (const auto tie_break : tie_breaks) view.tie_breaks.emplace_back(tournament::tie_break_code(tie_break));
    const auto model = round_robin_standings_model(*made);
    for (const auto& row : tournament::standings(model, tie_breaks)) {
        const bool out = model.players[std::size_t(row.start_number - 1)].status == tournament::PlayerStatus::Withdrawn;
        view.standings.push_back({row.rank(), row.nick, row.half_points, row.tie_breaks, out});
    }
    const auto table = tournament::crosstable(model);
    view.crosstable =
        protocol::TournamentCrosstableView{table.nicks, table.cells, table.half_points, table.sonneborn_berger};
}

void add_rounds(protocol::TournamentView& view, const db::TournamentLog& log)
{
    for (const auto& round : log.rounds) {
        protocol::TournamentRoundView shown{round.round, round.paired_at_ms, {}, std::nullopt};
        for (const auto& board : round.boards) {
            protocol::TournamentBoardView item;
            item.board = board.pairing.board;
            item.white = nick_of(log, board.pairing.white_key);
            if (board.pairing.black_key) item.black = nick_of(log, *board.pairing.black_key);
            item.bye = board.pairing.bye;
            item.table = board.table_id;
            item.result = board.result;
            item.white_berserk = board.white_berserk;
            item.black_berserk = board.black_berserk;
            shown.boards.push_back(std::move(item));
        }
        view.pairings.push_back(std::move(shown));
    }
    const auto system = system_of(log.tournament.created);
    if (system == protocol::TournamentSystem::RoundRobin) return add_round_robin_standings(view, log);
    if (system == protocol::TournamentSystem::Arena) return; // TournamentService::arena_standings_of
    const auto tie_breaks = tie_breaks_of(log.tournament.created);
    for (const auto tie_break : tie_breaks) view.tie_breaks.emplace_back(tournament::tie_break_code(tie_break));
    const auto model = model_of(log);
    for (const auto& row : tournament::standings(model, tie_breaks)) {
        const auto* player = player_by_entry(log, row.start_number);
        view.standings.push_back(
            {row.rank(), row.nick, row.half_points, row.tie_breaks, player != nullptr && withdrawn(*player)});
    }
}

} // namespace

void TournamentService::watch(Tournament& tournament, const ConnectionPtr& connection)
{
    // A client of another node whose request was forwarded here watches the copy on its own node.
    if (std::dynamic_pointer_cast<cluster::RemoteConnection>(connection)) return;
    tournament.watchers[connection->id()] = connection;
}

void TournamentService::updated(Tournament& tournament)
{
    tell_watchers(tournament);
    if (link_->clustered() && runs_here(tournament))
        link_->publish(
            tournaments::Changed{link_->node_id(), tournament.log.tournament.created.id, tournament.next_round_at_ms});
}

void TournamentService::tell_watchers(Tournament& tournament)
{
    const auto frame =
        std::make_shared<const std::string>(protocol::encode_tournament_updated(view_of(tournament, true)));
    for (auto it = tournament.watchers.begin(); it != tournament.watchers.end();) {
        if (const auto connection = it->second.lock()) {
            connection->send(frame);
            ++it;
        } else {
            it = tournament.watchers.erase(it);
        }
    }
}

protocol::TournamentView TournamentService::view_of(const Tournament& tournament, bool with_players)
{
    const auto& record = tournament.log.tournament;
    const auto& created = record.created;
    protocol::TournamentView view;
    view.id = created.id;
    view.name = created.name;
    view.system = system_of(created);
    // A round robin's rounds are known once it has started and its players are fixed.
    view.rounds = view.system == protocol::TournamentSystem::Swiss ? created.rounds
                  : view.system == protocol::TournamentSystem::Arena || record.state == "registering"
                      ? 0
                      : planned_rounds(tournament);
    view.cycles = tournament.settings.cycles;
    view.time_control = time_control_of(created);
    view.rated = created.rated;
    view.director = created.director_nick;
    view.late_entry_until_round = tournament.settings.late_entry_until_round;
    view.draw_offers_from_move = tournament.settings.draw_offers_from_move;
    view.min_rating = tournament.settings.min_rating;
    view.max_rating = tournament.settings.max_rating;
    view.min_rated_games = tournament.settings.min_rated_games;
    view.invited_only = !tournament.settings.invited.empty();
    view.bots_allowed = tournament.settings.bots_allowed;
    view.password = tournament.settings.password_hash.has_value();
    view.state = record.state;
    view.created_ms = created.created_at_ms;
    view.started_ms = record.started_at_ms;
    view.finished_ms = record.finished_at_ms;
    view.rounds_paired = int(tournament.log.rounds.size());
    view.first_board_white = tournament.settings.first_board_white;
    if (record.state == "registering") view.starts_ms = tournament.settings.starts_at_ms;
    view.minutes = tournament.settings.arena_minutes;
    view.round_days = tournament.settings.round_days;
    view.berserk = tournament.settings.berserk;
    view.ends_ms = arena_ends_at_ms(tournament);
    if (record.state == "running") view.next_round_ms = tournament.next_round_at_ms;
    for (const auto& player : tournament.log.players) {
        if (!withdrawn(player)) ++view.player_count;
        if (with_players)
            view.players.push_back({player.entry, player.nick, player.rating, player.first_round, withdrawn(player),
                                    player.bye_round && *player.bye_round > int(tournament.log.rounds.size())
                                        ? player.bye_round
                                        : std::nullopt});
    }
    if (with_players && record.state != "registering") {
        add_rounds(view, tournament.log);
        for (auto& round : view.pairings) round.deadline_ms = round_deadline_ms(tournament, round.round);
        if (arena(tournament)) view.arena_standings = arena_standings_of(tournament);
    }
    return view;
}

const db::TournamentPlayerRecord* TournamentService::player_of(const Tournament& tournament,
                                                               const std::string& nick_key)
{
    for (const auto& player : tournament.log.players)
        if (player.nick_key == nick_key) return &player;
    return nullptr;
}

int TournamentService::next_round(const Tournament& tournament) { return int(tournament.log.rounds.size()) + 1; }

} // namespace rochade::server
