// Ids from the store (server/base/id_allocator.h): blocks reserved ahead of use, the next one when
// half is used, and never one id twice, also when two nodes of a cluster reserve at once: the
// store refuses the reservation that comes second, which reads the new start and asks again.
#include <catch2/catch.hpp>

#include <future>
#include <set>
#include <thread>

#include "db/read_thread.h"
#include "db/sqlite/sqlite_store.h"
#include "server/base/id_allocator.h"
#include "tests/db/temp_database.h"

using namespace rochade;

namespace {

// Takes ids until `count` are taken, waiting a moment whenever the next block is not stored yet.
std::vector<std::int64_t> take(server::IdAllocator& ids, int count)
{
    std::vector<std::int64_t> taken;
    for (int waited = 0; static_cast<int>(taken.size()) < count && waited < 2000;) {
        if (auto id = ids.next())
            taken.push_back(*id);
        else {
            ++waited;
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        }
    }
    return taken;
}

} // namespace

TEST_CASE("two nodes' id allocators on one store never hand out an id twice", "[server][id_allocator]")
{
    db::testing::TempDatabase file("ids");
    auto writer = db::open_sqlite_writer(file.path());
    auto start_reader = db::open_sqlite_reader(file.path());
    db::ReadThread reads(db::open_sqlite_reader(file.path()));

    // Node A reserves [1, 101), node B then [101, 201): each read the start the other left.
    auto a = server::IdAllocator::reserve("table", *start_reader, *writer, 100);
    auto b = server::IdAllocator::reserve("table", *start_reader, *writer, 100);
    a->read_through(reads);
    b->read_through(reads);
    CHECK(a->next() == 1);
    CHECK(b->next() == 101);

    // B uses half of its block and reserves [201, 301) first; A, half way through its own,
    // believes the free ids start at 101, is refused, reads 301 and takes [301, 401).
    const auto from_b = take(*b, 60);
    writer->flush();
    const auto from_a = take(*a, 250);
    const auto more_b = take(*b, 150);
    a->stop_reading();
    b->stop_reading();

    std::set<std::int64_t> all;
    for (const auto* list : {&from_a, &from_b, &more_b})
        for (const auto id : *list) CHECK(all.insert(id).second);
    CHECK(from_a.size() == 250);
    CHECK(from_b.size() == 60);
    CHECK(more_b.size() == 150);
    // A's ids after its first block come from blocks it reserved above B's.
    CHECK(from_a[98] == 100);
    CHECK(from_a[99] > 200);
}

TEST_CASE("a reservation that another writer got to first is refused by the store", "[server][id_allocator]")
{
    db::testing::TempDatabase file("ids-cas");
    auto writer = db::open_sqlite_writer(file.path());
    std::promise<std::optional<db::StoreError>> first, second;
    writer->submit(db::IdBlockReserved{"game", 101, 1}, [&](auto error) { first.set_value(error); });
    writer->submit(db::IdBlockReserved{"game", 101, 1}, [&](auto error) { second.set_value(error); });
    writer->flush();
    CHECK_FALSE(first.get_future().get());
    const auto refused = second.get_future().get();
    REQUIRE(refused);
    CHECK(refused->kind == db::StoreFailure::Refused);
    CHECK_THAT(refused->message, Catch::Contains("the next free id is not 1 any more"));
}
