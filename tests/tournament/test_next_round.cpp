// The next round of a Swiss (tournament/next_round.h): round 1 by rating, the pairing bye for the
// odd player out, absentees and requested half-point byes left out of the pairing, the refusals
// (a pending game, every round paired, a bye in the last round, too few players), a late entry
// with half-point byes for the rounds he missed, and five rounds of twelve players that never
// repeat a pairing or give anyone a second pairing bye.
#include <map>
#include <random>
#include <set>

#include <catch2/catch.hpp>

#include "tournament/next_round.h"

using namespace rochade::tournament;

namespace {

Tournament swiss_of(int players, int rounds)
{
    Tournament t;
    t.name = "Vereinsmeisterschaft";
    t.system = System::Swiss;
    t.total_rounds = rounds;
    for (int i = 1; i <= players; ++i) t.players.push_back(Player{i, "Spieler" + std::to_string(i), 2200 - 50 * i});
    return t;
}

Round paired(const Tournament& t, const RoundRequests& requests = {})
{
    auto result = pair_next_swiss_round(t, requests);
    if (const auto* error = std::get_if<NextRoundError>(&result)) FAIL(error->message);
    return std::get<Round>(result);
}

std::string refusal(const Tournament& t, const RoundRequests& requests = {})
{
    auto result = pair_next_swiss_round(t, requests);
    REQUIRE(std::holds_alternative<NextRoundError>(result));
    return std::get<NextRoundError>(result).message;
}

void finish_all(Round& round, GameResult result = GameResult::WhiteWins)
{
    for (auto& game : round.games) game.result = result;
}

} // namespace

TEST_CASE("next round: round 1 pairs the top half against the bottom half, colours alternating", "[tournament]")
{
    const Round round = paired(swiss_of(6, 5));
    REQUIRE(round.games.size() == 3);
    CHECK(round.byes.empty());
    CHECK(round.games[0].white == 1);
    CHECK(round.games[0].black == 4);
    CHECK(round.games[1].white == 5);
    CHECK(round.games[1].black == 2);
    CHECK(round.games[2].white == 3);
    CHECK(round.games[2].black == 6);
    for (const auto& game : round.games) CHECK(game.result == GameResult::Pending);
}

TEST_CASE("next round: the odd player out gets the pairing-allocated bye, absentees and requests sit out",
          "[tournament]")
{
    Tournament t = swiss_of(7, 5);
    Round first = paired(t);
    CHECK(first.games.size() == 3);
    REQUIRE(first.byes.size() == 1);
    CHECK(first.byes[0].kind == ByeKind::PairingAllocated);
    CHECK(first.byes[0].player == 7);

    finish_all(first, GameResult::Draw);
    t.rounds.push_back(first);
    t.players[1].status = PlayerStatus::Withdrawn; // player 2
    const Round second = paired(t, RoundRequests{{3}});
    std::map<int, ByeKind> byes;
    for (const auto& bye : second.byes) byes[bye.player] = bye.kind;
    CHECK(byes.at(2) == ByeKind::ZeroPoint);
    CHECK(byes.at(3) == ByeKind::HalfPoint);
    CHECK(second.games.size() == 2);
    CHECK(byes.size() == 3); // five to pair: one more pairing bye, not to player 7 again
    for (const auto& [player, kind] : byes)
        if (kind == ByeKind::PairingAllocated) CHECK(player != 7);
    for (const auto& game : second.games)
        for (const int player : {game.white, game.black}) CHECK((player != 2 && player != 3));
}

TEST_CASE("next round: refused with the reason", "[tournament]")
{
    Tournament t = swiss_of(4, 2);
    Round first = paired(t);
    t.rounds.push_back(first);
    CHECK(refusal(t) == "round 2 cannot be paired: board 1 of round 1 is still being played");
    finish_all(t.rounds.back());
    CHECK(refusal(t, RoundRequests{{1}}) == "round 2 cannot be paired: Spieler1 asked for a half-point bye in the "
                                            "last round");
    CHECK(refusal(t, RoundRequests{{9}}) == "round 2 cannot be paired: player 9 asked for a bye but is not registered");
    t.rounds.push_back(paired(t));
    finish_all(t.rounds.back());
    CHECK(refusal(t) == "round 3 cannot be paired: all 2 rounds are paired");

    Tournament few = swiss_of(3, 5);
    few.players[0].status = PlayerStatus::Withdrawn;
    few.players[1].status = PlayerStatus::Paused;
    CHECK(refusal(few) == "round 1 cannot be paired: fewer than two players are there to be paired");
    Tournament robin = swiss_of(4, 3);
    robin.system = System::RoundRobin;
    CHECK(refusal(robin) == "round 1 cannot be paired: the tournament is not a Swiss");
}

TEST_CASE("next round: a late entry has a half-point bye for each round he missed and is paired next", "[tournament]")
{
    Tournament t = swiss_of(6, 5);
    for (int r = 0; r < 2; ++r) {
        Round round = paired(t);
        finish_all(round);
        t.rounds.push_back(round);
    }
    t = with_late_entry(t, "Nachzügler", 2400);
    REQUIRE(t.players.size() == 7);
    CHECK(t.players.back().start_number == 7);
    for (const auto& round : t.rounds) {
        REQUIRE(round.byes.size() == 1);
        CHECK(round.byes[0].player == 7);
        CHECK(round.byes[0].kind == ByeKind::HalfPoint);
    }
    const Round third = paired(t);
    bool plays = false;
    for (const auto& game : third.games) plays = plays || game.white == 7 || game.black == 7;
    CHECK(plays);
}

TEST_CASE("next round: twelve players over five rounds never meet twice, nobody gets two pairing byes", "[tournament]")
{
    std::mt19937 random(2811);
    for (int run = 0; run < 10; ++run) {
        Tournament t = swiss_of(11 + run % 2, 5);
        std::set<std::pair<int, int>> met;
        std::map<int, int> pairing_byes;
        for (int r = 0; r < 5; ++r) {
            Round round = paired(t);
            for (auto& game : round.games) {
                const auto key = std::minmax(game.white, game.black);
                CHECK(met.insert(key).second);
                const int roll = int(random() % 3);
                game.result = roll == 0 ? GameResult::WhiteWins : roll == 1 ? GameResult::Draw : GameResult::BlackWins;
            }
            for (const auto& bye : round.byes)
                if (bye.kind == ByeKind::PairingAllocated) CHECK(++pairing_byes[bye.player] == 1);
            t.rounds.push_back(round);
        }
    }
}
