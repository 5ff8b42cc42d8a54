#include "tournament/standings.h"

#include <algorithm>
#include <map>
#include <numeric>

namespace rochade::tournament {

std::vector<TieBreak> default_tie_breaks()
{
    return {TieBreak::BuchholzCut1,    TieBreak::Buchholz, TieBreak::SonnebornBerger,
            TieBreak::DirectEncounter, TieBreak::Wins,     TieBreak::GamesWithBlack};
}

std::string_view tie_break_code(TieBreak tie_break)
{
    switch (tie_break) {
    case TieBreak::BuchholzCut1: return "BH-C1";
    case TieBreak::Buchholz: return "BH";
    case TieBreak::BuchholzCut2: return "BH-C2";
    case TieBreak::BuchholzMedian1: return "BH-M1";
    case TieBreak::SonnebornBerger: return "SB";
    case TieBreak::DirectEncounter: return "DE";
    case TieBreak::Wins: return "WIN";
    case TieBreak::WinsOverTheBoard: return "WON";
    case TieBreak::GamesWithBlack: return "BPG";
    case TieBreak::WinsWithBlack: return "BWG";
    case TieBreak::ProgressiveScore: return "PS";
    case TieBreak::AverageRatingOfOpponents: return "ARO";
    }
    return "?";
}

std::optional<TieBreak> parse_tie_break(std::string_view code)
{
    for (int i = 0; i <= static_cast<int>(TieBreak::AverageRatingOfOpponents); ++i)
        if (tie_break_code(static_cast<TieBreak>(i)) == code) return static_cast<TieBreak>(i);
    return std::nullopt;
}

std::string StandingRow::rank() const
{
    if (rank_first == rank_last) return std::to_string(rank_first);
    return std::to_string(rank_first) + "-" + std::to_string(rank_last);
}

std::string format_points(int half_points)
{
    const std::string whole = half_points >= 2 || half_points % 2 == 0 ? std::to_string(half_points / 2) : "";
    return whole + (half_points % 2 ? "½" : "");
}

namespace {

constexpr int hundredths_per_half_point = 50;

// A voluntary unplayed round (C.07 16.1.2): a requested bye (half or zero point; every round
// after a withdrawal is a zero-point bye) or a forfeit loss.
bool voluntary_unplayed(Outcome outcome)
{
    return outcome == Outcome::HalfPointBye || outcome == Outcome::Absent || outcome == Outcome::ForfeitLoss;
}

// One element of a Buchholz-like sum: the opponent's (or the dummy's) score in half points, the
// player's own result in that round, and whether the round was one he chose not to play.
struct Contribution {
    int opponent_half_points = 0;
    int own_half_points = 0;
    bool voluntary = false;
};

struct Calculation {
    const Tournament& tournament;
    bool round_robin;
    int rounds;
    std::vector<std::vector<PlayerRound>> records; // by start number - 1
    std::vector<int> score;                        // half points
    std::vector<int> adjusted;                     // C.07 16.3: the score opponents' tie-breaks see

    Calculation(const Tournament& t, int counted)
        : tournament(t), round_robin(t.system != System::Swiss), rounds(counted)
    {
        for (const Player& p : t.players) {
            auto record = record_of(t, p.start_number);
            record.resize(static_cast<std::size_t>(counted));
            int total = 0, adjusted_total = 0;
            for (std::size_t r = 0; r < record.size(); ++r) {
                const Outcome o = record[r].outcome;
                total += half_points(o);
                // 16.2.5 -> 16.3.2: a requested bye followed only by voluntary unplayed rounds
                // (or in the last round) counts as a draw for the opponents' tie-breaks.
                bool only_voluntary_after = true;
                for (std::size_t later = r + 1; later < record.size(); ++later)
                    only_voluntary_after = only_voluntary_after && voluntary_unplayed(record[later].outcome);
                const bool requested_bye = o == Outcome::HalfPointBye || o == Outcome::Absent;
                adjusted_total +=
                    !round_robin && requested_bye && only_voluntary_after ? half_points_for_draw : half_points(o);
            }
            records.push_back(std::move(record));
            score.push_back(total);
            adjusted.push_back(adjusted_total);
        }
    }

