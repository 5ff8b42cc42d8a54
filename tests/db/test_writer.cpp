// db/sqlite/sqlite_writer.h: group commit from many threads, in order, callbacks in order and only after the
// commit, flush, draining in the destructor, failures that are reported, not swallowed, and the
// connection's tuning.
#include <catch2/catch.hpp>

#include <chrono>
#include <filesystem>
#include <future>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "db/sqlite/migrations.h"
#include "db/sqlite/sqlite.h"
#include "db/sqlite/sqlite_writer.h"
#include "store_backend.h"
#include "temp_database.h"

using namespace rochade::db;
using rochade::db::testing::TempDatabase;
using rochade::db::testing::TestStore;
using rochade::db::testing::TestWriter;

namespace {

GameStarted game(std::int64_t id)
{
    GameStarted start;
    start.game_id = id;
    start.table_id = 100 + id;
    start.room = 34;
    start.white = "White" + std::to_string(id);
    start.black = "Black" + std::to_string(id);
    start.time_control_json = R"({"kind":"fischer","base_ms":180000,"increment_ms":2000})";
    start.start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    start.white_ms = start.black_ms = 180000;
    start.started_at_ms = 1700000000000;
    return start;
}

MovePlayed move(std::int64_t game_id, int ply)
{
    MovePlayed m;
    m.game_id = game_id;
    m.ply = ply;
    m.seq = ply + 1;
    m.uci = "u" + std::to_string(ply);
    m.san = "s" + std::to_string(ply);
    m.white_ms = 180000 - ply;
    m.black_ms = 180000 - 2 * ply;
    m.at_ms = 1700000000000 + ply;
    return m;
}

std::int64_t count(const std::string& path, const std::string& sql)
{
    Database db(path, OpenMode::ReadOnly);
    return db.query_int(sql).value_or(-1);
}

std::int64_t count(const TestStore& store, const std::string& sql) { return query_int(store, sql); }

// A callback that runs `f` only when the submission committed.
template <class F> WriteDone on_commit(F f)
{
    return [f = std::move(f)](const std::optional<StoreError>& error) mutable {
        if (!error) f();
    };
}

// Holds the writer's thread inside a done callback until released, so that whatever
// is submitted meanwhile is queued together and must be taken as one batch.
class WriterGate {
public:
    WriteDone callback()
    {
        return [this](const std::optional<StoreError>&) {
            entered_.set_value();
            release_.get_future().wait();
        };
    }
    void wait_until_holding() { entered_.get_future().wait(); }
    void release() { release_.set_value(); }

private:
    std::promise<void> entered_, release_;
};

} // namespace

TEST_CASE("a single write is committed and its callback runs after the commit")
{
    TempDatabase file("writer-single");
    SqliteWriter writer(file.path());
    std::promise<std::int64_t> rows_seen_by_callback;
    writer.submit(
        game(1), on_commit([&] { rows_seen_by_callback.set_value(count(file.path(), "SELECT COUNT(*) FROM games")); }));
    CHECK(rows_seen_by_callback.get_future().get() == 1);
    writer.flush();
    CHECK(writer.stats().transactions == 1);
    CHECK(writer.stats().writes == 1);
}

