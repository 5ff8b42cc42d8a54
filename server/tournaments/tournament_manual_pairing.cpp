// The director's pairing of a Swiss's next round by hand (docs/protocol.md, "director_pairing";
// issue 28 §1): what arbiters do when a program's pairing cannot be used (a late change, a
// federation's rule). It takes the place of the Dutch pairing of that round, in the pause before
// it or while the event is paused, and is stored and played like any round. Kept to the rules a
// director may not waive: each active player once, the forbidden pairs he set himself, one
// pairing-allocated bye per player (C.04.1 c), a requested half-point bye given as asked. A
// player he leaves out is not paired (a zero-point bye), as one who is away.
#include <algorithm>
#include <set>

#include <spdlog/spdlog.h>

#include "protocol/nick.h"
#include "server/base/wall_clock.h"
#include "server/lobby/lobby.h"
#include "server/tournaments/stored_tournament.h"
#include "server/tournaments/tournament_service.h"

namespace rochade::server {

using protocol::ErrorCode;

namespace {

bool had_allocated_bye(const db::TournamentLog& log, const std::string& key)
{
    for (const auto& round : log.rounds)
        for (const auto& board : round.boards)
            if (board.pairing.white_key == key && board.pairing.bye == "pairing_allocated") return true;
    return false;
}

} // namespace

std::optional<std::string> TournamentService::manual_pairing_problem(const Tournament& tournament,
                                                                     const protocol::DirectorPairing& pairing)
{
    if (round_robin(tournament)) return std::string("a round robin's rounds follow its Berger table");
    if (arena(tournament)) return std::string("an arena pairs whoever waits");
    const auto& state = tournament.log.tournament.state;
    if (state != "running" && state != "paused") return "the tournament is " + state;
    if (tournament.pairing) return std::string("the next round is being paired already");
    const auto& rounds = tournament.log.rounds;
    if (!rounds.empty() && !round_finished(rounds.back()))
        return "round " + std::to_string(rounds.back().round) + " is still being played";
    const int round = next_round(tournament);
    if (round > planned_rounds(tournament)) return std::string("every round is paired");
    const auto& settings = tournament.settings;
    const auto check_player = [&](const std::string& nick) -> std::optional<std::string> {
        const auto* player = player_of(tournament, protocol::nick_key(nick));
        if (!player) return "'" + nick + "' is not registered";
        if (withdrawn(*player)) return "'" + nick + "' has withdrawn";
        if (player->bye_round == round)
            return "'" + nick + "' asked for a half-point bye in round " + std::to_string(round) + " and has it";
        return std::nullopt;
    };
    for (const auto& [white, black] : pairing.games) {
        for (const auto* nick : {&white, &black})
            if (auto problem = check_player(*nick)) return problem;
        const auto a = protocol::nick_key(white), b = protocol::nick_key(black);
        for (const auto& [first, second] : settings.forbidden_pairs)
            if ((first == a && second == b) || (first == b && second == a))
                return "'" + white + "' and '" + black + "' must never meet (the tournament's forbidden pairs)";
    }
    if (pairing.bye) {
        if (auto problem = check_player(*pairing.bye)) return problem;
        if (had_allocated_bye(tournament.log, protocol::nick_key(*pairing.bye)))
            return "'" + *pairing.bye + "' had the pairing-allocated bye already (one per player, C.04.1 c)";
    }
    return std::nullopt;
}

void TournamentService::director_pairing(ConnectionPtr connection, identity::Identity who, Id id,
                                         protocol::DirectorPairing pairing)
{
    on_strand([this, connection = std::move(connection), who = std::move(who), id = std::move(id),
               pairing = std::move(pairing)] {
        constexpr std::string_view request = "director_pairing";
        Tournament* tournament = find_directed(connection, id, who, pairing.tournament, request);
        if (!tournament) return;
        if (const auto problem = manual_pairing_problem(*tournament, pairing))
            return connection->send_error(id, ErrorCode::BadRequest, "director_pairing: " + *problem);
        const int round = next_round(*tournament);
        db::TournamentRoundPaired stored{pairing.tournament, round, {}, wall_clock_ms()};
        std::set<std::string> placed;
        int board = 1;
        for (const auto& [white, black] : pairing.games) {
            stored.pairings.push_back({board++, protocol::nick_key(white), protocol::nick_key(black), std::nullopt});
            placed.insert(protocol::nick_key(white));
            placed.insert(protocol::nick_key(black));
        }
        if (pairing.bye) {
            stored.pairings.push_back({board++, protocol::nick_key(*pairing.bye), std::nullopt, "pairing_allocated"});
            placed.insert(protocol::nick_key(*pairing.bye));
        }
        for (const auto& player : tournament->log.players) {
            if (withdrawn(player) || placed.contains(player.nick_key)) continue;
            const bool asked = player.bye_round == round;
            stored.pairings.push_back(
                {board++, player.nick_key, std::nullopt, std::string(asked ? "half_point" : "zero_point")});
        }
        spdlog::info("tournament {}: {} ({}) pairs round {} by hand: {} games", pairing.tournament, who.nick,
                     protocol::role_name(who.role), round, pairing.games.size());
        // The pause's timer would pair the round again: it is taken over here.
        tournament->pairing = true;
        if (tournament->next_round) tournament->next_round->cancel();
        tournament->next_round_at_ms.reset();
        std::vector<std::string> nicks;
        for (const auto& player : tournament->log.players)
            if (placed.contains(player.nick_key)) nicks.push_back(player.nick);
        find_present(
            std::move(nicks), [self = shared_from_this(), stored = std::move(stored), connection, id](Present online) {
                self->on_strand([self, stored, connection, id, online = std::move(online)] {
                    Tournament& tournament = self->tournaments_.at(stored.tournament_id);
                    self->store_round(tournament, stored, online, Requester{connection, id, "director_pairing"});
                });
            });
    });
}

} // namespace rochade::server