    const std::vector<PlayerRound>& record(int p) const { return records[static_cast<std::size_t>(p - 1)]; }
    int score_of(int p) const { return score[static_cast<std::size_t>(p - 1)]; }
    int adjusted_of(int p) const { return adjusted[static_cast<std::size_t>(p - 1)]; }

    std::vector<Contribution> contributions(int p) const
    {
        std::vector<Contribution> out;
        for (const PlayerRound& round : record(p)) {
            const int own = half_points(round.outcome);
            if (round.played()) {
                out.push_back({adjusted_of(round.opponent), own, false});
            } else if (round_robin) {
                // C.07 15.2: with pre-determined pairings a forfeit is a regular game; the odd
                // player's free round has no opponent and adds nothing.
                if (round.opponent != 0) out.push_back({score_of(round.opponent), own, false});
            } else {
                // 16.4: a dummy opponent with the player's own score, at most the scheduled
                // opponent's adjusted score for a forfeit (16.4.1), at most a draw in every
                // round for a bye (16.4.2).
                const int cap = round.opponent != 0 ? adjusted_of(round.opponent) : half_points_for_draw * rounds;
                out.push_back({std::min(score_of(p), cap), own, voluntary_unplayed(round.outcome)});
            }
        }
        return out;
    }

    // Cut the lowest values; 16.5: a player with voluntary unplayed rounds loses the lowest of
    // those first. Then, for the median, the highest.
    static int buchholz(std::vector<Contribution> items, int cut_low, int cut_high)
    {
        std::stable_sort(items.begin(), items.end(), [](const Contribution& a, const Contribution& b) {
            return a.opponent_half_points < b.opponent_half_points;
        });
        for (int i = 0; i < cut_low && !items.empty(); ++i) {
            auto voluntary =
                std::find_if(items.begin(), items.end(), [](const Contribution& c) { return c.voluntary; });
            items.erase(voluntary != items.end() ? voluntary : items.begin());
        }
        for (int i = 0; i < cut_high && !items.empty(); ++i) items.pop_back();
        int sum = 0;
        for (const Contribution& c : items) sum += c.opponent_half_points;
        return sum * hundredths_per_half_point;
    }

    int value(TieBreak tie_break, int p) const
    {
        const auto& rec = record(p);
        auto count = [&](auto&& predicate) {
            return 100 * static_cast<int>(std::count_if(rec.begin(), rec.end(), predicate));
        };
        switch (tie_break) {
        case TieBreak::Buchholz: return buchholz(contributions(p), 0, 0);
        case TieBreak::BuchholzCut1: return buchholz(contributions(p), 1, 0);
        case TieBreak::BuchholzCut2: return buchholz(contributions(p), 2, 0);
        case TieBreak::BuchholzMedian1: return buchholz(contributions(p), 1, 1);
        case TieBreak::SonnebornBerger: {
            int quarters = 0;
            for (const Contribution& c : contributions(p)) quarters += c.opponent_half_points * c.own_half_points;
            return quarters * 25;
        }
        case TieBreak::Wins:
            return count([](const PlayerRound& r) {
                return r.outcome == Outcome::Win || r.outcome == Outcome::ForfeitWin ||
                       r.outcome == Outcome::PairingBye;
            });
        case TieBreak::WinsOverTheBoard: return count([](const PlayerRound& r) { return r.outcome == Outcome::Win; });
        case TieBreak::GamesWithBlack: return count([](const PlayerRound& r) { return r.played() && !r.white; });
        case TieBreak::WinsWithBlack:
            return count([](const PlayerRound& r) { return r.outcome == Outcome::Win && !r.white; });
        case TieBreak::ProgressiveScore: {
            int running = 0, sum = 0;
            for (const PlayerRound& r : rec) sum += running += half_points(r.outcome);
            return sum * hundredths_per_half_point;
        }
        case TieBreak::AverageRatingOfOpponents: {
            // 10.1 with 15.2: opponents met over the board; unrated opponents (0) are left out.
            int sum = 0, n = 0;
            for (const PlayerRound& r : rec)
                if (r.played())
                    if (const int rating = tournament.player(r.opponent)->rating; rating > 0) sum += rating, ++n;
            return n == 0 ? 0 : 100 * ((sum + n / 2) / n);
        }
        case TieBreak::DirectEncounter: return 0; // depends on the group: see direct_encounter
        }
        return 0;
    }