TEST_CASE("submissions from several threads all commit, in order, with callbacks in submission order")
{
    TempDatabase file("writer-threads");
    constexpr int threads = 4;
    constexpr int moves_per_thread = 300;
    SqliteWriter writer(file.path());
    for (int t = 0; t < threads; ++t) writer.submit(game(t));

    // The ticket is taken under the same lock as the submit, so ticket order is queue order.
    std::mutex submit_order;
    int next_ticket = 0;
    std::vector<int> callback_order; // written only on the writer's thread
    std::vector<std::thread> players;
    for (int t = 0; t < threads; ++t) {
        players.emplace_back([&, t] {
            for (int ply = 1; ply <= moves_per_thread; ++ply) {
                std::lock_guard lock(submit_order);
                const int ticket = next_ticket++;
                writer.submit(move(t, ply), on_commit([&callback_order, ticket] { callback_order.push_back(ticket); }));
            }
        });
    }
    for (auto& player : players) player.join();
    writer.flush();

    REQUIRE(callback_order.size() == threads * moves_per_thread);
    for (std::size_t i = 0; i < callback_order.size(); ++i) REQUIRE(callback_order[i] == static_cast<int>(i));
    CHECK(count(file.path(), "SELECT COUNT(*) FROM moves") == threads * moves_per_thread);
    // Each thread's moves arrive in ply order: the writer never reorders a producer's writes.
    CHECK(count(file.path(), "SELECT COUNT(*) FROM moves m WHERE ply > 1 AND NOT EXISTS "
                             "(SELECT 1 FROM moves p WHERE p.game_id = m.game_id AND p.ply = m.ply - 1)") == 0);
    const WriterStats stats = writer.stats();
    CHECK(stats.writes == threads * (moves_per_thread + 1));
    CHECK(stats.transactions <= stats.writes);
}

TEST_CASE("writes queued while a commit is under way are taken together in one transaction")
{
    TempDatabase file("writer-group");
    SqliteWriter writer(file.path());
    WriterGate gate;
    writer.submit(std::vector<Write>{game(0), game(1), game(2), game(3)}, gate.callback());
    gate.wait_until_holding();

    // Four players submit at once while the writer is busy: under load, one commit carries all.
    constexpr int threads = 4;
    constexpr int queued = 100;
    std::vector<std::vector<int>> order(threads); // order[t] written only on the writer's thread
    std::vector<std::thread> players;
    for (int t = 0; t < threads; ++t)
        players.emplace_back([&, t] {
            for (int ply = 1; ply <= queued; ++ply)
                writer.submit(move(t, ply),
                              on_commit([&order, t, ply] { order[static_cast<std::size_t>(t)].push_back(ply); }));
        });
    for (auto& player : players) player.join();
    gate.release();
    writer.flush();

    CHECK(writer.stats().transactions == 2); // the games, then all 400 moves at once
    CHECK(writer.stats().writes == threads + threads * queued);
    for (const auto& plies : order) {
        REQUIRE(plies.size() == queued);
        for (int i = 0; i < queued; ++i) CHECK(plies[static_cast<std::size_t>(i)] == i + 1);
    }
    CHECK(count(file.path(), "SELECT COUNT(*) FROM moves") == threads * queued);
}

TEST_CASE("flush waits for everything submitted before it, callbacks included")
{
    TestStore file("writer-flush");
    TestWriter writer(file);
    writer.flush(); // nothing queued: returns at once
    int callbacks = 0;
    writer.submit(game(7));
    for (int ply = 1; ply <= 50; ++ply) writer.submit(move(7, ply), on_commit([&callbacks] { ++callbacks; }));
    writer.flush();
    CHECK(callbacks == 50);
    CHECK(count(file, "SELECT COUNT(*) FROM moves WHERE game_id = 7") == 50);
}

TEST_CASE("the destructor commits everything still queued, and the data survives reopening")
{
    TestStore file("writer-drain");
    int callbacks = 0;
    {
        TestWriter writer(file);
        std::vector<Write> opening{game(3), move(3, 1), move(3, 2)};
        writer.submit(std::move(opening), on_commit([&callbacks] { ++callbacks; }));
        for (int ply = 3; ply <= 120; ++ply) writer.submit(move(3, ply), on_commit([&callbacks] { ++callbacks; }));
        GameEnded end;
        end.game_id = 3;
        end.result = rochade::Score::WhiteWins;
        end.termination = rochade::Termination::Resignation;
        end.detail_json = "{}";
        end.ended_at_ms = 1700000009999;
        writer.submit(end, on_commit([&callbacks] { ++callbacks; }));
    }
    CHECK(callbacks == 1 + 118 + 1);
    CHECK(count(file, "SELECT COUNT(*) FROM moves WHERE game_id = 3") == 120);
    CHECK(count(file, "SELECT ended_at_ms FROM games WHERE id = 3") == 1700000009999);

    // A second writer on the same file continues where the first stopped.
    TestWriter again(file);
    again.submit(game(4));
    again.flush();
    CHECK(count(file, "SELECT COUNT(*) FROM games") == 2);
}

