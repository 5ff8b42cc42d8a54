// Fencing between the nodes of a cluster (db/records.h, GameClaimed): a node that
// takes a game over raises its owner epoch, and the store refuses, as Superseded, the writes of
// that game made with an older one: a node paused past its lease cannot write into a game
// another node plays now. A game's event is stored once per seq. On both backends.
#include <catch2/catch.hpp>

#include <optional>
#include <string>
#include <vector>

#include "store_backend.h"

using namespace rochade::db;
using rochade::db::testing::TestReader;
using rochade::db::testing::TestStore;
using rochade::db::testing::TestWriter;

namespace {

GameStarted game(std::int64_t id, std::int64_t epoch = 0)
{
    GameStarted start;
    start.game_id = id;
    start.table_id = 100 + id;
    start.room = 34;
    start.white = "Anna";
    start.black = "Bert";
    start.time_control_json = R"({"kind":"fischer","base_ms":180000,"increment_ms":2000})";
    start.start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    start.white_ms = start.black_ms = 180000;
    start.started_at_ms = 1700000000000;
    start.epoch = epoch;
    return start;
}

MovePlayed move(std::int64_t game_id, int ply, std::int64_t epoch)
{
    MovePlayed m;
    m.game_id = game_id;
    m.ply = ply;
    m.seq = ply + 1;
    m.uci = "u" + std::to_string(ply);
    m.san = "s" + std::to_string(ply);
    m.white_ms = m.black_ms = 180000 - ply;
    m.at_ms = 1700000000000 + ply;
    m.epoch = epoch;
    return m;
}

TableEvent event(std::optional<std::int64_t> game_id, std::int64_t seq, std::int64_t epoch)
{
    return TableEvent{
        101,           game_id, seq, rochade::db::TableEventKind::PlayerDisconnected, R"({"side":"white"})",
        1700000000000, epoch};
}

GameEnded end_of(std::int64_t game_id, std::int64_t epoch)
{
    GameEnded end;
    end.game_id = game_id;
    end.result = rochade::Score::WhiteWins;
    end.termination = rochade::Termination::Resignation;
    end.detail_json = "{}";
    end.ended_at_ms = 1700000001000;
    end.epoch = epoch;
    return end;
}

// The outcome of one submission: "stored", or the failure's kind, and its message.
struct Outcome {
    std::string kind = "pending";
    std::string message;
};

Outcome submit(TestWriter& writer, std::vector<Write> writes)
{
    Outcome outcome;
    writer.submit(std::move(writes), [&outcome](std::optional<StoreError> error) {
        outcome.kind = error ? std::string(store_failure_name(error->kind)) : "stored";
        if (error) outcome.message = error->message;
    });
    writer.flush();
    return outcome;
}

} // namespace

TEST_CASE("a game claimed with a newer epoch refuses the old owner's moves, events and end as superseded")
{
    TestStore file("fencing");
    TestWriter writer(file, [](const std::string&) {});
    TestReader reader(file);
    REQUIRE(submit(writer, {game(1), move(1, 1, 0)}).kind == "stored");
    CHECK(reader.unfinished_game(1)->start.epoch == 0);

    // Another node takes the game over.
    REQUIRE(submit(writer, {GameClaimed{1, 1}}).kind == "stored");
    const auto taken = reader.unfinished_game(1);
    REQUIRE(taken);
    CHECK(taken->start.epoch == 1);
    CHECK(taken->moves.size() == 1);

    // The old owner wakes up and writes on with epoch 0: nothing of it is stored.
    const Outcome stale_move = submit(writer, {move(1, 2, 0)});
    CHECK(stale_move.kind == "superseded");
    CHECK_THAT(stale_move.message, Catch::Contains("storing ply 2 of game 1") &&
                                       Catch::Contains("another node has taken the game over") &&
                                       Catch::Contains("its owner epoch is 1, this writer's 0"));
    CHECK(submit(writer, {event(1, 3, 0)}).kind == "superseded");
    CHECK(submit(writer, {end_of(1, 0)}).kind == "superseded");
    CHECK(query_int(file, "SELECT COUNT(*) FROM moves WHERE game_id = 1") == 1);
    CHECK(query_int(file, "SELECT COUNT(*) FROM table_events WHERE game_id = 1") == 0);
    CHECK(query_int(file, "SELECT COUNT(*) FROM games WHERE ended_at_ms IS NULL") == 1);

    // The new owner plays on: its move is the next ply, never "stored already".
    CHECK(submit(writer, {move(1, 2, 1)}).kind == "stored");
    CHECK(submit(writer, {event(1, 4, 1)}).kind == "stored");

    // A second claim with the same epoch is another node's too late; a claim of nothing is refused.
    const Outcome late = submit(writer, {GameClaimed{1, 1}});
    CHECK(late.kind == "superseded");
    CHECK_THAT(late.message, Catch::Contains("another node claimed it with epoch 1 already"));
    const Outcome unknown = submit(writer, {GameClaimed{9, 1}});
    CHECK(unknown.kind == "refused");
    CHECK_THAT(unknown.message, Catch::Contains("no game has this id"));
    CHECK_FALSE(reader.unfinished_game(9));

    // The game ends with the new owner's epoch; it cannot be claimed after.
    CHECK(submit(writer, {end_of(1, 1)}).kind == "stored");
    const Outcome ended = submit(writer, {GameClaimed{1, 2}});
    CHECK(ended.kind == "refused");
    CHECK_THAT(ended.message, Catch::Contains("the game has ended"));
    CHECK_FALSE(reader.unfinished_game(1));
}

TEST_CASE("a game's event is stored once per seq, events without a game are not fenced")
{
    TestStore file("event-once");
    TestWriter writer(file, [](const std::string&) {});
    REQUIRE(submit(writer, {game(1, 2)}).kind == "stored");
    CHECK(submit(writer, {event(1, 1, 2)}).kind == "stored");
    // The same (game, seq) with other content: refused, whatever the epoch.
    const Outcome twice =
        submit(writer, {TableEvent{101, 1, 1, rochade::db::TableEventKind::PlayerReconnected, "{}", 1700000000001, 2}});
    CHECK(twice.kind == "refused");
    CHECK(query_int(file, "SELECT COUNT(*) FROM table_events WHERE game_id = 1 AND seq = 1") == 1);
    CHECK(query_int(file, "SELECT COUNT(*) FROM table_events WHERE kind = 'player_reconnected'") == 0);
    // A newer epoch than the stored one may write (the stored epoch is a floor, not an identity).
    CHECK(submit(writer, {event(1, 2, 3)}).kind == "stored");
    // Chat at a table between games has no game to be fenced by.
    CHECK(submit(writer, {event(std::nullopt, 5, 0), event(std::nullopt, 6, 0)}).kind == "stored");
    // The game's start stored its epoch: a lower one is out from the first move.
    CHECK(submit(writer, {move(1, 1, 1)}).kind == "superseded");
    CHECK(submit(writer, {move(1, 1, 2)}).kind == "stored");
}
