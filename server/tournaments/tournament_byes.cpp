// Half-point byes asked for in advance (docs/tournaments.md, "Byes on request"; FIDE C.04.1: a
// player may ask not to be paired in a round, as the event's regulations allow): a player of a
// Swiss asks for one in the next round to be paired, or takes it back, and the director gives one.
// The request is stored with the player (db::TournamentByeRequested) and read when the round is
// paired (tournament_rounds.cpp). Not in the last round, as lichess's Swiss and most club
// regulations have it; a round robin's schedule is fixed and has none.
#include <spdlog/spdlog.h>

#include "protocol/nick.h"
#include "server/tournaments/tournament_service.h"

namespace rochade::server {

using protocol::ErrorCode;

std::optional<std::string> TournamentService::bye_refusal(const Tournament& tournament,
                                                          const db::TournamentPlayerRecord* player)
{
    if (round_robin(tournament)) return "a round robin has no byes: its schedule is fixed";
    if (arena(tournament)) return "an arena has no byes: whoever waits is paired";
    const auto& state = tournament.log.tournament.state;
    if (state == "finished") return "the tournament is over";
    if (!player) return "not registered in this tournament";
    if (withdrawn(*player)) return "withdrawn from this tournament";
    const int round = next_round(tournament);
    if (tournament.pairing) return "round " + std::to_string(round) + " is being paired now";
    const int last = planned_rounds(tournament);
    if (round >= last)
        return "no bye in the last round (round " + std::to_string(last) + "), by the tournament's rules";
    return std::nullopt;
}

void TournamentService::request_bye(ConnectionPtr connection, identity::Identity who, Id id, protocol::RequestBye bye)
{
    on_strand([this, connection = std::move(connection), who = std::move(who), id = std::move(id), bye] {
        constexpr std::string_view request = "request_bye";
        Tournament* tournament = find(connection, id, bye.tournament, request);
        if (!tournament) return;
        const std::string key = protocol::nick_key(who.nick);
        const auto* player = player_of(*tournament, key);
        if (const auto refused = bye_refusal(*tournament, player))
            return connection->send_error(id, player ? ErrorCode::BadRequest : ErrorCode::NotInTournament,
                                          "request_bye: " + *refused);
        store_bye(bye.tournament, key, next_round(*tournament), {connection, id, std::string(request)});
    });
}

void TournamentService::cancel_bye(ConnectionPtr connection, identity::Identity who, Id id, protocol::CancelBye cancel)
{
    on_strand([this, connection = std::move(connection), who = std::move(who), id = std::move(id), cancel] {
        constexpr std::string_view request = "cancel_bye";
        Tournament* tournament = find(connection, id, cancel.tournament, request);
        if (!tournament) return;
        const std::string key = protocol::nick_key(who.nick);
        const auto* player = player_of(*tournament, key);
        if (!player || !player->bye_round || *player->bye_round < next_round(*tournament))
            return connection->send_error(id, ErrorCode::BadRequest,
                                          "cancel_bye: you have asked for no bye in a round not yet paired");
        if (tournament->pairing)
            return connection->send_error(id, ErrorCode::BadRequest,
                                          "cancel_bye: round " + std::to_string(*player->bye_round) +
                                              " is being paired now");
        store_bye(cancel.tournament, key, std::nullopt, {connection, id, std::string(request)});
    });
}

void TournamentService::director_bye(ConnectionPtr connection, identity::Identity who, Id id, protocol::DirectorBye bye)
{
    on_strand(
        [this, connection = std::move(connection), who = std::move(who), id = std::move(id), bye = std::move(bye)] {
            constexpr std::string_view request = "director_bye";
            Tournament* tournament = find_directed(connection, id, who, bye.tournament, request);
            if (!tournament) return;
            const std::string key = protocol::nick_key(bye.nick);
            const auto* player = player_of(*tournament, key);
            if (const auto refused = bye_refusal(*tournament, player))
                return connection->send_error(id, player ? ErrorCode::BadRequest : ErrorCode::NotInTournament,
                                              "director_bye: '" + bye.nick + "': " + *refused);
            spdlog::info("tournament {}: {} ({}) gives {} a half-point bye in round {}", bye.tournament, who.nick,
                         protocol::role_name(who.role), bye.nick, next_round(*tournament));
            store_bye(bye.tournament, key, next_round(*tournament), {connection, id, std::string(request)});
        });
}

void TournamentService::store_bye(std::int64_t tournament_id, const std::string& nick_key, std::optional<int> round,
                                  Requester requester)
{
    store_change(tournament_id, db::TournamentByeRequested{tournament_id, nick_key, round}, std::move(requester),
                 [nick_key, round](Tournament& tournament) {
                     for (auto& player : tournament.log.players)
                         if (player.nick_key == nick_key) player.bye_round = round;
                 });
}

} // namespace rochade::server
