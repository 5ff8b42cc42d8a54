#include "pairing/dutch_bracket.h"

#include <algorithm>
#include <array>
#include <climits>
#include <cstdlib>
#include <map>

#include "pairing/colour_allocation.h"
#include "pairing/completion.h"
#include "pairing/next_bracket.h"

namespace rochade::pairing {

namespace {

// The quality of a candidate as counts, compared lexicographically in the order of C.04.3 C5
// to C19; lower is better. The PSD (C6) is held as counts per score difference, largest
// difference first: for candidates with the same number of pairs, comparing those counts is
// comparing the sorted difference lists as C6 asks. Every entry only grows as a candidate is
// built, so a partial candidate already worse than the best complete one can be abandoned.
constexpr int psd_slots = 16;
enum Criterion : int {
    unpaired = 0,                          // C5
    psd_first = 1,                         // C6, psd_slots entries
    next_bracket_unpaired = 1 + psd_slots, // C7: players of the next bracket left unpaired
    bye_unplayed_rounds,                   // the bye to one who played most (2025)
    topscorer_colour_difference,           // C8
    topscorer_same_colour_thrice,          // C9
    colour_preference_missed,              // C10
    strong_preference_missed,              // C11
    downfloat_again,                       // C12
    upfloat_again,                         // C13
    downfloat_two_rounds_ago,              // C14
    upfloat_two_rounds_ago,                // C15
    downfloat_again_score,                 // C16
    upfloat_again_score,                   // C17
    downfloat_two_rounds_ago_score,        // C18
    upfloat_two_rounds_ago_score,          // C19
    criteria_count
};
using Quality = std::array<int, criteria_count>;

// Exchanges between S1 and S2 are tried in the order of C.04.3 D.3 (fewest players exchanged,
// smallest difference of the BSN sums moved, the highest BSN moved out of S1, the lowest BSN
// moved out of S2). Brackets larger than this try no exchanges before the exhaustive search.
constexpr std::size_t exchange_limit = 40;

class BracketSearch {
public:
    explicit BracketSearch(const BracketInput& input) : in_(input), round_(*input.round)
    {
        n_ = static_cast<int>(round_.players.size());
        lowest_score_ = round_.players[in_.members.back()].score;
        for (int m : in_.members) (round_.players[m].score > lowest_score_ ? mdps_ : residents_).push_back(m);
        std::vector<int> diffs;
        for (int a : in_.members) {
            diffs.push_back(floater_difference(a));
            for (int b : in_.members) diffs.push_back(std::abs(round_.players[a].score - round_.players[b].score));
        }
        std::sort(diffs.begin(), diffs.end(), std::greater<>());
        diffs.erase(std::unique(diffs.begin(), diffs.end()), diffs.end());
        // Indexed by the difference itself (tenths, never negative): a map lookup per pair
        // was a visible share of the search.
        psd_slot_.assign(static_cast<std::size_t>(diffs.front()) + 1, psd_slots - 1);
        for (std::size_t i = 0; i < diffs.size(); ++i)
            psd_slot_[static_cast<std::size_t>(diffs[i])] = std::min<int>(static_cast<int>(i), psd_slots - 1);
        best_.fill(INT_MAX);
        lower_bound_ = quality_lower_bound();
        used_.assign(static_cast<std::size_t>(n_), 0);
    }

    std::optional<BracketOutcome> run()
    {
        // Two passes: first only the Handbook's candidates (transpositions and exchanges) for
        // every choice of the MDPs' opponents, then everything. One pass would exhaust the
        // remainder's every pairing under the first MDP choice before trying the second, which
        // in a bracket of 15 spends the whole budget on a branch a later choice beats at once.
        Quality start{};
        search_mdps(0, start);
        exhaustive_pass_ = true;
        if (!stop_) search_mdps(0, start);
        if (!found_) return matching_candidate();
        return BracketOutcome{best_pairs_, best_floaters_, !budget_spent_};
    }

