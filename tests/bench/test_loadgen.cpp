// The load generator's measuring parts: percentiles, tallies, the frame-type peek, /proc
// reading, the command line and the reconnect plan. The network parts are exercised by
// bench/run_loadgen.sh and bench/soak.sh.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <thread>
#include <vector>

#include "bench/loadgen_frame_type.h"
#include "bench/loadgen_options.h"
#include "bench/loadgen_reconnect.h"
#include "bench/loadgen_stats.h"

using namespace rochade::bench;

TEST_CASE("LatencyRecorder: nearest-rank percentiles")
{
    LatencyRecorder latency;
    CHECK(latency.percentile(50) == 0);
    CHECK(latency.max() == 0);
    // 1..100 in a scrambled order: the p-th percentile is p.
    for (int i = 0; i < 100; ++i) latency.record((i * 37) % 100 + 1);
    struct Row {
        double p;
        std::int64_t expected;
    };
    for (const Row row : {Row{0, 1}, Row{1, 1}, Row{50, 50}, Row{99, 99}, Row{99.5, 100}, Row{100, 100}}) {
        INFO("p" << row.p);
        CHECK(latency.percentile(row.p) == row.expected);
    }
    CHECK(latency.count() == 100);
    CHECK(latency.max() == 100);
    latency.record(5000); // recording after a percentile re-sorts
    CHECK(latency.percentile(100) == 5000);
    CHECK(latency.percentile(50) == 51);
}

TEST_CASE("LatencyRecorder: samples from several threads make one distribution")
{
    LatencyRecorder latency;
    std::vector<std::thread> threads;
    // Thread t records t+1, t+4, t+7, ...: together 1..300, each once.
    for (int t = 0; t < 3; ++t)
        threads.emplace_back([&latency, t] {
            for (int i = t + 1; i <= 300; i += 3) latency.record(i);
        });
    for (auto& thread : threads) thread.join();
    CHECK(latency.count() == 300);
    CHECK(latency.percentile(50) == 150);
    CHECK(latency.percentile(1) == 3);
    CHECK(latency.max() == 300);
}