TEST_CASE("every kind of write lands in its table")
{
    TestStore file("writer-kinds");
    {
        TestWriter writer(file);
        TableEvent offer{101, 1, 5, TableEventKind::DrawOffered, R"({"by":"white"})", 1700000000100};
        TableEvent chat{999,          std::nullopt, 1, TableEventKind::TableChat, R"({"from":"Jörg","text":"hallo"})",
                        1700000000200};
        RoomChatted room{37, "Jörg", "Grüß Gott", 1700000000300};
        writer.submit(std::vector<Write>{game(1), move(1, 1), offer, chat, room});
    }
    const struct {
        const char* sql;
        std::int64_t expected;
    } checks[] = {
        {"SELECT COUNT(*) FROM games", 1},
        {"SELECT COUNT(*) FROM moves", 1},
        {"SELECT COUNT(*) FROM table_events WHERE game_id = 1 AND kind = 'draw_offered' AND seq = 5", 1},
        {"SELECT COUNT(*) FROM table_events WHERE game_id IS NULL AND table_id = 999", 1},
        {"SELECT COUNT(*) FROM room_chat WHERE room = 37 AND nick = 'Jörg' AND text = 'Grüß Gott'", 1},
    };
    for (const auto& check : checks) {
        INFO(check.sql);
        CHECK(count(file, check.sql) == check.expected);
    }
}

TEST_CASE("a bad submission is rolled back alone and reported, the rest of its batch commits")
{
    TempDatabase file("writer-bad");
    std::vector<std::string> errors; // on_error runs on the writer's thread; read after flush
    SqliteWriter writer(file.path(), [&errors](std::string message) { errors.push_back(std::move(message)); });
    WriterGate gate;
    writer.submit(game(1), gate.callback());
    gate.wait_until_holding();

    std::vector<std::string> committed;
    writer.submit(move(1, 1), on_commit([&] { committed.push_back("good 1"); }));
    // Both writes of this submission are undone: its first write alone would have succeeded.
    writer.submit(std::vector<Write>{move(1, 2), move(42, 1)}, on_commit([&] { committed.push_back("unknown game"); }));
    writer.submit(move(1, 1), on_commit([&] { committed.push_back("duplicate ply"); }));
    GameEnded end_of_nothing;
    end_of_nothing.game_id = 77;
    writer.submit(end_of_nothing, on_commit([&] { committed.push_back("end of unknown game"); }));
    writer.submit(move(1, 2), on_commit([&] { committed.push_back("good 2"); }));
    gate.release();
    writer.flush();

    CHECK(committed == std::vector<std::string>{"good 1", "good 2"});
    REQUIRE(errors.size() == 3);
    CHECK_THAT(errors[0], Catch::Contains("game 42") && Catch::Contains("no running game"));
    CHECK_THAT(errors[1], Catch::Contains("ply 1 of game 1") && Catch::Contains("stored already"));
    CHECK_THAT(errors[2], Catch::Contains("game 77") && Catch::Contains("does not exist"));
    CHECK(count(file.path(), "SELECT COUNT(*) FROM moves") == 2);
    CHECK(writer.stats().writes == 3);
}