    // When the budget ran out before any candidate kept the round completable: a maximum
    // matching of the bracket and everything below it. Its pairs inside the bracket are a
    // candidate, its members matched below (or to the bye) float, and C4 holds by construction.
    std::optional<BracketOutcome> matching_candidate() const
    {
        std::vector<int> everyone = in_.members;
        everyone.insert(everyone.end(), in_.lower.begin(), in_.lower.end());
        const int count = static_cast<int>(everyone.size());
        const bool odd = count % 2 == 1;
        std::vector<std::vector<int>> neighbours(static_cast<std::size_t>(count + (odd ? 1 : 0)));
        for (int i = 0; i < count; ++i) {
            for (int j = i + 1; j < count; ++j)
                if (compatible(everyone[i], everyone[j])) {
                    neighbours[i].push_back(j);
                    neighbours[j].push_back(i);
                }
            if (odd && may_take_bye(round_.players[everyone[i]], in_.bye_score_limit)) {
                neighbours[i].push_back(count);
                neighbours[count].push_back(i);
            }
        }
        const auto partner = maximum_matching(static_cast<int>(neighbours.size()), neighbours);
        BracketOutcome outcome;
        outcome.exhaustive = false;
        const int members = static_cast<int>(in_.members.size());
        for (int i = 0; i < members; ++i) {
            const int p = partner[i];
            if (p == -1) return std::nullopt; // no complete pairing at all
            if (p < members) {
                if (i < p) outcome.pairs.emplace_back(everyone[i], everyone[p]);
            } else {
                outcome.floaters.push_back(everyone[i]);
            }
        }
        if (in_.last && outcome.floaters.size() > 1) return std::nullopt;
        return outcome;
    }

private:
    bool compatible(int a, int b) const { return (*in_.compatible)[static_cast<std::size_t>(a * n_ + b)] != 0; }

    // A downfloater's difference is taken against an artificial opponent one point below the
    // bracket's lowest score (C.04.3 A.8).
    int floater_difference(int a) const { return round_.players[a].score - (lowest_score_ - round_.full_point); }

    void add_psd(Quality& q, int difference) const
    {
        ++q[psd_first + psd_slot_.at(static_cast<std::size_t>(difference))];
    }

    void add_floater(Quality& q, int a) const
    {
        const SwissPlayer& p = round_.players[a];
        const int difference = floater_difference(a);
        ++q[unpaired];
        add_psd(q, difference);
        if (p.float_last_round == Float::Down) {
            ++q[downfloat_again];
            q[downfloat_again_score] += difference;
        }
        if (p.float_two_rounds_ago == Float::Down) {
            ++q[downfloat_two_rounds_ago];
            q[downfloat_two_rounds_ago_score] += difference;
        }
    }

    void add_colour(Quality& q, const SwissPlayer& p, Colour given, bool topscorer_pair) const
    {
        if (p.preference && *p.preference != given) {
            ++q[colour_preference_missed];
            if (p.strength >= PreferenceStrength::Strong) ++q[strong_preference_missed];
        }
        if (!topscorer_pair) return;
        const int difference = p.colour_difference + (given == Colour::White ? 1 : -1);
        if (difference > 2 || difference < -2) ++q[topscorer_colour_difference];
        const auto& c = p.played_colours;
        if (c.size() >= 2 && c[c.size() - 1] == given && c[c.size() - 2] == given) ++q[topscorer_same_colour_thrice];
    }

