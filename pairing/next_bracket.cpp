#include "pairing/next_bracket.h"

#include <algorithm>
#include <map>

#include "pairing/completion.h"

namespace rochade::pairing {

namespace {

// Branch and bound over the next bracket's players in order: the first undecided one meets a
// later undecided one or is left to the players below. A branch ends when even pairing every
// undecided player could not beat the best found; the search ends at the matching's own
// maximum, which is usually the first leaf.
class NextBracketSearch {
public:
    NextBracketSearch(const std::vector<int>& next_bracket, const std::vector<int>& below,
                      const std::function<bool(int, int)>& compatible, const std::function<bool(int)>& bye_allowed)
        : players_(next_bracket), below_(below), compatible_(compatible), bye_allowed_(bye_allowed),
          decided_(next_bracket.size(), 0)
    {
    }

    NextBracketPairs run()
    {
        // The next bracket's own maximum matching first: when the rest completes around it, no
        // choice does better and the search is not needed.
        const auto partner = maximum_matching_of_players();
        ceiling_ = static_cast<int>(std::count_if(partner.begin(), partner.end(), [](int p) { return p != -1; })) / 2;
        for (std::size_t i = 0; i < players_.size(); ++i)
            if (partner[i] == -1) left_.push_back(players_[i]);
        if (rest_completes()) return {ceiling_, true};
        left_.clear();
        search(0, 0);
        if (nodes_ > next_bracket_node_budget || checks_ > next_bracket_completion_budget) return {ceiling_, false};
        return {best_, true};
    }

private:
    std::vector<int> maximum_matching_of_players() const
    {
        const int count = static_cast<int>(players_.size());
        std::vector<std::vector<int>> neighbours(static_cast<std::size_t>(count));
        for (int i = 0; i < count; ++i)
            for (int j = i + 1; j < count; ++j)
                if (compatible_(players_[i], players_[j])) {
                    neighbours[i].push_back(j);
                    neighbours[j].push_back(i);
                }
        return maximum_matching(count, neighbours);
    }

    bool rest_completes()
    {
        std::vector<int> rest = left_;
        std::sort(rest.begin(), rest.end());
        if (const auto known = completes_.find(rest); known != completes_.end()) return known->second;
        std::vector<int> everyone = rest;
        everyone.insert(everyone.end(), below_.begin(), below_.end());
        checks_ += static_cast<long>(everyone.size());
        const bool completes = can_complete(everyone, compatible_, bye_allowed_);
        completes_.emplace(std::move(rest), completes);
        return completes;
    }

    void search(std::size_t first, int pairs)
    {
        if (best_ == ceiling_ || ++nodes_ > next_bracket_node_budget || checks_ > next_bracket_completion_budget)
            return;
        while (first < players_.size() && decided_[first]) ++first;
        const int undecided = static_cast<int>(
            std::count(decided_.begin() + static_cast<long>(first), decided_.end(), static_cast<char>(0)));
        if (pairs + undecided / 2 <= best_) return;
        if (first == players_.size()) {
            if (rest_completes()) best_ = pairs;
            return;
        }
        decided_[first] = 1;
        for (std::size_t j = first + 1; j < players_.size() && best_ != ceiling_; ++j) {
            if (decided_[j] || !compatible_(players_[first], players_[j])) continue;
            decided_[j] = 1;
            search(first + 1, pairs + 1);
            decided_[j] = 0;
        }
        left_.push_back(players_[first]);
        search(first + 1, pairs);
        left_.pop_back();
        decided_[first] = 0;
    }

    const std::vector<int>& players_;
    const std::vector<int>& below_;
    const std::function<bool(int, int)>& compatible_;
    const std::function<bool(int)>& bye_allowed_;
    std::vector<char> decided_;
    std::vector<int> left_;
    std::map<std::vector<int>, bool> completes_;
    int ceiling_ = 0;
    int best_ = -1;
    long nodes_ = 0;
    long checks_ = 0; // players in all completion checks
};

} // namespace

NextBracketPairs next_bracket_pairs(const std::vector<int>& next_bracket, const std::vector<int>& below,
                                    const std::function<bool(int, int)>& compatible,
                                    const std::function<bool(int)>& bye_allowed)
{
    return NextBracketSearch(next_bracket, below, compatible, bye_allowed).run();
}

} // namespace rochade::pairing