TEST_CASE("a submission that rolls back the whole transaction is retried, then isolated, the others commit")
{
    TempDatabase file("writer-poison");
    std::vector<std::string> errors;
    SqliteWriter writer(file.path(), [&errors](std::string message) { errors.push_back(std::move(message)); });
    writer.submit(game(1));
    writer.flush();
    {
        // RAISE(ROLLBACK) ends the transaction itself, savepoints and all: what a disk error
        // mid-batch does too, but only for this one move.
        Database admin(file.path(), OpenMode::ReadWrite);
        admin.exec("CREATE TRIGGER poison BEFORE INSERT ON moves WHEN NEW.uci = 'poison' "
                   "BEGIN SELECT RAISE(ROLLBACK, 'poisoned move'); END");
    }
    WriterGate gate;
    writer.submit(game(2), gate.callback());
    gate.wait_until_holding();
    std::vector<int> committed;
    MovePlayed poisoned = move(1, 2);
    poisoned.uci = "poison";
    writer.submit(move(1, 1), on_commit([&] { committed.push_back(1); }));
    writer.submit(poisoned, on_commit([&] { committed.push_back(2); }));
    writer.submit(move(1, 3), on_commit([&] { committed.push_back(3); }));
    const WriterStats before = writer.stats();
    gate.release();
    writer.flush();

    // Ply 3 is refused: after the lost ply 2 it would leave a gap.
    CHECK(committed == std::vector<int>{1});
    REQUIRE(errors.size() == 3);
    CHECK_THAT(errors[0], Catch::Contains("failed twice") && Catch::Contains("one by one"));
    CHECK_THAT(errors[1], Catch::Contains("is lost") && Catch::Contains("poisoned move"));
    CHECK_THAT(errors[2], Catch::Contains("ply 3 of game 1") && Catch::Contains("last stored ply is 1"));
    CHECK(count(file.path(), "SELECT COUNT(*) FROM moves WHERE game_id = 1") == 1);
    // The failed attempts' head changes were undone: ply 2 is still the next one.
    writer.submit(move(1, 2), on_commit([&] { committed.push_back(2); }));
    writer.flush();
    CHECK(committed == std::vector<int>{1, 2});
    CHECK(count(file.path(), "SELECT COUNT(*) FROM moves a JOIN moves b ON b.id = a.prev_id "
                             "WHERE a.game_id = 1 AND a.ply = 2 AND b.ply = 1") == 1);
    // Alone each: move 1, the transaction that refused ply 3, and ply 2 at the end.
    CHECK(writer.stats().transactions == before.transactions + 3);
    CHECK(writer.stats().writes == before.writes + 2);
}

TEST_CASE("a writer cannot be built on a database it cannot open")
{
    CHECK_THROWS_WITH(SqliteWriter("/nonexistent-dir/rochade.db"), Catch::Contains("/nonexistent-dir/rochade.db"));
}

TEST_CASE("the writer checkpoints at the interval it is tuned to and counts the pages it writes")
{
    // Every commit below writes at least one WAL frame (4 KiB and a header). The WAL file is
    // reused from its start after a checkpoint, so its size is the longest stretch between two.
    // With a short interval that is the migration's one transaction, which writes every page of
    // a new database's schema (a few more, for pages it writes twice): it grows with the schema.
    constexpr int commits = 200;
    const std::uintmax_t schema_pages = [] {
        TempDatabase fresh("writer-tuning-schema");
        return static_cast<std::uintmax_t>(open_migrated(fresh.path()).query_int("PRAGMA page_count").value_or(0));
    }();
    const struct {
        int checkpoint_pages;
        std::uintmax_t wal_at_least, wal_at_most;
    } cases[] = {
        {20, 0, (schema_pages + 12) * 4120},
        {100000, commits * 4096, std::uintmax_t(-1)},
    };
    for (const auto& c : cases) {
        INFO("wal_autocheckpoint " << c.checkpoint_pages);
        TempDatabase file("writer-tuning");
        SqliteWriter writer(file.path(), {}, WriterTuning{4096, c.checkpoint_pages});
        writer.submit(game(1));
        writer.flush();
        for (int ply = 1; ply <= commits; ++ply) {
            writer.submit(move(1, ply));
            writer.flush();
        }
        const std::uintmax_t wal = std::filesystem::file_size(file.path() + "-wal");
        CHECK(wal >= c.wal_at_least);
        CHECK(wal <= c.wal_at_most);
        const WriterStats stats = writer.stats();
        CHECK(stats.transactions == commits + 1);
        CHECK(stats.pages_written >= stats.transactions);
        CHECK(stats.cache_misses == 0); // a new file: every page it has is in the cache
    }
}

