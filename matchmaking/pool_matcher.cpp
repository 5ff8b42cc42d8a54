#include "matchmaking/pool_matcher.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <tuple>

namespace rochade::matchmaking {

namespace {

// A rating's neighbours in sorted order are its only useful partners: the closest difference is
// always among them. Looking at this many on each side keeps the candidate list linear in the
// number of players while leaving room to step round a player's last opponent and round
// neighbours already taken by a closer pair.
constexpr std::size_t neighbours_considered = 12;

constexpr int provisional_deviation = 110;

// One pair the wave could form, with its priority packed into one integer so that sorting
// thousands of them compares integers: fresh pairs before rematches, then the closest
// ratings, then the pair that has waited longer. Ties fall to the order of arrival (the index in
// the waiting list), which makes the result deterministic.
struct CandidatePair {
    std::uint64_t priority;
    std::size_t first; // indices into `waiting`
    std::size_t second;

    bool operator<(const CandidatePair& other) const
    {
        return std::tie(priority, first, second) < std::tie(other.priority, other.first, other.second);
    }
};

std::uint64_t pair_priority(bool rematch, int rating_difference, int waves_missed_together)
{
    const auto waited = std::uint64_t(std::clamp(waves_missed_together, 0, 0xFFFF));
    return (std::uint64_t(rematch) << 48) | (std::uint64_t(rating_difference) << 16) | (0xFFFF - waited);
}

bool are_last_opponents(const WaitingPlayer& a, const WaitingPlayer& b)
{
    return a.last_opponent == b.id || b.last_opponent == a.id;
}

// Pairs one group (registered or guests) among itself and appends its games to `games`.
void match_group(std::span<const WaitingPlayer> waiting, std::vector<std::size_t> group, bool rated,
                 std::vector<Pairing>& games)
{
    std::sort(group.begin(), group.end(), [&](std::size_t x, std::size_t y) {
        return std::tie(waiting[x].rating, waiting[x].id) < std::tie(waiting[y].rating, waiting[y].id);
    });

    std::vector<CandidatePair> candidates;
    candidates.reserve(group.size() * 4);
    for (std::size_t i = 0; i < group.size(); ++i) {
        const WaitingPlayer& a = waiting[group[i]];
        const std::size_t last = std::min(group.size(), i + 1 + neighbours_considered);
        for (std::size_t j = i + 1; j < last; ++j) {
            const WaitingPlayer& b = waiting[group[j]];
            const int difference = b.rating - a.rating; // sorted: never negative
            if (difference > allowed_rating_difference(a, b)) continue;
            candidates.push_back({pair_priority(are_last_opponents(a, b), difference, a.waves_missed + b.waves_missed),
                                  group[i], group[j]});
        }
    }

    std::sort(candidates.begin(), candidates.end());

    std::vector<bool> paired(waiting.size(), false);
    for (const CandidatePair& pair : candidates) {
        if (paired[pair.first] || paired[pair.second]) continue;
        paired[pair.first] = paired[pair.second] = true;
        games.push_back(assign_colours(waiting[pair.first], waiting[pair.second], rated));
    }
}

// Whites minus blacks among the recent colours: positive means he owes a game with black.
int colour_balance(const WaitingPlayer& player)
{
    int balance = 0;
    for (SeatColour colour : player.recent_colours) balance += colour == SeatColour::White ? 1 : -1;
    return balance;
}

} // namespace

int base_rating_range(int rating, int deviation)
{
    if (deviation > provisional_deviation || rating < 1000) return 130;
    if (rating < 1500) return 100;
    return rating / 15;
}

int allowed_rating_difference(const WaitingPlayer& a, const WaitingPlayer& b)
{
    return std::max(base_rating_range(a.rating, a.deviation), base_rating_range(b.rating, b.deviation)) +
           range_per_missed_wave * (a.waves_missed + b.waves_missed);
}

Pairing assign_colours(const WaitingPlayer& a, const WaitingPlayer& b, bool rated)
{
    // Sorts the two so that the first one gets white.
    const auto white_first = [](const WaitingPlayer& x, const WaitingPlayer& y) {
        if (colour_balance(x) != colour_balance(y)) return colour_balance(x) < colour_balance(y);
        const bool x_last_black = !x.recent_colours.empty() && x.recent_colours.back() == SeatColour::Black;
        const bool y_last_black = !y.recent_colours.empty() && y.recent_colours.back() == SeatColour::Black;
        if (x_last_black != y_last_black) return x_last_black;
        if (x.waves_missed != y.waves_missed) return x.waves_missed > y.waves_missed;
        return x.id < y.id;
    };
    if (white_first(a, b)) return {a.id, b.id, rated};
    return {b.id, a.id, rated};
}

std::vector<Pairing> match_wave(std::span<const WaitingPlayer> waiting)
{
    std::vector<std::size_t> registered;
    std::vector<std::size_t> guests;
    for (std::size_t i = 0; i < waiting.size(); ++i) (waiting[i].registered ? registered : guests).push_back(i);

    std::vector<Pairing> games;
    games.reserve(waiting.size() / 2);
    match_group(waiting, std::move(registered), true, games);
    match_group(waiting, std::move(guests), false, games);
    return games;
}

} // namespace rochade::matchmaking
