// The director's controls of a running event (docs/protocol.md, "Tournaments"): a board's result
// set or corrected, with who and why in the audit log in the same commit; pause (no new round is
// paired; games being played go on), resume, and the end. Only the tournament's director (while he
// holds the role), a moderator or an admin; every refusal names what was wrong.
#include <algorithm>

#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "db/moderation_records.h"
#include "db/store_writer.h"
#include "protocol/role.h"
#include "server/base/wall_clock.h"
#include "server/table/table_services.h"
#include "server/tournaments/stored_tournament.h"
#include "server/tournaments/tournament_service.h"

namespace rochade::server {

using protocol::ErrorCode;

void TournamentService::director_result(ConnectionPtr connection, identity::Identity who, Id id,
                                        protocol::DirectorResult result)
{
    on_strand([this, connection = std::move(connection), who = std::move(who), id = std::move(id),
               result = std::move(result)] {
        constexpr std::string_view request = "director_result";
        Tournament* tournament = find_directed(connection, id, who, result.tournament, request);
        if (!tournament) return;
        if (tournament->log.tournament.state == "registering")
            return connection->send_error(id, ErrorCode::TournamentClosed,
                                          "director_result: the tournament has not started; no round is paired");
        const BoardRef ref{result.tournament, result.round, result.board};
        db::TournamentBoardRecord* board = board_of(ref);
        if (!board)
            return connection->send_error(id, ErrorCode::BadRequest,
                                          "director_result: round " + std::to_string(result.round) + " has no board " +
                                              std::to_string(result.board));
        if (!board->pairing.black_key)
            return connection->send_error(id, ErrorCode::BadRequest,
                                          "director_result: board " + std::to_string(result.board) + " of round " +
                                              std::to_string(result.round) + " is a bye, which has no result to set");
        if (board->result == result.result)
            return connection->send_error(id, ErrorCode::BadRequest,
                                          "director_result: the board's result is " + result.result + " already");
        const std::string before = board->result;
        db::ModerationLogged audit;
        audit.at_ms = wall_clock_ms();
        if (!who.principal.guest()) audit.actor_account = who.principal.id;
        audit.actor_nick = who.nick;
        audit.actor_role = std::string(protocol::role_name(who.role));
        audit.action = "tournament_result";
        audit.target = "tournament " + std::to_string(result.tournament) + " round " + std::to_string(result.round) +
                       " board " + std::to_string(result.board);
        audit.reason = result.reason;
        audit.detail_json = nlohmann::json{{"from", before}, {"to", result.result}}.dump(
            -1, ' ', false, nlohmann::json::error_handler_t::replace);
        const db::TournamentResultRecorded recorded{result.tournament,   result.round, result.board, result.result,
                                                    before != "pending", std::nullopt, false,        false};
        spdlog::info("tournament {}: {} ({}) sets round {} board {} from {} to {}: {}", result.tournament, who.nick,
                     protocol::role_name(who.role), result.round, result.board, before, result.result, result.reason);
        store_change(result.tournament, {db::Write(recorded), db::Write(audit)}, {connection, id, std::string(request)},
                     [self = shared_from_this(), ref, recorded](Tournament& t) {
                         auto* board = self->board_of(ref);
                         if (!board) return;
                         board->result = recorded.result;
                         // A game still being played at its table no longer decides the board.
                         if (board->table_id) self->boards_by_table_.erase(*board->table_id);
                         self->round_settled(t);
                     });
    });
}

void TournamentService::pause(ConnectionPtr connection, identity::Identity who, Id id, protocol::PauseTournament pause)
{
    on_strand([this, connection = std::move(connection), who = std::move(who), id = std::move(id), pause] {
        change_state(connection, who, id, pause.tournament, "pause_tournament", {"running"}, "paused");
    });
}

void TournamentService::resume_paused(ConnectionPtr connection, identity::Identity who, Id id,
                                      protocol::ResumeTournament resume)
{
    on_strand([this, connection = std::move(connection), who = std::move(who), id = std::move(id), resume] {
        change_state(connection, who, id, resume.tournament, "resume_tournament", {"paused"}, "running");
    });
}

void TournamentService::end(ConnectionPtr connection, identity::Identity who, Id id, protocol::EndTournament end)
{
    on_strand([this, connection = std::move(connection), who = std::move(who), id = std::move(id), end] {
        change_state(connection, who, id, end.tournament, "end_tournament", {"running", "paused"}, "finished");
    });
}

// A director's change of the event's state, from one of `from`. Games being played go on: a
// paused event pairs no new round until it is resumed, an ended one none at all (its games'
// results are still recorded).
void TournamentService::change_state(const ConnectionPtr& connection, const identity::Identity& who, const Id& id,
                                     std::int64_t tournament_id, std::string_view request,
                                     std::vector<std::string> from, std::string to)
{
    Tournament* tournament = find_directed(connection, id, who, tournament_id, request);
    if (!tournament) return;
    const std::string& state = tournament->log.tournament.state;
    if (tournament->changing_state || std::find(from.begin(), from.end(), state) == from.end())
        return connection->send_error(id,
                                      state == "registering" ? ErrorCode::TournamentClosed
                                      : state == "finished"  ? ErrorCode::TournamentClosed
                                                             : ErrorCode::BadRequest,
                                      std::string(request) + ": the tournament is " + state +
                                          (tournament->changing_state ? " and changing already" : ""));
    tournament->changing_state = true;
    const db::TournamentStateChanged change{tournament_id, state, to, wall_clock_ms()};
    spdlog::info("tournament {}: {} ({}) {}: {} -> {}", tournament_id, who.nick, protocol::role_name(who.role), request,
                 change.from, change.to);
    store_change(
        tournament_id, change, {connection, id, std::string(request)},
        [self = shared_from_this(), change](Tournament& tournament) {
            tournament.log.tournament.state = change.to;
            if (change.to == "finished") {
                tournament.log.tournament.finished_at_ms = change.at_ms;
                if (tournament.next_round) tournament.next_round->cancel();
                self->keep_room(tournament);
            }
            if (change.to == "paused" && tournament.next_round) tournament.next_round->cancel();
            if (change.to != "running") tournament.next_round_at_ms.reset();
            // Resumed: a finished round (or none paired yet) is followed by the next one.
            if (change.to == "running" && tournament.log.rounds.empty() && !arena(tournament))
                self->pair_after_pause(tournament);
            if (change.to == "running" && season(tournament)) self->arm_season_tick(tournament);
            if (change.to == "running") self->round_settled(tournament);
        },
        [](Tournament& tournament) { tournament.changing_state = false; });
}

} // namespace rochade::server
