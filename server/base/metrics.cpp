#include "server/base/metrics.h"

#include <charconv>
#include <fstream>
#include <limits>

#include <unistd.h>

namespace rochade::server {

namespace {

double unix_time_now()
{
    return std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
}

// The resident set from /proc (Linux); nothing where it cannot be read.
std::optional<std::uint64_t> resident_memory_bytes()
{
    std::ifstream statm("/proc/self/statm");
    std::uint64_t size_pages = 0, resident_pages = 0;
    if (!(statm >> size_pages >> resident_pages)) return std::nullopt;
    const long page = sysconf(_SC_PAGESIZE);
    if (page <= 0) return std::nullopt;
    return resident_pages * std::uint64_t(page);
}

std::string_view online_kind_name(OnlineKind kind) { return kind == OnlineKind::Guest ? "guest" : "account"; }

} // namespace

Histogram::Histogram(std::span<const double> upper_bounds_s)
    : bounds_s_(upper_bounds_s.begin(), upper_bounds_s.end()),
      buckets_(std::make_unique<std::atomic<std::uint64_t>[]>(upper_bounds_s.size() + 1))
{
    bounds_ns_.reserve(bounds_s_.size());
    for (const double bound : bounds_s_) bounds_ns_.push_back(std::int64_t(bound * 1e9 + 0.5));
}

std::string escape_label_value(std::string_view value)
{
    std::string escaped;
    escaped.reserve(value.size());
    for (const char c : value) {
        if (c == '\\')
            escaped += "\\\\";
        else if (c == '"')
            escaped += "\\\"";
        else if (c == '\n')
            escaped += "\\n";
        else
            escaped += c;
    }
    return escaped;
}

std::string escape_help(std::string_view help)
{
    std::string escaped;
    escaped.reserve(help.size());
    for (const char c : help) {
        if (c == '\\')
            escaped += "\\\\";
        else if (c == '\n')
            escaped += "\\n";
        else
            escaped += c;
    }
    return escaped;
}

std::string format_number(double value)
{
    if (value == std::numeric_limits<double>::infinity()) return "+Inf";
    if (value == -std::numeric_limits<double>::infinity()) return "-Inf";
    if (value != value) return "NaN";
    char buffer[32];
    // %g's shape at the shortest precision that reads back: 0.0005 rather than 5e-04 (a bucket's
    // `le` reads as written in the config of most dashboards), 1e+09 rather than 1000000000.
    const auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::general);
    if (ec != std::errc{}) return "NaN";
    return std::string(buffer, end);
}

void TextExposition::family(std::string_view name, MetricType type, std::string_view help)
{
    text_ += "# HELP ";
    text_ += name;
    text_ += ' ';
    text_ += escape_help(help);
    text_ += "\n# TYPE ";
    text_ += name;
    text_ += type == MetricType::Counter ? " counter\n" : type == MetricType::Gauge ? " gauge\n" : " histogram\n";
}

void TextExposition::series(std::string_view name, std::initializer_list<Label> labels, std::string_view extra_label,
                            std::string_view extra_value)
{
    text_ += name;
    if (labels.size() == 0 && extra_label.empty()) return;
    text_ += '{';
    bool first = true;
    const auto label = [&](std::string_view label_name, std::string_view value) {
        if (!first) text_ += ',';
        first = false;
        text_ += label_name;
        text_ += "=\"";
        text_ += escape_label_value(value);
        text_ += '"';
    };
    for (const Label& l : labels) label(l.name, l.value);
    if (!extra_label.empty()) label(extra_label, extra_value);
    text_ += '}';
}

void TextExposition::sample(std::string_view name, std::initializer_list<Label> labels, std::int64_t value)
{
    series(name, labels);
    text_ += ' ';
    text_ += std::to_string(value);
    text_ += '\n';
}

void TextExposition::sample(std::string_view name, std::initializer_list<Label> labels, std::uint64_t value)
{
    series(name, labels);
    text_ += ' ';
    text_ += std::to_string(value);
    text_ += '\n';
}

void TextExposition::sample(std::string_view name, std::initializer_list<Label> labels, double value)
{
    series(name, labels);
    text_ += ' ';
    text_ += format_number(value);
    text_ += '\n';
}

