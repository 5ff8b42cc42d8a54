#include "bench/loadgen_stats.h"

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>

namespace rochade::bench {

void LatencyRecorder::record(std::int64_t micros)
{
    std::lock_guard lock(mutex_);
    samples_.push_back(micros);
    sorted_ = false;
}

std::size_t LatencyRecorder::count() const
{
    std::lock_guard lock(mutex_);
    return samples_.size();
}

// Nearest rank: the smallest sample with at least p percent of the samples at or below it.
std::int64_t LatencyRecorder::percentile(double p) const
{
    std::lock_guard lock(mutex_);
    if (samples_.empty()) return 0;
    if (!sorted_) {
        std::sort(samples_.begin(), samples_.end());
        sorted_ = true;
    }
    const double clamped = std::clamp(p, 0.0, 100.0);
    const auto rank = static_cast<std::size_t>(std::ceil(clamped / 100.0 * static_cast<double>(samples_.size())));
    return samples_[rank == 0 ? 0 : rank - 1];
}

std::int64_t LatencyRecorder::max() const
{
    std::lock_guard lock(mutex_);
    if (samples_.empty()) return 0;
    return *std::max_element(samples_.begin(), samples_.end());
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
