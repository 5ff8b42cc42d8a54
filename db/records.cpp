#include "db/records.h"

#include <array>
#include <utility>

namespace rochade::db {

namespace {

constexpr std::array<std::pair<TableEventKind, std::string_view>, 18> table_event_kind_spellings = {{
    {TableEventKind::GameStarted, "game_started"},
    {TableEventKind::SeatChanged, "seat_changed"},
    {TableEventKind::DrawOffered, "draw_offered"},
    {TableEventKind::DrawDeclined, "draw_declined"},
    {TableEventKind::DrawClaimRejected, "draw_claim_rejected"},
    {TableEventKind::RematchOffered, "rematch_offered"},
    {TableEventKind::PlayerDisconnected, "player_disconnected"},
    {TableEventKind::PlayerReconnected, "player_reconnected"},
    {TableEventKind::FlagFall, "flag_fall"},
    {TableEventKind::Adjudicated, "adjudicated"},
    {TableEventKind::TableChat, "table_chat"},
    {TableEventKind::SpectatorChat, "spectator_chat"},
    {TableEventKind::TakebackRequested, "takeback_requested"},
    {TableEventKind::TakebackDeclined, "takeback_declined"},
    {TableEventKind::TakebackWithdrawn, "takeback_withdrawn"},
    {TableEventKind::TakenBack, "taken_back"},
    {TableEventKind::TimeGiven, "time_given"},
    {TableEventKind::Berserk, "berserk"},
}};

} // namespace

std::string_view variant_text(Variant variant) { return variant == Variant::Chess960 ? "chess960" : "standard"; }

Variant variant_named(std::string_view text) { return text == "chess960" ? Variant::Chess960 : Variant::Standard; }

std::string_view to_text(TableEventKind kind)
{
    for (const auto& [value, text] : table_event_kind_spellings)
        if (value == kind) return text;
    return "?";
}

Expected<TableEventKind, std::string> parse_table_event_kind(std::string_view text, std::string_view source)
{
    for (const auto& [value, spelling] : table_event_kind_spellings)
        if (spelling == text) return value;
    return unexpected("unknown table event kind '" + std::string(text) + "' in " + std::string(source));
}

} // namespace rochade::db
