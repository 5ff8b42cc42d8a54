#include "db/moderation_records.h"

#include <array>
#include <utility>

namespace rochade::db {

namespace {

// Also the spellings of the sanctions.kind column (db/sqlite/migrations.cpp, schema version 6).
constexpr std::array<std::pair<SanctionKind, std::string_view>, 3> sanction_kind_names = {{
    {SanctionKind::Mute, "mute"},
    {SanctionKind::NickBan, "ban"},
    {SanctionKind::AddressBan, "address_ban"},
}};

} // namespace

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
