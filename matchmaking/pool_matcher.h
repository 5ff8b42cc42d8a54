// The matching of one wave: the waiting players of one pool in, the games out.
//
// The idea is lila's (modules/pool): pair the closest ratings first, let the allowed rating
// difference grow with the waves a player has missed, avoid the same two players twice in a row,
// and balance colours by what each played lately. The algorithm is our own: a greedy matching
// over the candidate pairs of rating-sorted neighbours, closest difference first, which costs
// O(n log n) rather than the O(n^3) of a maximum-weight matching, and pairs the same players in
// every case that matters for a pool (neighbours in rating are the only useful partners).
#pragma once

#include <span>
#include <vector>

#include "matchmaking/waiting_player.h"

namespace rochade::matchmaking {

// The rating difference a player accepts before he has missed a wave: 130 points under 1000,
// 100 under 1500, a fifteenth of the rating from there on (lila's steps). A player whose rating
// is still uncertain (deviation above 110, provisional) accepts the widest step, 130, since his
// rating says little about his strength yet.
int base_rating_range(int rating, int deviation);

// Each wave a player has missed widens his range by this much.
inline constexpr int range_per_missed_wave = 12;

// The difference two players accept between them: the wider of their base ranges, widened by
// both players' missed waves (either one's patience helps the pair).
int allowed_rating_difference(const WaitingPlayer& a, const WaitingPlayer& b);

// The games of one wave. Registered players are paired rated among themselves, guests casual
// among themselves, by rating in both groups. A pair of last opponents is formed only when
// neither of the two can be paired with anyone else in this wave. Each player appears in at most
// one pairing; the players not in any pairing stay waiting. Deterministic: the same players give
// the same pairings.
std::vector<Pairing> match_wave(std::span<const WaitingPlayer> waiting);

// White goes to the player who had black more often lately (counting the recent colours); on a
// tie, to the one whose last game was with black; on a further tie, to the one who waited
// longer, then to the lower id.
Pairing assign_colours(const WaitingPlayer& a, const WaitingPlayer& b, bool rated);

} // namespace rochade::matchmaking
