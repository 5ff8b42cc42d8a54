#include "tournament/arena_pairing.h"

#include <algorithm>
#include <cstdlib>

namespace rochade::tournament {

int arena_pairing_cutoff_seconds(int base_time_seconds) { return std::max(30, std::min(base_time_seconds / 2, 120)); }

namespace {

bool just_played(const WaitingPlayer& a, const WaitingPlayer& b)
{
    return a.last_opponent == b.id || b.last_opponent == a.id;
}

// White to the one who had fewer whites; on equal balance, to the higher ranked.
ArenaPair with_colours(const WaitingPlayer& a, const WaitingPlayer& b)
{
    if (a.whites_minus_blacks != b.whites_minus_blacks)
        return a.whites_minus_blacks < b.whites_minus_blacks ? ArenaPair{a.id, b.id} : ArenaPair{b.id, a.id};
    return a.rank <= b.rank ? ArenaPair{a.id, b.id} : ArenaPair{b.id, a.id};
}

} // namespace

std::vector<ArenaPair> arena_pairings(std::vector<WaitingPlayer> waiting, int seconds_to_finish, int base_time_seconds)
{
    std::vector<ArenaPair> pairs;
    if (seconds_to_finish < arena_pairing_cutoff_seconds(base_time_seconds)) return pairs;
    std::sort(waiting.begin(), waiting.end(), [](const WaitingPlayer& a, const WaitingPlayer& b) {
        return a.rank != b.rank ? a.rank < b.rank : a.id < b.id;
    });
    std::vector<bool> taken(waiting.size(), false);
    for (std::size_t i = 0; i < waiting.size(); ++i) {
        if (taken[i]) continue;
        std::optional<std::size_t> best;
        auto nearer = [&](std::size_t a, std::size_t b) {
            const int da = std::abs(waiting[a].rank - waiting[i].rank),
                      db = std::abs(waiting[b].rank - waiting[i].rank);
            if (da != db) return da < db;
            const int ra = std::abs(waiting[a].rating - waiting[i].rating),
                      rb = std::abs(waiting[b].rating - waiting[i].rating);
            if (ra != rb) return ra < rb;
            return waiting[a].rank < waiting[b].rank;
        };
        for (std::size_t j = 0; j < waiting.size(); ++j) {
            if (j == i || taken[j] || just_played(waiting[i], waiting[j])) continue;
            if (!best || nearer(j, *best)) best = j;
        }
        if (!best) continue;
        taken[i] = taken[*best] = true;
        pairs.push_back(with_colours(waiting[i], waiting[*best]));
    }
    return pairs;
}

} // namespace rochade::tournament
