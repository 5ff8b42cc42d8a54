#include "bench/loadgen_stats.h"

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>

namespace rochade::bench {

// Slots are handed out to threads in the order they first count something.
std::size_t this_thread_slot()
{
    static std::atomic<std::size_t> next_slot{0};
    thread_local const std::size_t slot = next_slot.fetch_add(1, std::memory_order_relaxed) % thread_slots;
    return slot;
}

std::int64_t Counter::load() const
{
    std::int64_t sum = 0;
    for (const Slot& slot : slots_) sum += slot.value.load(std::memory_order_relaxed);
    return sum;
}

void LatencyRecorder::record(std::int64_t micros)
{
    Slot& slot = slots_[this_thread_slot()];
    std::lock_guard lock(slot.mutex);
    slot.samples.push_back(micros);
}

std::size_t LatencyRecorder::count() const
{
    std::size_t count = 0;
    for (const Slot& slot : slots_) {
        std::lock_guard lock(slot.mutex);
        count += slot.samples.size();
    }
    return count;
}

std::vector<std::int64_t> LatencyRecorder::sorted_samples() const
{
    std::vector<std::int64_t> all;
    for (const Slot& slot : slots_) {
        std::lock_guard lock(slot.mutex);
        all.insert(all.end(), slot.samples.begin(), slot.samples.end());
    }
    std::sort(all.begin(), all.end());
    return all;
}

// Nearest rank: the smallest sample with at least p percent of the samples at or below it.
std::int64_t nearest_rank(const std::vector<std::int64_t>& samples, double p)
{
    if (samples.empty()) return 0;
    const double clamped = std::clamp(p, 0.0, 100.0);
    const auto rank = static_cast<std::size_t>(std::ceil(clamped / 100.0 * static_cast<double>(samples.size())));
    return samples[rank == 0 ? 0 : rank - 1];
}

std::int64_t LatencyRecorder::percentile(double p) const { return nearest_rank(sorted_samples(), p); }

std::vector<std::int64_t> LatencyRecorder::sorted_samples_since(Marks& marks) const
{
    std::vector<std::int64_t> interval;
    for (std::size_t i = 0; i < thread_slots; ++i) {
        const Slot& slot = slots_[i];
        std::lock_guard lock(slot.mutex);
        interval.insert(interval.end(), slot.samples.begin() + static_cast<std::ptrdiff_t>(marks[i]),
                        slot.samples.end());
        marks[i] = slot.samples.size();
    }
    std::sort(interval.begin(), interval.end());
    return interval;
}

std::int64_t LatencyRecorder::max() const
{
    const std::vector<std::int64_t> samples = sorted_samples();
    return samples.empty() ? 0 : samples.back();
}

void Tally::add(const std::string& key)
{
    std::lock_guard lock(mutex_);
    ++counts_[key];
}

std::map<std::string, std::int64_t> Tally::snapshot() const
{
    std::lock_guard lock(mutex_);
    return counts_;
}

std::int64_t Tally::total() const
{
    std::lock_guard lock(mutex_);
    std::int64_t sum = 0;
    for (const auto& [key, count] : counts_) sum += count;
    return sum;
}

std::optional<std::int64_t> resident_kib(int pid)
{
    std::ifstream status("/proc/" + std::to_string(pid) + "/status");
    std::string line;
    while (std::getline(status, line)) {
        if (line.rfind("VmRSS:", 0) != 0) continue;
        std::istringstream fields(line.substr(6));
        std::int64_t kib = 0;
        if (fields >> kib) return kib;
    }
    return std::nullopt;
}

// Fields 14 and 15 of /proc/PID/stat (utime, stime) in clock ticks; the command name before
// them is in parentheses and may hold spaces, so counting starts after the last ')'.
std::optional<double> cpu_seconds(int pid)
{
    std::ifstream stat_file(pid == 0 ? std::string("/proc/self/stat") : "/proc/" + std::to_string(pid) + "/stat");
    std::string stat;
    if (!std::getline(stat_file, stat)) return std::nullopt;
    const auto name_end = stat.rfind(')');
    if (name_end == std::string::npos) return std::nullopt;
    std::istringstream fields(stat.substr(name_end + 1));
    std::string field;
    double ticks = 0;
    // After the name: state (3), ppid (4), ... utime (14), stime (15).
    for (int index = 3; index <= 15 && fields >> field; ++index)
        if (index >= 14) ticks += std::stod(field);
    if (!fields) return std::nullopt;
    return ticks / static_cast<double>(sysconf(_SC_CLK_TCK));
}

std::int64_t raise_open_files_limit()
{
    rlimit limit{};
    if (getrlimit(RLIMIT_NOFILE, &limit) != 0) return -1;
    if (limit.rlim_cur < limit.rlim_max) {
        limit.rlim_cur = limit.rlim_max;
        setrlimit(RLIMIT_NOFILE, &limit);
        getrlimit(RLIMIT_NOFILE, &limit);
    }
    return static_cast<std::int64_t>(limit.rlim_cur);
}

} // namespace rochade::bench
