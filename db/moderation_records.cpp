#include "db/moderation_records.h"

#include <array>
#include <charconv>
#include <utility>

namespace rochade::db {

namespace {

// Also the spellings of the sanctions.kind column (db/sqlite/migrations.cpp, schema version 6).
constexpr std::array<std::pair<SanctionKind, std::string_view>, 3> sanction_kind_names = {{
    {SanctionKind::Mute, "mute"},
    {SanctionKind::NickBan, "ban"},
    {SanctionKind::AddressBan, "address_ban"},
}};

constexpr std::string_view chat_source_names[] = {"room", "table"};

std::optional<std::int64_t> parse_cursor_number(std::string_view text)
{
    if (text.empty() || text.front() == '-' || text.front() == '+') return std::nullopt;
    std::int64_t value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
    return value;
}

} // namespace

std::string chat_cursor_text(const ChatCursor& cursor)
{
    return std::to_string(cursor.at_ms) + "_" + std::string(chat_source_names[cursor.source]) + "_" +
           std::to_string(cursor.row_id);
}

std::optional<ChatCursor> parse_chat_cursor(std::string_view text)
{
    const auto first = text.find('_');
    const auto last = text.rfind('_');
    if (first == std::string_view::npos || first == last) return std::nullopt;
    const auto at_ms = parse_cursor_number(text.substr(0, first));
    const auto row_id = parse_cursor_number(text.substr(last + 1));
    const std::string_view source = text.substr(first + 1, last - first - 1);
    if (!at_ms || !row_id) return std::nullopt;
    for (int i = 0; i < 2; ++i)
        if (source == chat_source_names[i]) return ChatCursor{*at_ms, i, *row_id};
    return std::nullopt;
}

std::string chat_text_pattern(std::string_view text)
{
    std::string pattern = "%";
    for (const char c : text) {
        if (c == '%' || c == '_' || c == '\\') pattern += '\\';
        pattern += c;
    }
    pattern += '%';
    return pattern;
}

std::string_view sanction_kind_name(SanctionKind kind)
{
    for (const auto& [value, name] : sanction_kind_names)
        if (value == kind) return name;
    return "?";
}

std::optional<SanctionKind> parse_sanction_kind(std::string_view text)
{
    for (const auto& [value, name] : sanction_kind_names)
        if (name == text) return value;
    return std::nullopt;
}

} // namespace rochade::db