    // C.07 6: among the tied players, the points they scored against each other, used only when
    // every two of them have met (games and forfeits alike). Otherwise it does not separate them.
    std::map<int, int> direct_encounter(const std::vector<int>& group) const
    {
        std::map<int, int> points;
        bool all_met = true;
        for (int a : group) {
            points[a] = 0;
            for (int b : group) {
                if (a == b) continue;
                bool met = false;
                for (const PlayerRound& r : record(a))
                    if (r.opponent == b && r.outcome != Outcome::Pending)
                        met = true, points[a] += half_points(r.outcome);
                all_met = all_met && met;
            }
        }
        if (!all_met)
            for (auto& [p, v] : points) v = 0;
        for (auto& [p, v] : points) v *= hundredths_per_half_point;
        return points;
    }
};

} // namespace

std::vector<StandingRow> standings(const Tournament& tournament, const std::vector<TieBreak>& tie_breaks)
{
    const Calculation calc(tournament, completed_rounds(tournament));
    std::vector<StandingRow> rows;
    for (const Player& p : tournament.players)
        rows.push_back(StandingRow{p.start_number, p.nick, calc.score_of(p.start_number),
                                   std::vector<int>(tie_breaks.size(), 0), 0, 0});
    std::stable_sort(rows.begin(), rows.end(),
                     [](const StandingRow& a, const StandingRow& b) { return a.half_points > b.half_points; });

    // Groups of tied players, split by each tie-break in turn (DE is computed inside the group).
    std::vector<std::pair<std::size_t, std::size_t>> groups; // [begin, end) into rows
    for (std::size_t i = 0; i < rows.size();) {
        std::size_t j = i;
        while (j < rows.size() && rows[j].half_points == rows[i].half_points) ++j;
        groups.emplace_back(i, j);
        i = j;
    }
    for (std::size_t t = 0; t < tie_breaks.size(); ++t) {
        std::vector<std::pair<std::size_t, std::size_t>> split;
        for (const auto& [begin, end] : groups) {
            std::map<int, int> de;
            if (tie_breaks[t] == TieBreak::DirectEncounter) {
                std::vector<int> members;
                for (std::size_t i = begin; i < end; ++i) members.push_back(rows[i].start_number);
                de = calc.direct_encounter(members);
            }
            for (std::size_t i = begin; i < end; ++i)
                rows[i].tie_breaks[t] = tie_breaks[t] == TieBreak::DirectEncounter
                                            ? de[rows[i].start_number]
                                            : calc.value(tie_breaks[t], rows[i].start_number);
            std::stable_sort(
                rows.begin() + static_cast<std::ptrdiff_t>(begin), rows.begin() + static_cast<std::ptrdiff_t>(end),
                [t](const StandingRow& a, const StandingRow& b) { return a.tie_breaks[t] > b.tie_breaks[t]; });
            for (std::size_t i = begin; i < end;) {
                std::size_t j = i;
                while (j < end && rows[j].tie_breaks[t] == rows[i].tie_breaks[t]) ++j;
                split.emplace_back(i, j);
                i = j;
            }
        }
        groups = std::move(split);
    }
    for (const auto& [begin, end] : groups) {
        std::sort(rows.begin() + static_cast<std::ptrdiff_t>(begin), rows.begin() + static_cast<std::ptrdiff_t>(end),
                  [](const StandingRow& a, const StandingRow& b) { return a.start_number < b.start_number; });
        for (std::size_t i = begin; i < end; ++i) {
            rows[i].rank_first = static_cast<int>(begin) + 1;
            rows[i].rank_last = static_cast<int>(end);
        }
    }
    return rows;
}

} // namespace rochade::tournament
