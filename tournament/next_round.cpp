#include "tournament/next_round.h"

#include <algorithm>
#include <set>

#include "pairing/dutch.h"
#include "tournament/trf_conversion.h"

namespace rochade::tournament {

namespace {

NextRoundError refused(std::size_t round, const std::string& why)
{
    return NextRoundError{"round " + std::to_string(round) + " cannot be paired: " + why};
}

} // namespace

std::variant<Round, NextRoundError> pair_next_swiss_round(const Tournament& tournament, const RoundRequests& requests)
{
    const std::size_t number = tournament.rounds.size() + 1;
    if (tournament.system != System::Swiss) return refused(number, "the tournament is not a Swiss");
    if (tournament.total_rounds > 0 && number > std::size_t(tournament.total_rounds))
        return refused(number, "all " + std::to_string(tournament.total_rounds) + " rounds are paired");
    if (const auto invalid = validate(tournament)) return refused(number, *invalid);
    for (std::size_t r = 0; r < tournament.rounds.size(); ++r) {
        const auto& games = tournament.rounds[r].games;
        for (std::size_t board = 0; board < games.size(); ++board)
            if (games[board].result == GameResult::Pending)
                return refused(number, "board " + std::to_string(board + 1) + " of round " + std::to_string(r + 1) +
                                           " is still being played");
    }
    const bool last_round = tournament.total_rounds > 0 && number == std::size_t(tournament.total_rounds);

    Round round;
    std::set<int> sitting_out;
    for (const int player : requests.half_point_byes) {
        const Player* found = tournament.player(player);
        if (!found)
            return refused(number, "player " + std::to_string(player) + " asked for a bye but is not registered");
        if (found->status != PlayerStatus::Active)
            return refused(number, found->nick + " asked for a half-point bye but takes no part in this round");
        if (last_round) return refused(number, found->nick + " asked for a half-point bye in the last round");
        if (!sitting_out.insert(player).second) continue;
        round.byes.push_back(Bye{player, ByeKind::HalfPoint});
    }
    for (const auto& player : tournament.players)
        if (player.status != PlayerStatus::Active) {
            sitting_out.insert(player.start_number);
            round.byes.push_back(Bye{player.start_number, ByeKind::ZeroPoint});
        }
    if (tournament.players.size() - sitting_out.size() < 2)
        return refused(number, "fewer than two players are there to be paired");

    // The round as the pairer sees it: byes entered, no games yet (trf_conversion.h).
    Tournament prepared = tournament;
    prepared.rounds.push_back(round);
    const auto paired = pairing::pair_dutch(to_trf(prepared));
    if (const auto* error = std::get_if<pairing::DutchError>(&paired)) return refused(number, error->message);
    const auto& pairing = std::get<pairing::DutchPairing>(paired);
    if (pairing.round != int(number))
        return refused(number, "the pairer paired round " + std::to_string(pairing.round) + " instead");
    for (const auto& board : pairing.boards) round.games.push_back(Game{board.white, board.black, GameResult::Pending});
    if (pairing.bye) round.byes.push_back(Bye{*pairing.bye, ByeKind::PairingAllocated});
    return round;
}

Tournament with_late_entry(const Tournament& tournament, std::string nick, int rating)
{
    Tournament entered = tournament;
    Player player;
    player.start_number = int(entered.players.size()) + 1;
    player.nick = std::move(nick);
    player.rating = rating;
    entered.players.push_back(std::move(player));
    for (auto& round : entered.rounds) round.byes.push_back(Bye{int(entered.players.size()), ByeKind::HalfPoint});
    return entered;
}

} // namespace rochade::tournament
