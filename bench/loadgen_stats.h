// What the load generator measures: latencies with their percentiles, error replies by code,
// counters of confirmed moves and failed connections, and a server's resident memory. Every
// client thread records into one shared `LoadStats`; the report reads it after the run.
#pragma once

#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace rochade::bench {

// Every frame and move is counted and timed from the client threads. Shared counters would
// bounce one cache line between the cores for each of them, on the cores the server under test
// needs: so each thread writes to a slot of its own (one cache line each) and readers, which
// come rarely, add the slots up. Threads beyond `thread_slots` share slots, still correctly.
inline constexpr std::size_t thread_slots = 8;
std::size_t this_thread_slot();

class Counter {
public:
    void add(std::int64_t n = 1) { slots_[this_thread_slot()].value.fetch_add(n, std::memory_order_relaxed); }
    std::int64_t load() const;

private:
    struct alignas(64) Slot {
        std::atomic<std::int64_t> value{0};
    };
    std::array<Slot, thread_slots> slots_;
};

// Latencies in microseconds. Kept exactly (a sample is 8 bytes; a minute at 20,000 moves per
// second is 10 MB), so the percentiles are exact rather than bucketed.
class LatencyRecorder {
public:
    void record(std::int64_t micros);
    std::size_t count() const;
    // Nearest-rank percentile (p in [0, 100]) of what was recorded; 0 when nothing was.
    std::int64_t percentile(double p) const;
    std::int64_t max() const;
    // Where each slot's samples end: what is recorded after the marks belongs to the next
    // interval (--progress lines give the percentiles of each interval).
    using Marks = std::array<std::size_t, thread_slots>;
    // The samples recorded since `marks`, sorted; moves `marks` to the end.
    std::vector<std::int64_t> sorted_samples_since(Marks& marks) const;

private:
    // Every thread's samples, merged and sorted (the readers are the report, a few calls).
    std::vector<std::int64_t> sorted_samples() const;

    // A mutex per slot, uncontended unless two threads share the slot.
    struct alignas(64) Slot {
        mutable std::mutex mutex;
        std::vector<std::int64_t> samples;
    };
    std::array<Slot, thread_slots> slots_;
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
    // Read for every frame, written twice a run: on a cache line of its own, away from counters.
    alignas(64) std::atomic<bool> measuring{false};
    Counter connected;
    Counter moves_sent;
    Counter moves_confirmed; // the mover received the move event of its move
    Counter round_trips;     // echo mode
    Counter games_started;
    Counter games_finished;
    Counter frames_received;
    Counter scan_fallbacks; // turn frames the field scanner left to nlohmann::json
    Counter reconnects;     // connections again after --reconnect-fraction's closes (whole run)
    Counter resumes;        // hello_ok with resumed: true on those connections (whole run)
    // Ramp-up progress (counted from the start, not only in the window).
    Counter pairings_playing;    // pairings whose first game started
    Counter spectators_watching; // spectators that got their table_state
    LatencyRecorder latency;     // move: mover's send -> opponent's receipt; echo: round trip
    Tally errors;                // error replies by code (whole run, not only the window)
    Tally connection_failures;   // connect/handshake failures and drops, by what failed
};

// Nearest-rank percentile (p in [0, 100]) of sorted samples; 0 when there are none.
std::int64_t nearest_rank(const std::vector<std::int64_t>& sorted, double p);

// VmRSS of a process in KiB, from /proc/PID/status; empty when it cannot be read.
std::optional<std::int64_t> resident_kib(int pid);

// CPU time (user + system) a process has used so far, in seconds, from /proc/PID/stat; empty
// when it cannot be read. pid 0 means this process.
std::optional<double> cpu_seconds(int pid);

// Raises the soft limit of open files to the hard limit (3,000 sockets exceed the usual 1,024).
// Returns the new soft limit.
std::int64_t raise_open_files_limit();

} // namespace rochade::bench