    // `a` is ranked above `b`.
    void add_pair(Quality& q, int a, int b) const
    {
        const SwissPlayer& pa = round_.players[a];
        const SwissPlayer& pb = round_.players[b];
        const int difference = std::abs(pa.score - pb.score);
        add_psd(q, difference);
        const Colour a_colour = colour_of_higher(pa, pb, round_.initial_colour);
        const bool topscorer_pair = round_.last_round && (pa.topscorer || pb.topscorer);
        add_colour(q, pa, a_colour, topscorer_pair);
        add_colour(q, pb, opposite(a_colour), topscorer_pair);
        if (difference > 0) { // b floats up to meet a
            if (pb.float_last_round == Float::Up) {
                ++q[upfloat_again];
                q[upfloat_again_score] += difference;
            }
            if (pb.float_two_rounds_ago == Float::Up) {
                ++q[upfloat_two_rounds_ago];
                q[upfloat_two_rounds_ago_score] += difference;
            }
        }
    }

    // What no candidate can beat: the number of players that must float (parity), the PSD
    // when the MDPs cannot meet each other (each then meets a resident or floats further), and
    // the colour preferences that the numbers alone leave unmet. When the search reaches it,
    // the candidate is the first best one and the search stops.
    Quality quality_lower_bound() const
    {
        Quality bound{};
        const int count = static_cast<int>(in_.members.size());
        bound[unpaired] = count % 2;
        bool mdps_apart = mdps_.size() <= residents_.size();
        for (std::size_t i = 0; i < mdps_.size() && mdps_apart; ++i)
            for (std::size_t j = i + 1; j < mdps_.size(); ++j)
                if (compatible(mdps_[i], mdps_[j])) mdps_apart = false;
        if (mdps_apart) {
            for (int m : mdps_) add_psd(bound, round_.players[m].score - lowest_score_);
            if (count % 2 == 1) add_psd(bound, round_.full_point);
            // The residents left pair among themselves, each pair at difference 0: every
            // candidate with these MDP differences has them too, so the bound can be reached.
            const int resident_pairs =
                (static_cast<int>(residents_.size()) - static_cast<int>(mdps_.size()) - count % 2) / 2;
            for (int p = 0; p < resident_pairs; ++p) add_psd(bound, 0);
            bound[unpaired] = count % 2;
        } else {
            for (int s = 0; s < psd_slots; ++s) bound[psd_first + s] = 0;
        }
        // C7: when the numbers make one player float, he and the next score group are an odd
        // number, so one of them stays unpaired at best. In the last bracket he gets the bye.
        if (count % 2 == 1 && !in_.next.empty())
            bound[next_bracket_unpaired] = static_cast<int>((1 + in_.next.size()) % 2);
        if (count % 2 == 1 && in_.last) {
            int fewest = INT_MAX;
            for (int m : in_.members)
                if (may_take_bye(round_.players[m], in_.bye_score_limit))
                    fewest =
                        std::min(fewest, round_.round - 1 - static_cast<int>(round_.players[m].played_colours.size()));
            bound[bye_unplayed_rounds] = fewest == INT_MAX ? 0 : fewest;
        }
        int want_white = 0, want_black = 0, strong_white = 0, strong_black = 0;
        for (int m : in_.members) {
            const SwissPlayer& p = round_.players[m];
            if (!p.preference) continue;
            const bool white = *p.preference == Colour::White;
            (white ? want_white : want_black)++;
            if (p.strength >= PreferenceStrength::Strong) (white ? strong_white : strong_black)++;
        }
        const int pairs = count / 2, floaters = count % 2;
        bound[colour_preference_missed] =
            std::max(0, want_white - pairs - floaters) + std::max(0, want_black - pairs - floaters);
        bound[strong_preference_missed] =
            std::max(0, strong_white - pairs - floaters) + std::max(0, strong_black - pairs - floaters);
        return bound;
    }

    bool spend_node()
    {
        if (stop_) return false;
        if (++nodes_ > bracket_node_budget) {
            budget_spent_ = true;
            stop_ = true;
            return false;
        }
        return true;
    }