TEST_CASE("each move links to its game's previous one, across batches, restarts and the game's end")
{
    TempDatabase file("writer-chain");
    std::vector<std::string> errors;
    auto report = [&errors](std::string message) { errors.push_back(std::move(message)); };
    {
        SqliteWriter writer(file.path(), report);
        writer.submit(std::vector<Write>{game(1), game(2), move(1, 1), move(2, 1), move(1, 2)});
        writer.submit(game(3));
    }
    // A new writer finds the running games' last moves on disk.
    SqliteWriter writer(file.path(), report);
    WriterGate gate;
    writer.submit(move(3, 1), gate.callback());
    gate.wait_until_holding();
    std::vector<std::string> committed;
    writer.submit(move(1, 2), on_commit([&] { committed.push_back("game 1 ply 2 again"); }));
    writer.submit(move(1, 3), on_commit([&] { committed.push_back("game 1 ply 3"); }));
    writer.submit(move(2, 2), on_commit([&] { committed.push_back("game 2 ply 2"); }));
    GameEnded end;
    end.game_id = 1;
    end.result = rochade::Score::WhiteWins;
    end.termination = rochade::Termination::Resignation;
    end.detail_json = "{}";
    writer.submit(end, on_commit([&] { committed.push_back("game 1 ended"); }));
    writer.submit(move(1, 4), on_commit([&] { committed.push_back("game 1 ply 4 after its end"); }));
    writer.submit(move(2, 4), on_commit([&] { committed.push_back("game 2 ply 4 after a gap"); }));
    gate.release();
    writer.flush();

    CHECK(committed == std::vector<std::string>{"game 1 ply 3", "game 2 ply 2", "game 1 ended"});
    REQUIRE(errors.size() == 3);
    CHECK_THAT(errors[0], Catch::Contains("ply 2 of game 1") && Catch::Contains("ply 2 is stored already"));
    CHECK_THAT(errors[1], Catch::Contains("ply 4 of game 1") && Catch::Contains("no running game"));
    CHECK_THAT(errors[2], Catch::Contains("ply 4 of game 2") && Catch::Contains("last stored ply is 2, not 3"));
    // Every move but a game's first names the row of the ply stored before it in that game.
    CHECK(count(file.path(), "SELECT COUNT(*) FROM moves") == 6);
    CHECK(count(file.path(), "SELECT COUNT(*) FROM moves WHERE ply = 1 AND prev_id IS NULL") == 3);
    CHECK(count(file.path(), "SELECT COUNT(*) FROM moves a JOIN moves b ON b.id = a.prev_id AND b.game_id = a.game_id "
                             "AND b.ply = a.ply - 1") == 3);
    // The ended game names its last move and its length; the running ones do not yet.
    CHECK(count(file.path(), "SELECT COUNT(*) FROM games g JOIN moves m ON m.id = g.last_move_id "
                             "WHERE g.id = 1 AND m.ply = 3 AND g.plies = 3") == 1);
    CHECK(count(file.path(), "SELECT COUNT(*) FROM games WHERE last_move_id IS NULL AND plies IS NULL") == 2);
    // Each game's moves lie above the row id its start recorded.
    CHECK(count(file.path(), "SELECT COUNT(*) FROM moves m JOIN games g ON g.id = m.game_id "
                             "WHERE m.id <= g.moves_after_id") == 0);
    CHECK(count(file.path(), "SELECT moves_after_id FROM games WHERE id = 3") == 3);
}

namespace {

// Every call of one submission's done callback, in order; read after flush().
struct Outcome {
    int calls = 0;
    std::optional<StoreError> error;
    WriteDone record()
    {
        return [this](std::optional<StoreError> e) {
            ++calls;
            error = std::move(e);
        };
    }
};

std::string kind_of(const Outcome& outcome)
{
    return outcome.error ? std::string(store_failure_name(outcome.error->kind)) : "stored";
}

TableEvent big_event(std::int64_t game_id, std::int64_t seq)
{
    return TableEvent{100 + game_id,           game_id,      seq, rochade::db::TableEventKind::TableChat,
                      std::string(20000, 'x'), 1700000000000};
}

} // namespace