TEST_CASE("Counter: adds from more threads than it has slots all count")
{
    Counter counter;
    CHECK(counter.load() == 0);
    counter.add(5);
    std::vector<std::thread> threads;
    for (std::size_t t = 0; t < 2 * thread_slots + 1; ++t)
        threads.emplace_back([&counter] {
            for (int i = 0; i < 10'000; ++i) counter.add();
        });
    for (auto& thread : threads) thread.join();
    CHECK(counter.load() == 5 + static_cast<std::int64_t>(2 * thread_slots + 1) * 10'000);
}

TEST_CASE("Tally counts by key")
{
    Tally tally;
    tally.add("rate_limited");
    tally.add("illegal_move");
    tally.add("rate_limited");
    CHECK(tally.total() == 3);
    CHECK(tally.snapshot() == std::map<std::string, std::int64_t>{{"illegal_move", 1}, {"rate_limited", 2}});
}

TEST_CASE("frame_type peeks at the type without parsing")
{
    struct Row {
        const char* frame;
        const char* type;
    };
    for (const Row row : {
             Row{R"({"type":"move","table":3,"ply":1})", "move"},
             Row{R"({"code":"illegal_move","id":"x","type":"error"})", "error"},
             Row{R"({ "type" : "welcome", "protocol": 1 })", "welcome"},
             Row{R"({"table":3})", ""},
             Row{R"({"type":3})", ""},
             Row{R"({"type":"unterminated)", ""},
             Row{"", ""},
             // Only the top-level key counts, wherever it stands.
             Row{R"({"text":"type","type":"room_chat"})", "room_chat"},
             Row{R"({"clocks":{"type":"fischer"},"type":"move"})", "move"},
             Row{R"({"note":"a \"type\":\"move\" inside","type":"chat"})", "chat"},
             Row{R"({"clocks":{"type":"fischer"}})", ""},
             Row{R"(["type","move"])", ""},
             // The fast path stops at an escape and lets the scanner decide.
             Row{R"({"type":"mo\u0076e"})", ""},
         }) {
        INFO(row.frame);
        CHECK(frame_type(row.frame) == row.type);
    }
}

TEST_CASE("resident_kib reads VmRSS of a process")
{
    const auto own = resident_kib(static_cast<int>(getpid()));
    REQUIRE(own.has_value());
    CHECK(*own > 100); // a Catch2 test program is larger than 100 KiB
    CHECK_FALSE(resident_kib(-5).has_value());
}

TEST_CASE("cpu_seconds reads a process's CPU time and grows with work")
{
    const auto before = cpu_seconds(0);
    REQUIRE(before.has_value());
    volatile std::uint64_t sink = 0;
    while (*cpu_seconds(0) - *before < 0.02) sink = sink + 1;
    CHECK(*cpu_seconds(static_cast<int>(getpid())) >= *before + 0.02);
    CHECK_FALSE(cpu_seconds(-5).has_value());
}

TEST_CASE("loadgen options")
{
    using Args = std::vector<std::string>;
    const auto game = parse_loadgen_options(Args{"--games", "1000", "--spectators", "1000", "--port", "9000"});
    REQUIRE(game);
    CHECK(game->games == 1000);
    CHECK(game->spectators == 1000);
    CHECK(game->port == 9000);
    CHECK(game->rate == 1); // game mode: one move per second per game by default
    CHECK_FALSE(game->echo);

    const auto echo = parse_loadgen_options(Args{"--echo", "--clients", "50"});
    REQUIRE(echo);
    CHECK(echo->echo);
    CHECK(echo->rate == 0); // echo mode: flat out by default
    CHECK(echo->reconnect_fraction == 0);
    CHECK(echo->progress_s == 0);

    const auto soak = parse_loadgen_options(
        Args{"--games", "250", "--reconnect-fraction", "0.1", "--reconnect-every", "30", "--progress", "60"});
    REQUIRE(soak);
    CHECK(soak->reconnect_fraction == 0.1);
    CHECK(soak->reconnect_every_s == 30);
    CHECK(soak->progress_s == 60);
    CHECK(parse_loadgen_options(Args{"--games", "1"})->reconnect_every_s == 60);

    const auto cross = parse_loadgen_options(Args{"--games", "100", "--cross-port", "9001", "--cross-fraction", "0.5"});
    REQUIRE(cross);
    CHECK(cross->cross_port == 9001);
    CHECK(cross->cross_fraction == 0.5);
    CHECK(parse_loadgen_options(Args{"--games", "1"})->cross_port == 0);
    const auto watch = parse_loadgen_options(Args{"--games", "1", "--watch-pids", "12,345", "--window-at", "1.5e9"});
    REQUIRE(watch);
    CHECK(watch->watch_pids == std::vector<int>{12, 345});
    CHECK(watch->window_at_s == 1.5e9);

    struct Row {
        Args args;
        const char* error;
    };
    for (const Row& row : {
             Row{{"--games", "0"}, "bad value for --games: '0'"},
             Row{{"--games"}, "--games needs a value"},
             Row{{"--rate", "-1"}, "bad value for --rate: '-1'"},
             Row{{"--port", "70000"}, "bad value for --port: '70000'"},
             Row{{"--room", "0"}, "--room must be nonzero"},
             Row{{"--speed", "3"}, "unknown option --speed"},
             Row{{"--reconnect-fraction", "1.5"}, "bad value for --reconnect-fraction: '1.5'"},
             Row{{"--reconnect-every", "0"}, "bad value for --reconnect-every: '0'"},
             Row{{"--echo", "--reconnect-fraction", "0.1"}, "--reconnect-fraction: game mode only"},
             Row{{"--cross-fraction", "2"}, "bad value for --cross-fraction: '2'"},
             Row{{"--cross-port", "9001"}, "--cross-port and --cross-fraction go together"},
             Row{{"--watch-pids", "12,"}, "bad value for --watch-pids: '12,'"},
         }) {
        const auto parsed = parse_loadgen_options(row.args);
        REQUIRE_FALSE(parsed);
        CHECK(parsed.error() == row.error);
    }
}

TEST_CASE("LatencyRecorder: the samples of each interval, sorted")
{
    LatencyRecorder latency;
    LatencyRecorder::Marks marks{};
    CHECK(latency.sorted_samples_since(marks).empty());
    for (const std::int64_t micros : {30, 10, 20}) latency.record(micros);
    CHECK(latency.sorted_samples_since(marks) == std::vector<std::int64_t>{10, 20, 30});
    CHECK(latency.sorted_samples_since(marks).empty()); // nothing new
    std::thread([&] { latency.record(5); }).join();     // another thread's slot
    latency.record(40);
    CHECK(latency.sorted_samples_since(marks) == std::vector<std::int64_t>{5, 40});
    CHECK(latency.count() == 5); // the whole run is still there for the report
    CHECK(nearest_rank({}, 50) == 0);
    CHECK(nearest_rank({1, 2, 3, 4}, 50) == 2);
    CHECK(nearest_rank({1, 2, 3, 4}, 99) == 4);
}

TEST_CASE("plan_reconnects: a share of the clients per round, evenly spread")
{
    using std::chrono::milliseconds;
    using std::chrono::seconds;
    struct Row {
        std::size_t clients;
        double fraction;
        double every_s;
        std::size_t per_round;
        std::chrono::nanoseconds interval;
    };
    for (const Row& row : {
             Row{750, 0.1, 60, 75, milliseconds(800)}, // the soak: 250 games, 250 spectators
             Row{3000, 0.1, 60, 300, milliseconds(200)}, Row{10, 0.5, 10, 5, seconds(2)},
             Row{3, 0.01, 60, 1, seconds(60)}, // at least one a round
             Row{4, 1, 8, 4, seconds(2)},      // everyone
             Row{750, 0, 60, 0, seconds(60)},  // no churn
         }) {
        INFO(row.clients << " clients, fraction " << row.fraction);
        const ReconnectPlan plan = plan_reconnects(row.clients, row.fraction, row.every_s);
        CHECK(plan.per_round == row.per_round);
        CHECK(plan.interval == row.interval);
        CHECK(plan.first == std::chrono::nanoseconds(seconds(static_cast<int>(row.every_s))));
    }
}

TEST_CASE("reconnect_target: every client once before any comes twice, neighbours apart")
{
    for (const std::size_t clients : {1, 2, 3, 10, 750, 751, 3000}) {
        INFO(clients << " clients");
        std::vector<int> seen(clients, 0);
        for (std::uint64_t tick = 0; tick < clients; ++tick) ++seen[reconnect_target(tick, clients)];
        CHECK(std::count(seen.begin(), seen.end(), 1) == static_cast<std::ptrdiff_t>(clients));
        // The next round repeats the order.
        CHECK(reconnect_target(clients + 3, clients) == reconnect_target(3, clients));
    }
    // Successive ticks do not take a pairing's two players (neighbouring indices) together.
    for (std::uint64_t tick = 0; tick < 749; ++tick) {
        const auto a = static_cast<std::int64_t>(reconnect_target(tick, 750));
        const auto b = static_cast<std::int64_t>(reconnect_target(tick + 1, 750));
        CHECK(std::abs(a - b) > 1);
    }
    CHECK(reconnect_target(std::uint64_t{1} << 62, 750) < 750); // no overflow on long runs
}