    // C7: the downfloaters are chosen so that the next bracket (they and the next score group)
    // pairs as many players as it can while the round still completes below it. Counted as the
    // players of that bracket left unpaired; 0 when nobody floats, as then every candidate
    // leaves the same next bracket. Remembered per set of floaters.
    int next_bracket_unpaired_for(std::vector<int> floaters)
    {
        if (floaters.empty() || in_.next.empty()) return 0;
        std::sort(floaters.begin(), floaters.end());
        if (const auto known = next_unpaired_.find(floaters); known != next_unpaired_.end()) return known->second;
        std::vector<int> bracket = floaters;
        bracket.insert(bracket.end(), in_.next.begin(), in_.next.end());
        const std::vector<int> below(in_.lower.begin() + static_cast<long>(in_.next.size()), in_.lower.end());
        const auto [pairs, exact] = next_bracket_pairs(
            bracket, below, [this](int a, int b) { return compatible(a, b); },
            [this](int a) { return may_take_bye(round_.players[a], in_.bye_score_limit); });
        if (!exact) budget_spent_ = true;
        // No completion at all: the candidate fails C4 anyway (completes_with), any count will do.
        const int unpaired = static_cast<int>(bracket.size()) - 2 * std::max(pairs, 0);
        next_unpaired_.emplace(std::move(floaters), unpaired);
        return unpaired;
    }

    // C4 for a set of floaters: can they and every lower player still be paired? It depends on
    // the set alone, and many candidates share one, so each answer is remembered.
    bool completes_with(std::vector<int> floaters)
    {
        std::sort(floaters.begin(), floaters.end());
        if (const auto known = completes_.find(floaters); known != completes_.end()) return known->second;
        std::vector<int> rest = floaters;
        rest.insert(rest.end(), in_.lower.begin(), in_.lower.end());
        const bool completes = can_complete(
            rest, [this](int a, int b) { return compatible(a, b); },
            [this](int a) { return may_take_bye(round_.players[a], in_.bye_score_limit); });
        completes_.emplace(std::move(floaters), completes);
        return completes;
    }

    void leaf(const Quality& partial, const std::vector<int>& floaters)
    {
        if (!(partial < best_)) return;
        Quality q = partial;
        q[next_bracket_unpaired] = next_bracket_unpaired_for(floaters);
        // The 2025 rules give the pairing-allocated bye, among those who may have it, to a
        // player with the fewest rounds not played over the board (bbpPairings: "minimize number
        // of unplayed games of bye assignee"), before colours and floats are weighed.
        if (in_.last && floaters.size() == 1) {
            const SwissPlayer& assignee = round_.players[floaters.front()];
            q[bye_unplayed_rounds] = round_.round - 1 - static_cast<int>(assignee.played_colours.size());
        }
        if (!(q < best_)) return;
        if (in_.last && floaters.size() > 1) return;
        if (!completes_with(floaters)) return;
        best_ = q;
        best_pairs_ = pairs_;
        best_floaters_ = floaters;
        std::sort(best_floaters_.begin(), best_floaters_.end());
        found_ = true;
        if (best_ == lower_bound_) stop_ = true;
    }

    // C.04.3 B.2-B.4: in a heterogeneous bracket the MDPs (S1) are paired first, each with the
    // residents (S2) in order; an MDP left unpaired stays in limbo and floats on.
    void search_mdps(std::size_t k, const Quality& q)
    {
        if (!spend_node() || !(q < best_)) return;
        if (k == mdps_.size()) {
            std::vector<int> remainder;
            for (int r : residents_)
                if (!used_[r]) remainder.push_back(r);
            for (int m : mdps_)
                if (!used_[m] && std::find(limbo_.begin(), limbo_.end(), m) == limbo_.end()) remainder.push_back(m);
            std::sort(remainder.begin(), remainder.end());
            search_remainder(remainder, q);
            return;
        }
        const int m = mdps_[k];
        if (used_[m]) {
            search_mdps(k + 1, q);
            return;
        }
        std::vector<int> partners = residents_;
        for (std::size_t later = k + 1; later < mdps_.size(); ++later) partners.push_back(mdps_[later]);
        for (int r : partners) {
            if (used_[r] || !compatible(m, r)) continue;
            Quality next = q;
            add_pair(next, std::min(m, r), std::max(m, r));
            used_[m] = used_[r] = 1;
            pairs_.emplace_back(std::min(m, r), std::max(m, r));
            search_mdps(k + 1, next);
            pairs_.pop_back();
            used_[m] = used_[r] = 0;
            if (stop_) return;
        }
        Quality next = q;
        add_floater(next, m);
        limbo_.push_back(m);
        search_mdps(k + 1, next);
        limbo_.pop_back();
    }

