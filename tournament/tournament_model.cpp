#include "tournament/tournament_model.h"

#include <set>

namespace rochade::tournament {

const Player* Tournament::player(int start_number) const
{
    if (start_number < 1 || start_number > static_cast<int>(players.size())) return nullptr;
    return &players[static_cast<std::size_t>(start_number - 1)];
}

int half_points(Outcome outcome)
{
    switch (outcome) {
    case Outcome::Win:
    case Outcome::ForfeitWin:
    case Outcome::PairingBye: return half_points_for_win;
    case Outcome::Draw:
    case Outcome::HalfPointBye: return half_points_for_draw;
    case Outcome::Pending:
    case Outcome::Loss:
    case Outcome::ForfeitLoss:
    case Outcome::Absent: return 0;
    }
    return 0;
}

namespace {

// The outcomes of a game for White and for Black.
std::pair<Outcome, Outcome> outcomes_of(GameResult result)
{
    switch (result) {
    case GameResult::Pending: return {Outcome::Pending, Outcome::Pending};
    case GameResult::WhiteWins: return {Outcome::Win, Outcome::Loss};
    case GameResult::Draw: return {Outcome::Draw, Outcome::Draw};
    case GameResult::BlackWins: return {Outcome::Loss, Outcome::Win};
    case GameResult::WhiteWinsByForfeit: return {Outcome::ForfeitWin, Outcome::ForfeitLoss};
    case GameResult::BlackWinsByForfeit: return {Outcome::ForfeitLoss, Outcome::ForfeitWin};
    case GameResult::DoubleForfeit: return {Outcome::ForfeitLoss, Outcome::ForfeitLoss};
    }
    return {Outcome::Pending, Outcome::Pending};
}

Outcome outcome_of(ByeKind kind)
{
    switch (kind) {
    case ByeKind::PairingAllocated: return Outcome::PairingBye;
    case ByeKind::HalfPoint: return Outcome::HalfPointBye;
    case ByeKind::ZeroPoint: return Outcome::Absent;
    }
    return Outcome::Absent;
}

} // namespace

std::vector<PlayerRound> record_of(const Tournament& tournament, int start_number)
{
    std::vector<PlayerRound> record;
    record.reserve(tournament.rounds.size());
    for (const Round& round : tournament.rounds) {
        PlayerRound entry; // absent unless a game or a bye names him
        for (const Game& game : round.games) {
            const auto [white, black] = outcomes_of(game.result);
            if (game.white == start_number) entry = PlayerRound{white, game.black, true};
            if (game.black == start_number) entry = PlayerRound{black, game.white, false};
        }
        for (const Bye& bye : round.byes)
            if (bye.player == start_number) entry = PlayerRound{outcome_of(bye.kind), 0, false};
        record.push_back(entry);
    }
    return record;
}

int completed_rounds(const Tournament& tournament)
{
    int done = 0;
    for (const Round& round : tournament.rounds) {
        for (const Game& game : round.games)
            if (game.result == GameResult::Pending) return done;
        ++done;
    }
    return done;
}

std::optional<std::string> validate(const Tournament& tournament)
{
    for (std::size_t i = 0; i < tournament.players.size(); ++i) {
        const Player& p = tournament.players[i];
        if (p.start_number != static_cast<int>(i) + 1)
            return "player " + std::to_string(i + 1) + ": start number is " + std::to_string(p.start_number) +
                   ", expected " + std::to_string(i + 1);
        if (p.nick.empty()) return "player " + std::to_string(p.start_number) + ": the nick is empty";
        if (p.rating < 0) return "player " + std::to_string(p.start_number) + ": the rating is negative";
    }
    for (std::size_t r = 0; r < tournament.rounds.size(); ++r) {
        const std::string where = "round " + std::to_string(r + 1) + ": ";
        std::set<int> seen;
        auto enter = [&](int player) -> std::optional<std::string> {
            if (!tournament.player(player)) return where + "player " + std::to_string(player) + " does not exist";
            if (!seen.insert(player).second) return where + "player " + std::to_string(player) + " appears twice";
            return std::nullopt;
        };
        for (const Game& game : tournament.rounds[r].games) {
            if (game.white == game.black)
                return where + "player " + std::to_string(game.white) + " is paired with himself";
            if (auto error = enter(game.white)) return error;
            if (auto error = enter(game.black)) return error;
        }
        for (const Bye& bye : tournament.rounds[r].byes)
            if (auto error = enter(bye.player)) return error;
    }
    for (const auto& [a, b] : tournament.forbidden_pairs)
        if (!tournament.player(a) || !tournament.player(b) || a == b)
            return "forbidden pair " + std::to_string(a) + "-" + std::to_string(b) + " names no two players";
    return std::nullopt;
}

} // namespace rochade::tournament
