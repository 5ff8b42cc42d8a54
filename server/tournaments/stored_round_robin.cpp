#include "server/tournaments/stored_round_robin.h"

#include <algorithm>
#include <map>

#include "server/tournaments/stored_tournament.h"

namespace rochade::server {

bool in_round_robin_schedule(const db::TournamentPlayerRecord& player)
{
    return !player.withdrawn_from_round || *player.withdrawn_from_round > 1;
}

std::variant<RoundRobinSchedule, tournament::RoundRobinError> round_robin_schedule(const db::TournamentLog& log)
{
    std::vector<const db::TournamentPlayerRecord*> entered;
    for (const auto& player : log.players)
        if (in_round_robin_schedule(player)) entered.push_back(&player);
    std::sort(entered.begin(), entered.end(), [](const auto* a, const auto* b) { return a->entry < b->entry; });
    RoundRobinSchedule schedule;
    std::vector<tournament::Player> players;
    std::map<std::string, int> berger_of;
    for (const auto* stored : entered) {
        const int berger = int(players.size()) + 1;
        tournament::Player player;
        player.start_number = berger;
        player.nick = stored->nick;
        player.rating = stored->rating;
        if (stored->withdrawn_from_round) player.status = tournament::PlayerStatus::Withdrawn;
        players.push_back(std::move(player));
        schedule.nick_keys.push_back(stored->nick_key);
        berger_of[stored->nick_key] = berger;
    }
    auto made = tournament::round_robin_tournament(log.tournament.created.name, std::move(players),
                                                   log.tournament.created.rounds == 2);
    if (auto* error = std::get_if<tournament::RoundRobinError>(&made)) return *error;
    schedule.model = std::move(std::get<tournament::Tournament>(made));
    // The stored results, found by their two players in the round's games.
    for (const auto& round : log.rounds) {
        if (round.round < 1 || round.round > int(schedule.model.rounds.size())) continue;
        auto& games = schedule.model.rounds[std::size_t(round.round - 1)].games;
        for (const auto& board : round.boards) {
            if (!board.pairing.black_key) continue;
            const auto white = berger_of.find(board.pairing.white_key);
            const auto black = berger_of.find(*board.pairing.black_key);
            if (white == berger_of.end() || black == berger_of.end()) continue;
            for (auto& game : games)
                if (game.white == white->second && game.black == black->second)
                    game.result = parse_result_word(board.result).value_or(tournament::GameResult::Pending);
        }
    }
    return schedule;
}

db::TournamentRoundPaired round_robin_round(const RoundRobinSchedule& schedule, std::int64_t tournament_id, int round,
                                            std::int64_t at_ms)
{
    db::TournamentRoundPaired stored;
    stored.tournament_id = tournament_id;
    stored.round = round;
    stored.at_ms = at_ms;
    if (round < 1 || round > int(schedule.model.rounds.size())) return stored;
    int board = 0;
    for (const auto& game : schedule.model.rounds[std::size_t(round - 1)].games)
        stored.pairings.push_back({++board, schedule.nick_keys[std::size_t(game.white - 1)],
                                   schedule.nick_keys[std::size_t(game.black - 1)], std::nullopt});
    return stored;
}

tournament::Tournament round_robin_standings_model(const RoundRobinSchedule& schedule)
{
    return tournament::apply_round_robin_withdrawals(schedule.model);
}

} // namespace rochade::server
