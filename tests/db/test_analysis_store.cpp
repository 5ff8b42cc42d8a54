// The store's server analyses (db/analysis_records.h), on both backends (tests/db/store_backend.h):
// a finished game's evaluations are stored once with who asked and read back with the game;
// an unfinished or unknown game, a second analysis and an empty one are refused; the stored
// text reads back exactly, and a text that is not one is refused with where it was read.
#include <catch2/catch.hpp>

#include <optional>
#include <string>
#include <vector>

#include "store_backend.h"

using namespace rochade::db;
using rochade::db::testing::check_refused;
using rochade::db::testing::store_now;
using rochade::db::testing::TestReader;
using rochade::db::testing::TestStore;
using rochade::db::testing::TestWriter;

namespace {

constexpr std::int64_t t0 = 1800000000000;

GameStarted started(std::int64_t id)
{
    GameStarted start;
    start.game_id = id;
    start.table_id = 100 + id;
    start.room = 35;
    start.white = "Anna";
    start.black = "Bert";
    start.time_control_json = R"({"kind":"sudden_death","base_ms":300000})";
    start.start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    start.white_ms = start.black_ms = 300000;
    start.started_at_ms = t0 + id;
    return start;
}

MovePlayed played(std::int64_t game_id, int ply, const std::string& uci, const std::string& san)
{
    return MovePlayed{game_id, ply, ply + 1, uci, san, 300000, 300000, t0 + ply * 1000};
}

// Game 1: the fool's mate, finished; game 2 running.
void two_games(StoreWriter& writer)
{
    REQUIRE_FALSE(store_now(writer, AccountCreated{"Anna", "anna", "$argon2id$h", Role::Player, t0}));
    const std::vector<Write> first{
        started(1),
        played(1, 1, "f2f3", "f3"),
        played(1, 2, "e7e5", "e5"),
        played(1, 3, "g2g4", "g4"),
        played(1, 4, "d8h4", "Qh4#"),
        GameEnded{1, rochade::Score::BlackWins, rochade::Termination::Checkmate, "{}", 299000, 298000, t0 + 5000}};
    for (const auto& write : first) REQUIRE_FALSE(store_now(writer, write));
    REQUIRE_FALSE(store_now(writer, started(2)));
}

const std::vector<PositionEvaluation> fools_mate{
    {20, std::nullopt}, {-60, std::nullopt}, {-45, std::nullopt}, {std::nullopt, -1}, {std::nullopt, 0}};

} // namespace

TEST_CASE("a finished game's analysis is stored once, with who asked, and read back with the game")
{
    TestStore store("analysis");
    TestWriter writer(store);
    two_games(writer);
    TestReader reader(store);
    CHECK_FALSE(reader.game_log(1)->analysis);

    REQUIRE_FALSE(store_now(writer, GameAnalyzed{1, 1, t0 + 9000, fools_mate}));
    const auto log = reader.game_log(1);
    REQUIRE(log->analysis);
    CHECK(log->analysis->account_id == 1);
    CHECK(log->analysis->at_ms == t0 + 9000);
    CHECK(log->analysis->evaluations == fools_mate);

    check_refused(writer, GameAnalyzed{1, 1, t0 + 9001, fools_mate}, "has an analysis already");
    check_refused(writer, GameAnalyzed{2, 1, t0 + 9001, {{0, std::nullopt}}}, "is not finished");
    check_refused(writer, GameAnalyzed{3, 1, t0 + 9001, {{0, std::nullopt}}}, "no such game");
    REQUIRE_FALSE(
        store_now(writer, GameEnded{2, rochade::Score::Draw, rochade::Termination::Agreement, "{}", 1, 1, t0 + 9002}));
    check_refused(writer, GameAnalyzed{2, 1, t0 + 9003, {}}, "has no evaluations");
    CHECK(reader.game_log(1)->analysis->evaluations == fools_mate); // the first stands
}

TEST_CASE("the stored evaluations' text reads back exactly, and what is not one is refused naming where")
{
    CHECK(evaluations_text(fools_mate) == "20 -60 -45 #-1 #0");
    const auto read = parse_evaluations("20 -60 -45 #-1 #0", "the test");
    REQUIRE(read);
    CHECK(*read == fools_mate);
    CHECK(parse_evaluations("", "the test")->empty());
    for (const char* wrong : {"20 x", "20  30", "#", "1.5", "20 #3x", "99999999999"}) {
        INFO(wrong);
        const auto refused = parse_evaluations(wrong, "game_analyses.evaluations of game 7");
        REQUIRE_FALSE(refused);
        CHECK(refused.error().starts_with("game_analyses.evaluations of game 7: position "));
    }
}
