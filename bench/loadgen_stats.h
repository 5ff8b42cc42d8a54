// What the load generator measures: latencies with their percentiles, error replies by code,
// counters of confirmed moves and failed connections, and a server's resident memory. Every
// client thread records into one shared `LoadStats`; the report reads it after the run.
#pragma once

#include <atomic>
#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace rochade::bench {

// Latencies in microseconds. Kept exactly (a sample is 8 bytes; a minute at 20,000 moves per
// second is 10 MB), so the percentiles are exact rather than bucketed.
class LatencyRecorder {
public:
    void record(std::int64_t micros);
    std::size_t count() const;
    // Nearest-rank percentile (p in [0, 100]) of what was recorded; 0 when nothing was.
    std::int64_t percentile(double p) const;
    std::int64_t max() const;

private:
    mutable std::mutex mutex_;
    mutable std::vector<std::int64_t> samples_;
    mutable bool sorted_ = true;
};

// Error replies counted by their protocol code ("rate_limited", "illegal_move", ...), and
// transport failures by what failed ("connect: Connection refused").
class Tally {
public:
    void add(const std::string& key);
    std::map<std::string, std::int64_t> snapshot() const;
    std::int64_t total() const;

private:
    mutable std::mutex mutex_;
    std::map<std::string, std::int64_t> counts_;
};

struct LoadStats {
    // Only events inside the measurement window are counted and timed; the ramp-up (connects,
    // hellos, first tables) is excluded so the rates are those of the steady state.
    std::atomic<bool> measuring{false};
    std::atomic<std::int64_t> connected{0};
    std::atomic<std::int64_t> moves_sent{0};
    std::atomic<std::int64_t> moves_confirmed{0}; // the mover received the move event of its move
    std::atomic<std::int64_t> round_trips{0};     // echo mode
    std::atomic<std::int64_t> games_started{0};
    std::atomic<std::int64_t> games_finished{0};
    std::atomic<std::int64_t> frames_received{0};
    // Ramp-up progress (counted from the start, not only in the window).
    std::atomic<std::int64_t> pairings_playing{0};    // pairings whose first game started
    std::atomic<std::int64_t> spectators_watching{0}; // spectators that got their table_state
    LatencyRecorder latency;                          // move: mover's send -> opponent's receipt; echo: round trip
    Tally errors;                                     // error replies by code (whole run, not only the window)
    Tally connection_failures;                        // connect/handshake failures and drops, by what failed
};

// VmRSS of a process in KiB, from /proc/PID/status; empty when it cannot be read.
std::optional<std::int64_t> resident_kib(int pid);

// CPU time (user + system) a process has used so far, in seconds, from /proc/PID/stat; empty
// when it cannot be read. pid 0 means this process.
std::optional<double> cpu_seconds(int pid);

// Raises the soft limit of open files to the hard limit (3,000 sockets exceed the usual 1,024).
// Returns the new soft limit.
std::int64_t raise_open_files_limit();

} // namespace rochade::bench
