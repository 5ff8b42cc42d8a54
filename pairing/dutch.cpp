#include "pairing/dutch.h"

#include <algorithm>
#include <functional>

#include "pairing/colour_allocation.h"
#include "pairing/completion.h"
#include "pairing/dutch_bracket.h"

namespace rochade::pairing {

namespace {

// C1 (not met before), C3 (non-topscorers with the same absolute preference do not meet) and
// the director's forbidden pairs, for every two players of the round.
std::vector<char> compatibility(const SwissRound& round)
{
    const std::size_t n = round.players.size();
    std::vector<char> allowed(n * n, 0);
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = i + 1; j < n; ++j) {
            const SwissPlayer& a = round.players[i];
            const SwissPlayer& b = round.players[j];
            bool ok = !a.opponents.contains(b.start_number);
            const auto key =
                std::make_pair(std::min(a.start_number, b.start_number), std::max(a.start_number, b.start_number));
            if (round.forbidden_pairs.contains(key)) ok = false;
            if (a.strength == PreferenceStrength::Absolute && b.strength == PreferenceStrength::Absolute &&
                a.preference == b.preference && !a.topscorer && !b.topscorer)
                ok = false;
            allowed[i * n + j] = allowed[j * n + i] = ok ? 1 : 0;
        }
    return allowed;
}

// The bye goes to a player of the lowest score group that can take it while the round is still
// paired completely (C.04.3 of 2025, the PAB assignee; bbpPairings' "bye assignee score"). A
// bracket above may not leave the bye to a higher scorer just because its own candidate is
// first: without this limit the completion check (C4) accepts any eligible player.
int lowest_bye_score(const SwissRound& round, const std::vector<int>& everybody,
                     const std::function<bool(int, int)>& compatible)
{
    std::vector<int> scores;
    for (const SwissPlayer& p : round.players)
        if (!p.bye_excluded) scores.push_back(p.score);
    std::sort(scores.begin(), scores.end());
    scores.erase(std::unique(scores.begin(), scores.end()), scores.end());
    for (int limit : scores)
        if (can_complete(everybody, compatible,
                         [&](int a) { return may_take_bye(round.players[static_cast<std::size_t>(a)], limit); }))
            return limit;
    return scores.empty() ? 0 : scores.back();
}

} // namespace

DutchResult pair_dutch(const Tournament& tournament)
{
    auto round = swiss_round_from(tournament);
    if (auto* error = std::get_if<SwissStateError>(&round)) return DutchError{error->message};
    return pair_dutch(std::get<SwissRound>(round));
}

DutchResult pair_dutch(const SwissRound& round)
{
    const int n = static_cast<int>(round.players.size());
    const std::vector<char> allowed = compatibility(round);
    std::vector<int> everybody(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) everybody[static_cast<std::size_t>(i)] = i;
    const auto compatible = [&](int a, int b) { return allowed[static_cast<std::size_t>(a * n + b)] != 0; };
    const auto bye_allowed = [&](int a) { return !round.players[static_cast<std::size_t>(a)].bye_excluded; };
    if (!can_complete(everybody, compatible, bye_allowed))
        return DutchError{"round " + std::to_string(round.round) +
                          ": no pairing meets the absolute criteria (players meeting twice, absolute colour "
                          "conflicts, forbidden pairs, a second bye)"};

    const int bye_score_limit = n % 2 == 1 ? lowest_bye_score(round, everybody, compatible) : 0;

    DutchPairing result;
    result.round = round.round;
    std::vector<std::pair<int, int>> pairs;
    std::vector<int> carried;
    for (int start = 0; start < n;) {
        int end = start;
        while (end < n && round.players[end].score == round.players[start].score) ++end;
        BracketInput bracket;
        bracket.round = &round;
        bracket.compatible = &allowed;
        bracket.members = carried;
        for (int i = start; i < end; ++i) bracket.members.push_back(i);
        std::sort(bracket.members.begin(), bracket.members.end());
        for (int i = end; i < n; ++i) bracket.lower.push_back(i);
        for (int i = end; i < n && round.players[i].score == round.players[end].score; ++i) bracket.next.push_back(i);
        bracket.last = end == n;
        bracket.bye_score_limit = bye_score_limit;
        const auto outcome = pair_bracket(bracket);
        if (!outcome)
            return DutchError{"round " + std::to_string(round.round) + ": the bracket of score " +
                              std::to_string(round.players[start].score / 10) + "." +
                              std::to_string(round.players[start].score % 10) + " cannot be paired"};
        pairs.insert(pairs.end(), outcome->pairs.begin(), outcome->pairs.end());
        carried = outcome->floaters;
        result.exhaustive = result.exhaustive && outcome->exhaustive;
        start = end;
    }
    if (carried.size() > 1)
        return DutchError{"round " + std::to_string(round.round) + ": more than one player is left unpaired"};
    if (carried.size() == 1) result.bye = round.players[carried.front()].start_number;

    // Board order: the higher score of the two first, then the lower score, then the ranking
    // of the higher ranked player.
    std::sort(pairs.begin(), pairs.end(), [&](const auto& x, const auto& y) {
        const int xs = round.players[x.first].score, ys = round.players[y.first].score;
        const int xl = round.players[x.second].score, yl = round.players[y.second].score;
        if (std::max(xs, xl) != std::max(ys, yl)) return std::max(xs, xl) > std::max(ys, yl);
        if (std::min(xs, xl) != std::min(ys, yl)) return std::min(xs, xl) > std::min(ys, yl);
        return x.first < y.first;
    });
    for (const auto& [higher, lower] : pairs) {
        const SwissPlayer& h = round.players[higher];
        const SwissPlayer& l = round.players[lower];
        const Colour colour = colour_of_higher(h, l, round.initial_colour);
        result.boards.push_back(colour == Colour::White ? Board{h.start_number, l.start_number}
                                                        : Board{l.start_number, h.start_number});
    }
    return result;
}

std::string format_pairing(const DutchPairing& pairing)
{
    std::string out = std::to_string(pairing.boards.size() + (pairing.bye ? 1 : 0)) + "\n";
    for (const Board& board : pairing.boards)
        out += std::to_string(board.white) + " " + std::to_string(board.black) + "\n";
    if (pairing.bye) out += std::to_string(*pairing.bye) + " 0\n";
    return out;
}

} // namespace rochade::pairing
