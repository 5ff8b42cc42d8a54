// The server's numbers for GET /metrics, in the Prometheus text exposition format 0.0.4:
// counters, gauges and fixed-bucket histograms of relaxed atomics, so that counting costs a hot
// path (a move, a commit) one uncontended atomic add and never a lock, an allocation or a
// string. The Server owns one Metrics; the places that count reach it by reference through
// SessionServices and TableServices. Text is made only when /metrics is asked (render()).
//
// No Boost here, so tests and tools include it freely.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "db/store_error.h"
#include "protocol/error_code.h"

namespace rochade::server {

// Relaxed ordering throughout: each number is read on its own, nothing else is published
// through it, and a scrape that sees a count a moment late is harmless.
class Counter {
public:
    void add(std::uint64_t n = 1) { value_.fetch_add(n, std::memory_order_relaxed); }
    std::uint64_t value() const { return value_.load(std::memory_order_relaxed); }

private:
    std::atomic<std::uint64_t> value_{0};
};

class Gauge {
public:
    void add(std::int64_t n) { value_.fetch_add(n, std::memory_order_relaxed); }
    Gauge& operator++()
    {
        add(1);
        return *this;
    }
    Gauge& operator--()
    {
        add(-1);
        return *this;
    }
    Gauge& operator+=(std::int64_t n)
    {
        add(n);
        return *this;
    }
    std::int64_t value() const { return value_.load(std::memory_order_relaxed); }

private:
    std::atomic<std::int64_t> value_{0};
};

// Durations counted into fixed buckets. The buckets are kept apart (not cumulative) and the
// count is their sum, so a scrape's `+Inf` bucket always equals its `_count`, even while
// observations land; `_sum` is kept in nanoseconds, an integer, and may run one observation
// ahead of or behind the buckets.
class Histogram {
public:
    // `upper_bounds_s`: ascending, in seconds; the +Inf bucket is added.
    explicit Histogram(std::span<const double> upper_bounds_s);

    void observe(std::chrono::nanoseconds duration)
    {
        const std::int64_t ns = duration.count();
        std::size_t bucket = 0;
        while (bucket < bounds_ns_.size() && ns > bounds_ns_[bucket]) ++bucket;
        buckets_[bucket].fetch_add(1, std::memory_order_relaxed);
        sum_ns_.fetch_add(static_cast<std::uint64_t>(std::max<std::int64_t>(ns, 0)), std::memory_order_relaxed);
    }

    std::span<const double> upper_bounds() const { return bounds_s_; }
    // Observations in bucket `i` alone (i == upper_bounds().size(): above the last bound).
    std::uint64_t bucket(std::size_t i) const { return buckets_[i].load(std::memory_order_relaxed); }
    double sum_seconds() const { return double(sum_ns_.load(std::memory_order_relaxed)) / 1e9; }

private:
    std::vector<double> bounds_s_;
    std::vector<std::int64_t> bounds_ns_;
    std::unique_ptr<std::atomic<std::uint64_t>[]> buckets_; // bounds + 1 (the last: +Inf)
    std::atomic<std::uint64_t> sum_ns_{0};
};

enum class MetricType : std::uint8_t { Counter, Gauge, Histogram };

struct Label {
    std::string_view name;
    std::string_view value;
};

// Label values may hold any text: a backslash, a double quote and a newline are escaped as
// \\, \" and \n (the format's rule). HELP text escapes backslash and newline.
std::string escape_label_value(std::string_view value);
std::string escape_help(std::string_view help);

// Writes the text format: a family's HELP and TYPE lines, then its samples.
class TextExposition {
public:
    void family(std::string_view name, MetricType type, std::string_view help);
    void sample(std::string_view name, std::initializer_list<Label> labels, std::int64_t value);
    void sample(std::string_view name, std::initializer_list<Label> labels, std::uint64_t value);
    void sample(std::string_view name, std::initializer_list<Label> labels, double value);
    // `name`_bucket{le=...} (cumulative, ending with le="+Inf"), `name`_sum and `name`_count.
    void histogram(std::string_view name, std::initializer_list<Label> labels, const Histogram& histogram);

    const std::string& text() const { return text_; }

private:
    void series(std::string_view name, std::initializer_list<Label> labels, std::string_view extra_label = {},
                std::string_view extra_value = {});
    std::string text_;
};

// A number as the format spells it: the shortest text that reads back as the same double.
std::string format_number(double value);

// Why a connection was closed or refused by one of the server's limits.
enum class LimitClose : std::uint8_t {
    MessageRate,  // over the message-rate budget (close 1008)
    ControlRate,  // over the ping/pong budget (close 1008)
    ReadRate,     // more bytes than the message and control budgets allow, e.g. empty fragments (close 1008)
    MessageSize,  // a message over max_message_bytes (close 1009)
    NotReading,   // a write queue past its bound (close 1008)
    AddressLimit, // too many sockets without hello from one address (close 1008)
    ServerFull,   // max_connections reached: the socket was answered 503
    // Out of descriptors (EMFILE): a socket accepted on the spare descriptor, answered 503 and closed
    DescriptorLimit,
};
inline constexpr std::size_t limit_close_count = 8;
std::string_view limit_close_name(LimitClose reason);

enum class OnlineKind : std::uint8_t { Account, Guest };

inline constexpr std::size_t error_code_count = std::size_t(protocol::ErrorCode::InternalError) + 1;

struct Metrics {
    // What /metrics reads from other owners when it is asked, through their own thread-safe
    // accessors, rather than counting it twice.
    struct Readings {
        std::size_t password_hashes_waiting = 0;
        std::size_t password_hashes_running = 0;
    };

    Metrics();

    Gauge connections;             // open WebSocket sessions (the router counts on_open / on_close)
    Gauge games_running;           // games started and not over (tables count; a failed start or end is undone)
    std::array<Gauge, 2> online{}; // by OnlineKind; the lobby counts its online players
    Counter moves_committed;       // moves whose commit the store confirmed
    // From StoreWriter::submit to the store's done callback, for every submission.
    Histogram commit_seconds;
    std::array<Counter, 3> store_errors{}; // by db::StoreFailure
    std::array<Counter, limit_close_count> limit_closes{};
    std::array<Counter, error_code_count> errors_sent{}; // by protocol::ErrorCode
    const double start_time_s;                           // Unix time the Metrics were made

    Gauge& players_online(OnlineKind kind) { return online[std::size_t(kind)]; }
    void store_completed(std::chrono::nanoseconds waited, const std::optional<db::StoreError>& error)
    {
        commit_seconds.observe(waited);
        if (error) store_errors[std::size_t(error->kind)].add();
    }
    void limit_closed(LimitClose reason) { limit_closes[std::size_t(reason)].add(); }
    void error_sent(protocol::ErrorCode code) { errors_sent[std::size_t(code)].add(); }

    std::string render(const Readings& readings) const;
};

// The commit histogram's buckets: half a millisecond (an idle fsync) up to five seconds (the
// busy timeout of a locked database).
inline constexpr std::array<double, 13> commit_buckets_s{0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05,
                                                         0.1,    0.25,  0.5,    1,     2.5,  5};

} // namespace rochade::server
