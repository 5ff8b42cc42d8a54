// db/read_thread.h: jobs run in order on the read thread, not the caller's; a read's failure
// reaches its `done` as a StoreError (the one boundary where a read's exception becomes a value);
// the jobs still queued run before the thread stops.
#include <catch2/catch.hpp>

#include <future>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "db/read_thread.h"
#include "db/sqlite/sqlite_store.h"
#include "store_backend.h"
#include "temp_database.h"

using namespace rochade::db;
using rochade::db::testing::TempDatabase;
using rochade::db::testing::TestStore;

namespace {

// What a read gave its `done`, waited for on the test's thread.
template <class T, class Query> ReadResult<T> read_once(ReadThread& reads, Query query)
{
    std::promise<ReadResult<T>> outcome;
    reads.read(std::move(query), [&outcome](ReadResult<T> result) { outcome.set_value(std::move(result)); });
    return outcome.get_future().get();
}

} // namespace

TEST_CASE("read jobs run in order on the read thread, over a read-only connection beside the writer")
{
    TestStore file("read-thread");
    auto writer = file.open_writer();
    writer->submit(IdBlockReserved{"game", 12});
    writer->flush();
    std::vector<std::string> errors;
    std::vector<std::int64_t> seen; // written by the read thread only, read after it stopped
    std::thread::id reader_thread;
    {
        ReadThread reads(file.open_reader(), [&errors](std::string message) { errors.push_back(std::move(message)); });
        auto record = [&seen](ReadResult<std::int64_t> id) { seen.push_back(id ? *id : -1); };
        std::promise<void> first_done;
        reads.read(
            [&](StoreReader& store) {
                reader_thread = std::this_thread::get_id();
                return store.next_free_id("game");
            },
            [&](ReadResult<std::int64_t> id) {
                record(id);
                first_done.set_value();
            });
        first_done.get_future().wait();
        writer->submit(IdBlockReserved{"game", 20});
        writer->flush();
        reads.read([](StoreReader& store) { return store.next_free_id("game"); }, record);
        reads.read([](StoreReader&) -> std::int64_t { throw DbError("a read that failed"); }, record);
        reads.read([](StoreReader& store) { return store.next_free_id("game"); },
                   [](ReadResult<std::int64_t>) { throw std::runtime_error("a done that failed"); });
        reads.read([](StoreReader& store) { return store.next_free_id("table"); }, record);
    } // the destructor runs what is queued
    CHECK(seen == std::vector<std::int64_t>{12, 20, -1, 1});
    CHECK(reader_thread != std::this_thread::get_id());
    REQUIRE(errors.size() == 1); // the `done` that threw; a read's failure went to its `done`
    CHECK_THAT(errors[0], Catch::Contains("a done that failed"));
}

TEST_CASE("the read thread hands `done` the value read, or the store's failure as a StoreError")
{
    TestStore file("read-thread-errors");
    ReadThread reads(file.open_reader());

    SECTION("a value passes through")
    {
        const auto read = read_once<std::string>(reads, [](StoreReader&) { return std::string("e4 e5"); });
        REQUIRE(read.has_value());
        CHECK(*read == "e4 e5");
    }
    SECTION("a DbError keeps its kind and message")
    {
        const StoreFailure kind = GENERATE(StoreFailure::Refused, StoreFailure::Unavailable);
        const auto read = read_once<int>(reads, [kind](StoreReader&) -> int { throw DbError("game 7 is odd", kind); });
        REQUIRE_FALSE(read.has_value());
        CHECK(read.error().kind == kind);
        CHECK(read.error().message == "game 7 is odd");
    }
    SECTION("a row no reader understands is a StoreError naming it (db::stored_value)")
    {
        const auto read = read_once<int>(reads, [](StoreReader&) {
            return stored_value<int>(rochade::unexpected(std::string("games.result of game 7: 'draw?'")));
        });
        REQUIRE_FALSE(read.has_value());
        CHECK(read.error().kind == StoreFailure::Unavailable);
        CHECK(read.error().message == "games.result of game 7: 'draw?'");
    }
    SECTION("another exception is Unavailable, with its message")
    {
        const auto read = read_once<int>(reads, [](StoreReader&) -> int { throw std::out_of_range("ply 300 of 80"); });
        REQUIRE_FALSE(read.has_value());
        CHECK(read.error().kind == StoreFailure::Unavailable);
        CHECK_THAT(read.error().message, Catch::Contains("ply 300 of 80"));
    }
    SECTION("a read of the store itself")
    {
        const auto read = read_once<std::int64_t>(reads, [](StoreReader& store) { return store.next_free_id("game"); });
        REQUIRE(read.has_value());
        CHECK(*read == 1);
    }
}

TEST_CASE("a read-only reader is refused on a database that is not at this schema version")
{
    TempDatabase file("read-thread-missing");
    CHECK_THROWS_WITH(open_sqlite_reader(file.path()), Catch::Contains(file.path()));
}