void TextExposition::histogram(std::string_view name, std::initializer_list<Label> labels, const Histogram& histogram)
{
    const std::string bucket_name = std::string(name) + "_bucket";
    const auto bounds = histogram.upper_bounds();
    std::uint64_t cumulative = 0;
    for (std::size_t i = 0; i <= bounds.size(); ++i) {
        cumulative += histogram.bucket(i);
        series(bucket_name, labels, "le", i < bounds.size() ? format_number(bounds[i]) : "+Inf");
        text_ += ' ' + std::to_string(cumulative) + '\n';
    }
    sample(std::string(name) + "_sum", labels, histogram.sum_seconds());
    // The buckets' total, so that it equals the +Inf bucket above.
    sample(std::string(name) + "_count", labels, cumulative);
}

std::string_view limit_close_name(LimitClose reason)
{
    switch (reason) {
    case LimitClose::MessageRate: return "message_rate";
    case LimitClose::ControlRate: return "control_rate";
    case LimitClose::ReadRate: return "read_rate";
    case LimitClose::MessageSize: return "message_size";
    case LimitClose::NotReading: return "not_reading";
    case LimitClose::AddressLimit: return "address_limit";
    case LimitClose::ServerFull: return "server_full";
    case LimitClose::DescriptorLimit: return "descriptor_limit";
    }
    return "unknown";
}

Metrics::Metrics() : commit_seconds(commit_buckets_s), start_time_s(unix_time_now()) {}

std::string Metrics::render(const Readings& readings) const
{
    TextExposition out;
    out.family("rochade_connections_open", MetricType::Gauge, "Open WebSocket connections.");
    out.sample("rochade_connections_open", {}, connections.value());

    out.family("rochade_players_online", MetricType::Gauge,
               "Players who said hello and are online, by kind (account or guest).");
    for (const OnlineKind kind : {OnlineKind::Account, OnlineKind::Guest})
        out.sample("rochade_players_online", {{"kind", online_kind_name(kind)}}, online[std::size_t(kind)].value());

    out.family("rochade_games_running", MetricType::Gauge, "Games started and not yet over.");
    out.sample("rochade_games_running", {}, games_running.value());

    out.family("rochade_moves_committed_total", MetricType::Counter, "Moves stored by the database (then broadcast).");
    out.sample("rochade_moves_committed_total", {}, moves_committed.value());

    out.family("rochade_store_commit_seconds", MetricType::Histogram,
               "Time from a submission to the store until its done callback (commit or failure).");
    out.histogram("rochade_store_commit_seconds", {}, commit_seconds);

    out.family("rochade_store_errors_total", MetricType::Counter,
               "Store submissions that failed, by kind (unavailable: try later; refused: contradicts the store; "
               "superseded: a game another node took over).");
    for (const db::StoreFailure kind :
         {db::StoreFailure::Unavailable, db::StoreFailure::Refused, db::StoreFailure::Superseded})
        out.sample("rochade_store_errors_total", {{"kind", db::store_failure_name(kind)}},
                   store_errors[std::size_t(kind)].value());

    out.family("rochade_limit_closes_total", MetricType::Counter,
               "Connections closed (or, server_full, refused) by a limit, by the limit.");
    for (std::size_t i = 0; i < limit_close_count; ++i)
        out.sample("rochade_limit_closes_total", {{"limit", limit_close_name(LimitClose(i))}}, limit_closes[i].value());

    out.family("rochade_errors_sent_total", MetricType::Counter, "Protocol error replies sent to clients, by code.");
    for (std::size_t i = 0; i < error_code_count; ++i)
        out.sample("rochade_errors_sent_total", {{"code", protocol::error_code_name(protocol::ErrorCode(i))}},
                   errors_sent[i].value());

    out.family("rochade_password_hashes_waiting", MetricType::Gauge,
               "Password hashes and checks queued for a hashing thread.");
    out.sample("rochade_password_hashes_waiting", {}, std::uint64_t(readings.password_hashes_waiting));
    out.family("rochade_password_hashes_running", MetricType::Gauge, "Password hashes and checks running now.");
    out.sample("rochade_password_hashes_running", {}, std::uint64_t(readings.password_hashes_running));

    out.family("process_start_time_seconds", MetricType::Gauge, "Start time of the process since the Unix epoch.");
    out.sample("process_start_time_seconds", {}, start_time_s);
    if (const auto resident = resident_memory_bytes()) {
        out.family("process_resident_memory_bytes", MetricType::Gauge, "Resident memory size in bytes.");
        out.sample("process_resident_memory_bytes", {}, *resident);
    }
    return out.text();
}

} // namespace rochade::server
