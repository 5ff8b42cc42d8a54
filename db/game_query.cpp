#include "db/game_query.h"

#include <array>
#include <charconv>
#include <chrono>
#include <utility>

namespace rochade::db {

namespace {

// A decimal number of digits only (no sign, no spaces), or nothing.
std::optional<std::int64_t> parse_digits(std::string_view text)
{
    if (text.empty()) return std::nullopt;
    std::int64_t value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size() || text.front() == '-') return std::nullopt;
    return value;
}

} // namespace

std::string cursor_text(const GameCursor& cursor)
{
    return std::to_string(cursor.started_at_ms) + "_" + std::to_string(cursor.game_id);
}

std::optional<GameCursor> parse_cursor(std::string_view text)
{
    const auto split = text.find('_');
    if (split == std::string_view::npos) return std::nullopt;
    const auto started = parse_digits(text.substr(0, split));
    const auto game_id = parse_digits(text.substr(split + 1));
    if (!started || !game_id) return std::nullopt;
    return GameCursor{*started, *game_id};
}

std::optional<std::int64_t> parse_utc_day(std::string_view text)
{
    if (text.size() != 10 || text[4] != '-' || text[7] != '-') return std::nullopt;
    const auto year = parse_digits(text.substr(0, 4));
    const auto month = parse_digits(text.substr(5, 2));
    const auto day = parse_digits(text.substr(8, 2));
    if (!year || !month || !day) return std::nullopt;
    const std::chrono::year_month_day date{std::chrono::year{static_cast<int>(*year)},
                                           std::chrono::month{static_cast<unsigned>(*month)},
                                           std::chrono::day{static_cast<unsigned>(*day)}};
    if (!date.ok()) return std::nullopt;
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::sys_days{date}.time_since_epoch())
        .count();
}

std::tm utc_parts(std::int64_t unix_ms)
{
    const std::time_t seconds = static_cast<std::time_t>(unix_ms / 1000);
    std::tm parts{};
    gmtime_r(&seconds, &parts);
    return parts;
}

} // namespace rochade::db
