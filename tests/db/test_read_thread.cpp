// db/read_thread.h: jobs run in order on the read thread, not the caller's; a job's error stays
// in the job (or is reported); the jobs still queued run before the thread stops.
#include <catch2/catch.hpp>

#include <future>
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
        std::promise<void> first_done;
        reads.read([&](StoreReader& store) {
            reader_thread = std::this_thread::get_id();
            seen.push_back(store.next_free_id("game"));
            first_done.set_value();
        });
        first_done.get_future().wait();
        writer->submit(IdBlockReserved{"game", 20});
        writer->flush();
        reads.read([&](StoreReader& store) { seen.push_back(store.next_free_id("game")); });
        reads.read([](StoreReader&) { throw std::runtime_error("a job that failed"); });
        reads.read([&](StoreReader& store) { seen.push_back(store.next_free_id("table")); });
    } // the destructor runs what is queued
    CHECK(seen == std::vector<std::int64_t>{12, 20, 1});
    CHECK(reader_thread != std::this_thread::get_id());
    REQUIRE(errors.size() == 1);
    CHECK_THAT(errors[0], Catch::Contains("a job that failed"));
}

TEST_CASE("a read-only reader is refused on a database that is not at this schema version")
{
    TempDatabase file("read-thread-missing");
    CHECK_THROWS_WITH(open_sqlite_reader(file.path()), Catch::Contains(file.path()));
}
