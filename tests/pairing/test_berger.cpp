#include <catch2/catch.hpp>

#include <cstdlib>
#include <map>
#include <set>
#include <string>

#include "pairing/berger.h"

using namespace rochade::pairing;

namespace {

// A round as the Handbook prints it: "1-4 2-3" (White first).
std::string printed(const BergerRound& round)
{
    std::string out;
    for (const auto& board : round.boards) {
        if (!out.empty()) out += ' ';
        out += std::to_string(board.white) + "-" + std::to_string(board.black);
    }
    return out;
}

std::vector<std::string> printed_schedule(int players)
{
    const auto schedule = berger_schedule(players);
    REQUIRE(schedule);
    std::vector<std::string> rounds;
    for (const auto& round : *schedule) rounds.push_back(printed(round));
    return rounds;
}

} // namespace

// The tables of FIDE C.05 Annex 1, copied by hand from the Handbook's pages.
TEST_CASE("Berger tables for 3-4, 5-6, 7-8, 9-10 and 11-12 players are the Handbook's", "[pairing][berger]")
{
    CHECK(printed_schedule(4) == std::vector<std::string>{"1-4 2-3", "4-3 1-2", "2-4 3-1"});
    CHECK(printed_schedule(6) ==
          std::vector<std::string>{"1-6 2-5 3-4", "6-4 5-3 1-2", "2-6 3-1 4-5", "6-5 1-4 2-3", "3-6 4-2 5-1"});
    CHECK(printed_schedule(8) == std::vector<std::string>{"1-8 2-7 3-6 4-5", "8-5 6-4 7-3 1-2", "2-8 3-1 4-7 5-6",
                                                          "8-6 7-5 1-4 2-3", "3-8 4-2 5-1 6-7", "8-7 1-6 2-5 3-4",
                                                          "4-8 5-3 6-2 7-1"});
    CHECK(printed_schedule(10) ==
          std::vector<std::string>{"1-10 2-9 3-8 4-7 5-6", "10-6 7-5 8-4 9-3 1-2", "2-10 3-1 4-9 5-8 6-7",
                                   "10-7 8-6 9-5 1-4 2-3", "3-10 4-2 5-1 6-9 7-8", "10-8 9-7 1-6 2-5 3-4",
                                   "4-10 5-3 6-2 7-1 8-9", "10-9 1-8 2-7 3-6 4-5", "5-10 6-4 7-3 8-2 9-1"});
    CHECK(printed_schedule(12) == std::vector<std::string>{"1-12 2-11 3-10 4-9 5-8 6-7", "12-7 8-6 9-5 10-4 11-3 1-2",
                                                           "2-12 3-1 4-11 5-10 6-9 7-8", "12-8 9-7 10-6 11-5 1-4 2-3",
                                                           "3-12 4-2 5-1 6-11 7-10 8-9", "12-9 10-8 11-7 1-6 2-5 3-4",
                                                           "4-12 5-3 6-2 7-1 8-11 9-10", "12-10 11-9 1-8 2-7 3-6 4-5",
                                                           "5-12 6-4 7-3 8-2 9-1 10-11", "12-11 1-10 2-9 3-8 4-7 5-6",
                                                           "6-12 7-5 8-4 9-3 10-2 11-1"});
}

TEST_CASE("an odd number of players uses the next table, the highest number is the bye", "[pairing][berger]")
{
    const auto five = berger_schedule(5);
    REQUIRE(five);
    REQUIRE(five->size() == 5);
    // The 6-player table without player 6.
    CHECK(printed((*five)[0]) == "2-5 3-4");
    CHECK((*five)[0].bye == 1);
    CHECK(printed((*five)[1]) == "5-3 1-2");
    CHECK((*five)[1].bye == 4);
    CHECK((*five)[4].bye == 3);
    const auto three = berger_schedule(3);
    REQUIRE(three);
    CHECK(printed((*three)[0]) == "2-3");
    CHECK((*three)[0].bye == 1);
}

TEST_CASE("every player meets every other once per cycle, with colours as balanced as the tables allow",
          "[pairing][berger]")
{
    for (int players = berger_min_players; players <= berger_max_players; ++players) {
        for (const bool double_round : {false, true}) {
            INFO(players << " players, double " << double_round);
            const auto schedule = berger_schedule(players, double_round);
            REQUIRE(schedule);
            const int even = players + players % 2;
            CHECK(schedule->size() == static_cast<std::size_t>((even - 1) * (double_round ? 2 : 1)));
            std::map<std::pair<int, int>, int> meetings;
            std::vector<int> whites(players + 1, 0);
            for (const auto& round : *schedule) {
                std::set<int> seen;
                for (const auto& board : round.boards) {
                    CHECK(seen.insert(board.white).second);
                    CHECK(seen.insert(board.black).second);
                    ++meetings[{std::min(board.white, board.black), std::max(board.white, board.black)}];
                    ++whites[board.white];
                }
                if (round.bye) CHECK(seen.insert(*round.bye).second);
                CHECK(seen.size() == static_cast<std::size_t>(players));
            }
            CHECK(meetings.size() == static_cast<std::size_t>(players * (players - 1) / 2));
            for (const auto& [pair, count] : meetings) CHECK(count == (double_round ? 2 : 1));
            for (int p = 1; p <= players; ++p) {
                if (double_round) {
                    CHECK(whites[p] == players - 1); // each game once with each colour
                } else {
                    const int games = players - 1;
                    CHECK(std::abs(2 * whites[p] - games) <= 1);
                }
            }
        }
    }
}

TEST_CASE("a double round robin switches the first cycle's last two rounds and reverses the second's colours",
          "[pairing][berger]")
{
    const auto schedule = berger_schedule(4, true);
    REQUIRE(schedule);
    std::vector<std::string> rounds;
    for (const auto& round : *schedule) rounds.push_back(printed(round));
    CHECK(rounds == std::vector<std::string>{"1-4 2-3", "2-4 3-1", "4-3 1-2", "4-1 3-2", "4-2 1-3", "3-4 2-1"});
    // With the switch 1 and 3 alternate throughout; without it 1 would play w w b | b b w. With
    // four players 2 and 4 get three in a row either way.
    std::map<int, std::string> colours;
    for (const auto& round : *schedule)
        for (const auto& board : round.boards) {
            colours[board.white] += 'w';
            colours[board.black] += 'b';
        }
    CHECK(colours[1] == "wbwbwb");
    CHECK(colours[3] == "bwbwbw");
}

TEST_CASE("sizes outside 3-20 have no table", "[pairing][berger]")
{
    CHECK_FALSE(berger_schedule(2));
    CHECK_FALSE(berger_schedule(21));
    CHECK_FALSE(berger_schedule(-1));
    CHECK(berger_schedule(20));
}