TEST_CASE("every submission's done runs exactly once: nothing when stored, Refused when it contradicts the store")
{
    TestStore file("writer-done");
    TestWriter writer(file, [](const std::string&) {});
    writer.submit(std::vector<Write>{game(1), move(1, 1)});
    writer.flush();
    GameEnded end_of_nothing;
    end_of_nothing.game_id = 77;
    // Each backend's own words for a key stored already.
    const char* duplicate =
        file.postgres() ? "duplicate key value violates unique constraint" : "UNIQUE constraint failed";
    const struct {
        const char* what;
        std::vector<Write> writes;
        const char* expected;
        const char* message;
    } cases[] = {
        {"the next ply", {move(1, 2)}, "stored", ""},
        {"a ply stored already", {move(1, 2)}, "refused", "ply 2 is stored already"},
        {"a gap", {move(1, 4)}, "refused", "the last stored ply is 2, not 3"},
        {"a move of no running game", {move(9, 1)}, "refused", "no running game"},
        {"the end of no game", {end_of_nothing}, "refused", "does not exist"},
        {"a game id stored already", {game(1)}, "refused", duplicate},
        {"an id block moved up", {IdBlockReserved{"game", 500}}, "stored", ""},
        {"an id block moved down", {IdBlockReserved{"game", 100}}, "refused", "a higher next free id is stored"},
        {"a move with a later refused write", {move(1, 3), move(1, 3)}, "refused", "ply 3 is stored already"},
        {"that move alone: the whole submission was undone", {move(1, 3)}, "stored", ""},
        {"an account", {AccountCreated{"Anna", "anna", "$argon2id$h", Role::Player, 1}}, "stored", ""},
        {"the same nick again",
         {AccountCreated{"ANNA", "anna", "$argon2id$i", Role::Player, 2}},
         "refused",
         "the nick is registered"},
        {"a session with a token",
         {SessionStarted{5, std::nullopt, "Gast", 1, 1LL << 50},
          SessionTokenIssued{"t1", 5, TokenKind::Resume, 1, 1LL << 50}},
         "stored",
         ""},
        {"a resume: the token spent, the next issued",
         {SessionTokenSpent{"t1", 2}, SessionTokenIssued{"t2", 5, TokenKind::Resume, 2, 1LL << 50}},
         "stored",
         ""},
        {"the spent token again: the next is not issued either",
         {SessionTokenSpent{"t1", 3}, SessionTokenIssued{"t3", 5, TokenKind::Resume, 3, 1LL << 50}},
         "refused",
         "spent already"},
    };
    std::vector<Outcome> outcomes(std::size(cases));
    for (std::size_t i = 0; i < std::size(cases); ++i) writer.submit(cases[i].writes, outcomes[i].record());
    writer.flush();
    for (std::size_t i = 0; i < std::size(cases); ++i) {
        INFO(cases[i].what);
        CHECK(outcomes[i].calls == 1);
        CHECK(kind_of(outcomes[i]) == cases[i].expected);
        if (outcomes[i].error) CHECK_THAT(outcomes[i].error->message, Catch::Contains(cases[i].message));
    }
    CHECK(count(file, "SELECT next_free FROM id_blocks WHERE name = 'game'") == 500);
    CHECK(count(file, "SELECT MAX(ply) FROM moves WHERE game_id = 1") == 3);
    CHECK(count(file, "SELECT COUNT(*) FROM accounts") == 1);
    CHECK(count(file, "SELECT COUNT(*) FROM session_tokens WHERE hash = 't2'") == 1);
    CHECK(count(file, "SELECT COUNT(*) FROM session_tokens WHERE hash IN ('t1', 't3')") == 0);
}

