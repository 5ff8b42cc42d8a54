// bench/loadgen: drives a Rochade server (or bench/echo_server) with many WebSocket clients and
// reports throughput, latency, errors and the server's memory per connection, as a human summary
// on stderr and one JSON line on stdout. Options: see loadgen_usage() (loadgen_options.cpp).
//
// A run has three phases: the ramp (connect, hello, enter the room, open and join tables, watch),
// which is not measured; the measurement window of --duration seconds; and the close.
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdio>
#include <iostream>
#include <optional>
#include <thread>

#include "bench/loadgen_echo.h"
#include "bench/loadgen_game.h"
#include "bench/loadgen_io_threads.h"
#include "bench/loadgen_options.h"
#include "bench/loadgen_stats.h"

using namespace rochade::bench;
using json = nlohmann::json;
using SteadyClock = std::chrono::steady_clock;

namespace {

double seconds_since(SteadyClock::time_point start)
{
    return std::chrono::duration<double>(SteadyClock::now() - start).count();
}

// The server's VmRSS in KiB, or -1 without --server-pid or when /proc cannot be read.
std::int64_t server_rss_kib(const LoadgenOptions& options)
{
    if (options.server_pid == 0) return -1;
    return resident_kib(options.server_pid).value_or(-1);
}

// The measurement window: a sleep, or with --progress a line on stderr every so often with the
// move latency of that interval, for runs long enough to watch (bench/soak.sh reads them).
void measure(SteadyClock::time_point window_start, const LoadgenOptions& options, LoadStats& stats)
{
    const auto seconds = [](double s) {
        return std::chrono::duration_cast<SteadyClock::duration>(std::chrono::duration<double>(s));
    };
    const SteadyClock::time_point end = window_start + seconds(options.duration_s);
    if (options.progress_s <= 0) return std::this_thread::sleep_until(end);
    LatencyRecorder::Marks marks{};
    std::int64_t moves_before = stats.moves_confirmed.load();
    for (int line = 1;; ++line) {
        const SteadyClock::time_point due = std::min(end, window_start + seconds(options.progress_s * line));
        std::this_thread::sleep_until(due);
        const std::vector<std::int64_t> interval = stats.latency.sorted_samples_since(marks);
        const std::int64_t moves = stats.moves_confirmed.load();
        std::fprintf(stderr,
                     "loadgen progress: t %.0f s, moves %lld, latency p50 %.2f ms p99 %.2f ms max %.2f ms, "
                     "reconnects %lld, resumes %lld, errors %lld, connection failures %lld\n",
                     seconds_since(window_start), static_cast<long long>(moves - moves_before),
                     static_cast<double>(nearest_rank(interval, 50)) / 1000,
                     static_cast<double>(nearest_rank(interval, 99)) / 1000,
                     static_cast<double>(interval.empty() ? 0 : interval.back()) / 1000,
                     static_cast<long long>(stats.reconnects.load()), static_cast<long long>(stats.resumes.load()),
                     static_cast<long long>(stats.errors.total()),
                     static_cast<long long>(stats.connection_failures.total()));
        moves_before = moves;
        if (due >= end) return;
    }
}

template <class Load> json run(Load& load, IoThreads& threads, const LoadgenOptions& options, LoadStats& stats)
{
    const std::int64_t rss_before = server_rss_kib(options);

    threads.start();

    const auto ramp_start = SteadyClock::now();
    load.start();
    while (!load.ramp_done() && seconds_since(ramp_start) < options.ramp_timeout_s)
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    const double ramp_s = seconds_since(ramp_start);
    const bool ramp_complete = load.ramp_done();
    std::cerr << "loadgen: ramp " << (ramp_complete ? "done" : "TIMED OUT") << " after " << ramp_s
              << " s: " << stats.connected.load() << " of " << load.client_count() << " connected, "
              << stats.pairings_playing.load() << " games started, " << stats.spectators_watching.load()
              << " spectators watching\n";
    const std::int64_t rss_after_ramp = server_rss_kib(options);
    // --window-at: several loadgens (one per node) measure the same seconds.
    double window_late_s = 0;
    if (options.window_at_s > 0) {
        const auto at =
            std::chrono::system_clock::time_point(std::chrono::duration_cast<std::chrono::system_clock::duration>(
                std::chrono::duration<double>(options.window_at_s)));
        window_late_s = std::chrono::duration<double>(std::chrono::system_clock::now() - at).count();
        if (window_late_s < 0) std::this_thread::sleep_until(at);
    }

    const double own_cpu_start = cpu_seconds(0).value_or(0);
    const double server_cpu_start = options.server_pid ? cpu_seconds(options.server_pid).value_or(0) : 0;
    std::vector<double> watched_cpu_start;
    for (int pid : options.watch_pids) watched_cpu_start.push_back(cpu_seconds(pid).value_or(0));
    const auto window_start = SteadyClock::now();
    stats.measuring.store(true);
    measure(window_start, options, stats);
    stats.measuring.store(false);
    const double window_s = seconds_since(window_start);
    // Who used the cores in the window: the load generator shares the machine with the server.
    const double own_cpu_s = cpu_seconds(0).value_or(0) - own_cpu_start;
    const double server_cpu_s = options.server_pid ? cpu_seconds(options.server_pid).value_or(0) - server_cpu_start : 0;
    json watched_cpu_s = json::object();
    for (std::size_t i = 0; i < options.watch_pids.size(); ++i)
        watched_cpu_s[std::to_string(options.watch_pids[i])] =
            cpu_seconds(options.watch_pids[i]).value_or(0) - watched_cpu_start[i];
    // Read while every client is still connected and the games are running.
    const std::int64_t rss_end = server_rss_kib(options);

    load.close_all();
    // Give the close handshakes a moment, then stop whatever is left.
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
    threads.stop();

    json report = {
        {"mode", options.echo ? "echo" : (options.max ? "game_max" : "game")},
        {"clients", load.client_count()},
        {"threads", options.threads},
        {"rate", options.rate},
        {"ramp_s", ramp_s},
        {"ramp_complete", ramp_complete},
        {"window_s", window_s},
        {"connected", stats.connected.load()},
        {"connection_failures", stats.connection_failures.snapshot()},
        {"errors", stats.errors.snapshot()},
        {"frames_received", stats.frames_received.load()},
        {"scan_fallbacks", stats.scan_fallbacks.load()},
        {"loadgen_cpu_s", own_cpu_s},
        {"latency_us",
         {{"count", stats.latency.count()},
          {"p50", stats.latency.percentile(50)},
          {"p99", stats.latency.percentile(99)},
          {"max", stats.latency.max()}}},
    };
    if (options.echo) {
        report["round_trips"] = stats.round_trips.load();
        report["round_trips_per_s"] = static_cast<double>(stats.round_trips.load()) / window_s;
    } else {
        report["games"] = options.games;
        report["spectators"] = options.spectators;
        report["rooms"] = options.rooms;
        if (options.cross_port != 0) report["cross_fraction"] = options.cross_fraction;
        report["moves_sent"] = stats.moves_sent.load();
        report["moves_confirmed"] = stats.moves_confirmed.load();
        report["moves_per_s"] = static_cast<double>(stats.moves_confirmed.load()) / window_s;
        report["games_started"] = stats.games_started.load();
        report["games_finished"] = stats.games_finished.load();
        report["reconnects"] = stats.reconnects.load();
        report["resumes"] = stats.resumes.load();
    }
    if (options.window_at_s > 0) report["window_late_s"] = window_late_s;
    if (!options.watch_pids.empty()) report["watched_cpu_s"] = watched_cpu_s;
    if (options.server_pid) {
        report["server_pid"] = options.server_pid;
        report["server_cpu_s"] = server_cpu_s;
        report["server_rss_kib"] = {{"before", rss_before}, {"after_ramp", rss_after_ramp}, {"end", rss_end}};
        if (rss_before >= 0 && rss_end >= 0 && load.client_count() > 0)
            report["server_kib_per_connection"] =
                static_cast<double>(rss_end - rss_before) / static_cast<double>(load.client_count());
    }
    return report;
}

void print_summary(const json& report)
{
    const auto& latency = report["latency_us"];
    std::fprintf(stderr, "loadgen %s: %lld clients, window %.1f s, ramp %.1f s%s\n",
                 report["mode"].get<std::string>().c_str(), static_cast<long long>(report["clients"].get<int>()),
                 report["window_s"].get<double>(), report["ramp_s"].get<double>(),
                 report["ramp_complete"].get<bool>() ? "" : " (ramp timed out)");
    if (report.contains("round_trips_per_s"))
        std::fprintf(stderr, "  round trips/s    %.0f\n", report["round_trips_per_s"].get<double>());
    if (report.contains("moves_per_s"))
        std::fprintf(stderr,
                     "  moves/s confirmed %.0f (sent %lld, confirmed %lld; games started %lld, finished %lld)\n",
                     report["moves_per_s"].get<double>(), report["moves_sent"].get<long long>(),
                     report["moves_confirmed"].get<long long>(), report["games_started"].get<long long>(),
                     report["games_finished"].get<long long>());
    if (report.value("reconnects", 0) > 0)
        std::fprintf(stderr, "  reconnects %lld (sessions resumed %lld)\n", report["reconnects"].get<long long>(),
                     report["resumes"].get<long long>());
    std::fprintf(stderr, "  latency (%s) p50 %.2f ms  p99 %.2f ms  max %.2f ms  (%lld samples)\n",
                 report.contains("moves_per_s") ? "move to opponent" : "round trip",
                 latency["p50"].get<double>() / 1000, latency["p99"].get<double>() / 1000,
                 latency["max"].get<double>() / 1000, latency["count"].get<long long>());
    std::fprintf(stderr, "  cpu in the window: loadgen %.1f s, server %.1f s\n", report["loadgen_cpu_s"].get<double>(),
                 report.value("server_cpu_s", 0.0));
    if (report["scan_fallbacks"].get<std::int64_t>() > 0)
        std::fprintf(stderr, "  frames the scanner left to nlohmann::json: %lld\n",
                     report["scan_fallbacks"].get<long long>());
    std::fprintf(stderr, "  errors %s\n  connection failures %s\n", report["errors"].dump().c_str(),
                 report["connection_failures"].dump().c_str());
    if (report.contains("server_kib_per_connection"))
        std::fprintf(stderr, "  server memory %s KiB; %.1f KiB per connection\n",
                     report["server_rss_kib"].dump().c_str(), report["server_kib_per_connection"].get<double>());
}

} // namespace

