#include "tournament/round_robin.h"

#include <algorithm>

#include "pairing/berger.h"
#include "tournament/standings.h"

namespace rochade::tournament {

std::variant<Tournament, RoundRobinError> round_robin_tournament(std::string name, std::vector<Player> players,
                                                                 bool double_round)
{
    const int n = static_cast<int>(players.size());
    const auto schedule = pairing::berger_schedule(n, double_round);
    if (!schedule)
        return RoundRobinError{"a round robin needs " + std::to_string(pairing::berger_min_players) + " to " +
                               std::to_string(pairing::berger_max_players) + " players, not " + std::to_string(n)};
    Tournament t;
    t.name = std::move(name);
    t.system = double_round ? System::DoubleRoundRobin : System::RoundRobin;
    t.players = std::move(players);
    t.total_rounds = static_cast<int>(schedule->size());
    for (const pairing::BergerRound& berger : *schedule) {
        Round round;
        for (const pairing::BergerPairing& board : berger.boards)
            round.games.push_back(Game{board.white, board.black, GameResult::Pending});
        t.rounds.push_back(std::move(round));
    }
    if (auto error = validate(t)) return RoundRobinError{*error};
    return t;
}

Tournament apply_round_robin_withdrawals(const Tournament& tournament)
{
    Tournament adjusted = tournament;
    const int cycles = tournament.system == System::DoubleRoundRobin ? 2 : 1;
    const int scheduled = (static_cast<int>(tournament.players.size()) - 1) * cycles;
    for (const Player& player : tournament.players) {
        if (player.status != PlayerStatus::Withdrawn) continue;
        const auto record = record_of(tournament, player.start_number);
        const int played = static_cast<int>(
            std::count_if(record.begin(), record.end(), [](const PlayerRound& r) { return r.played(); }));
        const bool annul = 2 * played < scheduled;
        const int w = player.start_number;
        for (Round& round : adjusted.rounds) {
            if (annul) {
                std::erase_if(round.games, [w](const Game& g) { return g.white == w || g.black == w; });
                continue;
            }
            for (Game& game : round.games)
                if (game.result == GameResult::Pending && (game.white == w || game.black == w))
                    game.result = game.white == w ? GameResult::BlackWinsByForfeit : GameResult::WhiteWinsByForfeit;
        }
    }
    return adjusted;
}

namespace {

std::string mark(Outcome outcome)
{
    switch (outcome) {
    case Outcome::Win: return "1";
    case Outcome::Draw: return "½";
    case Outcome::Loss: return "0";
    case Outcome::ForfeitWin: return "+";
    case Outcome::ForfeitLoss: return "-";
    default: return "";
    }
}

} // namespace

Crosstable crosstable(const Tournament& tournament)
{
    Crosstable table;
    const std::size_t n = tournament.players.size();
    const auto rows = standings(tournament, {TieBreak::SonnebornBerger});
    table.cells.assign(n, std::vector<std::string>(n));
    table.half_points.assign(n, 0);
    table.sonneborn_berger.assign(n, 0);
    for (const StandingRow& row : rows) {
        const std::size_t i = static_cast<std::size_t>(row.start_number - 1);
        table.half_points[i] = row.half_points;
        table.sonneborn_berger[i] = row.tie_breaks[0];
    }
    for (const Player& player : tournament.players) {
        const std::size_t i = static_cast<std::size_t>(player.start_number - 1);
        table.players.push_back(player.start_number);
        table.nicks.push_back(player.nick);
        table.cells[i][i] = "X";
        for (const PlayerRound& round : record_of(tournament, player.start_number))
            if (round.opponent != 0)
                table.cells[i][static_cast<std::size_t>(round.opponent - 1)] += mark(round.outcome);
    }
    return table;
}

} // namespace rochade::tournament
