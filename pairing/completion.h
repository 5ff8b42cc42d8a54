// C.04.3 C4 (completion): can a set of players still be paired among themselves, every pair
// allowed by the absolute criteria, with at most one pairing-allocated bye to a player allowed
// to receive it? A maximum-cardinality matching on a general graph (Edmonds' blossom algorithm).
#pragma once

#include <functional>
#include <vector>

namespace rochade::pairing {

// `players` are indices; `compatible(a, b)` says whether a and b may meet; `bye_allowed(a)`
// whether a may get the bye. With an even number of players nobody gets the bye.
bool can_complete(const std::vector<int>& players, const std::function<bool(int, int)>& compatible,
                  const std::function<bool(int)>& bye_allowed);

// The matching itself, for tests: partner[i] is the index (into `vertices`) of i's partner or -1.
std::vector<int> maximum_matching(int vertices, const std::vector<std::vector<int>>& neighbours);

} // namespace rochade::pairing
