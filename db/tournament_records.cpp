#include "db/tournament_records.h"

#include <algorithm>
#include <array>
#include <set>
#include <string_view>

namespace rochade::db {

namespace {

template <std::size_t N> bool one_of(const std::array<std::string_view, N>& words, const std::string& word)
{
    return std::find(words.begin(), words.end(), word) != words.end();
}

} // namespace

bool is_tournament_system(const std::string& word)
{
    return one_of(std::array<std::string_view, 3>{"swiss", "round_robin", "arena"}, word);
}

bool is_tournament_state(const std::string& word)
{
    return one_of(std::array<std::string_view, 4>{"registering", "running", "paused", "finished"}, word);
}

bool is_tournament_result(const std::string& word)
{
    return one_of(std::array<std::string_view, 7>{"pending", "white_wins", "draw", "black_wins",
                                                  "white_wins_by_forfeit", "black_wins_by_forfeit", "double_forfeit"},
                  word);
}

bool is_tournament_bye(const std::string& word)
{
    return one_of(std::array<std::string_view, 3>{"pairing_allocated", "half_point", "zero_point"}, word);
}

std::optional<std::string> tournament_write_problem(const TournamentCreated& w)
{
    if (!is_tournament_system(w.system)) return "unknown tournament system '" + w.system + "'";
    if (w.rounds < 1) return "a tournament needs at least one round, not " + std::to_string(w.rounds);
    if (w.name.empty()) return std::string("a tournament needs a name");
    if (w.director_key.empty()) return std::string("a tournament needs a director");
    return std::nullopt;
}

// registering -> running -> (paused <-> running) -> finished; ending is allowed from any state
// before finished (the director ends an event that never started, or a paused one).
std::optional<std::string> tournament_write_problem(const TournamentStateChanged& w)
{
    for (const std::string* word : {&w.from, &w.to})
        if (!is_tournament_state(*word)) return "unknown tournament state '" + *word + "'";
    const bool allowed = (w.from == "registering" && w.to == "running") || (w.from == "running" && w.to == "paused") ||
                         (w.from == "paused" && w.to == "running") || (w.from != "finished" && w.to == "finished");
    if (!allowed) return "a tournament cannot go from " + w.from + " to " + w.to;
    return std::nullopt;
}

std::optional<std::string> tournament_write_problem(const TournamentRoundPaired& w)
{
    const std::string where = "round " + std::to_string(w.round) + ": ";
    if (w.round < 1) return "a round number starts at 1, not " + std::to_string(w.round);
    std::set<int> boards;
    std::set<std::string> players;
    for (const TournamentPairing& p : w.pairings) {
        const std::string board = where + "board " + std::to_string(p.board) + " ";
        if (p.board < 1 || !boards.insert(p.board).second) return board + "is numbered twice or below 1";
        if (p.black_key.has_value() == p.bye.has_value()) return board + "is neither a game nor a bye";
        if (p.bye && !is_tournament_bye(*p.bye)) return board + "has an unknown bye '" + *p.bye + "'";
        if (!players.insert(p.white_key).second) return board + "names " + p.white_key + " a second time";
        if (p.black_key && !players.insert(*p.black_key).second)
            return board + "names " + *p.black_key + " a second time";
    }
    return std::nullopt;
}

std::optional<std::string> tournament_write_problem(const TournamentResultRecorded& w)
{
    if (!is_tournament_result(w.result)) return "unknown result '" + w.result + "'";
    if (w.result == "pending") return std::string("a result cannot be set back to pending");
    if (w.plies && *w.plies < 0) return "a game cannot have " + std::to_string(*w.plies) + " half moves";
    return std::nullopt;
}

} // namespace rochade::db