    // The homogeneous remainder: S1 the upper half, S2 the lower; the original split, then the
    // exchanges in order, then (so that a pairing is found whenever one exists) every pairing.
    void search_remainder(const std::vector<int>& players, const Quality& q)
    {
        const std::size_t half = players.size() / 2;
        std::vector<int> s1(players.begin(), players.begin() + static_cast<long>(half));
        std::vector<int> s2(players.begin() + static_cast<long>(half), players.end());
        search_split(s1, s2, 0, q);
        if (stop_) return;
        if (players.size() <= exchange_limit && half > 0) {
            for (const auto& [out_of_s1, out_of_s2] : exchanges(half, players.size() - half)) {
                std::vector<int> e1 = s1, e2 = s2;
                for (std::size_t i = 0; i < out_of_s1.size(); ++i) std::swap(e1[out_of_s1[i]], e2[out_of_s2[i]]);
                std::sort(e1.begin(), e1.end());
                std::sort(e2.begin(), e2.end());
                search_split(e1, e2, 0, q);
                if (stop_) return;
            }
        }
        if (!exhaustive_pass_) return;
        std::vector<char> taken(players.size(), 0);
        search_any(players, taken, q);
    }

    // Single and double exchanges (S1 positions, S2 positions), in the order of D.3.
    static std::vector<std::pair<std::vector<std::size_t>, std::vector<std::size_t>>> exchanges(std::size_t n1,
                                                                                                std::size_t n2)
    {
        struct Exchange {
            std::vector<std::size_t> from_s1, from_s2; // positions; BSN = position + 1 (S1), n1 + position + 1 (S2)
            long difference;
        };
        std::vector<Exchange> all;
        for (std::size_t a = 0; a < n1; ++a)
            for (std::size_t b = 0; b < n2; ++b)
                all.push_back({{a}, {b}, static_cast<long>(n1 + b + 1) - static_cast<long>(a + 1)});
        if (n1 + n2 <= 16)
            for (std::size_t a1 = 0; a1 < n1; ++a1)
                for (std::size_t a2 = a1 + 1; a2 < n1; ++a2)
                    for (std::size_t b1 = 0; b1 < n2; ++b1)
                        for (std::size_t b2 = b1 + 1; b2 < n2; ++b2)
                            all.push_back({{a1, a2},
                                           {b1, b2},
                                           static_cast<long>(2 * n1 + b1 + b2 + 2) - static_cast<long>(a1 + a2 + 2)});
        std::stable_sort(all.begin(), all.end(), [](const Exchange& x, const Exchange& y) {
            if (x.from_s1.size() != y.from_s1.size()) return x.from_s1.size() < y.from_s1.size();
            if (x.difference != y.difference) return x.difference < y.difference;
            // The highest BSN moved from S1 first: compare from the highest position down.
            for (std::size_t i = x.from_s1.size(); i-- > 0;)
                if (x.from_s1[i] != y.from_s1[i]) return x.from_s1[i] > y.from_s1[i];
            for (std::size_t i = 0; i < x.from_s2.size(); ++i)
                if (x.from_s2[i] != y.from_s2[i]) return x.from_s2[i] < y.from_s2[i];
            return false;
        });
        std::vector<std::pair<std::vector<std::size_t>, std::vector<std::size_t>>> ordered;
        for (auto& e : all) ordered.emplace_back(std::move(e.from_s1), std::move(e.from_s2));
        return ordered;
    }

