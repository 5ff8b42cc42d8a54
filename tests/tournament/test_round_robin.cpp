// Round robin: the Berger schedule as rounds, FIDE's default withdrawal rule, the crosstable
// and Sonneborn-Berger with forfeits counted as games (C.07 15.2).
#include <catch2/catch.hpp>

#include <map>

#include "tournament/round_robin.h"

using namespace rochade::tournament;

namespace {

std::vector<Player> players(int n)
{
    std::vector<Player> out;
    for (int i = 1; i <= n; ++i) out.push_back(Player{i, std::string("p").append(std::to_string(i)), 1500});
    return out;
}

Tournament scheduled(int n, bool double_round = false)
{
    auto t = round_robin_tournament("Club season", players(n), double_round);
    REQUIRE(std::holds_alternative<Tournament>(t));
    return std::get<Tournament>(t);
}

// Sets the next pending game between a and b; result from a's side: '1', '=', '0', '+', '-'.
void set_result(Tournament& t, int a, int b, char result)
{
    for (Round& round : t.rounds)
        for (Game& game : round.games) {
            if (game.result != GameResult::Pending) continue;
            if (!((game.white == a && game.black == b) || (game.white == b && game.black == a))) continue;
            const bool a_white = game.white == a;
            switch (result) {
            case '1': game.result = a_white ? GameResult::WhiteWins : GameResult::BlackWins; break;
            case '0': game.result = a_white ? GameResult::BlackWins : GameResult::WhiteWins; break;
            case '=': game.result = GameResult::Draw; break;
            case '+': game.result = a_white ? GameResult::WhiteWinsByForfeit : GameResult::BlackWinsByForfeit; break;
            case '-': game.result = a_white ? GameResult::BlackWinsByForfeit : GameResult::WhiteWinsByForfeit; break;
            }
            return;
        }
    FAIL("no pending game " << a << "-" << b);
}

int games_of(const Tournament& t, int player)
{
    int n = 0;
    for (const Round& round : t.rounds)
        for (const Game& game : round.games) n += game.white == player || game.black == player;
    return n;
}

} // namespace

TEST_CASE("the schedule pairs everybody with everybody, once or twice")
{
    for (int n = 3; n <= 20; ++n) {
        for (bool double_round : {false, true}) {
            const Tournament t = scheduled(n, double_round);
            const int cycles = double_round ? 2 : 1;
            CHECK(static_cast<int>(t.rounds.size()) == (n % 2 == 0 ? n - 1 : n) * cycles);
            std::map<std::pair<int, int>, int> met;
            for (const Round& round : t.rounds)
                for (const Game& game : round.games) {
                    CHECK(game.result == GameResult::Pending);
                    ++met[{std::min(game.white, game.black), std::max(game.white, game.black)}];
                }
            CHECK(static_cast<int>(met.size()) == n * (n - 1) / 2);
            for (const auto& [pair, times] : met) CHECK(times == cycles);
        }
    }
}

TEST_CASE("a round robin outside 3-20 players is refused with the count")
{
    const auto t = round_robin_tournament("x", players(2), false);
    REQUIRE(std::holds_alternative<RoundRobinError>(t));
    CHECK(std::get<RoundRobinError>(t).message == "a round robin needs 3 to 20 players, not 2");
}

TEST_CASE("a player who withdraws before half his games has all his results annulled")
{
    Tournament t = scheduled(4);
    set_result(t, 4, 1, '1'); // 1 of his 3 games: fewer than half
    set_result(t, 1, 2, '1');
    t.players[3].status = PlayerStatus::Withdrawn;
    const Tournament adjusted = apply_round_robin_withdrawals(t);
    CHECK(games_of(adjusted, 4) == 0);
    CHECK(games_of(adjusted, 1) == 2); // 1-2 and 1-3 remain
    const auto one = record_of(adjusted, 1);
    for (const PlayerRound& r : one) CHECK(r.opponent != 4);
    CHECK(games_of(t, 4) == 3); // the input is unchanged
}

TEST_CASE("a player who withdraws after half his games keeps them, the rest are forfeits")
{
    Tournament t = scheduled(4);
    set_result(t, 4, 1, '0');
    set_result(t, 4, 2, '='); // 2 of 3 played: at least half
    t.players[3].status = PlayerStatus::Withdrawn;
    const Tournament adjusted = apply_round_robin_withdrawals(t);
    CHECK(games_of(adjusted, 4) == 3);
    int forfeits = 0;
    for (const PlayerRound& r : record_of(adjusted, 3))
        if (r.opponent == 4) forfeits += r.outcome == Outcome::ForfeitWin;
    CHECK(forfeits == 1);
    for (const PlayerRound& r : record_of(adjusted, 4))
        if (r.opponent == 2) CHECK(r.outcome == Outcome::Draw);
}

TEST_CASE("exactly half played counts as after half (double round robin of 3: 2 of 4)")
{
    Tournament t = scheduled(3, true);
    set_result(t, 3, 1, '1');
    set_result(t, 3, 2, '0');
    t.players[2].status = PlayerStatus::Withdrawn;
    const Tournament adjusted = apply_round_robin_withdrawals(t);
    CHECK(games_of(adjusted, 3) == 4);
}

TEST_CASE("the crosstable and Sonneborn-Berger of a finished round robin of 4")
{
    // 1 beat 2, drew 3, beat 4; 2 beat 3, drew 4; 3 won against 4 by forfeit.
    // Points: 1: 2½, 2: 1½, 3: 1½, 4: ½.
    // SB with the forfeit counted as a game (15.2): 1: 1½ + ½·1½ + ½ = 2¾; 2: 1½ + ½·½ = 1¾;
    // 3: ½·2½ + ½ = 1¾; 4: ½·1½ = ¾.
    Tournament t = scheduled(4);
    set_result(t, 1, 2, '1');
    set_result(t, 1, 3, '=');
    set_result(t, 1, 4, '1');
    set_result(t, 2, 3, '1');
    set_result(t, 2, 4, '=');
    set_result(t, 3, 4, '+');
    const Crosstable table = crosstable(t);
    CHECK(table.players == std::vector<int>{1, 2, 3, 4});
    CHECK(table.cells[0] == std::vector<std::string>{"X", "1", "½", "1"});
    CHECK(table.cells[2] == std::vector<std::string>{"½", "0", "X", "+"});
    CHECK(table.cells[3] == std::vector<std::string>{"0", "½", "-", "X"});
    CHECK(table.half_points == std::vector<int>{5, 3, 3, 1});
    CHECK(table.sonneborn_berger == std::vector<int>{275, 175, 175, 75});
}

TEST_CASE("a double round robin shows both results in one cell")
{
    Tournament t = scheduled(3, true);
    set_result(t, 1, 2, '1');
    CHECK(crosstable(t).cells[0][1] == "1");
    set_result(t, 1, 2, '=');
    CHECK(crosstable(t).cells[0][1] == "1½");
    CHECK(crosstable(t).cells[1][0] == "0½");
}
