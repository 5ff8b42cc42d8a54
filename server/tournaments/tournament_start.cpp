// A tournament's start (docs/tournaments.md, "The service"): by its director (start_tournament),
// or by the service at the start time the director set at creation, as lichess starts its
// scheduled events. Either way the entered players must be enough for the system; at a start
// time with too few the event ends unplayed (lichess cancels such an event) and its watchers see
// it finished. The store takes the start only from registering, so a director's start and the
// start time (or two nodes) cannot both start it.
#include <algorithm>

#include <spdlog/spdlog.h>

#include "server/base/wall_clock.h"
#include "server/table/table_services.h"
#include "server/tournaments/stored_tournament.h"
#include "server/tournaments/tournament_service.h"

namespace rochade::server {

std::optional<std::string> TournamentService::too_few_players(const Tournament& tournament)
{
    const auto entered = std::count_if(tournament.log.players.begin(), tournament.log.players.end(),
                                       [](const auto& player) { return !withdrawn(player); });
    const bool round_robin = TournamentService::round_robin(tournament);
    const int needed = round_robin ? protocol::min_round_robin_players : 2;
    if (entered >= needed) return std::nullopt;
    return std::string(round_robin         ? "a round robin"
                       : arena(tournament) ? "an arena"
                                           : "a Swiss") +
           " needs at least " + std::to_string(needed) + " players; " + std::to_string(entered) + " are registered";
}

void TournamentService::begin_event(Tournament& tournament, Requester requester)
{
    tournament.changing_state = true;
    if (tournament.start_timer) tournament.start_timer->cancel();
    const std::int64_t tournament_id = tournament.log.tournament.created.id;
    db::TournamentStateChanged change{tournament_id, "registering", "running", wall_clock_ms()};
    store_change(
        tournament_id, change, std::move(requester),
        [self = shared_from_this(), change](Tournament& tournament) {
            tournament.log.tournament.state = change.to;
            tournament.log.tournament.started_at_ms = change.at_ms;
            spdlog::info("tournament {} started with {} players", change.tournament_id, tournament.log.players.size());
            if (arena(tournament)) return self->arena_begin(tournament);
            if (season(tournament)) self->arm_season_tick(tournament);
            self->on_strand([self, id = change.tournament_id] { self->pair_next_round(id); });
        },
        [](Tournament& tournament) { tournament.changing_state = false; });
}

void TournamentService::schedule_start(Tournament& tournament)
{
    const auto& starts = tournament.settings.starts_at_ms;
    if (!starts || tournament.log.tournament.state != "registering") return;
    const std::int64_t tournament_id = tournament.log.tournament.created.id;
    // Past already (the server was down at the time): the players get the reconnect grace first.
    const std::int64_t ahead_ms = *starts - wall_clock_ms();
    const std::int64_t wait_ms = ahead_ms > 0 ? ahead_ms : services_.config.reconnect_grace_ms;
    if (!tournament.start_timer) tournament.start_timer = std::make_unique<net::steady_timer>(strand_);
    tournament.start_timer->expires_after(std::chrono::milliseconds(wait_ms));
    tournament.start_timer->async_wait([self = shared_from_this(), tournament_id](boost::system::error_code e) {
        if (!e) self->on_strand([self, tournament_id] { self->start_at_time(tournament_id); });
    });
}

void TournamentService::start_at_time(std::int64_t tournament_id)
{
    const auto found = tournaments_.find(tournament_id);
    if (found == tournaments_.end() || services_.shutting_down) return;
    Tournament& tournament = found->second;
    if (tournament.log.tournament.state != "registering" || !runs_here(tournament)) return; // started or ended
    if (tournament.changing_state) return schedule_start(tournament); // try again a moment later
    if (const auto too_few = too_few_players(tournament)) {
        spdlog::info("tournament {}: not started at its time: {}; it ends unplayed", tournament_id, *too_few);
        return finish(tournament);
    }
    spdlog::info("tournament {}: its start time", tournament_id);
    begin_event(tournament, {nullptr, std::nullopt, "the start at the start time"});
}

} // namespace rochade::server