TEST_CASE("a full disk fails submissions as Unavailable, once there is room again the same writes are stored")
{
    TempDatabase file("writer-full");
    std::vector<std::string> errors;
    SqliteWriter writer(file.path(), [&errors](std::string message) { errors.push_back(std::move(message)); });
    writer.submit(std::vector<Write>{game(1), move(1, 1)});
    writer.flush();
    writer.limit_pages(count(file.path(), "PRAGMA page_count")); // no page more
    Outcome full, after_it;
    writer.submit(std::vector<Write>{move(1, 2), big_event(1, 3)}, full.record());
    writer.submit(move(1, 3), after_it.record());
    writer.flush();
    CHECK(full.calls == 1);
    CHECK(kind_of(full) == "unavailable");
    CHECK_THAT(full.error->message, Catch::Contains("full"));
    CHECK(after_it.calls == 1);
    // Not stored either: failed with the batch it shared, or refused as a gap after ply 2.
    CHECK(kind_of(after_it) != "stored");
    CHECK(!errors.empty());
    CHECK(count(file.path(), "SELECT COUNT(*) FROM moves") == 1);

    writer.limit_pages(0);
    Outcome again;
    writer.submit(std::vector<Write>{move(1, 2), big_event(1, 3)}, again.record());
    writer.flush();
    CHECK(kind_of(again) == "stored");
    CHECK(count(file.path(), "SELECT COUNT(*) FROM moves") == 2);
}

TEST_CASE("a lock held by another connection past the busy timeout fails as Unavailable, the writer recovers")
{
    TempDatabase file("writer-locked");
    WriterTuning tuning;
    tuning.busy_timeout_ms = 50;
    SqliteWriter writer(
        file.path(), [](const std::string&) {}, tuning);
    writer.submit(game(1));
    writer.flush();
    Database other(file.path(), OpenMode::ReadWrite);
    other.exec("BEGIN IMMEDIATE");
    Outcome locked;
    const auto started = std::chrono::steady_clock::now();
    writer.submit(move(1, 1), locked.record());
    writer.flush();
    CHECK(locked.calls == 1);
    CHECK(kind_of(locked) == "unavailable");
    CHECK_THAT(locked.error->message, Catch::Contains("locked"));
    // Tried twice together and once alone, each waiting the busy timeout; not the default 5 s.
    CHECK(std::chrono::steady_clock::now() - started < std::chrono::seconds(2));

    other.exec("ROLLBACK");
    Outcome released;
    writer.submit(move(1, 1), released.record());
    writer.flush();
    CHECK(kind_of(released) == "stored");
    CHECK(count(file.path(), "SELECT COUNT(*) FROM moves WHERE game_id = 1 AND ply = 1") == 1);
}

TEST_CASE("the observer hears of every submission before its done: the wait since submit and the outcome")
{
    TempDatabase file("writer-observer");
    std::mutex mutex;
    std::vector<std::pair<std::chrono::nanoseconds, std::optional<StoreFailure>>> heard;
    std::vector<std::size_t> heard_before_done; // how many the observer had heard when each done ran
    SqliteWriter writer(
        file.path(), [](const std::string&) {}, WriterTuning{},
        [&](std::chrono::nanoseconds waited, const std::optional<StoreError>& error) {
            std::lock_guard lock(mutex);
            heard.emplace_back(waited, error ? std::optional(error->kind) : std::nullopt);
        });
    const auto record_done = [&](std::optional<StoreError>) {
        std::lock_guard lock(mutex);
        heard_before_done.push_back(heard.size());
    };
    const auto before = std::chrono::steady_clock::now();
    writer.submit(std::vector<Write>{game(1), move(1, 1)}, record_done);
    writer.submit(std::vector<Write>{move(1, 3)}, record_done); // a gap: refused
    writer.submit(std::vector<Write>{move(1, 2)});              // no done: still observed
    writer.flush();
    const auto elapsed = std::chrono::steady_clock::now() - before;

    std::lock_guard lock(mutex);
    REQUIRE(heard.size() == 3);
    CHECK_FALSE(heard[0].second);
    CHECK(heard[1].second == StoreFailure::Refused);
    CHECK_FALSE(heard[2].second);
    for (const auto& [waited, outcome] : heard) {
        CHECK(waited.count() >= 0);
        CHECK(waited <= elapsed);
    }
    REQUIRE(heard_before_done.size() == 2);
    CHECK(heard_before_done[0] >= 1);
    CHECK(heard_before_done[1] >= 2);
}
