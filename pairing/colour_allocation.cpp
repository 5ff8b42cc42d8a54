#include "pairing/colour_allocation.h"

#include <cstdlib>

namespace rochade::pairing {

Colour colour_of_higher(const SwissPlayer& higher, const SwissPlayer& lower, Colour initial_colour)
{
    const auto& hp = higher.preference;
    const auto& lp = lower.preference;
    // E.1: both preferences can be granted (different colours, or one of them has none).
    if (hp && (!lp || *lp != *hp)) return *hp;
    if (!hp && lp) return opposite(*lp);
    if (hp && lp) {
        // Same colour wanted. E.2: the stronger preference wins.
        if (higher.strength != lower.strength) return higher.strength > lower.strength ? *hp : opposite(*lp);
        if (higher.strength == PreferenceStrength::Absolute) {
            const int hd = std::abs(higher.colour_difference), ld = std::abs(lower.colour_difference);
            if (hd != ld) return hd > ld ? *hp : opposite(*lp);
        }
        // E.3: go back through the games they played (unplayed rounds left out, C.04.2 D.5)
        // to the latest one in which their colours differed, and alternate from it.
        const auto& hc = higher.played_colours;
        const auto& lc = lower.played_colours;
        for (std::size_t back = 1; back <= std::min(hc.size(), lc.size()); ++back)
            if (hc[hc.size() - back] != lc[lc.size() - back]) return opposite(hc[hc.size() - back]);
        // E.4: the higher ranked player's preference.
        return *hp;
    }
    // E.5: neither has a preference.
    return higher.pairing_number % 2 == 1 ? initial_colour : opposite(initial_colour);
}

} // namespace rochade::pairing