int main(int argc, char** argv)
{
    auto parsed = parse_loadgen_options(std::vector<std::string>(argv + 1, argv + argc));
    if (!parsed) {
        std::cerr << "loadgen: " << parsed.error() << "\n" << loadgen_usage();
        return 2;
    }
    const LoadgenOptions options = *parsed;
    const std::int64_t open_files = raise_open_files_limit();
    const int needed = options.echo ? options.clients : 2 * options.games + options.spectators;
    if (open_files >= 0 && open_files < needed + 64)
        std::cerr << "loadgen: warning: only " << open_files << " open files allowed for " << needed << " clients\n";

    IoThreads threads(options.threads);
    ServerAddress address;
    try {
        tcp::resolver resolver(threads.context_for(0));
        address.endpoint = *resolver.resolve(options.host, std::to_string(options.port)).begin();
    } catch (const std::exception& error) {
        std::cerr << "loadgen: cannot resolve " << options.host << ":" << options.port << ": " << error.what() << "\n";
        return 1;
    }
    address.host_header = options.host + ":" + std::to_string(options.port);
    address.path = options.path;
    ServerAddress cross_address = address;
    if (options.cross_port != 0) {
        cross_address.endpoint.port(options.cross_port);
        cross_address.host_header = options.host + ":" + std::to_string(options.cross_port);
    }

    LoadStats stats;
    json report;
    if (options.echo) {
        EchoLoad load(threads, address, options, stats);
        report = run(load, threads, options, stats);
    } else {
        GameLoad load(threads, address, cross_address, options, stats);
        report = run(load, threads, options, stats);
    }
    print_summary(report);
    std::cout << report.dump() << std::endl;
    return report["connected"].get<std::int64_t>() > 0 ? 0 : 1;
}
