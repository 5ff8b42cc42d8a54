// Between the store's rows of a tournament and the results model (server/tournaments/
// stored_tournament.h): the words both ways, the model with its statuses, late entries' byes and
// results, a paired round as the store takes it, and a game's end as a board's result.
#include <algorithm>
#include <variant>

#include <catch2/catch.hpp>

#include "protocol/nick.h"
#include "protocol/tournament.h"
#include "server/tournaments/stored_tournament.h"
#include "server/tournaments/tournament_settings.h"
#include "tests/server/tournaments/stored_rows.h"
#include "tournament/next_round.h"
#include "tournament/trf_conversion.h"

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

// A running Swiss without players or rounds.
db::TournamentLog running_swiss(std::int64_t id, std::string name, int rounds)
{
    db::TournamentLog log;
    log.tournament.created.id = id;
    log.tournament.created.name = std::move(name);
    log.tournament.created.system = "swiss";
    log.tournament.created.rounds = rounds;
    log.tournament.state = "running";
    return log;
}

// Five players; Dora withdrawn from round 3; Emil a late entry from round 2; round 1 played with
// Clara's pairing bye, round 2 with one game pending.
db::TournamentLog five_player_log()
{
    auto log = running_swiss(7, "Herbst", 5);
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

TEST_CASE("stored tournament: a game's end as the board's result, a missed first move is a forfeit",
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

TEST_CASE("stored tournament: the director's forbidden pairs of entered players reach the Dutch pairing",
          "[server][tournament][stored][director]")
{
    auto log = running_swiss(8, "Familienturnier", 3);
    // Ratings 1501..1504: Dora and Clara in the top half meet Bert and Anna in round 1.
    log.players = {stored_player(1, "Anna"), stored_player(2, "Bert"), stored_player(3, "Clara"),
                   stored_player(4, "Dora")};
    const auto met = [](const tournament::Tournament& model, int a, int b) {
        const auto paired = tournament::pair_next_swiss_round(model);
        REQUIRE(std::holds_alternative<tournament::Round>(paired));
        const auto& round = std::get<tournament::Round>(paired);
        CHECK(round.games.size() == 2);
        return std::any_of(round.games.begin(), round.games.end(), [&](const tournament::Game& game) {
            return (game.white == a && game.black == b) || (game.white == b && game.black == a);
        });
    };
    CHECK(met(model_of(log), 1, 3)); // Clara-Anna without the rule

    TournamentSettings settings;
    // By nick key, in either order; a pair with a player who never entered is kept but not used.
    settings.forbidden_pairs = {{"clara", "anna"}, {"anna", "zora"}};
    log.tournament.created.settings_json = settings_json(settings);
    const auto model = model_of(log);
    CHECK(model.forbidden_pairs == std::vector<std::pair<int, int>>{{1, 3}});
    CHECK_FALSE(met(model, 1, 3));
    // The arbiters' export carries it: the TRF's XXP line.
    CHECK(tournament::write_trf(model).find("\nXXP 1 3\n") != std::string::npos);
}

TEST_CASE("stored tournament: the director's first-board colour is the Dutch pairing's initial colour",
          "[server][tournament][stored][director]")
{
    auto log = running_swiss(8, "Farbwahl", 3);
    // Ratings 1501..1504: Dora, the first-ranked, plays on board 1.
    log.players = {stored_player(1, "Anna"), stored_player(2, "Bert"), stored_player(3, "Clara"),
                   stored_player(4, "Dora")};
    const auto first_board = [](const tournament::Tournament& model) {
        const auto paired = tournament::pair_next_swiss_round(model);
        REQUIRE(std::holds_alternative<tournament::Round>(paired));
        for (const auto& game : std::get<tournament::Round>(paired).games)
            if (game.white == 4 || game.black == 4) return game;
        FAIL("Dora is not paired");
        return tournament::Game{};
    };
    CHECK(model_of(log).first_board_white);
    CHECK(first_board(model_of(log)).white == 4);
    TournamentSettings settings;
    settings.first_board_white = false;
    log.tournament.created.settings_json = settings_json(settings);
    CHECK_FALSE(model_of(log).first_board_white);
    CHECK(first_board(model_of(log)).black == 4);
    CHECK(read_settings(settings_json(settings)).first_board_white == false);
    settings.round_days = 7;
    CHECK(read_settings(settings_json(settings)).round_days == 7);
    CHECK(read_settings(settings_json(TournamentSettings{})).round_days == 0);
}

TEST_CASE("stored tournament: the director's tie-breaks in his order, the default without them",
          "[server][tournament][stored][director]")
{
    db::TournamentCreated created;
    CHECK(tie_breaks_of(created) == tournament::default_tie_breaks());
    TournamentSettings settings;
    settings.tie_breaks = {"SB", "BH", "ARO"};
    created.settings_json = settings_json(settings);
    CHECK(tie_breaks_of(created) == std::vector<tournament::TieBreak>{tournament::TieBreak::SonnebornBerger,
                                                                      tournament::TieBreak::Buchholz,
                                                                      tournament::TieBreak::AverageRatingOfOpponents});
    const auto read = read_settings(created.settings_json);
    CHECK(read.tie_breaks == settings.tie_breaks);
}

TEST_CASE("the tie-break codes a request may name are exactly the ones the standings compute",
          "[server][tournament][stored][director]")
{
    for (const auto code : protocol::tie_break_codes) {
        INFO(code);
        const auto tie_break = tournament::parse_tie_break(code);
        REQUIRE(tie_break);
        CHECK(tournament::tie_break_code(*tie_break) == code);
    }
    for (int i = 0; i <= int(tournament::TieBreak::AverageRatingOfOpponents); ++i)
        CHECK(protocol::is_tie_break_code(tournament::tie_break_code(tournament::TieBreak(i))));
    CHECK_FALSE(tournament::parse_tie_break("XYZ"));
}
