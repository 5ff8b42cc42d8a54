#include "server/net/static_representation.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <cstdio>
#include <ctime>

namespace rochade::server {

namespace fs = std::filesystem;

std::string_view coding_name(ContentCoding coding)
{
    switch (coding) {
    case ContentCoding::Brotli: return "br";
    case ContentCoding::Gzip: return "gzip";
    case ContentCoding::Identity: break;
    }
    return "";
}

std::string_view coding_suffix(ContentCoding coding)
{
    switch (coding) {
    case ContentCoding::Brotli: return ".br";
    case ContentCoding::Gzip: return ".gz";
    case ContentCoding::Identity: break;
    }
    return "";
}

namespace {

std::string_view trim(std::string_view text)
{
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
    return text;
}

bool equal_ignoring_case(std::string_view a, std::string_view b)
{
    return std::ranges::equal(a, b, [](char x, char y) {
        return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
    });
}

// The q-value of one Accept-Encoding element ("gzip;q=0.5" -> 0.5; none given -> 1). A malformed
// q counts as 0: we do not guess what a broken header meant.
double quality(std::string_view parameters)
{
    double q = 1;
    while (!parameters.empty()) {
        const auto end = parameters.find(';');
        const std::string_view parameter = trim(parameters.substr(0, end));
        parameters = end == std::string_view::npos ? std::string_view{} : parameters.substr(end + 1);
        if (parameter.size() < 2 || std::tolower(static_cast<unsigned char>(parameter[0])) != 'q' ||
            parameter[1] != '=')
            continue;
        const std::string_view value = parameter.substr(2);
        const auto [rest, error] = std::from_chars(value.data(), value.data() + value.size(), q);
        if (error != std::errc{} || rest != value.data() + value.size() || q < 0 || q > 1) return 0;
    }
    return q;
}

// Splits a comma-separated header list and calls `each` with every trimmed, non-empty element.
template <class Each> void for_each_element(std::string_view list, Each each)
{
    while (!list.empty()) {
        const auto end = list.find(',');
        const std::string_view element = trim(list.substr(0, end));
        list = end == std::string_view::npos ? std::string_view{} : list.substr(end + 1);
        if (!element.empty()) each(element);
    }
}

constexpr std::array<std::string_view, 7> day_names{"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};
constexpr std::array<std::string_view, 12> month_names{"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                                       "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};

std::optional<int> number(std::string_view text)
{
    int value = 0;
    const auto [rest, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc{} || rest != text.data() + text.size()) return std::nullopt;
    return value;
}

// The regular file `file` + suffix, if it lies inside the same directory as `file` (so inside
// the root) and was written no earlier than `file`.
std::optional<fs::path> fresh_copy(const fs::path& file, std::string_view suffix, fs::file_time_type original)
{
    std::error_code ec;
    fs::path copy = file;
    copy += std::string(suffix);
    // symlink_status: a link named like a copy is not followed out of the root.
    if (!fs::is_regular_file(fs::symlink_status(copy, ec)) || ec) return std::nullopt;
    const auto written = fs::last_write_time(copy, ec);
    if (ec || written < original) return std::nullopt;
    return copy;
}

std::string hex(std::uint64_t value)
{
    char buffer[17];
    const auto [end, error] = std::to_chars(buffer, buffer + sizeof buffer, value, 16);
    (void)error;
    return std::string(buffer, end);
}

} // namespace

bool accepts_coding(std::string_view accept_encoding, ContentCoding coding)
{
    if (coding == ContentCoding::Identity) return true;
    const std::string_view name = coding_name(coding);
    std::optional<double> named, any;
    for_each_element(accept_encoding, [&](std::string_view element) {
        const auto semicolon = element.find(';');
        const std::string_view token = trim(element.substr(0, semicolon));
        const double q = semicolon == std::string_view::npos ? 1 : quality(element.substr(semicolon + 1));
        if (equal_ignoring_case(token, name))
            named = q;
        else if (token == "*")
            any = q;
    });
    if (named) return *named > 0;
    return any && *any > 0;
}

bool is_content_hashed(const fs::path& file)
{
    std::string name = file.filename().string();
    if (name.ends_with(".map")) name.resize(name.size() - 4);
    std::string_view stem = name;
    if (stem.ends_with(".js"))
        stem.remove_suffix(3);
    else if (stem.ends_with(".css"))
        stem.remove_suffix(4);
    else
        return false;
    constexpr std::size_t hash_length = 8;
    if (stem.size() < hash_length + 2 || stem[stem.size() - hash_length - 1] != '-') return false;
    return std::ranges::all_of(stem.substr(stem.size() - hash_length),
                               [](char c) { return (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'); });
}

std::string http_date(std::chrono::system_clock::time_point time)
{
    const std::time_t seconds = std::chrono::system_clock::to_time_t(time);
    std::tm utc{};
    gmtime_r(&seconds, &utc);
    char text[32];
    std::snprintf(text, sizeof text, "%s, %02d %s %04d %02d:%02d:%02d GMT", day_names[std::size_t(utc.tm_wday)].data(),
                  utc.tm_mday, month_names[std::size_t(utc.tm_mon)].data(), utc.tm_year + 1900, utc.tm_hour, utc.tm_min,
                  utc.tm_sec);
    return text;
}

std::optional<std::chrono::system_clock::time_point> parse_http_date(std::string_view text)
{
    // "Sun, 06 Nov 1994 08:49:37 GMT": 29 characters at fixed places.
    if (text.size() != 29 || text.substr(3, 2) != ", " || text[7] != ' ' || text[11] != ' ' || text[16] != ' ' ||
        text[19] != ':' || text[22] != ':' || text.substr(25) != " GMT")
        return std::nullopt;
    if (std::ranges::find(day_names, text.substr(0, 3)) == day_names.end()) return std::nullopt;
    const auto month = std::ranges::find(month_names, text.substr(8, 3));
    const auto day = number(text.substr(5, 2));
    const auto year = number(text.substr(12, 4));
    const auto hour = number(text.substr(17, 2));
    const auto minute = number(text.substr(20, 2));
    const auto second = number(text.substr(23, 2));
    if (month == month_names.end() || !day || !year || !hour || !minute || !second) return std::nullopt;
    const std::chrono::year_month_day date{std::chrono::year(*year),
                                           std::chrono::month(unsigned(month - month_names.begin() + 1)),
                                           std::chrono::day(unsigned(*day))};
    if (!date.ok() || *hour > 23 || *minute > 59 || *second > 60) return std::nullopt;
    return std::chrono::sys_days(date) + std::chrono::hours(*hour) + std::chrono::minutes(*minute) +
           std::chrono::seconds(*second);
}

std::optional<StaticRepresentation> choose_representation(const StaticFile& file, std::string_view accept_encoding)
{
    std::error_code ec;
    const auto original_time = fs::last_write_time(file.path, ec);
    if (ec) return std::nullopt;
    const auto original_size = fs::file_size(file.path, ec);
    if (ec) return std::nullopt;

    StaticRepresentation chosen;
    chosen.path = file.path;
    chosen.size = original_size;
    for (const ContentCoding coding : {ContentCoding::Brotli, ContentCoding::Gzip}) {
        const auto copy = fresh_copy(file.path, coding_suffix(coding), original_time);
        if (!copy) continue;
        chosen.has_copies = true;
        if (chosen.coding != ContentCoding::Identity || !accepts_coding(accept_encoding, coding)) continue;
        const auto size = fs::file_size(*copy, ec);
        if (ec) continue;
        chosen.path = *copy;
        chosen.coding = coding;
        chosen.size = size;
    }
    const auto written = std::chrono::file_clock::to_sys(original_time);
    chosen.modified = std::chrono::time_point_cast<std::chrono::seconds>(written);
    chosen.last_modified = http_date(chosen.modified);
    const auto nanoseconds = std::chrono::duration_cast<std::chrono::nanoseconds>(written.time_since_epoch());
    chosen.etag = "\"" + hex(static_cast<std::uint64_t>(nanoseconds.count())) + "-" + hex(original_size);
    if (chosen.coding == ContentCoding::Brotli) chosen.etag += "-br";
    if (chosen.coding == ContentCoding::Gzip) chosen.etag += "-gz";
    chosen.etag += "\"";
    chosen.cache_control = is_content_hashed(file.path) ? "public, max-age=31536000, immutable" : "no-cache";
    return chosen;
}

bool not_modified(const StaticRepresentation& representation, std::string_view if_none_match,
                  std::string_view if_modified_since)
{
    if (!trim(if_none_match).empty()) {
        bool matched = false;
        for_each_element(if_none_match, [&](std::string_view tag) {
            if (tag.starts_with("W/")) tag.remove_prefix(2); // a weak comparison (RFC 9110 13.1.2)
            matched = matched || tag == "*" || tag == representation.etag;
        });
        return matched;
    }
    const auto since = parse_http_date(trim(if_modified_since));
    return since && representation.modified <= *since;
}

} // namespace rochade::server
