// A round robin's schedule from the store's rows (server/tournaments/stored_round_robin.h): who
// has a place in it, the Berger numbers in entry order, the stored results found again, a round
// as the store takes it, and FIDE's withdrawal rule in the standings' model.
#include <catch2/catch.hpp>

#include "pairing/berger.h"
#include "protocol/nick.h"
#include "server/tournaments/stored_round_robin.h"
#include "tests/server/tournaments/stored_rows.h"

using namespace rochade;
using namespace rochade::server;
using rochade::test::stored_player;
using tournament::GameResult;
using tournament::PlayerStatus;

namespace {

// Five entries: Bert withdrew before the start (round 1), so Anna, Clara, Dora, Emil are Berger
// numbers 1-4, entered in a shuffled order to show that the entry decides.
db::TournamentLog four_player_log()
{
    db::TournamentLog log;
    log.tournament.created.id = 9;
    log.tournament.created.name = "Vereinsmeisterschaft";
    log.tournament.created.system = "round_robin";
    log.tournament.created.rounds = 1; // cycles
    log.tournament.state = "running";
    log.players = {stored_player(5, "Emil"), stored_player(1, "Anna"), stored_player(2, "Bert", 1, 1),
                   stored_player(3, "Clara"), stored_player(4, "Dora")};
    return log;
}

std::vector<std::pair<std::string, std::string>> games_of(const db::TournamentRoundPaired& round)
{
    std::vector<std::pair<std::string, std::string>> games;
    for (const auto& pairing : round.pairings) {
        REQUIRE(pairing.black_key);
        CHECK_FALSE(pairing.bye);
        games.emplace_back(pairing.white_key, *pairing.black_key);
    }
    return games;
}

} // namespace

TEST_CASE("round robin schedule: the players entered at the start, in entry order, are Berger numbers 1..n",
          "[tournament][round_robin]")
{
    auto log = four_player_log();
    CHECK_FALSE(in_round_robin_schedule(log.players[2])); // Bert, withdrawn before round 1
    log.players[3].withdrawn_from_round = 3;              // Clara, withdrawn during the event
    CHECK(in_round_robin_schedule(log.players[3]));

    const auto made = round_robin_schedule(log);
    REQUIRE(std::holds_alternative<RoundRobinSchedule>(made));
    const auto& schedule = std::get<RoundRobinSchedule>(made);
    CHECK(schedule.nick_keys == std::vector<std::string>{"anna", "clara", "dora", "emil"});
    REQUIRE(schedule.model.rounds.size() == 3);
    CHECK(schedule.model.players[1].status == PlayerStatus::Withdrawn);

    const auto berger = pairing::berger_schedule(4);
    REQUIRE(berger);
    for (int round = 1; round <= 3; ++round) {
        const auto stored = round_robin_round(schedule, 9, round, 1000 + round);
        CHECK(stored.tournament_id == 9);
        CHECK(stored.round == round);
        CHECK(stored.at_ms == 1000 + round);
        std::vector<std::pair<std::string, std::string>> expected;
        for (const auto& board : (*berger)[std::size_t(round - 1)].boards)
            expected.emplace_back(schedule.nick_keys[std::size_t(board.white - 1)],
                                  schedule.nick_keys[std::size_t(board.black - 1)]);
        CHECK(games_of(stored) == expected);
        for (std::size_t i = 0; i < stored.pairings.size(); ++i) CHECK(stored.pairings[i].board == int(i) + 1);
    }
    CHECK(round_robin_round(schedule, 9, 4, 0).pairings.empty()); // past the schedule
}

TEST_CASE("round robin schedule: stored results come back in their games, a withdrawal before half is annulled",
          "[tournament][round_robin]")
{
    auto log = four_player_log();
    const auto first = std::get<RoundRobinSchedule>(round_robin_schedule(log));
    // Round 1 as stored, White winning both games.
    db::TournamentRoundRecord round{1, 100, {}};
    for (const auto& pairing : round_robin_round(first, 9, 1, 100).pairings)
        round.boards.push_back({pairing, std::nullopt, std::nullopt, "white_wins", std::nullopt, false, false});
    log.rounds.push_back(round);

    auto schedule = std::get<RoundRobinSchedule>(round_robin_schedule(log));
    for (const auto& game : schedule.model.rounds[0].games) CHECK(game.result == GameResult::WhiteWins);
    for (const auto& game : schedule.model.rounds[1].games) CHECK(game.result == GameResult::Pending);

    // The winner of board 1 withdraws after one game of three: his game is annulled, and his
    // remaining ones count for nobody.
    const std::string& quitter = round.boards[0].pairing.white_key;
    for (auto& player : log.players)
        if (player.nick_key == quitter) player.withdrawn_from_round = 2;
    schedule = std::get<RoundRobinSchedule>(round_robin_schedule(log));
    const auto model = round_robin_standings_model(schedule);
    for (const auto& played : model.rounds)
        for (const auto& game : played.games) {
            CHECK(schedule.nick_keys[std::size_t(game.white - 1)] != quitter);
            CHECK(schedule.nick_keys[std::size_t(game.black - 1)] != quitter);
        }
    CHECK(model.rounds[0].games.size() == 1);
    CHECK(model.rounds[0].games[0].result == GameResult::WhiteWins);
}

TEST_CASE("round robin schedule: fewer than three players is no schedule, with the reason", "[tournament][round_robin]")
{
    auto log = four_player_log();
    log.players.resize(2);
    const auto made = round_robin_schedule(log);
    REQUIRE(std::holds_alternative<tournament::RoundRobinError>(made));
    CHECK(std::get<tournament::RoundRobinError>(made).message == "a round robin needs 3 to 20 players, not 2");
}
