#include "pairing/completion.h"

#include <queue>

namespace rochade::pairing {

namespace {

// Edmonds' algorithm as usually taught: grow an alternating tree from a free vertex by BFS,
// shrink odd cycles (blossoms) to their base, and augment along the first free vertex found.
class BlossomMatcher {
public:
    BlossomMatcher(int vertices, const std::vector<std::vector<int>>& neighbours)
        : n_(vertices), neighbours_(neighbours), match_(vertices, -1), parent_(vertices), base_(vertices),
          in_queue_(vertices), in_blossom_(vertices)
    {
    }

    // Greedy first, so that few augmenting searches are left; stops at the first vertex that
    // cannot be matched when `perfect_only` (a vertex with no augmenting path never gets one).
    bool run(bool perfect_only)
    {
        for (int v = 0; v < n_; ++v)
            if (match_[v] == -1)
                for (int w : neighbours_[v])
                    if (match_[w] == -1) {
                        match_[v] = w;
                        match_[w] = v;
                        break;
                    }
        for (int v = 0; v < n_; ++v) {
            if (match_[v] != -1) continue;
            int end = find_augmenting_path(v);
            if (end == -1) {
                if (perfect_only) return false;
                continue;
            }
            while (end != -1) {
                const int previous = parent_[end];
                const int next = match_[previous];
                match_[end] = previous;
                match_[previous] = end;
                end = next;
            }
        }
        return true;
    }

    const std::vector<int>& matching() const { return match_; }

private:
    int lowest_common_ancestor(int a, int b)
    {
        std::vector<bool> seen(n_, false);
        for (;;) {
            a = base_[a];
            seen[a] = true;
            if (match_[a] == -1) break;
            a = parent_[match_[a]];
        }
        for (;;) {
            b = base_[b];
            if (seen[b]) return b;
            b = parent_[match_[b]];
        }
    }

    void mark_path(int v, int blossom_base, int child)
    {
        while (base_[v] != blossom_base) {
            in_blossom_[base_[v]] = in_blossom_[base_[match_[v]]] = true;
            parent_[v] = child;
            child = match_[v];
            v = parent_[match_[v]];
        }
    }

    int find_augmenting_path(int root)
    {
        std::fill(in_queue_.begin(), in_queue_.end(), false);
        std::fill(parent_.begin(), parent_.end(), -1);
        for (int i = 0; i < n_; ++i) base_[i] = i;
        std::queue<int> queue;
        in_queue_[root] = true;
        queue.push(root);
        while (!queue.empty()) {
            const int v = queue.front();
            queue.pop();
            for (int to : neighbours_[v]) {
                if (base_[v] == base_[to] || match_[v] == to) continue;
                if (to == root || (match_[to] != -1 && parent_[match_[to]] != -1)) {
                    const int blossom_base = lowest_common_ancestor(v, to);
                    std::fill(in_blossom_.begin(), in_blossom_.end(), false);
                    mark_path(v, blossom_base, to);
                    mark_path(to, blossom_base, v);
                    for (int i = 0; i < n_; ++i)
                        if (in_blossom_[base_[i]]) {
                            base_[i] = blossom_base;
                            if (!in_queue_[i]) {
                                in_queue_[i] = true;
                                queue.push(i);
                            }
                        }
                } else if (parent_[to] == -1) {
                    parent_[to] = v;
                    if (match_[to] == -1) return to;
                    in_queue_[match_[to]] = true;
                    queue.push(match_[to]);
                }
            }
        }
        return -1;
    }

    int n_;
    const std::vector<std::vector<int>>& neighbours_;
    std::vector<int> match_, parent_, base_;
    std::vector<bool> in_queue_, in_blossom_;
};

} // namespace

std::vector<int> maximum_matching(int vertices, const std::vector<std::vector<int>>& neighbours)
{
    BlossomMatcher matcher(vertices, neighbours);
    matcher.run(false);
    return matcher.matching();
}

bool can_complete(const std::vector<int>& players, const std::function<bool(int, int)>& compatible,
                  const std::function<bool(int)>& bye_allowed)
{
    const int count = static_cast<int>(players.size());
    const bool odd = count % 2 == 1;
    // With an odd count, one more vertex stands for the bye and is joined to every player who
    // may receive it: a perfect matching then leaves exactly one allowed player without a game.
    const int vertices = count + (odd ? 1 : 0);
    std::vector<std::vector<int>> neighbours(vertices);
    for (int i = 0; i < count; ++i)
        for (int j = i + 1; j < count; ++j)
            if (compatible(players[i], players[j])) {
                neighbours[i].push_back(j);
                neighbours[j].push_back(i);
            }
    if (odd)
        for (int i = 0; i < count; ++i)
            if (bye_allowed(players[i])) {
                neighbours[i].push_back(count);
                neighbours[count].push_back(i);
            }
    BlossomMatcher matcher(vertices, neighbours);
    return matcher.run(true);
}

} // namespace rochade::pairing