    // Transpositions of S2 in lexicographic order: S1's i-th player takes the S2 players in
    // turn; one who can take none (or whose taking would cost more) floats.
    void search_split(const std::vector<int>& s1, const std::vector<int>& s2, std::size_t i, const Quality& q)
    {
        if (!spend_node() || !(q < best_)) return;
        if (i == s1.size()) {
            // Judge the candidate before building its list of floaters: most leaves lose here,
            // and the allocation was a fifth of the time in the 500-player benchmark.
            Quality done = q;
            for (int b : s2)
                if (!used_[b]) add_floater(done, b);
            if (!(done < best_)) return;
            std::vector<int> floaters = limbo_;
            floaters.insert(floaters.end(), split_floaters_.begin(), split_floaters_.end());
            for (int b : s2)
                if (!used_[b]) floaters.push_back(b);
            leaf(done, floaters);
            return;
        }
        const int a = s1[i];
        for (int b : s2) {
            if (used_[b] || !compatible(a, b)) continue;
            Quality next = q;
            add_pair(next, std::min(a, b), std::max(a, b));
            used_[a] = used_[b] = 1;
            pairs_.emplace_back(std::min(a, b), std::max(a, b));
            search_split(s1, s2, i + 1, next);
            pairs_.pop_back();
            used_[a] = used_[b] = 0;
            if (stop_) return;
        }
        Quality next = q;
        add_floater(next, a);
        split_floaters_.push_back(a);
        search_split(s1, s2, i + 1, next);
        split_floaters_.pop_back();
    }

    // Every pairing of the remainder: the highest unpaired player meets each later one in turn,
    // or floats.
    void search_any(const std::vector<int>& players, std::vector<char>& taken, const Quality& q)
    {
        if (!spend_node() || !(q < best_)) return;
        std::size_t first = 0;
        while (first < players.size() && taken[first]) ++first;
        if (first == players.size()) {
            std::vector<int> floaters = limbo_;
            floaters.insert(floaters.end(), split_floaters_.begin(), split_floaters_.end());
            leaf(q, floaters);
            return;
        }
        const int a = players[first];
        taken[first] = 1;
        for (std::size_t j = first + 1; j < players.size(); ++j) {
            if (taken[j] || !compatible(a, players[j])) continue;
            Quality next = q;
            add_pair(next, a, players[j]);
            taken[j] = 1;
            pairs_.emplace_back(a, players[j]);
            search_any(players, taken, next);
            pairs_.pop_back();
            taken[j] = 0;
            if (stop_) break;
        }
        if (!stop_) {
            Quality next = q;
            add_floater(next, a);
            split_floaters_.push_back(a);
            search_any(players, taken, next);
            split_floaters_.pop_back();
        }
        taken[first] = 0;
    }

    const BracketInput& in_;
    const SwissRound& round_;
    int n_ = 0;
    int lowest_score_ = 0;
    std::vector<int> mdps_, residents_;
    std::vector<int> psd_slot_;
    std::map<std::vector<int>, int> next_unpaired_;
    std::map<std::vector<int>, bool> completes_;
    Quality best_{}, lower_bound_{};
    std::vector<std::pair<int, int>> pairs_, best_pairs_;
    std::vector<int> best_floaters_, limbo_, split_floaters_;
    std::vector<char> used_;
    bool found_ = false, stop_ = false, budget_spent_ = false, exhaustive_pass_ = false;
    long nodes_ = 0;
};

} // namespace

std::optional<BracketOutcome> pair_bracket(const BracketInput& input)
{
    if (input.members.empty()) return BracketOutcome{};
    BracketSearch search(input);
    return search.run();
}

} // namespace rochade::pairing
