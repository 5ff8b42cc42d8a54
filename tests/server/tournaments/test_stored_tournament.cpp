// Between the store's rows of a tournament and the results model (server/tournaments/
// stored_tournament.h): the words both ways, the model with its statuses, late entries' byes and
// results, a paired round as the store takes it, and a game's end as a board's result.
#include <catch2/catch.hpp>

#include "protocol/nick.h"
#include "server/tournaments/stored_tournament.h"
#include "tests/server/tournaments/stored_rows.h"

using namespace rochade;
using namespace rochade::server;
using rochade::test::stored_player;
using tournament::ByeKind;
using tournament::GameResult;
using tournament::PlayerStatus;

namespace {

db::TournamentBoardRecord stored_board(int board, std::string white, std::optional<std::string> black,
                                       std::string result = "pending", std::optional<std::string> bye = std::nullopt)
{
    db::TournamentBoardRecord record;
    record.pairing = {board, std::move(white), std::move(black), std::move(bye)};
    record.result = std::move(result);
    return record;
}

// Five players; Dora withdrawn from round 3; Emil a late entry from round 2; round 1 played with
// Clara's pairing bye, round 2 with one game pending.
db::TournamentLog five_player_log()
{
    db::TournamentLog log;
    log.tournament.created.id = 7;
    log.tournament.created.name = "Herbst";
    log.tournament.created.system = "swiss";
    log.tournament.created.rounds = 5;
    log.tournament.state = "running";
    log.players = {stored_player(1, "Anna"), stored_player(2, "Bert"), stored_player(3, "Clara"),
                   stored_player(4, "Dora", 1, 3), stored_player(5, "Emil", 2)};
    log.rounds.push_back({1,
                          100,
                          {stored_board(1, "anna", "bert", "white_wins"),
                           stored_board(2, "clara", std::nullopt, "pending", "pairing_allocated"),
                           stored_board(3, "dora", std::nullopt, "pending", "zero_point")}});
    log.rounds.push_back({2,
                          200,
                          {stored_board(1, "emil", "anna", "pending"), stored_board(2, "bert", "clara", "draw"),
                           stored_board(3, "dora", std::nullopt, "pending", "half_point")}});
    return log;
}

} // namespace

TEST_CASE("stored tournament: the store's words of results and byes, both ways", "[server][tournament][stored]")
{
    for (const GameResult result :
         {GameResult::Pending, GameResult::WhiteWins, GameResult::Draw, GameResult::BlackWins,
          GameResult::WhiteWinsByForfeit, GameResult::BlackWinsByForfeit, GameResult::DoubleForfeit}) {
        INFO(result_word(result));
        CHECK(db::is_tournament_result(result_word(result)));
        CHECK(parse_result_word(result_word(result)) == result);
    }
    for (const ByeKind kind : {ByeKind::PairingAllocated, ByeKind::HalfPoint, ByeKind::ZeroPoint}) {
        CHECK(db::is_tournament_bye(bye_word(kind)));
        CHECK(parse_bye_word(bye_word(kind)) == kind);
    }
    CHECK_FALSE(parse_result_word("1-0"));
    CHECK_FALSE(parse_bye_word("full_point"));
}

TEST_CASE("stored tournament: the model has the players by entry with their status, the rounds, late entries' byes",
          "[server][tournament][stored]")
{
    const auto log = five_player_log();
    const auto model = model_of(log, {"bert"});
    REQUIRE(model.players.size() == 5);
    CHECK(model.total_rounds == 5);
    CHECK(model.players[0].nick == "Anna");
    CHECK(model.players[0].start_number == 1);
    CHECK(model.players[0].status == PlayerStatus::Active);
    CHECK(model.players[1].status == PlayerStatus::Paused);    // away now
    CHECK(model.players[3].status == PlayerStatus::Withdrawn); // from round 3, the next one
    REQUIRE(model.rounds.size() == 2);
    REQUIRE(model.rounds[0].games.size() == 1);
    CHECK(model.rounds[0].games[0].white == 1);
    CHECK(model.rounds[0].games[0].black == 2);
    CHECK(model.rounds[0].games[0].result == GameResult::WhiteWins);
    // Round 1: Clara's pairing bye, Dora absent, and Emil (first round 2) a half-point bye.
    REQUIRE(model.rounds[0].byes.size() == 3);
    CHECK(model.rounds[0].byes[0].player == 3);
    CHECK(model.rounds[0].byes[0].kind == ByeKind::PairingAllocated);
    CHECK(model.rounds[0].byes[1].kind == ByeKind::ZeroPoint);
    CHECK(model.rounds[0].byes[2].player == 5);
    CHECK(model.rounds[0].byes[2].kind == ByeKind::HalfPoint);
    CHECK(model.rounds[1].games[0].result == GameResult::Pending);
    CHECK(model.rounds[1].games[1].result == GameResult::Draw);
    CHECK(model.rounds[1].byes.size() == 1);
    CHECK_FALSE(tournament::validate(model));

    // A withdrawal from a later round is not one yet.
    auto later = log;
    later.players[3].withdrawn_from_round = 4;
    CHECK(model_of(later).players[3].status == PlayerStatus::Active);
}

TEST_CASE("stored tournament: a paired round as the store takes it: games by board, then the byes",
          "[server][tournament][stored]")
{
    const auto log = five_player_log();
    tournament::Round round;
    round.games = {{3, 1, GameResult::Pending}, {5, 2, GameResult::Pending}};
    round.byes = {{4, ByeKind::ZeroPoint}};
    const auto stored = stored_round(log, 3, round, 300);
    CHECK(stored.tournament_id == 7);
    CHECK(stored.round == 3);
    CHECK(stored.at_ms == 300);
    REQUIRE(stored.pairings.size() == 3);
    CHECK(stored.pairings[0].board == 1);
    CHECK(stored.pairings[0].white_key == "clara");
    CHECK(stored.pairings[0].black_key == "anna");
    CHECK(stored.pairings[1].white_key == "emil");
    CHECK(stored.pairings[2].board == 3);
    CHECK(stored.pairings[2].white_key == "dora");
    CHECK_FALSE(stored.pairings[2].black_key);
    CHECK(stored.pairings[2].bye == "zero_point");
    CHECK_FALSE(db::tournament_write_problem(stored));
}

TEST_CASE("stored tournament: a game's end as the board's result; a missed first move is a forfeit",
          "[server][tournament][stored]")
{
    const auto ended = [](Score score, Termination termination) {
        protocol::GameResult result;
        result.result = score;
        result.termination = termination;
        return result;
    };
    CHECK(board_result(ended(Score::WhiteWins, Termination::Checkmate), 31) == GameResult::WhiteWins);
    CHECK(board_result(ended(Score::BlackWins, Termination::Resignation), 0) == GameResult::BlackWins);
    CHECK(board_result(ended(Score::Draw, Termination::Agreement), 2) == GameResult::Draw);
    CHECK(board_result(ended(Score::BlackWins, Termination::FlagFall), 40) == GameResult::BlackWins);
    CHECK(board_result(ended(Score::Unfinished, Termination::NoFirstMove), 0) == GameResult::BlackWinsByForfeit);
    CHECK(board_result(ended(Score::Unfinished, Termination::NoFirstMove), 1) == GameResult::WhiteWinsByForfeit);
    CHECK(board_result(ended(Score::Unfinished, Termination::Adjudicated), 12) == GameResult::DoubleForfeit);
    CHECK(board_result(ended(Score::Unfinished, Termination::Forfeit), 12) == GameResult::DoubleForfeit);
}
