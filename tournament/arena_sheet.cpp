#include "tournament/arena_sheet.h"

#include <algorithm>

namespace rochade::tournament {

std::string ArenaSheet::text() const
{
    std::string out;
    for (const ArenaScore& score : scores) {
        if (!out.empty()) out += ' ';
        out += std::to_string(score.points);
    }
    return out;
}

ArenaSheet arena_sheet(const std::vector<ArenaGame>& games)
{
    ArenaSheet sheet;
    for (const ArenaGame& game : games) {
        const std::size_t n = sheet.scores.size();
        const bool on_fire =
            n >= 2 && sheet.scores[n - 1].result == ArenaResult::Win && sheet.scores[n - 2].result == ArenaResult::Win;
        // A draw series: looking back past losses, the last game not lost was a draw (also a
        // quick one). A win ends the series.
        bool after_draw = false;
        for (std::size_t i = n; i-- > 0;) {
            if (sheet.scores[i].result == ArenaResult::Loss) continue;
            after_draw = sheet.scores[i].result == ArenaResult::Draw;
            break;
        }
        ArenaScore score{game.result, ArenaFlag::Normal, false, 0};
        switch (game.result) {
        case ArenaResult::Win:
            score.flag = on_fire ? ArenaFlag::Double : ArenaFlag::Normal;
            score.berserk_bonus = game.berserk && game.plies >= arena_berserk_min_plies;
            score.points = (on_fire ? 4 : 2) + (score.berserk_bonus ? 1 : 0);
            break;
        case ArenaResult::Draw:
            if (game.plies < arena_quick_draw_plies)
                score.flag = ArenaFlag::NoPoints;
            else if (on_fire)
                score.flag = ArenaFlag::Double;
            else if (after_draw && game.plies < arena_long_game_plies)
                score.flag = ArenaFlag::NoPoints;
            score.points = score.flag == ArenaFlag::Double ? 2 : score.flag == ArenaFlag::NoPoints ? 0 : 1;
            break;
        case ArenaResult::Loss: break;
        }
        sheet.total += score.points;
        sheet.scores.push_back(score);
    }
    const std::size_t n = sheet.scores.size();
    sheet.on_fire =
        n >= 2 && sheet.scores[n - 1].result == ArenaResult::Win && sheet.scores[n - 2].result == ArenaResult::Win;
    return sheet;
}

BerserkEffect berserk_effect(int base_time_ms, int increment_ms)
{
    const bool too_short_to_halve = static_cast<long long>(base_time_ms) < 40LL * increment_ms;
    return BerserkEffect{too_short_to_halve ? 0 : base_time_ms / 2, true};
}

int arena_performance(const std::vector<ArenaGame>& games)
{
    if (games.empty()) return 0;
    long long sum = 0;
    for (const ArenaGame& game : games)
        sum += game.opponent_rating + (game.result == ArenaResult::Win    ? 500
                                       : game.result == ArenaResult::Loss ? -500
                                                                          : 0);
    const long long n = static_cast<long long>(games.size());
    return static_cast<int>((sum + (sum >= 0 ? n / 2 : -n / 2)) / n);
}

std::vector<ArenaStanding> arena_standings(const std::vector<ArenaEntry>& entries)
{
    std::vector<ArenaStanding> rows;
    for (const ArenaEntry& entry : entries) {
        const ArenaSheet sheet = arena_sheet(entry.games);
        rows.push_back(ArenaStanding{entry.id, sheet.total,
                                     entry.games.empty() ? entry.rating : arena_performance(entry.games), sheet.text(),
                                     sheet.on_fire, static_cast<int>(entry.games.size()), 0, 0});
    }
    std::sort(rows.begin(), rows.end(), [](const ArenaStanding& a, const ArenaStanding& b) {
        if (a.score != b.score) return a.score > b.score;
        if (a.performance != b.performance) return a.performance > b.performance;
        return a.id < b.id;
    });
    for (std::size_t i = 0; i < rows.size();) {
        std::size_t j = i;
        while (j < rows.size() && rows[j].score == rows[i].score && rows[j].performance == rows[i].performance) ++j;
        for (std::size_t k = i; k < j; ++k)
            rows[k].rank_first = static_cast<int>(i) + 1, rows[k].rank_last = static_cast<int>(j);
        i = j;
    }
    return rows;
}

} // namespace rochade::tournament
