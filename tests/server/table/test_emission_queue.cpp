// table/emission_queue.h: one emission at the store at a time, the rest in their order; a
// failure takes all of them; work waits until nothing is at the store.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "server/table/emission_queue.h"

namespace {

struct NamedEmission {
    std::string what;
};

} // namespace

using rochade::server::EmissionQueue;

TEST_CASE("emission queue: the first goes to the store at once, the next ones after it in order", "[emissions]")
{
    EmissionQueue<NamedEmission> queue;
    CHECK_FALSE(queue.busy());
    auto* first = queue.push({"move e4"});
    REQUIRE(first != nullptr);
    CHECK(first->what == "move e4");
    CHECK(queue.push({"move e5"}) == nullptr); // waits behind the first
    CHECK(queue.push({"chat"}) == nullptr);

    CHECK(queue.take_stored().what == "move e4");
    REQUIRE(queue.in_flight() != nullptr);
    CHECK(queue.in_flight()->what == "move e5");
    CHECK(queue.take_stored().what == "move e5");
    CHECK(queue.take_stored().what == "chat");
    CHECK_FALSE(queue.busy());
    CHECK(queue.in_flight() == nullptr);
}

TEST_CASE("emission queue: a failure fails the one at the store and all behind it", "[emissions]")
{
    EmissionQueue<NamedEmission> queue;
    queue.push({"move"});
    queue.push({"draw offer"});
    queue.push({"resign"});
    const auto failed = queue.take_failed();
    std::vector<std::string> names;
    for (const auto& emission : failed) names.push_back(emission.what);
    CHECK(names == std::vector<std::string>{"move", "draw offer", "resign"});
    CHECK_FALSE(queue.busy());
    CHECK(queue.push({"next"}) != nullptr); // the next goes at once
}

TEST_CASE("emission queue: work after the commits runs at once when idle, else when the store is done", "[emissions]")
{
    EmissionQueue<NamedEmission> queue;
    std::vector<std::string> ran;
    queue.after_commits([&] { ran.push_back("idle"); });
    CHECK(ran == std::vector<std::string>{"idle"});

    queue.push({"move"});
    queue.after_commits([&] { ran.push_back("state 1"); });
    queue.after_commits([&] { ran.push_back("state 2"); });
    CHECK(ran.size() == 1);
    queue.take_stored();
    queue.run_after_commits();
    CHECK(ran == std::vector<std::string>{"idle", "state 1", "state 2"});

    queue.push({"move"});
    queue.after_commits([&] { ran.push_back("dropped"); });
    queue.drop_after_commits();
    queue.take_stored();
    queue.run_after_commits();
    CHECK(ran.size() == 3);
}
