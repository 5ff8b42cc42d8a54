// table/flag_watch.h: the flag timer of a table, and the requests that wait while a fallen
// flag's question is out, run again in their order once it is settled.
#include <catch2/catch.hpp>

#include <chrono>
#include <string>
#include <vector>

#include "server/table/flag_watch.h"

namespace {

using rochade::server::FlagWatch;
namespace net = boost::asio;

struct StrandOnIo {
    net::io_context io;
    net::strand<net::io_context::executor_type> strand = net::make_strand(io);
};

} // namespace

TEST_CASE("flag watch: the deadline wakes the table once, a later arm or a cancel replaces it", "[flag_watch]")
{
    StrandOnIo loop;
    FlagWatch watch(loop.strand);
    std::vector<std::string> woken;
    const auto now = std::chrono::steady_clock::now();

    watch.arm(now, [&] { woken.push_back("first"); });
    watch.arm(now + std::chrono::milliseconds(1), [&] { woken.push_back("second"); });
    loop.io.run();
    CHECK(woken == std::vector<std::string>{"second"});

    loop.io.restart();
    watch.arm(now, [&] { woken.push_back("cancelled"); });
    watch.cancel();
    loop.io.run();
    CHECK(woken == std::vector<std::string>{"second"});
}

TEST_CASE("flag watch: a question out stops the timer, requests wait and come back in order", "[flag_watch]")
{
    StrandOnIo loop;
    FlagWatch watch(loop.strand);
    bool woken = false;
    watch.arm(std::chrono::steady_clock::now(), [&] { woken = true; });
    watch.question_asked();
    CHECK(watch.question_out());

    std::vector<int> ran;
    for (int i = 1; i <= 3; ++i) watch.defer([&ran, i](FlagWatch::TimePoint) { ran.push_back(i); });
    loop.io.run();
    CHECK_FALSE(woken);
    CHECK(ran.empty());

    auto waiting = watch.settled();
    CHECK_FALSE(watch.question_out());
    REQUIRE(waiting.size() == 3);
    for (auto& request : waiting) request(std::chrono::steady_clock::now());
    CHECK(ran == std::vector<int>{1, 2, 3});
    CHECK(watch.settled().empty());
}
